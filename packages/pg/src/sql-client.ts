import type { PGlite } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";
import { DatabaseError } from "./database-error.js";

/** Rows of one statement. */
export type SqlResult<Row> = { rows: Row[] };

/**
 * The one small query interface the PostgreSQL backend runs on: node-postgres (`pg`) for a real
 * server, PGlite for an embedded database and the tests. Statements use `$1`-style parameters;
 * a statement without parameters may hold several commands (the migrations do).
 */
export interface SqlClient {
  /** Run one statement (parameters bound as `$1`, `$2`...). */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<SqlResult<Row>>;
  /**
   * Run `fn` on one connection held for its whole duration (a locked section's transaction and
   * the migrations need that); a single-connection client runs it on itself.
   */
  session<T>(fn: (client: SqlClient) => Promise<T>): Promise<T>;
  /** Whether several processes may share the database (a real server): then locks must be in SQL. */
  readonly shared: boolean;
  /**
   * Close the pool or the embedded database: statements and sessions already running finish
   * first (a locked section commits or rolls back whole), later ones are refused with a
   * `DatabaseError` `closed`.
   */
  close(): Promise<void>;
}

/** Options of {@link pgPoolClient}. */
export type PgPoolClientOptions = {
  /** What error messages call the database, without its password, e.g. `postgres://memfiles@127.0.0.1:5432/memfiles`. */
  label?: string;
};

/**
 * A {@link SqlClient} on a node-postgres pool (a real server, several connections). Every pooled
 * connection gets an `error` listener when it is made, so a connection the server drops (a
 * `pg_terminate_backend`, a failover, a proxy's idle timeout) is discarded instead of ending the
 * process with an unhandled `'error'` event; a statement it was running fails with a
 * {@link DatabaseError} `connection_lost`.
 *
 * @param pool - A `pg.Pool`, e.g. `new Pool({ connectionString: process.env.DATABASE_URL })`.
 * @param options - `{ label? }` (default `PostgreSQL`).
 * @returns The client; `close()` ends the pool once the calls running on it are done; a call
 *   after it is refused with a {@link DatabaseError} `closed`.
 * @example const client = pgPoolClient(new Pool({ connectionString: process.env.DATABASE_URL }));
 */
export function pgPoolClient(pool: Pool, options: PgPoolClientOptions = {}): SqlClient {
  const label = options.label ?? "PostgreSQL";
  // The pool emits the error of an idle connection after discarding it; nothing is running on it.
  pool.on("error", () => {});
  // A checked-out connection has no pool listener: this one keeps its error from being unhandled.
  pool.on("connect", (connection) => {
    connection.on("error", () => {});
  });
  return closing(label, {
    shared: true,
    async query<Row>(text: string, values?: unknown[]) {
      try {
        const result = await pool.query(text, values);
        return { rows: result.rows as Row[] };
      } catch (error) {
        throw connectionLost(error, label) ?? error;
      }
    },
    async session<T>(fn: (client: SqlClient) => Promise<T>): Promise<T> {
      let connection: PoolClient;
      try {
        connection = await pool.connect();
      } catch (error) {
        throw connectionLost(error, label) ?? error;
      }
      const state: { broken?: unknown } = {};
      const onError = (error: unknown) => {
        state.broken ??= error;
      };
      connection.on("error", onError);
      try {
        return await fn(connectionClient(connection, state, label));
      } finally {
        connection.off("error", onError);
        // A broken connection is destroyed, never handed to the next caller.
        connection.release(state.broken === undefined ? undefined : toError(state.broken));
      }
    },
    close: () => pool.end(),
  });
}

function connectionClient(
  connection: PoolClient,
  state: { broken?: unknown },
  label: string,
): SqlClient {
  const client: SqlClient = {
    shared: true,
    async query<Row>(text: string, values?: unknown[]) {
      if (state.broken !== undefined) throw lostError(state.broken, label);
      try {
        const result = await connection.query(text, values);
        return { rows: result.rows as Row[] };
      } catch (error) {
        const lost = connectionLost(error, label);
        if (lost === undefined) throw error;
        state.broken ??= error;
        throw lost;
      }
    },
    session: (fn) => fn(client),
    close: async () => {},
  };
  return client;
}

