/**
 * A forget on the generated folders (bench/corpus.ts) at 1,000 and 10,000 files: CPU time and
 * wall time of one `forget` (its walk, the tombstone with the lines it left, `kept`, and the
 * `MEMORY.md` rebuild), each round on a fresh copy of the folder with a new MemoryStore, as a
 * CLI call forgets. The query matches two lines of two files ("fact 3 about cooking number 5").
 *
 * CPU time is `process.cpuUsage()` (user + system) around the call; medians of the rounds. To pair
 * two builds, run this section in each tree in turn and compare the medians round by round.
 *
 * The step decision 0112 changed is paired in one process by `pnpm bench -- forget-kept`.
 *
 * Run: `pnpm bench -- forget`; `-- forget --quick` (or `MEMFILES_BENCH_QUICK=1`) runs fewer rounds.
 * Figures are for whatever machine runs it; no goal is asserted.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forget } from "../src/layouts/index.js";
import { MemoryStore } from "../src/store/index.js";
import { generateFolder } from "./corpus.js";
import { type BenchSection, median, ms } from "./section.js";

const QUICK = process.env.MEMFILES_BENCH_QUICK === "1" || process.argv.includes("--quick");
export const SIZES = [1_000, 10_000];
export const ROUNDS: Record<number, number> = QUICK ? { 1000: 2, 10000: 1 } : { 1000: 5, 10000: 3 };
export const QUERY = "fact 3 about cooking number 5";
const NOW = new Date("2026-12-07T09:00:00Z");

const section: BenchSection = {
  name: "forget",
  title: "a forget on 1,000 and 10,000 files: CPU and wall time (median of rounds)",
  async run({ log }) {
    log("| files | rounds | lines removed | CPU, median | wall, median |");
    log("|---:|---:|---:|---:|---:|");
    for (const count of SIZES) {
      const sandbox = await mkdtemp(join(tmpdir(), `memfiles-forget-${count}-`));
      try {
        const template = join(sandbox, "template");
        await generateFolder(template, count);
        const cpu: number[] = [];
        const wall: number[] = [];
        let removed = 0;
        for (let round = 0; round < (ROUNDS[count] ?? 1); round++) {
          const root = join(sandbox, `round-${round}`);
          await cp(template, root, { recursive: true, preserveTimestamps: true });
          const store = new MemoryStore({ root });
          const before = process.cpuUsage();
          const start = performance.now();
          const result = await forget({ store, query: QUERY, now: NOW });
          wall.push(performance.now() - start);
          const used = process.cpuUsage(before);
          cpu.push((used.user + used.system) / 1000);
          removed = result.removed.length;
          await rm(root, { recursive: true, force: true });
        }
        log(`| ${count} | ${cpu.length} | ${removed} | ${ms(median(cpu))} | ${ms(median(wall))} |`);
      } finally {
        await rm(sandbox, { recursive: true, force: true });
      }
    }
  },
};

export default section;
