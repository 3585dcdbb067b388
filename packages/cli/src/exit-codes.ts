/**
 * The exit codes of `memfiles` (README "The memfiles command"), as an `as const` object.
 * - `ok` 0: done;
 * - `failed` 1: the command ran and the answer is "no": `check` found problems, `forget` or
 *   `search` matched nothing, `remember`, `import` or a consolidation was refused, `cost` had no log;
 * - `usage` 2: bad arguments, or an error the user can fix (a missing or bad folder, a path outside
 *   it, a bad bundle, no API key, output that cannot be written); nothing was changed;
 * - `conflict` 3: the memory changed while the command ran (a `forget` preview went stale);
 *   nothing was changed, run it again;
 * - `internal` 70: a bug (EX_SOFTWARE); `MEMFILES_DEBUG=1` prints the stack.
 */
export const EXIT_CODES = { ok: 0, failed: 1, usage: 2, conflict: 3, internal: 70 } as const;

/** One of {@link EXIT_CODES}' values. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
