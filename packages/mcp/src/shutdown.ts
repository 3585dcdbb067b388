/** Options of {@link createShutdown}. */
export type ShutdownOptions = {
  /** Closes the server and its store (PGlite flushes its files, a pool ends). */
  close: () => Promise<void>;
  /** Ends the process, e.g. `process.exit`. */
  exit: (code: number) => void;
  /** How long `close` may take before the process ends anyway, in ms (default 2,000). */
  graceMs?: number;
};

/**
 * One shutdown for every reason to stop (stdin closed, SIGTERM, SIGINT): the first call closes the
 * server and store and exits 0; when the close is stuck behind running work (a pool waits for its
 * checked-out connections, PGlite for its queued queries) the process exits anyway after
 * `graceMs`, with 1, so a supervisor's SIGTERM is honoured promptly. Later calls do nothing.
 *
 * @param options - `{ close, exit, graceMs? }` (ms).
 * @returns The function to call on each signal.
 * @example process.on("SIGTERM", createShutdown({ close: () => server.close(), exit: process.exit }));
 */
export function createShutdown(options: ShutdownOptions): () => Promise<void> {
  let started = false;
  return async () => {
    if (started) return;
    started = true;
    const timer = setTimeout(() => options.exit(1), options.graceMs ?? 2_000);
    await options.close().catch(() => {});
    clearTimeout(timer);
    options.exit(0);
  };
}
