import { PGlite } from "@electric-sql/pglite";
import { migrate, pgliteClient, type SqlClient } from "../src/index.js";

/** A migrated in-memory PGlite database; `close()` it in `afterAll`. */
export async function migratedPglite(): Promise<SqlClient> {
  const sql = pgliteClient(new PGlite());
  await migrate(sql);
  return sql;
}
