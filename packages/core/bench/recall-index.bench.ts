/**
 * Benchmark of recall from the persistent recall index, paired with a plain BM25 query (minisearch
 * with its defaults over the same units, built once) in the same run, CPU time (user + system of
 * this process, `process.cpuUsage`), median of several rounds; the ratio is taken per round.
 * 1. Warm request: `buildSystem` + `budgetedRecall` through a `boundaryStore(...).forRequest` view, as `chat` makes
 *    them for one message (goal: <= 1.5x the plain query and <= 20 ms at 10,000 files).
 * 2. First request after a write (one file written through the store; goal <= 2x the warm one):
 *    round k writes a file, then asks warm round k's message again, so after/warm (per round, the
 *    median printed) is what a write costs the next request, not what another message costs.
 *    Before both, the process answers {@link EARLIER} messages (twice), its garbage from making
 *    the folder collected first: warm is a process past its first messages.
 * Every warm round asks a message of its own ({@link QUERIES}; the plain query is timed on the
 * same message in the same round), as a chat never sends one message twice: nothing kept from an
 * earlier request for the same text can make a round cheaper. An after-a-write round asks its
 * message a second time, but past a write: what the index keeps per query is made again.
 * 3. The same request without the index (every file listed and read, as before the index), one
 *    round: the "before" figure.
 * 4. Cold process: `node` importing only `@memfiles/core/recall` (built `dist/`), one
 *    `recallForPrompt`; its CPU time to the result, wall time to exit, RSS (goal: <= 150 ms at
 *    1,000 files, <= 400 ms at 10,000, <= 2 s at 50,000), in two states, the same on every run:
 *    the index stored whole (and, from it, without a stored index), and after 20 files written.
 * 5. Index upkeep: bringing the index up to date after 20 files were written (the median of
 *    {@link UPKEEP_ROUNDS} rounds of 20 writes and one request); index size.
 *
 * Run: `pnpm bench -- recall-index`: 1,000 and 10,000 files of both layouts, and 50,000 files of
 * both layouts cold only (their first cold process builds the index, once per machine);
 * `--quick` (or MEMFILES_BENCH_QUICK=1) stops at 10,000 files; `--files=50000` measures only
 * the sizes named (comma-separated), each of both layouts in full.
 * Folders are generated once per machine under the OS temp folder; a run writes in a fresh copy.
 * No goal is asserted.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import MiniSearch from "minisearch";
import { boundaryStore } from "../src/boundary/boundary-store.js";
import { budgetedRecall } from "../src/recall/budgeted-recall.js";
import { buildSystem } from "../src/recall/build-system.js";
import {
  compactRecallIndex,
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  RECALL_INDEX_FILE,
  RECALL_INDEX_LOG,
} from "../src/recall/recall-index.js";
import { unitsOfFile } from "../src/recall/recall-units.js";
import { MemoryStore, type StoreLayout } from "../src/store/index.js";
import { cachedFolder, workingCopy } from "./recall-index-fixtures.js";
import { type BenchSection, median, ms } from "./section.js";

const here = dirname(fileURLToPath(import.meta.url));
const QUICK = process.env.MEMFILES_BENCH_QUICK === "1" || process.argv.includes("--quick");
/** `--files=50000` (or `--files=1000,50000`): only these sizes, each in full. */
const FILES_GIVEN = process.argv
  .find((argument) => argument.startsWith("--files="))
  ?.slice("--files=".length)
  .split(",")
  .map(Number);
if (FILES_GIVEN?.some((count) => !Number.isInteger(count) || count < 1)) {
  throw new Error(
    `--files takes whole numbers of files, comma-separated (e.g. --files=50000), not "${process.argv.find((argument) => argument.startsWith("--files="))}".`,
  );
}
const SIZES = FILES_GIVEN ?? [1_000, 10_000];
// Measured as a cold process only (one recall), unless `--files` names the sizes to measure.
const COLD_ONLY: ReadonlyArray<[StoreLayout, number]> =
  QUICK || FILES_GIVEN !== undefined
    ? []
    : [
        ["subject", 50_000],
        ["fact", 50_000],
      ];
const LAYOUTS: StoreLayout[] = ["subject", "fact"];
const ROUNDS = 7;
const COLD_ROUNDS = 3;
/** Rounds of the upkeep figure: 20 files written, then one request; the median is printed. */
const UPKEEP_ROUNDS = 3;
/**
 * One message per warm round (the rounds after a write ask them again), in the generated folders'
 * words (one names a month, for the named-day lift).
 */
