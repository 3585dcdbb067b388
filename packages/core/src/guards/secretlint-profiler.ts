import { SecretLintProfiler, secretLintProfiler } from "@secretlint/profiler";

type Switchable = { setEnabled?: (enabled: boolean) => void; mark: SecretLintProfiler["mark"] };

/**
 * Turns secretlint's built-in profiler on or off for this process; the secret guard turns it off
 * when it loads. secretlint 11 keeps a `performance.mark` for every rule of every scan and searches
 * them all on each new one, so a long-running process slows with every scan (secretlint issue
 * #1653). secretlint 13 makes the profiler opt-in (`setEnabled`) but needs Node 22; without it the
 * profiler's `mark` becomes a no-op. Only `@secretlint/core`'s profiler is touched.
 *
 * @example setSecretlintProfiling(false) // no secretlint marks from here on
 */
export function setSecretlintProfiling(enabled: boolean): void {
  const profiler = secretLintProfiler as unknown as Switchable;
  if (typeof profiler.setEnabled === "function") {
    profiler.setEnabled(enabled);
    return;
  }
  profiler.mark = enabled ? SecretLintProfiler.prototype.mark : () => undefined;
}
