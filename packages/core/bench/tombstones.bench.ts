import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import {
  makeTombstone,
  readTombstones,
  TOMBSTONES_FILE,
  TombstoneCache,
  writeTombstones,
} from "../src/guards/tombstones.js";
import { MemoryStore } from "../src/store/index.js";
import { contentWords, factKey, hashText } from "../src/text/index.js";
import { type BenchSection, median, ms, timeIt } from "./section.js";

const TOMBSTONES = 10_000;
const PROPOSALS = 1_000;
/** The format-1 path re-read and re-parsed ~12 MB per proposal: a sample of it is timed. */
const BEFORE_PROPOSALS = 50;
const ROUNDS = 3;

const TOOLS = ["Neovim", "Helix", "Postgres", "Redis", "Fly.io", "Render", "Kafka", "Terraform"];
const TASKS = ["billing", "search", "deploys", "backups", "analytics", "onboarding", "alerts"];
const PLACES = ["Lisbon", "Porto", "Berlin", "Tokyo", "Toronto", "Nairobi", "Austin", "Lyon"];

/** A removed line of realistic length (~10 content words, ~80 chars). */
function removedFact(index: number): string {
  return (
    `uses ${TOOLS[index % TOOLS.length]} for ${TASKS[index % TASKS.length]} work ` +
    `at the ${PLACES[index % PLACES.length]} office since project ${index} began`
  );
}

/** Half forgotten facts (rule same_fact), half new ones that no rule matches (the full scan). */
function proposal(index: number): string {
  return index % 2 === 0
    ? removedFact(index * 7)
    : `prefers tea number ${index} over coffee during morning standup ${index + 1}`;
}

// The code before issue 20 item 7, kept here as the baseline: format 1 (64-hex sha256 hashes,
// pretty-printed), read and parsed with zod for every proposal, then scanned in order.
const HEX = z.string().regex(/^[0-9a-f]{64}$/);
const V1 = z.strictObject({
  version: z.literal(1),
  tombstones: z.array(
    z.strictObject({
      date: z.string(),
      facts: z.array(z.strictObject({ hash: HEX, words: z.array(HEX) })),
      query: z.array(HEX),
    }),
  ),
});
type V1Tombstone = z.infer<typeof V1>["tombstones"][number];
function v1Tombstone(query: string, facts: string[], date: string): V1Tombstone {
  return {
    date,
    facts: facts.map((fact) => ({
      hash: hashText(factKey(fact)),
      words: contentWords(fact).map(hashText),
    })),
    query: contentWords(query).map(hashText),
  };
}
function v1Find(fact: string, tombstones: readonly V1Tombstone[]): boolean {
  const key = hashText(factKey(fact));
  const words = new Set(contentWords(fact).map(hashText));
  if (tombstones.some((t) => t.facts.some((removed) => removed.hash === key))) return true;
  if (tombstones.some((t) => t.query.length > 0 && t.query.every((w) => words.has(w)))) return true;
  return tombstones.some((t) =>
    t.facts.some((removed) => {
      const shared = removed.words.filter((word) => words.has(word)).length;
      return shared >= 2 && shared * 3 >= words.size * 2;
    }),
  );
}

const section: BenchSection = {
  name: "tombstones",
  title: `tombstones.json: bytes per tombstone, and the tombstone check of write-pass proposals against ${TOMBSTONES.toLocaleString("en")} tombstones`,
  async run({ log }) {
    const sandbox = await mkdtemp(join(tmpdir(), "memfiles-bench-tombstones-"));
    try {
      const store = new MemoryStore({ root: join(sandbox, "memory") });
      const file = join(store.root, ".memfiles", TOMBSTONES_FILE);
      const queries = (index: number) => `forget project ${index}`;
      const v1 = Array.from({ length: TOMBSTONES }, (_, index) =>
        v1Tombstone(queries(index), [removedFact(index)], "2026/09/12"),
      );
      await store.writeInternal(
        TOMBSTONES_FILE,
        `${JSON.stringify({ version: 1, tombstones: v1 }, null, 2)}\n`,
      );
      const v1Bytes = (await stat(file)).size;
      const facts = Array.from({ length: PROPOSALS }, (_, index) => proposal(index));

      let before = 0;
      const beforeMs = await timeIt(async () => {
        for (const fact of facts.slice(0, BEFORE_PROPOSALS)) {
          const text = (await store.readInternal(TOMBSTONES_FILE)) ?? "";
          if (v1Find(fact, V1.parse(JSON.parse(text)).tombstones)) before++;
        }
      });
      // The format-1 file is read leniently by the new code: the same tombstones, the same matches.
      const migrated = await readTombstones(store);

      await writeTombstones(
        store,
        Array.from({ length: TOMBSTONES }, (_, index) =>
          makeTombstone(queries(index), [removedFact(index)], "2026/09/12"),
        ),
      );
      const v2Bytes = (await stat(file)).size;
      log(`Each tombstone: one forget of one removed line (~10 content words), query of 3 words.`);
      log("");
      log(`| format | tombstones | file bytes | bytes per tombstone |`);
      log(`| --- | ---: | ---: | ---: |`);
      log(
        `| 1 (before) | ${TOMBSTONES.toLocaleString("en")} | ${v1Bytes.toLocaleString("en")} | ${Math.round(v1Bytes / TOMBSTONES)} |`,
      );
      log(
        `| 2 (now) | ${TOMBSTONES.toLocaleString("en")} | ${v2Bytes.toLocaleString("en")} | ${Math.round(v2Bytes / TOMBSTONES)} |`,
      );

      const samples: number[] = [];
      let after = 0;
      for (let round = 0; round < ROUNDS; round++) {
        samples.push(
          await timeIt(async () => {
            // As a write pass runs it: one cache for the pass, the file's text read per proposal.
            const cache = new TombstoneCache();
            after = 0;
            for (const fact of facts) if ((await cache.find(store, fact)) !== undefined) after++;
          }),
        );
      }
      const check = new TombstoneCache();
      let migratedMatches = 0;
      for (const fact of facts.slice(0, BEFORE_PROPOSALS)) {
        if (
          (await check.find(
            { readInternal: async () => JSON.stringify({ version: 1, tombstones: v1 }) },
            fact,
          )) !== undefined
        )
          migratedMatches++;
      }
      log("");
      log(`| check | proposals | matched | time | per proposal |`);
      log(`| --- | ---: | ---: | ---: | ---: |`);
      log(
        `| before: read + parse format 1 + scan, per proposal | ${BEFORE_PROPOSALS} | ${before} | ${ms(beforeMs)} | ${ms(beforeMs / BEFORE_PROPOSALS)} |`,
      );
      log(
        `| before, 1,000 proposals (per-proposal time x 1,000) | ${PROPOSALS.toLocaleString("en")} | | ~${(beforeMs / BEFORE_PROPOSALS).toFixed(0)} s | |`,
      );
      log(
        `| now: parse + index once a pass, text re-read per proposal (median of ${ROUNDS}) | ${PROPOSALS.toLocaleString("en")} | ${after} | ${ms(median(samples))} | ${ms(median(samples) / PROPOSALS)} |`,
      );
      log("");
      log(
        `Format 1 read by the new code: ${migrated.length.toLocaleString("en")} tombstones, ${migratedMatches} of the first ${BEFORE_PROPOSALS} proposals matched (format-1 check: ${before}).`,
      );
    } finally {
      await rm(sandbox, { recursive: true, force: true });
    }
  },
};

export default section;
