import { forget, remember } from "@memfiles/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgBackend, pgMemoryStore, type SqlClient } from "../src/index.js";
import { memoryFile } from "./store-contract.js";

/**
 * One user's memory is invisible to every other user of the same database: read, write, delete,
 * forget, list, internal files and history all stay inside the tenant. Exported so the real
 * server's suite runs the same cases.
 */
export function describeTenancy(name: string, open: () => Promise<SqlClient>): void {
  describe(`tenancy: ${name}`, () => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await open();
    });
    afterAll(async () => {
      await sql.close();
    });

    it("reads, writes, forgets and lists nothing across tenants", async () => {
      const suffix = Math.random().toString(36).slice(2);
      const alice = pgMemoryStore(sql, `alice-${suffix}`);
      const bob = pgMemoryStore(sql, `bob-${suffix}`);
      const now = new Date("2026-09-12T18:30:00Z");
      await remember({ store: alice, path: "topics/hosting.md", fact: "deploys on Fly.io", now });
      await alice.appendInternal("usage.jsonl", '{"alice":true}\n');
      const aliceFile = await alice.read("topics/hosting.md");
      expect(aliceFile.exists).toBe(true);

      // Bob sees nothing of Alice's.
      expect(await bob.list()).toEqual([]);
      expect(await bob.read("topics/hosting.md")).toMatchObject({ exists: false, version: "new" });
      expect(await bob.readInternal("usage.jsonl")).toBeUndefined();
      expect(await bob.renderIndex()).not.toContain("hosting");
      // Bob's write with Alice's token is a conflict in Bob's space, never a change to Alice's.
      expect(await bob.write("topics/hosting.md", "hijack\n", aliceFile.version)).toMatchObject({
        ok: false,
        code: "version_conflict",
      });
      // Bob's delete and forget find nothing to remove.
      expect(await bob.delete("topics/hosting.md")).toMatchObject({ ok: true, code: "deleted" });
      expect(await forget({ store: bob, query: "deploys on Fly.io", now })).toMatchObject({
        code: "nothing_matched",
      });
      // Bob's own file at the same path is his; Alice's is untouched by all of the above.
      await bob.write("topics/hosting.md", memoryFile("hosting", "Bob's.", ["self-hosted"]), "new");
      expect(await alice.read("topics/hosting.md")).toEqual(aliceFile);
      expect((await alice.list()).map((row) => row.path)).toEqual(["topics/hosting.md"]);
      expect(await alice.readInternal("usage.jsonl")).toBe('{"alice":true}\n');
      expect(await alice.readInternal("tombstones.json")).toBeUndefined();
      const bobBackend = new PgBackend({ sql, tenant: `bob-${suffix}` });
      expect(await bobBackend.history("topics/hosting.md")).toEqual([]);
    });

    // The same text at the same path gives both tenants the same version token, so only the
    // tenant filter of the delete statement keeps Bob's delete out of Alice's row.
    it.each([
      ["with Bob's version token", true],
      ["without a version token", false],
    ])(
      "a delete of a path both tenants hold removes only the deleter's file (%s)",
      async (_name, withToken) => {
        const suffix = Math.random().toString(36).slice(2);
        const alice = pgMemoryStore(sql, `alice-${suffix}`);
        const bob = pgMemoryStore(sql, `bob-${suffix}`);
        const text = memoryFile("hosting", "Where things run.", ["deploys on Fly.io"]);
        await alice.write("topics/hosting.md", text, "new");
        await bob.write("topics/hosting.md", text, "new");
        const aliceFile = await alice.read("topics/hosting.md");
        const bobFile = await bob.read("topics/hosting.md");
        expect(bobFile.version).toBe(aliceFile.version);

        const deleted = await bob.delete(
          "topics/hosting.md",
          withToken ? bobFile.version : undefined,
        );

        expect({
          deleted,
          bob: await bob.read("topics/hosting.md"),
          alice: await alice.read("topics/hosting.md"),
          aliceList: (await alice.list()).map((row) => row.path),
          aliceHistory: await new PgBackend({ sql, tenant: `alice-${suffix}` }).history(
            "topics/hosting.md",
          ),
        }).toEqual({
          deleted: { ok: true, code: "deleted", version: "new" },
          bob: { path: "topics/hosting.md", exists: false, version: "new" },
          alice: aliceFile,
          aliceList: ["topics/hosting.md"],
          aliceHistory: [],
        });
      },
    );
  });
}
