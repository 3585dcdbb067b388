import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { forgottenCheckOf, shownWithoutForgotten } from "../guards/forgotten-shown.js";
import { parseTombstones, readTombstones, TombstoneIndex } from "../guards/tombstones.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { findForgottenLines } from "./find-forgotten-lines.js";
import { forget, previewForget } from "./forget.js";

// A forget query's words (tombstone rule 2) keep out what comes after the forget, never a line
// that was in memory when it ran and that it left (decision 0095). "Forget that I live in Lisbon"
// said before the fact arrives keeps it out; a fact file that only mentions Lisbon, or a line the
// confirmed preview did not show, stays shown and `check` does not ask to delete it.
const NOW = new Date("2026-12-07T09:00:00Z");
const QUERY = "Lisbon";
const FACT = "flies to Lisbon in May";

const fileOf = (layout: StoreLayout, name: string, fact: string, stated: string) =>
  layout === "fact"
    ? {
        path: `${name}.md`,
        text: `---\nname: ${name}\ndescription: The user's ${name}.\ntype: user\nupdated: ${stated}\n---\n${fact}\n`,
      }
    : {
        path: `topics/${name}.md`,
        text: `---\nname: ${name}\ndescription: The user's ${name}.\n---\n[stated ${stated}] ${fact}\n`,
      };

async function put(store: MemoryStore, file: { path: string; text: string }, encoding = "utf8") {
  await mkdir(dirname(join(store.root, file.path)), { recursive: true });
  await writeFile(join(store.root, file.path), Buffer.from(file.text, encoding as BufferEncoding));
}

type Seen = { shown: boolean; check: string[]; proposal: string | undefined };

// What each surface makes of the file after the forget: shown to a model (every view passes
// `shownWithoutForgotten`), named by `check`, and the same fact proposed by a write pass.
async function seen(store: MemoryStore, file: { path: string; text: string }): Promise<Seen> {
  const forgotten = await forgottenCheckOf(
    await store.readInternal("tombstones.json"),
    parseTombstones,
  );
  // As the store reads it (a file that is not UTF-8 is read leniently).
  const read = await store.read(file.path);
  const content = read.exists ? read.content : "";
  const shown = shownWithoutForgotten(content, store.layout, forgotten).hidden.length === 0;
  const check = (await findForgottenLines(store))
    .filter((line) => line.path === file.path)
    .map((line) => line.rule);
  const index = new TombstoneIndex(await readTombstones(store));
  return { shown, check: [...new Set(check)], proposal: index.find(FACT)?.rule };
}

type Case = {
  name: string;
  run: (store: MemoryStore, layout: StoreLayout) => Promise<{ path: string; text: string }>;
  expected: Seen;
};

const CASES: Case[] = [
  {
    name: "forget matched nothing, then the fact is stated the next day",
    async run(store, layout) {
      await put(store, fileOf(layout, "pets", "has a cat called Mia", "2026/12/01"));
      expect((await forget({ store, query: QUERY, now: NOW })).code).toBe("nothing_matched");
      const later = fileOf(layout, "trip", FACT, "2026/12/08");
      await put(store, later);
      return later;
    },
    expected: { shown: false, check: ["forget_query_words"], proposal: "forget_query_words" },
  },
  {
    name: "a line the confirmed preview did not show, stated the forget's day",
    async run(store, layout) {
      await put(store, fileOf(layout, "home", "lives in Lisbon", "2026/12/01"));
      const preview = await previewForget({ store, query: QUERY });
      const added = fileOf(layout, "trip", FACT, "2026/12/07");
      await put(store, added);
      const result = await forget({ store, query: QUERY, now: NOW, only: preview.files });
      expect(result.code).toBe("removed");
      return added;
    },
    expected: { shown: true, check: [], proposal: "forget_query_words" },
  },
  {
    name: "a line the forget matched in a file it does not write back (Latin-1)",
    async run(store, layout) {
      const fact = `${FACT}\n${layout === "fact" ? "- " : "[stated 2026/12/01] "}drinks caf\u00e9`;
      const latin1 = fileOf(layout, "trip", layout === "fact" ? `- ${fact}` : fact, "2026/12/01");
      await put(store, latin1, "latin1");
      const result = await forget({ store, query: QUERY, now: NOW });
      expect(result.notRemoved?.map((line) => line.path)).toEqual([latin1.path]);
      return latin1;
    },
    expected: { shown: false, check: [], proposal: "same_fact" },
  },
];

const MENTIONED: Case = {
  name: "a fact file that only mentions the words, left by the forget",
  async run(store) {
    const trip = {
      path: "trip.md",
      text: "---\nname: Trip\ndescription: The user's next trip.\ntype: user\nupdated: 2026/12/07\n---\nFlies to Berlin, then takes the train on to Lisbon.\n",
    };
    await put(store, trip);
    const result = await forget({ store, query: QUERY, now: NOW });
    expect(result.notRemoved?.map((line) => line.path)).toEqual(["trip.md"]);
    return trip;
  },
  expected: { shown: true, check: [], proposal: "forget_query_words" },
};

describe.each(["subject", "fact"] as const)("a forget query's words, %s layout", (layout) => {
  const cases = layout === "fact" ? [...CASES, MENTIONED] : CASES;
  it.each(cases)("$name", async ({ run, expected }) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-query-kept-")), "memory");
    await mkdir(root, { recursive: true });
    const store = new MemoryStore({ root, layout });
    try {
      const file = await run(store, layout);
      expect(await seen(store, file)).toEqual(expected);
    } finally {
      await rm(dirname(root), { recursive: true, force: true });
    }
  });
});
