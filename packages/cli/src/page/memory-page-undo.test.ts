import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { applyProposals, findForgottenLines } from "@memfiles/core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { memoryFixture } from "../../test/memory-fixture.js";
import { checkFolder } from "../check/check-folder.js";
import { type MemoryPage, startMemoryPage } from "./memory-page-server.js";

let page: MemoryPage | undefined;
afterEach(async () => {
  await page?.close();
  page = undefined;
});

async function post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  if (!page) throw new Error("no page");
  const response = await fetch(`http://127.0.0.1:${page.port}${path}?token=${page.token}`, {
    method: "POST",
    headers: { origin: `http://127.0.0.1:${page.port}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const LINE = "[stated 2026/09/12] lives in Lyon";

async function deleteLyon() {
  const { store } = await memoryFixture();
  page = await startMemoryPage({ store });
  const before = await store.read("profile.md");
  const removed = await post("/api/forget-line", {
    file: "profile.md",
    version: before.exists ? before.version : "",
    line: LINE,
  });
  expect(removed.status).toBe(200);
  return { store, before };
}

describe("the memory page's Undo of a deleted line is a remember", () => {
  it("brings the line back with its tombstone lifted: not forgotten, and a write pass may update it", async () => {
    const { store, before } = await deleteLyon();
    // The line is gone, so nothing stored is forgotten yet.
    expect(await findForgottenLines(store)).toEqual([]);
    expect(await post("/api/undo", {})).toEqual({
      status: 200,
      body: { code: "undone", what: `delete "${LINE}" from profile.md` },
    });
    expect(await readFile(join(store.root, "profile.md"), "utf8")).toBe(
      before.exists ? before.content : "",
    );
    expect(await findForgottenLines(store)).toEqual([]);
    const update = await applyProposals({
      store,
      transcript: {
        date: "2026-10-01",
        turns: [{ role: "user", content: "I moved: I live in Lyon's old town now." }],
      },
      proposals: [
        {
          file: "profile.md",
          fact: "lives in Lyon's old town",
          evidence: "I live in Lyon's old town now",
          replaces: "lives in Lyon",
          description: null,
        },
      ],
      now: new Date("2026-10-01T09:00:00Z"),
    });
    expect(update.rejected).toEqual([]);
    expect(update.applied.length).toBe(1);
  });

  it("check reports a line a tombstone matches (here: pasted back by hand after a delete)", async () => {
    const { store, before } = await deleteLyon();
    await page?.close();
    page = undefined;
    await writeFile(join(store.root, "profile.md"), before.exists ? before.content : "");
    const findings = await checkFolder(store, { fix: false });
    expect(findings.filter((finding) => finding.code === "forgotten_line")).toEqual([
      {
        code: "forgotten_line",
        path: "profile.md",
        line: 6,
        // The page forgets at the time of the request (it takes no clock).
        message: expect.stringMatching(
          /^profile\.md:6 holds a fact the user asked to forget on \d{4}\/\d{2}\/\d{2}; delete the line, or remember it again to lift the tombstone\.$/,
        ),
        fixable: false,
      },
    ]);
  });
});
