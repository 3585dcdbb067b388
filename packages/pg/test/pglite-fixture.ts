import { PGlite } from "@electric-sql/pglite";
import { migrate, pgliteClient, type SqlClient } from "../src/index.js";

let shared: Promise<SqlClient> | undefined;

/**
 * The run's one migrated in-memory PGlite database, for every test file that asks for it: a
 * PGlite start costs seconds of CPU, and this package's files run one after another in one worker
 * with one module registry (vitest.config.ts). Each file works in tenants of its own, as an
 * application shares one database among its users; `close()` on the client returned does nothing
 * (the database ends with the worker).
 *
 * @returns A client of the shared database.
 * @example const sql = await sharedPglite();
 */
export async function sharedPglite(): Promise<SqlClient> {
  shared ??= (async () => {
    const sql = pgliteClient(new PGlite());
    await migrate(sql);
    return sql;
  })();
  return { ...(await shared), close: async () => {} };
}
