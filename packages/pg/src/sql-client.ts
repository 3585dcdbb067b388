import type { PGlite } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";

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
   * Run `fn` on one connection held for its whole duration (session-level advisory locks and
   * migrations need that); a single-connection client runs it on itself.
   */
  session<T>(fn: (client: SqlClient) => Promise<T>): Promise<T>;
  /** Whether several processes may share the database (a real server): then locks must be in SQL. */
  readonly shared: boolean;
  /** Close the pool or the embedded database. */
  close(): Promise<void>;
}

/**
 * A {@link SqlClient} on a node-postgres pool (a real server, several connections).
 *
 * @param pool - A `pg.Pool`, e.g. `new Pool({ connectionString: process.env.DATABASE_URL })`.
 * @returns The client; `close()` ends the pool.
 * @example const client = pgPoolClient(new Pool({ connectionString: process.env.DATABASE_URL }));
 */
export function pgPoolClient(pool: Pool): SqlClient {
  return {
    shared: true,
    async query<Row>(text: string, values?: unknown[]) {
      const result = await pool.query(text, values);
      return { rows: result.rows as Row[] };
    },
    async session<T>(fn: (client: SqlClient) => Promise<T>): Promise<T> {
      const connection = await pool.connect();
      try {
        return await fn(connectionClient(connection));
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

function connectionClient(connection: PoolClient): SqlClient {
  const client: SqlClient = {
    shared: true,
    async query<Row>(text: string, values?: unknown[]) {
      const result = await connection.query(text, values);
      return { rows: result.rows as Row[] };
    },
    session: (fn) => fn(client),
    close: async () => {},
  };
  return client;
}

/**
 * A {@link SqlClient} on PGlite (Postgres compiled to WASM, in this process): one connection, so
 * `session` runs on it directly and locks are the store's in-process queue.
 *
 * @param db - A PGlite database (`new PGlite()` in memory, or `new PGlite("./memory-db")` on disk).
 * @returns The client; `close()` closes the database.
 * @example const client = pgliteClient(new PGlite());
 */
export function pgliteClient(db: PGlite): SqlClient {
  const client: SqlClient = {
    shared: false,
    async query<Row>(text: string, values?: unknown[]) {
      if (values === undefined || values.length === 0) {
        // The simple protocol: a migration file holds several commands.
        const results = await db.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Row[] };
      }
      const result = await db.query<Row>(text, values);
      return { rows: result.rows };
    },
    session: (fn) => fn(client),
    close: () => db.close(),
  };
  return client;
}
