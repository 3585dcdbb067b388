import type { MemoryStore } from "../src/store/index.js";

/**
 * A store whose memory-file writes die (`write` rejects with "killed"), as a process killed after
 * a forget's or a write pass's tombstone and journal are written would: every other method is the
 * store's own. For tests of what the next call finishes.
 */
export function killedAtFileWrite(store: MemoryStore): MemoryStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === "write") return () => Promise.reject(new Error("killed"));
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
