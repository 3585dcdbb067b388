import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { MemoryStore } from "@memfiles/core";
import { afterAll, beforeAll } from "vitest";
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
let database: SqlClient | undefined;
let tenants = 0;
beforeAll(async () => {
  database = pgliteClient(new PGlite());
  await migrate(database);
});
afterAll(async () => {
  await database?.close();
});

describeStoreContract("PGlite", async () => {
  if (database === undefined) throw new Error("PGlite did not start (see beforeAll)");
  tenants += 1;
  return { store: pgMemoryStore(database, `user-${tenants}`), close: async () => {} };
});
