import { MemfilesError } from "@memfiles/errors";

/** snake_case codes of a {@link DatabaseError}. */
export type DatabaseErrorCode =
  /** The server cannot be reached or refused the login (host, port, password, database name). */
  | "database_unreachable"
  /** The `dataDir` of an embedded PGlite database is not a folder PGlite can open. */
  | "database_folder_refused"
  /** The PGlite `dataDir` is open in another process (PGlite serves one process at a time). */
  | "database_in_use"
  /** The connection broke while a statement ran (the server restarted, a proxy timed out). */
  | "connection_lost"
  /** A call used the database after `close()`: open it again for new calls. */
  | "closed";

/** Fields of a {@link DatabaseError}. */
export type DatabaseErrorOptions = {
  code: DatabaseErrorCode;
  /** What the database is, without a password: `postgres://memfiles@127.0.0.1:5432/memfiles`, a PGlite folder. */
  database: string;
  message: string;
  cause?: unknown;
};

/**
 * The database could not be opened (server unreachable, login refused, a PGlite `dataDir` that is
 * a file) or its connection broke mid-statement. Opening errors are the user's to fix (a setting);
 * a lost connection is an outage: run the call again.
 *
 * @example
 * try { await openDatabase({ databaseUrl }) } catch (error) {
 *   if (error instanceof DatabaseError) console.error(error.message); // one line, no secret
 * }
 */
export class DatabaseError extends MemfilesError {
  override readonly name = "DatabaseError";
  declare readonly code: DatabaseErrorCode;
  /** The database named in the message (never with its password). */
  readonly database: string;

  constructor(options: DatabaseErrorOptions) {
    super(options.message, {
      code: options.code,
      userFixable: options.code !== "connection_lost",
      cause: options.cause,
    });
    this.database = options.database;
  }
}
