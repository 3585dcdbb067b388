import { fileURLToPath } from "node:url";
import { runner } from "node-pg-migrate";
import type { SqlClient } from "./sql-client.js";

/** The folder of the schema's migrations (plain SQL files, node-pg-migrate's format). */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations", import.meta.url));

/** The table node-pg-migrate records applied migrations in. */
export const MIGRATIONS_TABLE = "memfiles_migrations";

/**
 * Bring the database's schema up to date with node-pg-migrate (the same SQL files on a real
 * server and on PGlite), on one connection, waiting for another process's migration if one runs.
 *
 * @param sql - The database (see `pgPoolClient`, `pgliteClient`).
 * @returns The names of the migrations applied now (empty when the schema was current).
 * @throws {Error} node-pg-migrate's error when a migration fails (it is rolled back).
 * @example await migrate(pgliteClient(new PGlite()));
 */
export async function migrate(sql: SqlClient): Promise<string[]> {
  const applied = await sql.session((client) =>
    runner({
      // node-pg-migrate takes any object with pg's `query(text, values)`.
      dbClient: client as unknown as import("pg").ClientBase,
      dir: MIGRATIONS_DIR,
      direction: "up",
      migrationsTable: MIGRATIONS_TABLE,
      advisoryLockMode: "wait",
      checkOrder: true,
      log: () => {},
    }),
  );
  return applied.map((migration) => migration.name);
}
