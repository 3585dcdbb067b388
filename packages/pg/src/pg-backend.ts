import { AsyncLocalStorage } from "node:async_hooks";
import {
  type BackendWriteResult,
  MemoryLockError,
  type StorageBackend,
  type StoredFile,
  versionToken,
} from "@memfiles/core";
import { DatabaseError } from "./database-error.js";
import type { SqlClient } from "./sql-client.js";
import { TenantError } from "./tenant-error.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_TENANT_CHARS = 200;
const NEW_VERSION = "new";

// PGlite decodes every text field with a default TextDecoder, which drops a leading byte order
// mark; a file that starts with one would lose it (and its version token would change). So text
// is selected behind one guard character (`CONTENT`) and `unguard` takes it off again.
const CONTENT = "('.' || content) AS content";
function unguard<Row extends { content: string }>(row: Row): Row {
  return { ...row, content: row.content.slice(1) };
}

// The locked section running in this async context: its statements go to the connection whose
// transaction holds the tenant's lock, so they stop with that connection instead of carrying on,
// unprotected, over the rest of the pool.
type LockedSection = { sql: SqlClient; tenant: string; connection: SqlClient; open: boolean };
const sections = new AsyncLocalStorage<LockedSection>();

/** Options of {@link PgBackend}. */
export type PgBackendOptions = {
  /** The database (see `pgPoolClient`, `pgliteClient`); its schema must be migrated (`migrate`). */
  sql: SqlClient;
  /** The memory space: one per user, e.g. `"user-42"`; 1 to 200 printable chars. */
  tenant: string;
  /**
   * How long a write waits for another connection's lock on this tenant, or on a row it writes
   * (a transaction left open elsewhere), in ms (default 30,000).
   */
  lockWaitMs?: number;
};

/** One earlier version of a memory file, from the history table. */
export type HistoryEntry = {
  version: string;
  content: string;
  /** What replaced it: an `update` or a `delete`. */
  change: "update" | "delete";
  /** When it was replaced (the server's clock). */
  replacedAt: Date;
};

/**
 * A {@link StorageBackend} on PostgreSQL (a real server through `pg`, or PGlite): one row per
 * memory file keyed by `(tenant, path)`, every query filtered by this backend's tenant, a version-
 * token write as one conditional statement, and a trigger keeping every replaced version in
 * `memory_history`. Open one per user; `new MemoryStore({ backend })` gives the usual store API.
 *
 * @example
 * const backend = new PgBackend({ sql: pgliteClient(new PGlite()), tenant: "user-42" });
 * const store = new MemoryStore({ backend });
 */
export class PgBackend implements StorageBackend {
  readonly label: string;
  /** The memory space every query of this backend is limited to. */
  readonly tenant: string;
  readonly #sql: SqlClient;
  readonly #lockWaitMs: number;

  /**
   * @param options - `{ sql, tenant, lockWaitMs? }`.
   * @throws {TenantError} when the tenant is empty, too long or holds control characters.
   */
  constructor(options: PgBackendOptions) {
    const { tenant } = options;
    if (typeof tenant !== "string" || tenant === "") {
      throw new TenantError({ tenant: String(tenant ?? ""), reason: "it is empty" });
    }
    if (tenant.length > MAX_TENANT_CHARS) {
      throw new TenantError({ tenant, reason: `it is over ${MAX_TENANT_CHARS} chars` });
    }
    if (CONTROL.test(tenant)) {
      throw new TenantError({ tenant, reason: "it holds a control character" });
    }
    this.tenant = tenant;
    this.#sql = options.sql;
    this.#lockWaitMs = options.lockWaitMs ?? 30_000;
    this.label = `${options.sql.shared ? "postgres" : "pglite"}:${tenant}`;
  }

