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

/**
 * A store killed as its forget writes the tombstone file: that write and every write after it
 * (memory files, internal files, deletes) reject with "killed", so what was on disk before stays,
 * as after a process killed between a forget's journal and its tombstone.
 */
export function killedAtTombstoneWrite(store: MemoryStore): MemoryStore {
  let killed = false;
  const dies = new Set(["write", "writeInternal", "delete", "appendInternal"]);
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (typeof property === "string" && dies.has(property)) {
        return (...args: unknown[]) => {
          if (property === "writeInternal" && String(args[0]).endsWith("tombstones.json")) {
            killed = true;
          }
          if (killed) return Promise.reject(new Error("killed"));
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
}
