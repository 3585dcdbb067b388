/**
 * Benchmark of a write from a cold process: `node` importing `@memfiles/core` (built `dist/`) and
 * saving one fact with `remember`, as `memfiles remember` and a fresh MCP server do; its CPU time
 * (user + system, `process.cpuUsage`) to the result, median of {@link ROUNDS} processes, each
 * saving a fact of its own. Rows: both layouts, 1,000 and 10,000 files, a fact added to a file
 * that exists, a fact that makes a new file, the first row's facts given again (refused as
 * duplicates: the checks' cost without the write's), and a memory-tool `create` of a new file
 * (`cold-memory-tool-child.mjs`), with the recall index stored (as a memory that is recalled
 * from has it) and without one (every file read: how every write ran before decisions 0087, 0099
 * and 0103). Folders are generated once per machine under the OS temp folder; a run writes in a fresh
 * copy. No goal is asserted (the issue's: under 1 s at 10,000 files; 1,000 files no slower).
 *
 * Run: `pnpm bench -- cold-write` (after `pnpm build`).
 */
import { execFile } from "node:child_process";
import { renameSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  openRecallIndex,
  RECALL_INDEX_FILE,
} from "../src/recall/recall-index.js";
import { MemoryStore, type StoreLayout } from "../src/store/index.js";
import { workingCopy } from "./recall-index-fixtures.js";
import { type BenchSection, median, ms } from "./section.js";

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = 5;
const SIZES = [1_000, 10_000];
const LAYOUTS: StoreLayout[] = ["subject", "fact"];

// One fact a row and round, none a duplicate of another or of a generated line: a row takes
// the {@link ROUNDS} facts from its place ({@link factOf}).
const FACTS = [
  "keeps backups on a Hetzner box",
  "walks the dog before the standup",
  "reads science fiction on the train",
  "pays the gym membership yearly",
  "grows basil on the kitchen window",
  "rides a cargo bike to the office",
  "plays chess online on Sundays",
  "bakes sourdough every Saturday",
  "learns Portuguese with a tutor",
  "swims laps at the lido in summer",
  "repairs old radios in the shed",
  "collects film cameras from flea markets",
  "brews kombucha in the pantry",
  "sketches birds at the reservoir",
  "volunteers at the food bank monthly",
  "restores wooden boats with an uncle",
  "knits scarves for the winter market",
  "climbs at the bouldering gym on Fridays",
  "keeps bees on the allotment",
  "builds kites with the neighbours",
  "tunes the piano every spring",
  "rents a canoe on the lake in June",
  "roasts coffee beans at home",
  "keeps a reading list in a notebook",
  "fixes bicycles for the school fair",
  "plants tulip bulbs in October",
  "runs the parkrun on Saturday mornings",
  "writes letters to a pen pal in Osaka",
  "carves spoons from birch wood",
  "sings in a choir on Wednesdays",
];

type WriteKind = "existing file" | "new file" | "the same fact again" | "memory-tool create";

// Where each kind of write lands in the generated folders: a file they hold, a new one, and the
// file the "existing file" rounds wrote to, given their facts again (each refused as a duplicate).
const TARGETS: Record<StoreLayout, Record<WriteKind, string>> = {
  subject: {
    "existing file": "topics/backups-1023.md",
    "new file": "topics/hetzner-box.md",
    "the same fact again": "topics/backups-1023.md",
    "memory-tool create": "topics/hetzner-notes.md",
  },
  fact: {
    "existing file": "fact-5.md",
    "new file": "hetzner-box.md",
    "the same fact again": "fact-5.md",
    "memory-tool create": "hetzner-notes.md",
  },
};

function factOf(stored: boolean, write: string, round: number): string {
  // "the same fact again" takes the "existing file" row's facts: each is a duplicate by then.
  const row =
    (stored ? 0 : 3) + (write === "new file" ? 1 : write === "memory-tool create" ? 2 : 0);
  return FACTS[(row * ROUNDS + round) % FACTS.length] as string;
}

type Figures = { code: string; importCpuMs: number; processCpuMs: number; rssMiB: number };

async function coldWrite(
  root: string,
  layout: StoreLayout,
  write: string,
  path: string,
  fact: string,
): Promise<Figures> {
  // A memory-tool `create` runs the tool's command; every other row `remember`.
  const child =
    write === "memory-tool create" ? "cold-memory-tool-child.mjs" : "cold-remember-child.mjs";
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--conditions=memfiles-dist", join(here, child), root, layout, path, fact],
    { cwd: here, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Figures;
}

async function run({ log }: { log: (line: string) => void }): Promise<void> {
  try {
    statSync(join(here, "../dist/index.js"));
  } catch {
    log("dist/ is missing: run `pnpm build` first (the cold process imports the built library).");
    return;
  }
  log(
    `CPU time of a cold process saving one fact (remember, or the memory tool's create), median of ${ROUNDS} processes.`,
  );
  log("Goal: under 1 s at 10,000 files; 1,000 files no slower than before.");
  log("");
  log("| layout | files | write | recall index | CPU to result | import CPU | RSS | result |");
  log("|---|---:|---|---|---:|---:|---:|---|");
  for (const layout of LAYOUTS) {
    for (const count of SIZES) {
      const copy = await workingCopy(layout, count);
      const root = copy.root;
      forgetOpenRecallIndexes();
      await openRecallIndex(new MemoryStore({ root, layout }));
      await flushRecallIndexes();
      forgetOpenRecallIndexes();
      const index = join(root, ".memfiles", RECALL_INDEX_FILE);
      for (const stored of [true, false]) {
        if (!stored) renameSync(index, `${index}.aside`);
        for (const [write, path] of Object.entries(TARGETS[layout])) {
          const rounds: Figures[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            const fact = factOf(stored, write, round);
            // A new file each round: the file a round makes is an existing one to the next.
            const target =
              write === "new file" || write === "memory-tool create"
                ? path.replace(/\.md$/, `-${round}${stored ? "" : "-b"}.md`)
                : path;
            rounds.push(await coldWrite(root, layout, write, target, fact));
          }
          const pick = (key: "importCpuMs" | "processCpuMs" | "rssMiB") =>
            median(rounds.map((figures) => figures[key]));
          const codes = [...new Set(rounds.map((figures) => figures.code))].join(", ");
          log(
            `| ${layout} | ${count} | ${write} | ${stored ? "stored" : "none (every file read)"} | ${ms(pick("processCpuMs"))} | ${ms(pick("importCpuMs"))} | ${pick("rssMiB").toFixed(0)} MiB | ${codes} |`,
          );
        }
      }
      copy.remove();
    }
  }
}

const section: BenchSection = {
  name: "cold-write",
  title: "a write from a cold process: remember with and without the recall index",
  run,
};
export default section;
