import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { MemoryStore } from "@memfiles/core";
import { afterAll } from "vitest";
import { migrate, pgliteClient, pgMemoryStore, type SqlClient } from "../src/index.js";
import { describeStoreContract } from "./store-contract.js";

describeStoreContract("file system", async () => {
  const folder = await mkdtemp(join(tmpdir(), "memfiles-contract-"));
  return {
    store: new MemoryStore({ root: join(folder, "memory") }),
    close: () => rm(folder, { recursive: true, force: true }),
  };
});

// One embedded database for the file (it takes seconds to start); each case gets a fresh tenant,
// which is also what an application does: one database, one tenant per user.
let database: Promise<SqlClient> | undefined;
let tenants = 0;
afterAll(async () => {
  if (database) await (await database).close();
});

describeStoreContract("PGlite", async () => {
  database ??= (async () => {
    const sql = pgliteClient(new PGlite());
    await migrate(sql);
    return sql;
  })();
  tenants += 1;
  return { store: pgMemoryStore(await database, `user-${tenants}`), close: async () => {} };
});
