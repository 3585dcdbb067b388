/**
 * Benchmark of the secret guard in a long-running process: secretlint 11 keeps every
 * performance mark it makes and searches them all on each new one (secretlint#1653), so each scan
 * got slower. One child process per side, so each starts with an empty performance timeline:
 * `before` turns secretlint's profiler back on (the guard before the fix), `after` is the guard as
 * it loads. Each runs findSecrets on one 130-char fact 5,000 times, a turn of the event loop after
 * each scan (the profiler's observer runs there, as between write passes in a server).
 *
 * Run: `pnpm bench -- secretlint`; `MEMFILES_BENCH_QUICK=1` (or `--quick`) stops at 1,000 scans.
 * Figures are wall-clock ms on whatever machine runs it; no goal is asserted.
 */
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type BenchSection, median, ms } from "./section.js";

const here = dirname(fileURLToPath(import.meta.url));
const QUICK = process.env.MEMFILES_BENCH_QUICK === "1" || process.argv.includes("--quick");
const SCANS = QUICK ? 1_000 : 5_000;

async function child(mode: "before" | "after"): Promise<{ times: number[]; marks: number }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", join(here, "secretlint-child.ts"), mode, String(SCANS)],
    { cwd: here, maxBuffer: 1 << 24 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
}

/** ms with 3 decimals under 10 ms: a scan without the profiler takes tens of microseconds. */
function fine(value: number): string {
  return value < 10 ? `${value.toFixed(3)} ms` : ms(value);
}

/** Median time (ms) of scans `from`..`to`, numbered from 1. */
function scans(times: readonly number[], from: number, to: number): number {
  return median(times.slice(from - 1, to));
}

const section: BenchSection = {
  name: "secretlint",
  title: `findSecrets scan after scan in one process (${SCANS.toLocaleString("en")} scans): secretlint's profiler on (before) vs off (after)`,
  async run({ log }) {
    const n = (value: number) => value.toLocaleString("en");
    const middle = Math.min(1_000, SCANS);
    log(
      `| side | scan #1 | #2-#11 (median) | #${n(middle - 9)}-#${n(middle)} (median) | #${n(SCANS - 9)}-#${n(SCANS)} (median) | all ${n(SCANS)} scans | secretlint marks left |`,
    );
    log("|---|---:|---:|---:|---:|---:|---:|");
    for (const mode of ["before", "after"] as const) {
      const { times, marks } = await child(mode);
      const total = times.reduce((sum, time) => sum + time, 0);
      log(
        `| ${mode === "before" ? "before (profiler on)" : "after (profiler off)"} | ${fine(times[0] ?? Number.NaN)} | ${fine(scans(times, 2, 11))} | ${fine(scans(times, middle - 9, middle))} | ${fine(scans(times, SCANS - 9, SCANS))} | ${ms(total)} | ${n(marks)} |`,
      );
    }
    log("");
    log("Scan #1 includes loading the rules; a scan's time includes the event-loop turn after it.");
  },
};

export default section;
