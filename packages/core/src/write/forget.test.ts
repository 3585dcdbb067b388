import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findForgotten, readTombstones } from "../guards/tombstones.js";
import { forget, previewForget, remember } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";
import { FORGET_NOTHING_MATCHED, matchesForgetQuery } from "./forget-query.js";

const NOW = new Date("2026-09-12T09:00:00Z");

async function storeWith(...facts: [path: string, fact: string][]): Promise<MemoryStore> {
  const store = new MemoryStore({
    root: join(await mkdtemp(join(tmpdir(), "memfiles-forget-")), "memory"),
  });
  for (const [path, fact] of facts)
    await remember({ store, path, fact, now: new Date("2026-09-01T00:00:00Z") });
  return store;
}

describe("forget", () => {
  it("removes every matching line at once, in every file, and keeps the rest", async () => {
    const store = await storeWith(
      ["topics/hosting.md", "deploys on Fly.io"],
      ["topics/hosting.md", "uses Docker for local builds"],
      ["projects/billing.md", "billing service deployed to a separate Fly.io org"],
    );
    const result = await forget({ store, query: "where I deploy", now: NOW });
    expect(result).toEqual({
      ok: true,
      code: "removed",
      removed: [
        {
          path: "projects/billing.md",
          line: "[stated 2026/09/01] billing service deployed to a separate Fly.io org",
        },
        { path: "topics/hosting.md", line: "[stated 2026/09/01] deploys on Fly.io" },
      ],
    });
    const hosting = await readFile(join(store.root, "topics/hosting.md"), "utf8");
    expect(hosting).toContain("[stated 2026/09/01] uses Docker for local builds\n");
    expect(hosting).not.toContain("Fly.io");
    expect(hosting).toContain("updated: 2026/09/12\n");
  });

  it("keeps hashes, never the forgotten words, in .memfiles/tombstones.json", async () => {
    const store = await storeWith(["profile.md", "home address is 12 Elm Street, Springfield"]);
    await forget({ store, query: "my home address", now: NOW });
    const text = await readFile(join(store.root, ".memfiles", "tombstones.json"), "utf8");
    expect(text).not.toMatch(/elm|street|springfield|address|home/i);
    const [tombstone] = await readTombstones(store);
    expect(tombstone).toEqual({
      date: "2026/09/12",
      facts: [{ hash: expect.stringMatching(/^[\w-]{11}$/), words: expect.any(Array) }],
      query: [expect.stringMatching(/^[\w-]{8}$/), expect.stringMatching(/^[\w-]{8}$/)],
      // Nothing left that the forget's rules match (decision 0107).
      kept: [],
    });
  });

  it.each([
    ["subject", "topics/music.md", "[stated 2026/09/12] plays the cello"],
    ["fact", "music.md", "plays the cello"],
  ] as const)(
    "in the %s layout says when nothing matched and that the query was tombstoned; remember lifts it",
    async (layout, path, line) => {
      const store = new MemoryStore({
        root: join(await mkdtemp(join(tmpdir(), "memfiles-forget-")), "memory"),
        layout,
      });
      expect(await forget({ store, query: "forget that I play the cello", now: NOW })).toEqual({
        ok: true,
        code: "nothing_matched",
        removed: [],
        message: FORGET_NOTHING_MATCHED,
      });
      expect((await readTombstones(store)).map((tombstone) => tombstone.query.length)).toEqual([2]);
      // Decision 0005: remember is the user's own word, never refused by a tombstone.
      expect(await remember({ store, path, fact: "plays the cello", now: NOW })).toMatchObject({
        ok: true,
        code: "applied",
        line,
      });
      expect(await readTombstones(store)).toEqual([]);
    },
  );

  it.each([
    ["a blank query", "  "],
    ["an emoji-only query", "🍣"],
    ["a query of stop words only", "forget the my"],
    ["a query of request words only (new-user trial)", "memory"],
  ])("does nothing for %s, and says why", async (_, query) => {
    const store = await storeWith(["preferences.md", "prefers short answers"]);
    expect(await forget({ store, query, now: NOW })).toEqual({
      ok: true,
      code: "nothing_matched",
      removed: [],
      message:
        'The query holds no word forget can match: it compares words of letters or digits, not emoji, signs, words such as "the" and "my", nor the words of a request such as "forget", "please" and "memory". Nothing was removed; search the memory for the line and forget a few of its words.',
    });
    expect(await readTombstones(store)).toEqual([]);
  });
});