// SQLSTATE classes 08 (connection exception) and 57P (the server shut the session down, e.g.
// 57P01 from pg_terminate_backend): https://www.postgresql.org/docs/current/errcodes-appendix.html
const LOST_SQLSTATE = /^(08|57P)/;
// What node-postgres and Node's sockets throw without a SQLSTATE when the connection goes away.
const LOST_SOCKET = /^(ECONNRESET|EPIPE|ETIMEDOUT|ECONNREFUSED|EHOSTUNREACH|ENOTFOUND)$/;
const LOST_MESSAGE =
  /Connection terminated|Client has encountered a connection error|not queryable|Client was closed/;
// What pg and PGlite throw once closed (the pool or database ended outside `close()`).
const CLOSED_MESSAGE = /Cannot use a pool after calling end on the pool|PGlite is closed/;

/** The error as a {@link DatabaseError} `connection_lost` when it says the connection is gone. */
function connectionLost(error: unknown, label: string): DatabaseError | undefined {
  if (error instanceof DatabaseError) return error;
  if (error instanceof Error && CLOSED_MESSAGE.test(error.message))
    return closedError(label, error);
  const code =
    typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  const message = error instanceof Error ? error.message : String(error);
  if (!LOST_SQLSTATE.test(code) && !LOST_SOCKET.test(code) && !LOST_MESSAGE.test(message)) {
    return undefined;
  }
  return lostError(error, label);
}

function lostError(cause: unknown, label: string): DatabaseError {
  if (cause instanceof DatabaseError) return cause;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new DatabaseError({
    code: "connection_lost",
    database: label,
    message: `Lost the connection to ${label} (${reason}). Run the call again once the server answers; a statement cut off this way either took effect whole or not at all.`,
    cause,
  });
}

function closedError(label: string, cause?: unknown): DatabaseError {
  return new DatabaseError({
    code: "closed",
    database: label,
    message: `Refused to run a statement on ${label}: it was closed (close() was called), and nothing of this call ran on it. Open the database again (openDatabase) for new calls, and close it only once every call on it has finished.`,
    cause,
  });
}

// `close()` lets the statements and sessions already running finish (a locked section commits or
// rolls back whole, never cut between two statements), then closes; anything started after it
// is refused with `closed` instead of the library's own error.
function closing(label: string, client: SqlClient): SqlClient {
  const running = new Set<Promise<unknown>>();
  let closed: Promise<void> | undefined;
  const track = <T>(run: () => Promise<T>): Promise<T> => {
    if (closed !== undefined) return Promise.reject(closedError(label));
    const promise = run();
    running.add(promise);
    const forget = () => {
      running.delete(promise);
    };
    promise.then(forget, forget);
    return promise;
  };
  return {
    shared: client.shared,
    query: (text, values) => track(() => client.query(text, values)),
    session: (fn) => track(() => client.session(fn)),
    close: () => {
      closed ??= (async () => {
        while (running.size > 0) await Promise.allSettled([...running]);
        await client.close();
      })();
      return closed;
    },
  };
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/**
 * A {@link SqlClient} on PGlite (Postgres compiled to WASM, in this process): one connection, so
 * `session` runs on it directly and locks are the store's in-process queue.
 *
 * @param db - A PGlite database (`new PGlite()` in memory, or `new PGlite("./memory-db")` on disk).
 * @param options - `{ label? }`: what error messages call it (default `the PGlite database`).
 * @returns The client; `close()` closes the database once the calls running on it are done.
 * @example const client = pgliteClient(new PGlite());
 */
export function pgliteClient(db: PGlite, options: { label?: string } = {}): SqlClient {
  const label = options.label ?? "the PGlite database";
  const client: SqlClient = {
    shared: false,
    async query<Row>(text: string, values?: unknown[]) {
      try {
        if (values === undefined || values.length === 0) {
          // The simple protocol: a migration file holds several commands.
          const results = await db.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Row[] };
        }
        const result = await db.query<Row>(text, values);
        return { rows: result.rows };
      } catch (error) {
        throw error instanceof Error && CLOSED_MESSAGE.test(error.message)
          ? closedError(label, error)
          : error;
      }
    },
    session: (fn) => fn(client),
    close: () => db.close(),
  };
  return closing(label, client);
}
