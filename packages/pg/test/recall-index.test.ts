import { MemoryStore } from "@memfiles/core";
import {
  clearedByScreen,
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  RECALL_INDEX_FILE,
  RECALL_INDEX_FORMAT,
  RECALL_INDEX_LOG,
  rankRecallUnits,
} from "@memfiles/core/internal";
import { recallForPrompt } from "@memfiles/core/recall";
import {
  expectRecallAfterWrite,
  expectWriteDuringWholeStoreSeen,
  LIBRARY_WRITES,
  recallMemory,
  recallWriteRows,
} from "@memfiles/core/test";
import { describe, expect, it } from "vitest";
import { PgBackend, pgMemoryStore } from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";

const fact = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: ${name}.\ntype: user\n---\n${body}\n`;

describe("the recall index of a tenant lives in the database", () => {
  it("is stored with the tenant, read by another app server, and follows its writes", async () => {
    const sql = await sharedPglite();
    const tenant = `recall-index-${Date.now()}`;
    const server = () =>
      new MemoryStore({ backend: new PgBackend({ sql, tenant }), layout: "fact" });
    const first = server();
    await first.write("deploy.md", fact("deploy", "Deploys the billing API on Fly.io."), "new");
    await first.write("editor.md", fact("editor", "Uses Neovim for everything."), "new");
    // Enough other files that one changed file stays under the log's share of the index.
    for (let n = 0; n < 20; n++)
      await first.write(`filler-${n}.md`, fact(`filler ${n}`, `Filler fact number ${n}.`), "new");
    const texts = async (store: MemoryStore) =>
      (await rankRecallUnits({ store, query: "Where does the billing API deploy?" })).map(
        (unit) => unit.text,
      );
    expect(await texts(first)).toEqual(["Deploys the billing API on Fly.io."]);
    await flushRecallIndexes();
    expect(await first.readInternal(RECALL_INDEX_FILE)).toContain(
      `"format":${RECALL_INDEX_FORMAT}`,
    );

    // Another app server: no index in its memory, so it reads the tenant's from the database.
    forgetOpenRecallIndexes();
    const second = server();
    const current = await second.read("deploy.md");
    if (!current.exists) throw new Error("fixture missing");
    await second.write(
      "deploy.md",
      fact("deploy", "Deploys the billing API on Render since May."),
      current.version,
    );
    expect(await texts(second)).toEqual(["Deploys the billing API on Render since May."]);
    expect(await texts(first)).toEqual(["Deploys the billing API on Render since May."]);
    await flushRecallIndexes();
    // The write went to the tenant's log beside the stored index, not into the index whole.
    expect(await second.readInternal(RECALL_INDEX_LOG)).toContain("Render");
    expect(await second.readInternal(RECALL_INDEX_FILE)).not.toContain("Render");
  });
});

describe("the recall index of a tenant after every kind of write that reaches a database", () => {
  // The library's writes (what the chat tools, the memory tool, MCP and the CLI call on a database
  // store) in both layouts; the new-process step of each row is another app server, which reads the
  // tenant's stored index and its log from the database. No folder: no editor, no folder events.
  it.each(recallWriteRows(LIBRARY_WRITES, "library"))("%s", async (name, layout, write) => {
    const tenant = `recall-writes-${name.replace(/\W+/g, "-")}-${Date.now()}`;
    const store = pgMemoryStore(await sharedPglite(), tenant, { layout });
    await recallMemory(store);
    await expectRecallAfterWrite(store, write);
  });
});

describe("a tenant's write while its recall index is stored whole", () => {
  it.each(["subject", "fact"] as const)(
    "is listed by the session-start check as written (%s)",
    async (layout) => {
      const tenant = `whole-store-race-${layout}-${Date.now()}`;
      const store = pgMemoryStore(await sharedPglite(), tenant, { layout });
      await recallMemory(store);
      await expectWriteDuringWholeStoreSeen(store);
    },
  );
});

describe("the tenant's index screens each file for secrets", () => {
  // Key-shaped strings are assembled at run time so the repository holds no literal secrets.
  const token = `${"ghp"}_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
  const halves = [token.slice(0, 22), token.slice(22)];
  const query = "what is my github token";
  it.each(["subject", "fact"] as const)(
    "a clean file is cleared, a key split over two lines masked, on another app server (%s)",
    async (layout) => {
      const sql = await sharedPglite();
      const tenant = `recall-screen-${layout}-${Date.now()}`;
      const store = pgMemoryStore(sql, tenant, { layout });
      const file = (name: string, body: string) =>
        layout === "fact" ? fact(name, body) : fact(name, body).replace("type: user\n", "");
      await store.write(
        "clean-token.md",
        file("clean token", "My github token rotates yearly."),
        "new",
      );
      await store.write(
        "split-token.md",
        file("split token", `my github token ${halves[0]}\n${halves[1]}`),
        "new",
      );
      const cleared = async () =>
        (await rankRecallUnits({ store, query })).map((unit) => [unit.path, clearedByScreen(unit)]);
      expect(await cleared()).toEqual(
        expect.arrayContaining([
          ["clean-token.md", true],
          ["split-token.md", false],
        ]),
      );
      await flushRecallIndexes();
      forgetOpenRecallIndexes();
      const other = pgMemoryStore(sql, tenant, { layout });
      const shown = (await recallForPrompt({ store: other, query })).text;
      expect(shown).toContain("rotates yearly");
      expect(shown).toContain("[redacted]");
      for (const half of halves) expect(shown).not.toContain(half);
    },
  );
});