// A file edited by hand to `chars` chars (over the 12,000-char cap): `head`, then `lines`, then
// filler lines of other facts in the file's own line break.
function handWritten(head: string, lines: string[], chars: number, eol = "\n"): string {
  let text = head + lines.map((line) => `${line}${eol}`).join("");
  for (let index = 0; text.length < chars - 120; index++) {
    text += `[stated 2026/08/01] read book ${String(index).padStart(5, "0")} on a train${eol}`;
  }
  const last = `[stated 2026/08/01] ${"z".repeat(chars - text.length - 20 - eol.length)}${eol}`;
  return text + last;
}

const FENCED = "---\nname: profile\ndescription: Who the user is.\nupdated: 2026/08/01\n---\n";

describe("forget on files edited by hand", () => {
  it.each([
    {
      name: "a 24,000-char file: the lines go, the file is formatted again",
      text: handWritten(FENCED, ["[stated 2026/08/01] home address is 12 Elm Street"], 24_000),
      query: "home address 12 Elm Street",
      removed: ["[stated 2026/08/01] home address is 12 Elm Street"],
      updated: true,
    },
    {
      name: "a 24,000-char file with no header and an undated line: only the line is cut",
      text: handWritten("", ["12 Elm Street"], 24_000),
      query: "12 Elm Street",
      removed: ["12 Elm Street"],
      updated: false,
    },
    {
      name: "a 24,000-char CRLF file: the line is cut, CRLF kept",
      text: handWritten("", ["home: 12 Elm Street"], 24_000, "\r\n"),
      query: "12 Elm Street",
      removed: ["home: 12 Elm Street"],
      updated: false,
    },
  ])("$name", async ({ text, query, removed, updated }) => {
    const store = await storeWith();
    await mkdir(store.root, { recursive: true });
    await writeFile(join(store.root, "profile.md"), text);
    expect(text.length).toBe(24_000);

    expect(await forget({ store, query, now: NOW })).toEqual({
      ok: true,
      code: "removed",
      removed: removed.map((line) => ({ path: "profile.md", line })),
    });
    const after = await readFile(join(store.root, "profile.md"), "utf8");
    expect(after).not.toMatch(/elm/i);
    expect(after.length).toBeLessThan(text.length);
    expect(after.includes("updated: 2026/09/12")).toBe(updated);
    if (!updated) {
      expect(after).toBe(text.replace(`${removed[0]}${text.includes("\r\n") ? "\r\n" : "\n"}`, ""));
    }
    expect(findForgotten(removed[0] ?? "", await readTombstones(store))).toBeDefined();
  });

  it.each([
    ["CRLF", "\r\n", ""],
    ["a BOM", "\n", "\uFEFF"],
    ["CRLF and a BOM", "\r\n", "\uFEFF"],
  ])("keeps %s when it removes a line", async (_name, eol, bom) => {
    const store = await storeWith();
    await mkdir(store.root, { recursive: true });
    const lines = [
      "---",
      "name: profile",
      "description: Who the user is.",
      "updated: 2026/08/01",
      "---",
      "[stated 2026/08/01] home address is 12 Elm Street",
      "[stated 2026/08/01] works as a nurse",
    ];
    await writeFile(join(store.root, "profile.md"), bom + lines.map((line) => line + eol).join(""));
    await forget({ store, query: "my home address", now: NOW });
    const expected = [...lines.slice(0, 3), "updated: 2026/09/12", "---", lines[6]];
    expect(await readFile(join(store.root, "profile.md"), "utf8")).toBe(
      bom + expected.map((line) => line + eol).join(""),
    );
  });
});

describe("forget removes exactly what was asked (issue 10, item 1)", () => {
  it("forgets the tea line only; a later write of the steak fact is not refused", async () => {
    const store = await storeWith(
      ["profile.md", "drinks green tea every morning"],
      ["profile.md", "eats steak every Friday"],
      ["profile.md", "is the team lead at Acme"],
    );
    expect(await forget({ store, query: "tea", now: NOW })).toEqual({
      ok: true,
      code: "removed",
      removed: [{ path: "profile.md", line: "[stated 2026/09/01] drinks green tea every morning" }],
    });
    const tombstones = await readTombstones(store);
    expect(findForgotten("eats steak every Friday", tombstones)).toBeUndefined();
    expect(findForgotten("is the team lead at Acme", tombstones)).toBeUndefined();
    expect(findForgotten("drinks green tea every morning", tombstones)).toEqual({
      rule: "same_fact",
      date: "2026/09/12",
    });
  });

  it.each([
    ["柏林", "profile.md", "住在柏林"],
    ["花生", "profile.md", "对花生过敏"],
    ["Fly.io", "topics/hosting.md", "deploys on Fly.io"],
  ])("forget(%j) removes %s: %j", async (query, file, fact) => {
    const store = await storeWith([file, fact], ["preferences.md", "prefers short answers"]);
    expect(await forget({ store, query, now: NOW })).toEqual({
      ok: true,
      code: "removed",
      removed: [{ path: file, line: `[stated 2026/09/01] ${fact}` }],
    });
  });
});

