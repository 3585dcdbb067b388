import type { UsageLogProblem } from "./usage-log.js";

/**
 * The skipped lines of a usage log as every cost report lists them (`memfiles cost`, `pnpm cost`):
 * a count naming the log, the first `max` lines by number with why, and how many more.
 *
 * @param problems - `readUsageLog`'s `problems`, in log order.
 * @param options - `log`: how the log is named, e.g. `the usage log /home/ana/memory/.memfiles/usage.jsonl`;
 *   `max`: how many lines to list one by one (default 10).
 * @returns Lines without newlines; none when nothing was skipped.
 * @example usageLogProblemLines(problems, { log: "the log" }) // ["Skipped 2 unreadable line(s) of the log:", "  line 4 (bad_json): …", …]
 */
export function usageLogProblemLines(
  problems: readonly UsageLogProblem[],
  options: { log: string; max?: number },
): string[] {
  if (problems.length === 0) return [];
  const max = options.max ?? 10;
  return [
    `Skipped ${problems.length} unreadable line(s) of ${options.log}:`,
    ...problems
      .slice(0, max)
      .map((problem) => `  line ${problem.line} (${problem.code}): ${problem.message}`),
    ...(problems.length > max ? [`  ... and ${problems.length - max} more.`] : []),
  ];
}
