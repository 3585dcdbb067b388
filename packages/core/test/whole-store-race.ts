import { expect, vi } from "vitest";
import {
  compactRecallIndex,
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  openRecallIndex,
  RECALL_INDEX_LOG,
} from "../src/recall/recall-index.js";
import { fileScope, inScope } from "../src/recall/scope-rule.js";
import { renderCheckingShownFiles } from "../src/recall/shown-files-check.js";
import type { MemoryStore } from "../src/store/index.js";
import { RECALL_CHANGES, settleWrittenFiles } from "./recall-writes.js";

async function rewrite(store: MemoryStore, path: string, change: (text: string) => string) {
  const current = await store.read(path);
  if (!current.exists) throw new Error(`${path} is missing`);
  const written = await store.write(path, change(current.content), current.version);
  if (!written.ok) throw new Error(`${path}: ${written.message}`);
}

/**
 * A store's write that lands while the recall index is stored whole (after the whole store's
 * stamp walk, before it empties the log) must still be listed by the session-start check with its
 * block showing no row, as the files hold it (docs/decisions/0076). The write is injected through
 * the store's `listStamps`, right after the walk returns.
 *
 * @param store - {@link recallMemory}'s memory, index not yet stored: a folder or a tenant.
 * @returns Resolves when checked.
 * @throws {Error} an assertion error when the write is missed.
 * @example await expectWriteDuringWholeStoreSeen(await recallFolder("fact"));
 */
export async function expectWriteDuringWholeStoreSeen(store: MemoryStore): Promise<void> {
  const { edit, describe } = RECALL_CHANGES[store.layout];
  try {
    settleWrittenFiles();
    await openRecallIndex(store);
    // A log for the whole store to empty: an edit, taken in by a reader.
    await rewrite(store, edit.path, (text) => text.replace(edit.from, edit.to));
    settleWrittenFiles();
    forgetOpenRecallIndexes();
    await openRecallIndex(store);
    await flushRecallIndexes();
    expect(await store.readInternal(RECALL_INDEX_LOG)).not.toBe("");
    forgetOpenRecallIndexes();

    let raced = false;
    const racing = new Proxy(store, {
      get(target, key) {
        if (key === "listStamps") {
          return async (...args: Parameters<MemoryStore["listStamps"]>) => {
            const stamps = await target.listStamps(...args);
            if (!raced) {
              raced = true;
              await rewrite(target, describe.path, (text) =>
                text.replace(/^description: .*$/m, `description: ${describe.description}`),
              );
              settleWrittenFiles();
            }
            return stamps;
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await compactRecallIndex(racing);
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
    expect(raced).toBe(true);

    const truth = (await store.list()).filter((row) =>
      inScope(fileScope(row.path, row.scope), undefined),
    );
    expect(truth.find((row) => row.path === describe.path)?.description).toBe(describe.description);
    const listed = await renderCheckingShownFiles(store, undefined, async (view, onShown) => {
      const rows = await view.list();
      onShown([]);
      return rows;
    });
    expect(listed?.map((row) => ({ ...row }))).toEqual(truth);
  } finally {
    vi.useRealTimers();
  }
}
