import { PGlite } from "@electric-sql/pglite";
import { MemoryStore, type StoreLayout } from "@memfiles/core";
import pg from "pg";
import { migrate } from "./migrate.js";
import { PgBackend } from "./pg-backend.js";
import { pgliteClient, pgPoolClient, type SqlClient } from "./sql-client.js";

/** Where the database is: a real server, an embedded PGlite folder, or PGlite in memory. */
export type OpenDatabaseOptions = {
  /** A PostgreSQL connection string, e.g. `postgres://memfiles@127.0.0.1:5432/memfiles`. */
  databaseUrl?: string;
  /** A folder for an embedded PGlite database (created when missing); ignored with `databaseUrl`. */
  dataDir?: string;
  /** Connections in the pool of a real server (default 10, pg's). */
  maxConnections?: number;
};

/**
 * Open the database and bring its schema up to date (node-pg-migrate). With `databaseUrl` a
 * node-postgres pool on a real server; otherwise PGlite, in `dataDir` or in memory.
 *
 * @param options - `{ databaseUrl?, dataDir?, maxConnections? }`.
 * @returns The migrated database; `close()` it when done.
 * @throws {Error} pg's connection error (server down, wrong password) or a migration's.
 * @example const sql = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<SqlClient> {
  const sql =
    options.databaseUrl !== undefined && options.databaseUrl !== ""
      ? pgPoolClient(
          new pg.Pool({
            connectionString: options.databaseUrl,
            ...(options.maxConnections === undefined ? {} : { max: options.maxConnections }),
          }),
        )
      : pgliteClient(options.dataDir === undefined ? new PGlite() : new PGlite(options.dataDir));
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
  return sql;
}

/**
 * A `MemoryStore` for one tenant (one user) of a migrated database: the usual store API (list,
 * read, write with a version token, delete, check, internal files, lock) on PostgreSQL.
 *
 * @param sql - From {@link openDatabase}.
 * @param tenant - The user's memory space, e.g. `"user-42"`.
 * @param options - `{ maxChars?, lockWaitMs?, layout? }` (chars, ms; `layout` as `MemoryStore`'s, default `subject`).
 * @returns The store; `store.root` is `postgres:<tenant>` or `pglite:<tenant>`.
 * @throws {TenantError} when the tenant is refused.
 * @example const store = pgMemoryStore(sql, "user-42");
 */
export function pgMemoryStore(
  sql: SqlClient,
  tenant: string,
  options: { maxChars?: number; lockWaitMs?: number; layout?: StoreLayout } = {},
): MemoryStore {
  const backend = new PgBackend({
    sql,
    tenant,
    ...(options.lockWaitMs === undefined ? {} : { lockWaitMs: options.lockWaitMs }),
  });
  return new MemoryStore({
    backend,
    ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }),
    ...(options.layout === undefined ? {} : { layout: options.layout }),
  });
}
