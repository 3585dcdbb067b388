/**
 * `store.check()` on the generated folders (bench/corpus.ts) at 1,000 and 10,000 files, and its
 * two-language step paired with the pairing it replaced.
 *
 * CPU time is `process.cpuUsage()` (user + system) around the call; each round makes a new
 * MemoryStore, so `check()` lists and reads the folder as a CLI call does. The paired table runs
 * the old pairing (every two lines sharing any value, both re-parsed per pair) and
 * `twoLanguagePairs` on the same lines back to back, the order alternating between rounds; the
 * ratio is taken within a round, so a busy machine slows both sides alike. The old pairing is
 * quadratic (about 7 s at 300 files), so the pair runs on a few hundred files.
 *
 * The folder secret scan (`memfiles check`'s) runs paired too: `checkSecrets` a file at a time, as
 * it was, against `checkSecretsOfEach` on 500 files a call, same results required.
 *
 * The updated-value step on one file of 7,000 lines of one pattern (a 188 KB file, read though
 * over the cap), the shapes that once compared and kept every pair (24 million): CPU per shape.
 *
 * Run: `pnpm bench -- check`; `-- check --quick` (or `MEMFILES_BENCH_QUICK=1`) runs fewer rounds.
 * Figures are for whatever machine runs it; no goal is asserted.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkSecrets, checkSecretsOfEach } from "../src/guards/check-secrets.js";
import {
  type FactLineAt,
  factLines,
  twoLanguagePairs,
  updatedValueKept,
} from "../src/store/check-rows.js";
import { MemoryStore } from "../src/store/index.js";
import { factValues } from "../src/text/fact-values.js";
import { sameFactOtherLanguage } from "../src/text/same-fact-other-language.js";
import { generateFolder } from "./corpus.js";
import { type BenchSection, median, ms } from "./section.js";

const QUICK = process.env.MEMFILES_BENCH_QUICK === "1" || process.argv.includes("--quick");
const SIZES = [1_000, 10_000];
const ROUNDS: Record<number, number> = QUICK ? { 1000: 2, 10000: 1 } : { 1000: 5, 10000: 3 };
const PAIRED_FILES = QUICK ? 100 : 200;
const PAIRED_ROUNDS = QUICK ? 2 : 3;
// The folder secret scan, a file a call against the files in one batched call.
const SECRET_FILES = QUICK ? 300 : 1_000;
// As `memfiles check` hands them over (packages/cli check-folder.ts FILES_PER_SCAN).
const FILES_PER_SCAN = 500;

async function cpuOf<T>(run: () => Promise<T>): Promise<{ cpuMs: number; value: T }> {
  const before = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(before);
  return { cpuMs: (used.user + used.system) / 1000, value };
}

// The pairing `sameFactTwoLanguages` used before lines were keyed by their value set: every two
// lines sharing any one value, both lines parsed again for each pair.
function everyPairSharingAValue(lines: readonly FactLineAt[]): number {
  const byValue = new Map<string, number[]>();
  lines.forEach((entry, index) => {
    const { exact, names } = factValues(entry.line);
    for (const value of new Set([...exact, ...names])) {
      byValue.set(value, [...(byValue.get(value) ?? []), index]);
    }
  });
  const seen = new Set<string>();
  let found = 0;
  for (const indexes of byValue.values()) {
    for (let one = 0; one < indexes.length; one++) {
      for (let two = one + 1; two < indexes.length; two++) {
        const key = `${indexes[one]}:${indexes[two]}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const [a, b] = [lines[indexes[one] as number], lines[indexes[two] as number]];
        if (sameFactOtherLanguage(a?.line ?? "", b?.line ?? "")) found++;
      }
    }
  }
  return found;
}

async function readLines(root: string) {
  const store = new MemoryStore({ root });
  const readText = async (path: string) => {
    const read = await store.read(path).catch(() => undefined);
    return read?.exists ? read.content : undefined;
  };
  return factLines(readText, await store.list());
}

const section: BenchSection = {
  name: "check",
  title:
    "store.check() at 1,000 and 10,000 files, CPU; the two-language step paired with the old pairing; the updated-value step on one 7,000-line file",
  async run({ log }) {
    log(
      "| files | fact lines | rounds | check(), new store, median CPU | two-language step, median CPU |",
    );
    log("|---:|---:|---:|---:|---:|");
    for (const files of SIZES) {
      const sandbox = await mkdtemp(join(tmpdir(), `memfiles-check-${files}-`));
      try {
        await generateFolder(sandbox, files);
        const lines = await readLines(sandbox);
        const checks: number[] = [];
        const steps: number[] = [];
        for (let round = 0; round < (ROUNDS[files] ?? 1); round++) {
          checks.push((await cpuOf(() => new MemoryStore({ root: sandbox }).check())).cpuMs);
          steps.push((await cpuOf(async () => twoLanguagePairs(lines.dated))).cpuMs);
        }
        log(
          `| ${files.toLocaleString("en")} | ${lines.dated.length.toLocaleString("en")} | ${checks.length} | ${ms(median(checks))} | ${ms(median(steps))} |`,
        );
      } finally {
        await rm(sandbox, { recursive: true, force: true });
      }
    }

    log("");
    log("| one file of 7,000 lines | pairs found | all counted | updatedValueKept, median CPU |");
    log("|---|---:|---|---:|");
    for (const [shape, line] of [
      ["one number a line", (index: number) => `v ${index}`],
      ["two numbers a line", (index: number) => `room 4 holds ${index} boxes`],
      [
        "the other polarity",
        (index: number) => (index % 2 === 0 ? "drinks coffee" : "stopped drinking coffee"),
      ],
    ] as const) {
      const lines = Array.from({ length: 7_000 }, (_, index) => ({
        path: "q.md",
        line: line(index),
      }));
      const runs = [];
      for (let round = 0; round < PAIRED_ROUNDS; round++) {
        runs.push(await cpuOf(async () => updatedValueKept(lines)));
      }
      const [group] = runs[0]?.value ?? [];
      log(
        `| ${shape} | ${group?.pairs.toLocaleString("en")} | ${group?.allCounted} | ${ms(median(runs.map((run) => run.cpuMs)))} |`,
      );
    }

    const sandbox = await mkdtemp(join(tmpdir(), "memfiles-check-paired-"));
    try {
      await generateFolder(sandbox, PAIRED_FILES);
      const lines = (await readLines(sandbox)).dated;
      const ratios: number[] = [];
      const old: number[] = [];
      const now: number[] = [];
      for (let round = 0; round < PAIRED_ROUNDS; round++) {
        const runOld = () => cpuOf(async () => everyPairSharingAValue(lines));
        const runNew = () => cpuOf(async () => twoLanguagePairs(lines).length);
        const [before, after] =
          round % 2 === 0
            ? [await runOld(), await runNew()]
            : await runNew().then(async (first) => [await runOld(), first] as const);
        if (before.value !== after.value) {
          throw new Error(`old and new pairing differ: ${before.value} vs ${after.value} pairs`);
        }
        old.push(before.cpuMs);
        now.push(after.cpuMs);
        ratios.push(before.cpuMs / after.cpuMs);
      }
      log("");
      log(
        `paired, ${PAIRED_FILES} files (${lines.length} fact lines), ${PAIRED_ROUNDS} rounds: old pairing ${ms(median(old))}, twoLanguagePairs ${ms(median(now))}, old/new median ${median(ratios).toFixed(0)}x (same pairs found)`,
      );
    } finally {
      await rm(sandbox, { recursive: true, force: true });
    }

    const secretSandbox = await mkdtemp(join(tmpdir(), "memfiles-check-secrets-"));
    try {
      await generateFolder(secretSandbox, SECRET_FILES);
      const store = new MemoryStore({ root: secretSandbox });
      const texts: string[] = [];
      for (const row of await store.list()) {
        const read = await store.read(row.path);
        if (read.exists) texts.push(read.content);
      }
      const ratios: number[] = [];
      const old: number[] = [];
      const now: number[] = [];
      for (let round = 0; round < PAIRED_ROUNDS; round++) {
        const runOld = () =>
          cpuOf(async () => {
            const results = [];
            for (const text of texts) results.push(await checkSecrets({ texts: [text] }));
            return JSON.stringify(results);
          });
        const runNew = () =>
          cpuOf(async () => {
            const results = [];
            for (let start = 0; start < texts.length; start += FILES_PER_SCAN) {
              const writes = texts.slice(start, start + FILES_PER_SCAN).map((text) => [text]);
              results.push(...(await checkSecretsOfEach(writes)));
            }
            return JSON.stringify(results);
          });
        const [before, after] =
          round % 2 === 0
            ? [await runOld(), await runNew()]
            : await runNew().then(async (first) => [await runOld(), first] as const);
        if (before.value !== after.value) throw new Error("the batched secret check differs");
        old.push(before.cpuMs);
        now.push(after.cpuMs);
        ratios.push(before.cpuMs / after.cpuMs);
      }
      log(
        `paired, ${SECRET_FILES.toLocaleString("en")} files' secret check (each file and its lines' joins), ${PAIRED_ROUNDS} rounds: checkSecrets a file at a time ${ms(median(old))}, checkSecretsOfEach ${FILES_PER_SCAN} files a call ${ms(median(now))}, old/new median ${median(ratios).toFixed(2)}x (same results)`,
      );
    } finally {
      await rm(secretSandbox, { recursive: true, force: true });
    }
  },
};

export default section;
