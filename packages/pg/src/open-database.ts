import { stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { detectLayout, MemoryStore, type StoreLayout } from "@memfiles/core";
import pg from "pg";
import lockfile from "proper-lockfile";
import { DatabaseError } from "./database-error.js";
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
  /** How long opening a connection to a real server may take, in ms (default 10,000). */
  connectTimeoutMs?: number;
  /**
   * How long to wait for a PGlite folder another process has open before refusing it
   * (`database_in_use`), in ms: retried with backoff, the last wait of up to 2 s may run past it
   * (default about 13,000).
   */
  lockWaitMs?: number;
};

/**
 * Open the database and bring its schema up to date (node-pg-migrate). With `databaseUrl` a
 * node-postgres pool on a real server; otherwise PGlite, in `dataDir` or in memory.
 *
 * @param options - `{ databaseUrl?, dataDir?, maxConnections?, connectTimeoutMs?, lockWaitMs? }`.
 * @returns The migrated database; `close()` it when done: calls already running on it finish
 *   first (a locked section commits whole or not at all), and any call after it is refused with
 *   a {@link DatabaseError} `closed`.
 * @throws {DatabaseError} `database_unreachable` when the server cannot be reached or refuses the
 *   login, `database_folder_refused` when `dataDir` is a file, lies under a missing folder or is
 *   not a PGlite database; a migration's own error otherwise.
 * @example const sql = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<SqlClient> {
  const server = options.databaseUrl !== undefined && options.databaseUrl !== "";
  const label = server
    ? databaseLabel(options.databaseUrl ?? "")
    : `the PGlite database in ${options.dataDir ?? "memory"}`;
  if (!server && options.dataDir !== undefined) await refuseNonFolder(options.dataDir, label);
  const release =
    !server && options.dataDir !== undefined
      ? await lockDataFolder(options.dataDir, label, options.lockWaitMs)
      : async () => {};
  let sql: SqlClient;
  try {
    sql = server
      ? pgPoolClient(
          new pg.Pool({
            connectionString: options.databaseUrl,
            connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
            ...(options.maxConnections === undefined ? {} : { max: options.maxConnections }),
          }),
          { label },
        )
      : pgliteClient(options.dataDir === undefined ? new PGlite() : new PGlite(options.dataDir), {
          label,
        });
  } catch (error) {
    await release().catch(() => {});
    throw openError(error, server, label);
  }
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close().catch(() => {});
    await release().catch(() => {});
    throw openError(error, server, label);
  }
  const opened = sql;
  return {
    ...opened,
    close: async () => {
      try {
        await opened.close();
      } finally {
        await release().catch(() => {});
      }
    },
  };
}

/**
 * Takes the PGlite folder for this process until `close()`: PGlite is Postgres in one process,
 * and two processes on one folder (two `memfiles --pglite` runs, the CLI beside `memfiles-mcp`)
 * each keep their own copy, so one's writes are lost and the folder can be left unopenable. The
 * lock is the folder `<dataDir>.lock` beside it (proper-lockfile; a killed process's lock goes
 * stale after 10 s). A second opener waits up to about 13 s for it (12 retries), or `waitMs`, then is
 * refused.
 */
async function lockDataFolder(
  dataDir: string,
  label: string,
  waitMs: number | undefined,
): Promise<() => Promise<void>> {
  const folder = resolve(dataDir);
  const backoff = { retries: 12, factor: 1.5, minTimeout: 100, maxTimeout: 2_000 };
  try {
    return await lockfile.lock(folder, {
      realpath: false,
      lockfilePath: `${folder}.lock`,
      stale: 10_000,
      // The retry package reads a maxRetryTime of 0 as none: no wait is no retry.
      retries:
        waitMs === undefined
          ? backoff
          : waitMs <= 0
            ? 0
            : { ...backoff, retries: 100, maxRetryTime: waitMs },
      // A blocked event loop (a long WASM query) may miss an mtime update; keep working rather
      // than throw from a timer.
      onCompromised: () => {},
    });
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ELOCKED") throw error;
    throw new DatabaseError({
      code: "database_in_use",
      database: label,
      message: `Could not open ${label}: another process has it open (${folder}.lock), and PGlite serves one process at a time. Stop that process (a memfiles-mcp server, another memfiles command) and run again, or use a PostgreSQL server (--database-url) for several processes.`,
      cause: error,
    });
  }
}

