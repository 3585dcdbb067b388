import { versionToken } from "@memfiles/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MIGRATIONS_TABLE,
  migrate,
  PgBackend,
  pgMemoryStore,
  type SqlClient,
} from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";
import { memoryFile } from "./store-contract.js";

describe("PostgreSQL backend on PGlite", () => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await sharedPglite();
  });
  afterAll(async () => {
    await sql.close();
  });

  it("keeps every replaced and deleted version in the history table, newest first", async () => {
    const store = pgMemoryStore(sql, "history-user");
    const backend = new PgBackend({ sql, tenant: "history-user" });
    const texts = ["one", "two", "three"].map((word) => memoryFile("h", "History.", [word]));
    let version = "new";
    for (const text of texts) {
      const written = await store.write("h.md", text, version);
      if (!written.ok) throw new Error(written.message);
      version = written.version;
    }
    await store.delete("h.md", version);
    const history = await backend.history("h.md");
    expect(history.map((entry) => [entry.change, entry.content])).toEqual([
      ["delete", texts[2]],
      ["update", texts[1]],
      ["update", texts[0]],
    ]);
    expect(history.map((entry) => entry.version)).toEqual(
      [texts[2], texts[1], texts[0]].map((text) => versionToken(text)),
    );
  });

  it("applies the migrations once: a second run applies none", async () => {
    expect(await migrate(sql)).toEqual([]);
    const { rows } = await sql.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`);
    expect(rows.map((row) => row.name)).toEqual(["1764561600000_memory-files"]);
  });
});
