import { performance } from "node:perf_hooks";

/**
 * Runs `work` with `performance.mark` a no-op, then puts it back. secretlint 11 (core's secret
 * guard) marks the start and end of every rule on every scan, and its profiler's observer keeps
 * every mark and scans them all on each new one: the cost of a write pass grows with the number of
 * scans made before it in the process (secretlint/secretlint#1653, fixed by #1673 in secretlint 13,
 * which needs Node 22). The benchmark makes thousands of scans in one process, so it measures the
 * write pass without that instrumentation (the same patch as yamadashy/repomix#1456). Nothing else
 * in the benchmark uses marks; timings use `performance.now`.
 *
 * @param work - The run.
 * @returns What `work` returns.
 * @example const report = await withoutSecretlintMarks(() => runLocomo({ samples }));
 */
export async function withoutSecretlintMarks<T>(work: () => Promise<T>): Promise<T> {
  const original = Object.getOwnPropertyDescriptor(performance, "mark");
  Object.defineProperty(performance, "mark", {
    value: () => undefined,
    writable: true,
    configurable: true,
  });
  try {
    return await work();
  } finally {
    if (original === undefined) Reflect.deleteProperty(performance, "mark");
    else Object.defineProperty(performance, "mark", original);
  }
}