// SQLSTATE 28 (invalid authorization: a wrong password or user) and 3D000 (no such database).
const LOGIN_SQLSTATE = /^(28|3D000)/;

function openError(error: unknown, server: boolean, label: string): unknown {
  const reason = describeError(error);
  if (server) {
    const code =
      typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
    const unreachable =
      (error instanceof DatabaseError && error.code === "connection_lost") ||
      LOGIN_SQLSTATE.test(code) ||
      /timeout|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|getaddrinfo|password|SASL/i.test(reason);
    if (!unreachable) return error;
    const detail = error instanceof DatabaseError ? causeMessage(error) : reason;
    return new DatabaseError({
      code: "database_unreachable",
      database: label,
      message: `Could not open ${label}: ${detail}. Check that the server runs and the URL's host, port, user, password and database are right.`,
      cause: error,
    });
  }
  if (label.endsWith("memory")) return error;
  return new DatabaseError({
    code: "database_folder_refused",
    database: label,
    message: `Could not open ${label}: ${reason}. Give --pglite a folder of its own (it is created when missing), not a file or another program's folder.`,
    cause: error,
  });
}

function causeMessage(error: DatabaseError): string {
  const cause = error.cause;
  if (cause instanceof Error && cause.message !== "") return cause.message;
  if (typeof cause === "object" && cause !== null && "code" in cause) return String(cause.code);
  return error.message;
}

// PGlite makes its folder (and the lock beside it) but not the folders above it.
async function refuseNonFolder(dataDir: string, label: string): Promise<void> {
  const found = await stat(dataDir).catch(() => undefined);
  if (found?.isDirectory() === true) return;
  if (found !== undefined) {
    throw new DatabaseError({
      code: "database_folder_refused",
      database: label,
      message: `Could not open ${label}: it is a file, not a folder. Give --pglite a folder of its own (it is created when missing).`,
    });
  }
  const parent = dirname(resolve(dataDir));
  if ((await stat(parent).catch(() => undefined))?.isDirectory() === true) return;
  throw new DatabaseError({
    code: "database_folder_refused",
    database: label,
    message: `Could not open ${label}: no folder ${parent} to make it in. Create ${parent} first, or give --pglite a folder inside one that exists (the database's own folder is created when missing).`,
  });
}

/** The connection string without its password (error messages and logs never carry it). */
function databaseLabel(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = "";
    url.search = "";
    return url.toString();
  } catch {
    return "the PostgreSQL server given (its URL does not parse)";
  }
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

/**
 * Open a database and one tenant's memory in it, as the `memfiles` CLI and `memfiles-mcp` do:
 * {@link openDatabase}, then {@link pgMemoryStore} in `layout`, or without one in the layout the
 * memory holds (`detectLayout`, as for a folder: a fact memory copied in is not read as subject
 * files). The connection is closed when the store cannot be opened.
 *
 * @param options - {@link OpenDatabaseOptions} and `{ tenant, layout?, maxChars? }` (chars).
 * @returns `{ store, close }`: `close()` the connection when done.
 * @throws {DatabaseError} as {@link openDatabase}; {@link TenantError} when the tenant is refused.
 * @example const { store, close } = await openTenantMemory({ dataDir: "memory.db", tenant: "local" });
 */
export async function openTenantMemory(
  options: OpenDatabaseOptions & { tenant: string; layout?: StoreLayout; maxChars?: number },
): Promise<{ store: MemoryStore; close: () => Promise<void> }> {
  const { tenant, layout, maxChars, ...where } = options;
  const sql = await openDatabase(where);
  try {
    const sized = maxChars === undefined ? {} : { maxChars };
    const detected = layout ?? (await detectLayout(pgMemoryStore(sql, tenant, sized)));
    return {
      store: pgMemoryStore(sql, tenant, { ...sized, layout: detected }),
      close: () => sql.close(),
    };
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
}

/** A thrown value as words: PGlite rejects with plain objects (an Emscripten `ErrnoError`), too. */
function describeError(error: unknown): string {
  if (error instanceof Error && error.message !== "") return error.message;
  if (typeof error === "object" && error !== null) {
    const fields = error as { message?: unknown; code?: unknown; errno?: unknown; name?: unknown };
    const words = [fields.name, fields.message, fields.code, fields.errno]
      .filter((field) => typeof field === "string" || typeof field === "number")
      .join(" ");
    if (words !== "") return words;
  }
  return typeof error === "string" && error !== "" ? error : "an unknown error";
}
