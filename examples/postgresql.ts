import { MemoryStore, remember } from "@memfiles/core";
import { copyMemory, openDatabase, pgMemoryStore } from "@memfiles/pg";

// A real server (a node-postgres pool) when DATABASE_URL is set; else PGlite (Postgres in WASM, in
// this process) in memory. `openDatabase({ dataDir: "./memory-db" })` keeps PGlite in a folder.
const sql = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {},
);
const store = pgMemoryStore(sql, "user-42"); // store.root is "postgres:user-42" or "pglite:user-42"
await remember({ store, path: "topics/tools.md", fact: "uses Neovim" });

// Move a folder in (or back out): every file with its version token, and the tombstones.
await copyMemory(store, new MemoryStore({ root: "./memory-export" }));
console.log(`copied ${(await store.list()).length} file(s) out of ${store.root}`);
await sql.close();
