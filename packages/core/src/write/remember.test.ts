import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { findForgotten, readTombstones } from "../guards/tombstones.js";
import { forget, remember } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";

const NOW = new Date("2026-09-12T09:00:00Z");

describe("remember", () => {
  it("saves the fact at once with today's date tag, in a new file with a header", async () => {
    const store = await tempStore();
    const result = await remember({
      store,
      path: "people/sam.md",
      fact: "is the user's sister, a nurse in Porto",
      now: NOW,
    });
    expect(result).toEqual({
      ok: true,
      code: "applied",
      path: "people/sam.md",
      line: "[stated 2026/09/12] is the user's sister, a nurse in Porto",
      replaced: [],
    });
    expect(await readFile(join(store.root, "people/sam.md"), "utf8")).toBe(
      [
        "---",
        "name: sam",
        "description: sam, a person in the user's life, as the user described them. Read only when the user brings up sam.",
        "updated: 2026/09/12",
        "---",
        "[stated 2026/09/12] is the user's sister, a nurse in Porto",
        "",
      ].join("\n"),
    );
  });

  it("gives a file written by hand without a header a name and description", async () => {
    const store = await tempStore();
    await mkdir(join(store.root, "topics"), { recursive: true });
    await writeFile(join(store.root, "topics/tea.md"), "[stated 2026/09/01] drinks oolong\n");
    await remember({ store, path: "topics/tea.md", fact: "likes green tea", now: NOW });
    expect(await store.renderIndex()).toContain(
      "- [tea](topics/tea.md) — What the user stated about tea. Read for any question about tea.\n",
    );
    expect((await store.check()).withoutDescription).toEqual([]);
  });

  it("words a refusal of the store (a file past the cap) with one Refused", async () => {
    const store = await tempStore();
    await mkdir(join(store.root, "topics"), { recursive: true });
    const lines = Array.from({ length: 300 }, (_, index) => `[stated 2026/09/01] fact ${index}`);
    const content = `${lines.join("\n").padEnd(12_100, "x")}\n`;
    await writeFile(join(store.root, "topics/tea.md"), content);
    const result = await remember({
      store,
      path: "topics/tea.md",
      fact: "likes green tea",
      now: NOW,
    });
    expect(result).toEqual({
      ok: false,
      code: "too_long",
      path: "topics/tea.md",
      fact: "likes green tea",
      message:
        'Refused "likes green tea": 12253 chars is over the 12000-char cap and not shorter than the 12101 chars it has now. Consolidate the file (merge and drop lines) or split it by subject.',
    });
  });

  it.each([
    ["subject", "topics/hosting.md", "[stated 2020/01/01] deploys on Fly.io"],
    ["subject", "topics/hosting.md", "- [stated 2020/01/01] deploys on Fly.io"],
    ["fact", "deploy-host.md", "[stated 2020/01/01] deploys on Fly.io"],
  ] as const)(
    "refuses a fact that starts with a date tag in the %s layout (%j), naming both ways out",
    async (layout, path, fact) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-remember-")), "memory");
      const store = new MemoryStore({ root, layout });
      const result = await remember({ store, path, fact, now: NOW });
      expect(result).toEqual({
        ok: false,
        code: "invalid_fact",
        path,
        fact,
        message: expect.stringContaining(
          ": it starts with a [stated …] date tag, and remember dates a fact the day it is saved (2026/09/12), so that date would be lost; give the fact without the tag to save it as stated today, or move the line in its file by hand to keep its date.",
        ),
      });
      expect((await store.list()).length).toBe(0);
    },
  );

  it("replaces the line it names", async () => {
    const store = await tempStore();
    await remember({
      store,
      path: "topics/hosting.md",
      fact: "deploys on Heroku",
      now: new Date("2026-03-02T00:00:00Z"),
    });
    const result = await remember({
      store,
      path: "topics/hosting.md",
      fact: "deploys on Fly.io",
      replaces: "deploys on heroku",
      now: NOW,
    });
    expect(result).toEqual({
      ok: true,
      code: "applied",
      path: "topics/hosting.md",
      line: "[stated 2026/09/12] deploys on Fly.io",
      replaced: ["[stated 2026/03/02] deploys on Heroku"],
    });
  });

  it.each([
    [
      "a card number",
      "topics/shopping.md",
      "pays with card 4111 1111 1111 1111",
      "secret",
      "pays with card [redacted]",
    ],
    [
      "a password in words",
      "profile.md",
      "my password is hunter2",
      "secret",
      "my password is [redacted]",
    ],
    ["a path outside the layout", "../notes.md", "likes tea", "path_not_allowed", "likes tea"],
    // The store would write these; only the layout rule refuses them.
    [
      "a file the layout has no place for",
      "notes.md",
      "likes tea",
      "path_not_allowed",
      "likes tea",
    ],
    [
      "a file name that is not kebab-case",
      "topics/Home Cooking.md",
      "likes tea",
      "path_not_allowed",
      "likes tea",
    ],
    ["a fact of dashes", "preferences.md", "---", "invalid_fact", "---"],
    ["a fact of punctuation only", "preferences.md", " ... !?", "invalid_fact", " ... !?"],
    [
      "a fact over 300 chars",
      "preferences.md",
      `uses ${"x".repeat(300)}`,
      "invalid_fact",
      `uses ${"x".repeat(300)}`,
    ],
    [
      "a fact already saved",
      "preferences.md",
      "prefers short answers",
      "duplicate",
      "prefers short answers",
    ],
  ])("refuses %s", async (_, path, fact, code, shown) => {
    const store = await tempStore();
    await remember({ store, path: "preferences.md", fact: "prefers short answers", now: NOW });
    const result = await remember({ store, path, fact, now: NOW });
    expect(result).toEqual({ ok: false, code, path, fact: shown, message: expect.any(String) });
    expect((await store.list()).map((row) => row.path)).toEqual(["preferences.md"]);
  });

  it("is not blocked by a tombstone, and lifts the tombstones the fact matches", async () => {
    const store = await tempStore();
    await remember({
      store,
      path: "topics/hosting.md",
      fact: "deploys on Heroku",
      now: new Date("2026-03-02T00:00:00Z"),
    });
    await forget({ store, query: "where I deploy", now: new Date("2026-04-01T00:00:00Z") });
    expect(findForgotten("deploys on Render", await readTombstones(store))).toEqual({
      rule: "forget_query_words",
      date: "2026/04/01",
    });

    const result = await remember({
      store,
      path: "topics/hosting.md",
      fact: "deploys on Render",
      now: NOW,
    });
    expect(result.code).toBe("applied");
    expect(findForgotten("deploys on Fly.io", await readTombstones(store))).toBeUndefined();
    expect(findForgotten("deploys on Heroku", await readTombstones(store))).toEqual({
      rule: "same_fact",
      date: "2026/04/01",
    });
  });
});