const QUERIES: Record<StoreLayout, readonly string[]> = {
  subject: [
    "Which hosting option does the user prefer for the database?",
    "What did we decide about backups for the home network?",
    "Who owns the testing budget, and who should I ask about it?",
    "Any open questions or deadlines about travel this month?",
    "Which photography tools and vendors does the user like?",
    "How much was paid for health insurance so far?",
    "What did the user decide about the garden on 12 September, 2026?",
  ],
  fact: [
    "Does the user still use Hetzner or Fly.io for hosting?",
    "Which editor did the user switch to, Neovim or Helix?",
    "Is the user evaluating SQLite or PostgreSQL for the database?",
    "Does the user still pay for a rail pass when travelling?",
    "Does the user still bake sourdough?",
    "Are tomatoes and basil growing in the garden this year?",
    "What did the user confirm about finance in March 2025?",
  ],
};
// Before the rounds: a first request, and an earlier message of a long-lived process.
const WARM_UP_QUERY = "Hello again, what do you remember about me?";
/**
 * Earlier messages of a long-lived process, in the folder's words but none of the rounds'
 * messages: each ranks hundreds of units, as the rounds' do, so the ranking code is compiled for
 * them before a round is timed (a process's first few such messages run it unoptimized, 2-10x
 * slower, and a median of 7 rounds landed among them or not from run to run).
 */
const EARLIER: Record<StoreLayout, readonly string[]> = {
  subject: [
    "What does the user prefer for hosting?",
    "Which editor tools and vendors were named?",
    "Who owns the database, and who do I ask?",
    "What was paid for cooking classes?",
    "Which reading decisions were made so far, and why?",
    "Any deadlines about the home network backups?",
    "What does the user use for cycling and photography?",
  ],
  fact: [
    "What hosting does the user prefer, and why?",
    "Does the user recommend an editor?",
    "Which database is the user evaluating?",
    "What does the user pay for when travelling?",
    "What is the user cooking these days?",
    "Which music does the user recommend?",
    "What did the user choose for finance?",
  ],
};
const SYSTEM = { basePrompt: "You are a helpful assistant.", rules: "RULES" };

// `gc()` without `--expose-gc` on the command line: the flag is set at run time, and a new
// context's global then has it.
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

async function cpuOf(fn: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

function plainSearch(
  store: MemoryStore,
  root: string,
  rows: Awaited<ReturnType<MemoryStore["list"]>>,
) {
  const search = new MiniSearch<{ id: number; text: string }>({ fields: ["text"] });
  let id = 0;
  for (const row of rows) {
    const text = readFileSync(join(root, row.path), "utf8");
    for (const unit of unitsOfFile(row, text)) search.add({ id: id++, text: unit.text });
  }
  void store;
  return search;
}

async function coldChild(
  root: string,
  layout: StoreLayout,
  query: string,
): Promise<Record<string, number>> {
  const started = performance.now();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--conditions=memfiles-dist", join(here, "cold-recall-child.mjs"), root, layout, query],
    { cwd: here, maxBuffer: 1 << 20 },
  );
  const exitMs = performance.now() - started;
  const figures = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, number>;
  return { ...figures, exitMs };
}