  async listVersions(): Promise<Array<{ path: string; version: string }>> {
    const { rows } = await this.#client().query<{ path: string; version: string }>(
      "SELECT path, version FROM memory_files WHERE tenant = $1",
      [this.tenant],
    );
    return rows;
  }

  async readMany(paths: readonly string[]): Promise<StoredFile[]> {
    const { rows } = await this.#client().query<StoredFile>(
      `SELECT path, ${CONTENT}, version FROM memory_files WHERE tenant = $1 AND path = ANY($2::text[])`,
      [this.tenant, paths],
    );
    return rows.map(unguard);
  }

  async read(path: string): Promise<StoredFile | undefined> {
    const { rows } = await this.#client().query<StoredFile>(
      `SELECT path, ${CONTENT}, version FROM memory_files WHERE tenant = $1 AND path = $2`,
      [this.tenant, path],
    );
    return rows[0] && unguard(rows[0]);
  }

  async writeIfVersion(
    path: string,
    content: string,
    ifVersion: string,
  ): Promise<BackendWriteResult> {
    const version = versionToken(content);
    // One statement each: the token is compared in the row being changed, so two connections
    // holding the same token can never both succeed (the second finds no matching row).
    const { rows } =
      ifVersion === NEW_VERSION
        ? await this.#client().query(
            `INSERT INTO memory_files (tenant, path, content, version) VALUES ($1, $2, $3, $4)
             ON CONFLICT (tenant, path) DO NOTHING RETURNING version`,
            [this.tenant, path, content, version],
          )
        : await this.#client().query(
            `UPDATE memory_files SET content = $3, version = $4, updated_at = now()
             WHERE tenant = $1 AND path = $2 AND version = $5 RETURNING version`,
            [this.tenant, path, content, version, ifVersion],
          );
    if (rows.length === 1) return { ok: true, version };
    return { ok: false, current: await this.read(path) };
  }

  async deleteIfVersion(path: string, ifVersion?: string): Promise<BackendWriteResult> {
    const { rows } = await this.#client().query(
      `DELETE FROM memory_files WHERE tenant = $1 AND path = $2 AND ($3::text IS NULL OR version = $3)
       RETURNING path`,
      [this.tenant, path, ifVersion ?? null],
    );
    if (rows.length === 1) return { ok: true, version: NEW_VERSION };
    const current = await this.read(path);
    return current === undefined ? { ok: true, version: NEW_VERSION } : { ok: false, current };
  }

  async readInternal(name: string): Promise<string | undefined> {
    const { rows } = await this.#client().query<{ content: string }>(
      `SELECT ${CONTENT} FROM memory_internal WHERE tenant = $1 AND name = $2`,
      [this.tenant, name],
    );
    return rows[0] && unguard(rows[0]).content;
  }

  async writeInternal(name: string, text: string): Promise<void> {
    await this.#client().query(
      `INSERT INTO memory_internal (tenant, name, content) VALUES ($1, $2, $3)
       ON CONFLICT (tenant, name) DO UPDATE SET content = EXCLUDED.content`,
      [this.tenant, name, text],
    );
  }

  async deleteInternal(name: string): Promise<void> {
    await this.#client().query("DELETE FROM memory_internal WHERE tenant = $1 AND name = $2", [
      this.tenant,
      name,
    ]);
  }

  async appendInternal(name: string, text: string): Promise<void> {
    await this.#client().query(
      `INSERT INTO memory_internal (tenant, name, content) VALUES ($1, $2, $3)
       ON CONFLICT (tenant, name) DO UPDATE SET content = memory_internal.content || EXCLUDED.content`,
      [this.tenant, name, text],
    );
  }

  async readIndex(): Promise<string | undefined> {
    const { rows } = await this.#client().query<{ content: string }>(
      `SELECT ${CONTENT} FROM memory_index WHERE tenant = $1`,
      [this.tenant],
    );
    return rows[0] && unguard(rows[0]).content;
  }

  async writeIndex(text: string): Promise<void> {
    await this.#client().query(
      `INSERT INTO memory_index (tenant, content) VALUES ($1, $2)
       ON CONFLICT (tenant) DO UPDATE SET content = EXCLUDED.content`,
      [this.tenant, text],
    );
  }

  /**
   * Every earlier version of a file, newest first (what "undo" and "what changed" read).
   *
   * @param path - Memory path, e.g. `topics/tools.md` (validate it with `parseMemoryPath` first when it comes from outside).
   * @returns `{ version, content, change, replacedAt }` entries; empty when never replaced.
   * @example const [previous] = await backend.history("profile.md");
   */
  async history(path: string): Promise<HistoryEntry[]> {
    const { rows } = await this.#client().query<{
      version: string;
      content: string;
      change: "update" | "delete";
      replaced_at: Date;
    }>(
      `SELECT version, ${CONTENT}, change, replaced_at FROM memory_history
       WHERE tenant = $1 AND path = $2 ORDER BY id DESC`,
      [this.tenant, path],
    );
    return rows.map(unguard).map((row) => ({
      version: row.version,
      content: row.content,
      change: row.change,
      replacedAt: new Date(row.replaced_at),
    }));
  }

  // Inside this tenant's locked section, its connection; elsewhere the pool.
  #client(): SqlClient {
    const section = sections.getStore();
    if (section === undefined || section.sql !== this.#sql || section.tenant !== this.tenant) {
      return this.#sql;
    }
    if (!section.open) {
      // Work the section started but did not wait for: the lock is gone, so it may not write.
      throw new MemoryLockError({
        root: this.label,
        message: `A statement on ${this.label} ran after its locked section ended (work started under the lock and not awaited). Await everything inside withLock.`,
      });
    }
    return section.connection;
  }

  /**
   * Runs `fn` inside one transaction holding a transaction-level advisory lock on this tenant (a
   * real server), so a read-modify-write of the tombstones or a forget cannot interleave with
   * another server's. Every statement of `fn` on this backend runs on that transaction's
   * connection: when the connection drops, the server releases the lock and rolls the transaction
   * back, and the section fails instead of going on unprotected. PGlite lives in one process: the
   * store's in-process queue is the whole lock there.
   *
   * @param fn - The section; its statements on this backend are committed together when it returns.
   * @returns What `fn` returns, once its transaction is committed.
   * @throws {MemoryLockError} when the lock, or a row a statement of `fn` writes, is not free
   *   within `lockWaitMs` (the message names the table), or the connection holding it was lost
   *   (before the `COMMIT`: nothing of the section was kept; during it: all or nothing was kept,
   *   which the message says is unknown; run the call again either way).
   */
  withLock<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.#sql.shared) {
      // One process: the store's in-process queue is the whole lock. The section is a session
      // all the same, so `close()` waits for it instead of cutting it between two statements.
      return this.#sql.session(async (connection) => {
        const section: LockedSection = {
          sql: this.#sql,
          tenant: this.tenant,
          connection,
          open: true,
        };
        try {
          return await sections.run(section, fn);
        } finally {
          section.open = false;
        }
      });
    }
    const key = `memfiles:${this.tenant}`;
    return this.#sql.session(async (connection) => {
      try {
        await connection.query("BEGIN");
        await connection.query(
          `SET LOCAL lock_timeout = ${Math.max(1, Math.round(this.#lockWaitMs))}`,
        );
        // lock_timeout stays set for the whole section: a row another connection keeps locked
        // (a transaction left open, a SELECT ... FOR UPDATE) stalls a write at most lockWaitMs.
        await connection.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [key]);
      } catch (error) {
        await connection.query("ROLLBACK").catch(() => {});
        throw error instanceof DatabaseError
          ? this.#lost(error, "while waiting for its lock")
          : new MemoryLockError({
              root: this.label,
              message: `Could not take the lock of ${this.label} within ${this.#lockWaitMs} ms: another server holds it. Try again; raise lockWaitMs if writes are long.`,
              cause: error,
            });
      }
      const section: LockedSection = {
        sql: this.#sql,
        tenant: this.tenant,
        connection: this.#boundedByLockWait(connection),
        open: true,
      };
      let result: T;
      try {
        result = await sections.run(section, fn);
      } catch (error) {
        section.open = false;
        const rolledBack = await connection.query("ROLLBACK").then(
          () => undefined,
          (rollbackError: unknown) => rollbackError,
        );
        const lost = [error, rolledBack].find((value) => value instanceof DatabaseError);
        throw lost === undefined ? error : this.#lost(lost as DatabaseError, "inside its section");
      }
      section.open = false;
      try {
        await connection.query("COMMIT");
      } catch (error) {
        await connection.query("ROLLBACK").catch(() => {});
        throw error instanceof DatabaseError ? this.#lostCommit(error) : error;
      }
      return result;
    });
  }

  // The section's connection, with a lock wait that ran out (SQLSTATE 55P03, lock_not_available)
  // said as what it is: which table, that nothing was written, and how to fix it.
  #boundedByLockWait(connection: SqlClient): SqlClient {
    const bounded: SqlClient = {
      shared: connection.shared,
      query: async <Row>(text: string, values?: unknown[]) => {
        try {
          return await connection.query<Row>(text, values);
        } catch (error) {
          if (sqlState(error) !== LOCK_NOT_AVAILABLE) throw error;
          const table = /\b(?:FROM|INTO|UPDATE)\s+([a-z_]+)/i.exec(text)?.[1] ?? "a memory table";
          throw new MemoryLockError({
            root: this.label,
            message: `Could not write ${table} of ${this.label} within ${this.#lockWaitMs} ms: another connection holds a lock on its row (a transaction left open, a SELECT ... FOR UPDATE). Nothing of this call was written. End that transaction (pg_stat_activity shows it), then run the call again; raise lockWaitMs if such locks are expected.`,
            cause: error,
          });
        }
      },
      session: (fn) => fn(bounded),
      close: async () => {},
    };
    return bounded;
  }

  // The COMMIT was sent and its answer lost: the server may have committed the section whole, or
  // not at all (never a part of it), and nothing here can tell which.
  #lostCommit(error: DatabaseError): MemoryLockError {
    return new MemoryLockError({
      root: this.label,
      message: `Lost the connection holding the lock of ${this.label} while committing its section (${reasonOf(error)}): the server may have saved all of it or none of it, never a part. Read the memory to see which (the file the call wrote), or run the call again: a remember that landed answers duplicate, a forget finds nothing left to remove.`,
      cause: error,
    });
  }

  #lost(error: DatabaseError, when: string): MemoryLockError {
    return new MemoryLockError({
      root: this.label,
      message: `Lost the connection holding the lock of ${this.label} ${when} (${reasonOf(error)}). The section was rolled back: nothing of it was written. Run the call again.`,
      cause: error,
    });
  }
}

// https://www.postgresql.org/docs/current/errcodes-appendix.html: lock_timeout ran out.
const LOCK_NOT_AVAILABLE = "55P03";

function sqlState(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error
    ? String(error.code)
    : undefined;
}

function reasonOf(error: DatabaseError): string {
  return error.cause instanceof Error && error.cause.message !== ""
    ? error.cause.message
    : error.message;
}