describe("matchesForgetQuery", () => {
  it.each([
    ["deploys on Fly.io", "where I deploy", true],
    ["deployed the billing service to Fly.io", "forget where I deploy", true],
    ["deploys on Fly.io", "[stated 2026/09/01] Deploys on  fly.io", true],
    ["home address is 12 Elm Street", "12 elm street", true],
    ["home address is 12 Elm Street", "please forget my address", true],
    ["uses Docker for local builds", "where I deploy", false],
    ["lives in Lisbon", "my address", false],
    ["prefers short answers", "that", false],
    // Words, not substrings: "tea" sits inside "steak" and "team".
    ["drinks green tea every morning", "tea", true],
    ["eats steak every Friday", "tea", false],
    ["is the team lead at Acme", "tea", false],
    ["works on the cart service", "art", false],
    ["has a cat named Miso", "cat food", false],
    ["uses Go for the backend", "go", true],
    ["allergic to peanuts", "nut", false],
    // Scripts written without spaces are split into words too.
    ["住在柏林", "柏林", true],
    ["对花生过敏", "花生", true],
    ["東京に住む", "京", false],
    // Accents folded as `memfiles search` folds them (new-user trial): café is cafe.
    ["meets clients at the café on Rua Augusta", "cafe", true],
    ["moved to Zürich in 2025", "zurich", true],
    ["moved to Zurich in 2025", "Zürich", true],
    ["reads résumés on Fridays", "resumes", true],
    ["moved to Zürich in 2025", "Zug", false],
  ])("%j matches %j: %s", (fact, query, expected) => {
    expect(matchesForgetQuery(fact, query)).toBe(expected);
  });
});

describe("previewForget and forget({ only })", () => {
  it("removes exactly what the preview showed, and leaves a tombstone", async () => {
    const store = await storeWith(
      ["topics/tools.md", "uses Neovim"],
      ["topics/tools.md", "uses Neovim daily with lazy.nvim"],
    );
    const preview = await previewForget({ store, query: "uses Neovim" });
    expect(preview.files).toEqual([
      {
        path: "topics/tools.md",
        version: (await store.read("topics/tools.md")).version,
        lines: [
          "[stated 2026/09/01] uses Neovim",
          "[stated 2026/09/01] uses Neovim daily with lazy.nvim",
        ],
        // Both lines are the file's only ones, under the header memfiles wrote: it goes too.
        deletesFile: true,
      },
    ]);
    const one = preview.files.map((file) => ({
      ...file,
      lines: ["[stated 2026/09/01] uses Neovim"],
    }));
    const result = await forget({ store, query: "uses Neovim", only: one, now: NOW });
    expect(result).toEqual({
      ok: true,
      code: "removed",
      removed: [{ path: "topics/tools.md", line: "[stated 2026/09/01] uses Neovim" }],
    });
    const text = await readFile(join(store.root, "topics/tools.md"), "utf8");
    expect(text).toContain("uses Neovim daily with lazy.nvim");
    expect(await readTombstones(store)).toHaveLength(1);
  });

  it("removes nothing and writes no tombstone when a shown file changed since", async () => {
    const store = await storeWith(["topics/hosting.md", "deploys on Fly.io"]);
    const preview = await previewForget({ store, query: "Fly.io" });
    await remember({ store, path: "topics/hosting.md", fact: "staging also on Fly.io" });
    const result = await forget({ store, query: "Fly.io", only: preview.files, now: NOW });
    expect(result.code).toBe("version_conflict");
    expect(result.removed).toEqual([]);
    const text = await readFile(join(store.root, "topics/hosting.md"), "utf8");
    expect(text).toContain("deploys on Fly.io");
    expect(await store.readInternal("tombstones.json")).toBeUndefined();
  });

  it("touches no file the preview did not show", async () => {
    const store = await storeWith(["topics/hosting.md", "deploys on Fly.io"]);
    const preview = await previewForget({ store, query: "Fly.io" });
    await remember({ store, path: "projects/web.md", fact: "web app on Fly.io" });
    await forget({ store, query: "Fly.io", only: preview.files, now: NOW });
    expect(await readFile(join(store.root, "projects/web.md"), "utf8")).toContain("Fly.io");
    // Its only line went, so the file did too.
    expect(existsSync(join(store.root, "topics/hosting.md"))).toBe(false);
  });
});
