/**
 * What decision 0112 changed, paired in one process: `kept` asked of a forget's tombstone by
 * reading every file again from a new store (as `keepLinesLeft` did) and from the texts the
 * forget's own walk read (`complete`), on the generated folders (bench/corpus.ts) at 1,000 and
 * 10,000 files. The two alternate which goes first round by round; CPU time
 * (`process.cpuUsage()`, user + system) of each, medians, and in how many pairs the walk's texts
 * were faster. A new MemoryStore each time, as a CLI call has.
 *
 * Run: `pnpm bench -- forget-kept`; `--quick` (or `MEMFILES_BENCH_QUICK=1`) runs fewer pairs.
 * Figures are for whatever machine runs it; no goal is asserted.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTombstone } from "../src/guards/tombstones.js";
import { MemoryStore } from "../src/store/index.js";
import { withKept } from "../src/write/tombstone-kept.js";
import { generateFolder } from "./corpus.js";
import { QUERY, ROUNDS, SIZES } from "./forget.bench.js";
import { type BenchSection, median, ms } from "./section.js";

const section: BenchSection = {
  name: "forget-kept",
  title: "kept: every file read again vs the forget walk's texts (paired, CPU)",
  async run({ log }) {
    log("| files | pairs | read again, median | walk's texts, median | texts faster in |");
    log("|---:|---:|---:|---:|---:|");
    for (const count of SIZES) {
      const root = await mkdtemp(join(tmpdir(), `memfiles-kept-${count}-`));
      try {
        await generateFolder(root, count);
        const texts = new Map<string, string | undefined>();
        const reader = new MemoryStore({ root });
        for (const row of await reader.list()) {
          const read = await reader.read(row.path);
          if (read.exists) texts.set(row.path, read.content);
        }
        const tombstone = makeTombstone(QUERY, ["fact 3 about cooking number 5"], "2026/12/07");
        const again: number[] = [];
        const walked: number[] = [];
        let faster = 0;
        for (let round = 0; round < (ROUNDS[count] ?? 1) * 2; round++) {
          // A new store each time, as a CLI call has: nothing of the folder is kept in memory.
          const readAgain = () => cpuOf(() => withKept(new MemoryStore({ root }), [tombstone]));
          const fromWalk = () =>
            cpuOf(() =>
              withKept(new MemoryStore({ root }), [tombstone], { files: texts, complete: true }),
            );
          const oldFirst = round % 2 === 0;
          const first = await (oldFirst ? readAgain() : fromWalk());
          const second = await (oldFirst ? fromWalk() : readAgain());
          const [old, now] = oldFirst ? [first, second] : [second, first];
          again.push(old);
          walked.push(now);
          if (now < old) faster++;
        }
        log(
          `| ${count} | ${again.length} | ${ms(median(again))} | ${ms(median(walked))} | ${faster} of ${again.length} |`,
        );
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    }
  },
};

async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export default section;
