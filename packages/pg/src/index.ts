export {
  CopyMemoryError,
  type CopyMemoryResult,
  copyMemory,
  MOVED_INTERNAL_FILES,
} from "./copy-memory.js";
export {
  DatabaseError,
  type DatabaseErrorCode,
  type DatabaseErrorOptions,
} from "./database-error.js";
export { MIGRATIONS_DIR, MIGRATIONS_TABLE, migrate } from "./migrate.js";
export {
  type OpenDatabaseOptions,
  openDatabase,
  openTenantMemory,
  pgMemoryStore,
} from "./open-database.js";
export { type HistoryEntry, PgBackend, type PgBackendOptions } from "./pg-backend.js";
export {
  type PgPoolClientOptions,
  pgliteClient,
  pgPoolClient,
  type SqlClient,
  type SqlResult,
} from "./sql-client.js";
export { TenantError } from "./tenant-error.js";
