import { AsyncLocalStorage } from "node:async_hooks";

const holding = new AsyncLocalStorage<ReadonlySet<string>>();
const queues = new Map<string, Promise<void>>();

/**
 * Run `fn` holding the lock named `key`: callers in this process queue in call order, a call made
 * while `fn` runs (same async context) joins the held lock instead of waiting for itself, and
 * `acquire` takes the cross-process part (a database advisory lock, say) once per outermost hold.
 * The same rules as the file system's `withStoreLock`, for backends that are not folders.
 *
 * @param key - The memory space, e.g. a backend's `label`.
 * @param acquire - Runs its argument holding the cross-process lock.
 * @param fn - The work to do under the lock.
 * @returns What `fn` returns.
 * @example await withBackendLock("postgres:alice", (run) => backend.withLock(run), async () => { ... });
 */
export async function withBackendLock<T>(
  key: string,
  acquire: (run: () => Promise<T>) => Promise<T>,
  fn: () => Promise<T>,
): Promise<T> {
  const held = holding.getStore();
  if (held?.has(key)) return fn();
  const previous = queues.get(key) ?? Promise.resolve();
  let done: () => void = () => {};
  const mine = new Promise<void>((resolvePromise) => {
    done = resolvePromise;
  });
  const tail = previous.then(() => mine);
  queues.set(key, tail);
  await previous;
  try {
    return await acquire(() => holding.run(new Set([...(held ?? []), key]), fn));
  } finally {
    done();
    if (queues.get(key) === tail) queues.delete(key);
  }
}
