import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { beforeAll } from "vitest";
import { pgMemoryStore, type SqlClient } from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";
import { describeStoreContract } from "./store-contract.js";

describeStoreContract("file system", async (options = {}) => {
  const folder = await mkdtemp(join(tmpdir(), "memfiles-contract-"));
  return {
    store: new MemoryStore({ root: join(folder, "memory"), ...options }),
    close: () => rm(folder, { recursive: true, force: true }),
  };
});

// One embedded database for the run (it takes seconds to start, see sharedPglite); each case gets
// a fresh tenant, which is also what an application does: one database, one tenant per user.
let database: SqlClient | undefined;
let tenants = 0;
beforeAll(async () => {
  database = await sharedPglite();
});

describeStoreContract("PGlite", async (options = {}) => {
  if (database === undefined) throw new Error("PGlite did not start (see beforeAll)");
  tenants += 1;
  return { store: pgMemoryStore(database, `user-${tenants}`, options), close: async () => {} };
});
