import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore, type MemoryStoreOptions, type StoreLayout } from "../src/store/index.js";

/**
 * A store over a new memory folder of its own (`memory` inside a fresh temporary folder, made on
 * the first write), so no test sees another's files.
 *
 * @param layout - The store's layout; default `subject`.
 * @param options - Other store options, e.g. `{ maxChars: 120 }` (chars).
 * @returns The store; its folder is `store.root`.
 * @example const store = await tempStore("fact");
 */
export async function tempStore(
  layout: StoreLayout = "subject",
  options: Omit<MemoryStoreOptions, "root" | "layout"> = {},
): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), `memfiles-${layout}-`)), "memory");
  return new MemoryStore({ ...options, root, layout });
}
