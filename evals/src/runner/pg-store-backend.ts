import { MemoryStore } from "@memfiles/core";
import { copyMemory, openDatabase, pgMemoryStore, type SqlClient } from "@memfiles/pg";
import type { EvalStoreBackend } from "./types.js";

let database: Promise<SqlClient> | undefined;
let runs = 0;

/**
 * `pnpm eval --backend pg`: every run's memory in one embedded PGlite database of this process
 * (opened on first use), one tenant per run. The seed files are moved in with `copyMemory`, and
 * `mirror` moves the store back into the run's folder (files the store no longer has are deleted
 * there) before the graders read it.
 *
 * @example await runScenario({ ...options, storeBackend: pgliteStoreBackend });
 */
export const pgliteStoreBackend: EvalStoreBackend = {
  name: "pg",
  async open(root, layout) {
    database ??= openDatabase();
    runs += 1;
    const store = pgMemoryStore(await database, `eval-${process.pid}-${runs}`, { layout });
    await copyMemory(new MemoryStore({ root, layout }), store);
    return {
      store,
      mirror: async () => {
        const folder = new MemoryStore({ root, layout });
        const kept = new Set((await store.list()).map((row) => row.path));
        for (const row of await folder.list()) {
          if (!kept.has(row.path)) await folder.delete(row.path);
        }
        await copyMemory(store, folder);
      },
    };
  },
};

/**
 * Closes the database {@link pgliteStoreBackend} opened, if any.
 *
 * @returns Resolves once it is closed.
 * @example await closePgliteStoreBackend();
 */
export async function closePgliteStoreBackend(): Promise<void> {
  const opened = database;
  database = undefined;
  if (opened) await (await opened).close();
}