// Files written before the second cold line: a write pass of 20 proposals leaves as many.
const COLD_WRITES = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function internalText(root: string, file: string): string {
  const path = join(root, ".memfiles", file);
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

/**
 * A cold line: {@link COLD_ROUNDS} cold processes on the folder as it is, then (`rebuilt`) one
 * without the stored index, which is put back after (the rebuild stores it whole and empties the
 * log, so both are restored).
 */
async function coldLine(
  root: string,
  layout: StoreLayout,
  count: number,
  state: string,
  rebuilt: boolean,
): Promise<string> {
  const query = QUERIES[layout][0] as string;
  const indexed: Array<Record<string, number>> = [];
  for (let round = 0; round < COLD_ROUNDS; round++)
    indexed.push(await coldChild(root, layout, query));
  const indexPath = join(root, ".memfiles", RECALL_INDEX_FILE);
  const logPath = join(root, ".memfiles", RECALL_INDEX_LOG);
  const saved = readFileSync(indexPath);
  let rebuiltCpu = Number.NaN;
  if (rebuilt) {
    const savedLog = existsSync(logPath) ? readFileSync(logPath) : undefined;
    rmSync(indexPath);
    rebuiltCpu = (await coldChild(root, layout, query)).processCpuMs ?? Number.NaN;
    writeFileSync(indexPath, saved);
    if (savedLog === undefined) rmSync(logPath, { force: true });
    else writeFileSync(logPath, savedLog);
  }
  const pick = (key: string) => median(indexed.map((figures) => figures[key] ?? Number.NaN));
  return `| ${layout} | ${count} | ${state} | ${ms(pick("importCpuMs"))} | ${ms(pick("processCpuMs"))} | ${ms(pick("uptimeMs"))} | ${ms(pick("exitMs"))} | ${pick("rssMiB").toFixed(0)} MiB | ${Number.isNaN(rebuiltCpu) ? "-" : ms(rebuiltCpu)} | ${pick("units")} | ${(saved.length / 1024 / 1024).toFixed(1)} MiB |`;
}

/**
 * The cold lines of a memory at rest, each of a defined state, the same on every run: the index
 * stored whole (its log empty), and, when `writes`, the same folder after {@link COLD_WRITES}
 * files were written through the store (the log holding their lines), as a hook after a write
 * pass finds it. A file written in the last 2 s counts as still changing (its stamp is `""`): a
 * cold process right after a write would read it again, the first request after a write, not a
 * cold start; so 2 s pass, and one process stamps such files, before the cold processes.
 */
async function coldLines(
  root: string,
  layout: StoreLayout,
  count: number,
  writes: boolean,
): Promise<string[]> {
  const query = QUERIES[layout][0] as string;
  const settleLog = async () => {
    await sleep(2_500);
    // Builds a stored index of this code's format when it is missing or of another one.
    await coldChild(root, layout, query);
  };
  await settleLog();
  forgetOpenRecallIndexes();
  const store = new MemoryStore({ root, layout });
  await compactRecallIndex(store);
  await flushRecallIndexes();
  forgetOpenRecallIndexes();
  const lines = [await coldLine(root, layout, count, "index stored whole", true)];
  if (!writes) return lines;
  const rows = await store.list();
  for (let file = 0; file < COLD_WRITES; file++) {
    const path = rows[(file * 53) % rows.length]?.path ?? "profile.md";
    const current = await store.read(path);
    if (current.exists) {
      await store.write(path, `${current.content.trimEnd()} (cold ${file})\n`, current.version);
    }
  }
  await flushRecallIndexes();
  forgetOpenRecallIndexes();
  await settleLog();
  const logLines = internalText(root, RECALL_INDEX_LOG).split("\n").filter(Boolean).length;
  const state = `after ${COLD_WRITES} writes (log of ${logLines} lines)`;
  lines.push(await coldLine(root, layout, count, state, false));
  return lines;
}

async function run({ log }: { log: (line: string) => void }): Promise<void> {
  try {
    statSync(join(here, "../dist/recall-entry.js"));
  } catch {
    log("dist/ is missing: run `pnpm build` first (the cold process imports the built entry).");
    return;
  }
  log(
    `CPU time, median of ${ROUNDS} rounds (cold: ${COLD_ROUNDS}; upkeep: ${UPKEEP_ROUNDS}); ratio = per-round memfiles / plain BM25 query.`,
  );
  log(
    "Goals: warm request <= 1.5x the plain query and <= 20 ms at 10,000 files; after a write <= 2x the warm request.",
  );
  log(
    "After a write: round k writes a file, then asks warm round k's message; after/warm is the median of the per-round ratios (figures from before 2026-12-07 asked other messages: not comparable).",
  );
  log("");
  log(
    "| layout | files | plain BM25 query | warm request | ratio | after a write | after/warm | without index (1 round) | upkeep, 20 files | index size |",
  );
  log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const cold: string[] = [];
  for (const layout of LAYOUTS) {
    for (const count of SIZES) {
      const copy = await workingCopy(layout, count);
      const root = copy.root;
      const queries = QUERIES[layout];
      const queryOf = (round: number) => queries[round % queries.length] as string;
      forgetOpenRecallIndexes();
      const store = new MemoryStore({ root, layout });
      const view = () => boundaryStore(store);
      const request = async (query: string) => {
        const requestView = await boundaryStore(store).forRequest(query);
        await buildSystem({ ...SYSTEM, store: requestView, query });
        await budgetedRecall({ store: requestView, query });
      };
      await request(WARM_UP_QUERY);
      // A long-lived process has answered other messages before: its index is loaded whole, not
      // only the terms of one query (what a process that recalls once parses).
      await budgetedRecall({ store: view(), query: "an earlier message about something else" });
      await flushRecallIndexes();
      const plain = plainSearch(store, root, await store.list());
      // The folder's generation, its copy and the plain index left garbage that is not a
      // request's: collected before the earlier messages, not during a timed round.
      collectGarbage();
      for (let twice = 0; twice < 2; twice++) {
        for (const earlier of EARLIER[layout]) {
          plain.search(earlier);
          await request(earlier);
        }
      }
      const plainTimes: number[] = [];
      const warmTimes: number[] = [];
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const query = queryOf(round);
        const plainTime = await cpuOf(async () => plain.search(query));
        const warmTime = await cpuOf(() => request(query));
        plainTimes.push(plainTime);
        warmTimes.push(warmTime);
        ratios.push(warmTime / Math.max(plainTime, 0.001));
      }
      const afterTimes: number[] = [];
      const afterRatios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const path = (await store.list())[round + 1]?.path ?? "profile.md";
        const current = await store.read(path);
        if (current.exists) {
          await store.write(
            path,
            `${current.content.trimEnd()} (edited ${round})\n`,
            current.version,
          );
        }
        const afterTime = await cpuOf(() => request(queryOf(round)));
        afterTimes.push(afterTime);
        afterRatios.push(afterTime / Math.max(warmTimes[round] ?? 0, 0.001));
        await flushRecallIndexes();
      }
      // Upkeep: 20 files changed (as a write pass of 20 proposals leaves them), then one refresh;
      // the median of UPKEEP_ROUNDS such rounds, other files each round (one refresh is one
      // sample: a collection inside it once read 238 ms where the next run read 23).
      const rows = await store.list();
      const query = queryOf(0);
      const upkeepTimes: number[] = [];
      for (let round = 0; round < UPKEEP_ROUNDS; round++) {
        for (let file = 0; file < 20; file++) {
          const path = rows[(file * 37 + round * 11) % rows.length]?.path ?? "profile.md";
          const current = await store.read(path);
          if (current.exists) {
            await store.write(
              path,
              `${current.content.trimEnd()} (upkeep ${round}.${file})\n`,
              current.version,
            );
          }
        }
        upkeepTimes.push(await cpuOf(() => budgetedRecall({ store: view(), query })));
        await flushRecallIndexes();
      }
      const upkeep = median(upkeepTimes);
      const without =
        count > 10_000
          ? Number.NaN
          : await cpuOf(async () => {
              const plainStore = {
                list: () => store.list(),
                read: (path: string) => store.read(path),
              };
              await buildSystem({ ...SYSTEM, store: plainStore, query });
              await budgetedRecall({ store: plainStore, query });
            });
      // The stored index and its log: what a cold process reads.
      const size = [RECALL_INDEX_FILE, RECALL_INDEX_LOG]
        .map(
          (file) => statSync(join(root, ".memfiles", file), { throwIfNoEntry: false })?.size ?? 0,
        )
        .reduce((sum, bytes) => sum + bytes, 0);
      log(
        `| ${layout} | ${count} | ${ms(median(plainTimes))} | ${ms(median(warmTimes))} | ${median(ratios).toFixed(2)}x | ${ms(median(afterTimes))} | ${median(afterRatios).toFixed(2)}x | ${Number.isNaN(without) ? "-" : ms(without)} | ${ms(upkeep)} | ${(size / 1024 / 1024).toFixed(1)} MiB |`,
      );
      cold.push(...(await coldLines(root, layout, count, true)));
      forgetOpenRecallIndexes();
      copy.remove();
    }
  }
  // Never written: the generated folder itself, its index stored whole.
  for (const [layout, count] of COLD_ONLY) {
    cold.push(...(await coldLines(await cachedFolder(layout, count), layout, count, false)));
  }
  log("");
  log("Cold process (node importing only @memfiles/core/recall, one recallForPrompt):");
  log("Goals: CPU to result <= 150 ms at 1,000 files, <= 400 ms at 10,000, <= 2 s at 50,000.");
  log("");
  log(
    "| layout | files | state | import CPU | CPU to result | wall to result | wall to exit (index saved) | RSS | CPU to result, no stored index | units | index size |",
  );
  log("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const line of cold) log(line);
}

const section: BenchSection = {
  name: "recall-index",
  title: "recall from the persistent index: warm, after a write, cold process, upkeep",
  run,
};
export default section;
