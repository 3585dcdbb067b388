import { SecretLintProfiler, secretLintProfiler } from "@secretlint/profiler";

type Switchable = { setEnabled?: (enabled: boolean) => void; mark: SecretLintProfiler["mark"] };

/**
 * Turns secretlint's built-in profiler on or off for this process. The secret guard turns it off
 * when it loads: secretlint 11 marks every rule of every scan with `performance.mark`, keeps each
 * mark in an array it searches on every new one, and never drops one, so a long-running process
 * (a server doing many write passes) gets slower with every scan (secretlint issue #1653,
 * https://github.com/secretlint/secretlint/issues/1653). secretlint 13 makes the profiler opt-in
 * (`setEnabled`, PR #1673) but needs Node 22; with it, this calls `setEnabled`, else it replaces
 * the profiler's `mark` by a no-op, so nothing is marked, kept or searched. Only the profiler
 * instance that `@secretlint/core` uses is touched; the application's own marks are left alone.
 *
 * @param enabled - `true` to let secretlint mark its rules again (only to read its profile).
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
