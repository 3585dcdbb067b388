import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../store/index.js";
import { readTombstones, TombstoneIndex } from "../../write/index.js";
import { forget, previewForget } from "../forget.js";
import { remember } from "../remember.js";

const NOW = new Date("2026-12-06T12:00:00Z");

async function factStore(): Promise<{ store: MemoryStore; root: string }> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-forget-one-"));
  return { store: new MemoryStore({ root, layout: "fact" }), root };
}

const STYLE = `---
name: Coding style
description: How the user wants code written.
type: feedback
---

- Use tabs for indentation.
- Never add emojis to commit messages.
  They clutter git log.
- Prefer small pure functions.
- **Why:** easier review.
`;

// A fact file of several facts (lines `remember` added, or Claude Code's bullets) loses only the
// facts holding the query's words (decision 0059); a query naming the file still deletes it whole.
describe("forget in a fact file of several facts", () => {
  it("takes out one of two remembered facts, and the description that quoted it", async () => {
    const { store, root } = await factStore();
    await remember({ store, path: "bike", fact: "rides a blue Brompton folding bike", now: NOW });
    await remember({
      store,
      path: "bike",
      fact: "keeps spare tubes in the hallway cupboard",
      now: NOW,
    });
    const preview = await previewForget({ store, query: "Brompton" });
    expect(preview.files.map((file) => file.lines)).toEqual([
      ["rides a blue Brompton folding bike"],
    ]);
    const result = await forget({ store, query: "Brompton", now: NOW, only: preview.files });
    expect(result).toMatchObject({
      code: "removed",
      removed: [{ path: "bike.md", line: "rides a blue Brompton folding bike" }],
    });
    const text = await readFile(join(root, "bike.md"), "utf8");
    expect(text).toContain("keeps spare tubes in the hallway cupboard");
    expect(text).not.toMatch(/Brompton/);
    const index = new TombstoneIndex(await readTombstones(store));
    expect(index.find("rides a blue Brompton folding bike")?.rule).toBe("same_fact");
  });

  it("takes one bullet out of a Claude Code file, with the lines that continue it", async () => {
    const { store, root } = await factStore();
    await writeFile(join(root, "coding-style.md"), STYLE);
    const result = await forget({
      store,
      query: "Never add emojis to commit messages",
      now: NOW,
    });
    expect(result.removed.map((line) => line.line)).toEqual([
      "Never add emojis to commit messages. They clutter git log.",
    ]);
    const text = await readFile(join(root, "coding-style.md"), "utf8");
    expect(text.split("---\n")[2]).toBe(
      "\n- Use tabs for indentation.\n- Prefer small pure functions.\n- **Why:** easier review.\n",
    );
    expect(text).toContain("description: How the user wants code written.");
  });

  // Only the fact's lines go: every other line a person wrote keeps its place and its line break.
  it.each([
    [
      "bullets after a blank line",
      "\n- Tabs.\n- Emojis never.\n- Pure functions.\n",
      "\n- Tabs.\n- Pure functions.\n",
    ],
    [
      "paragraphs, a middle one",
      "\nTabs.\n\nEmojis never.\n\nPure functions.\n",
      "\nTabs.\n\nPure functions.\n",
    ],
    [
      "paragraphs, the last one",
      "\nTabs.\n\nPure functions.\n\nEmojis never.\n",
      "\nTabs.\n\nPure functions.\n",
    ],
    ["a heading kept", "# Style\n\n- Emojis never.\n- Tabs.\n", "# Style\n\n- Tabs.\n"],
    ["no line break at the end", "\n- Tabs.\n- Emojis never.", "\n- Tabs.\n"],
    ["the last line without a line break kept", "\n- Emojis never.\n- Tabs.", "\n- Tabs."],
    ["CRLF line breaks", "\r\n- Tabs.\r\n- Emojis never.\r\n", "\r\n- Tabs.\r\n"],
  ])("keeps the file's layout around the removed fact: %s", async (_name, body, kept) => {
    const { store, root } = await factStore();
    const eol = body.includes("\r\n") ? "\r\n" : "\n";
    const header = [
      "---",
      "name: Coding style",
      "description: How code is written.",
      "type: feedback",
    ];
    await writeFile(join(root, "coding-style.md"), `${header.join(eol)}${eol}---${eol}${body}`);
    const result = await forget({ store, query: "emojis", now: NOW });
    expect(result.removed.map((line) => line.line)).toEqual(["Emojis never."]);
    expect(await readFile(join(root, "coding-style.md"), "utf8")).toBe(
      `${[...header, "updated: 2026/12/06", "---"].join(eol)}${eol}${kept}`,
    );
  });

  it("takes out a hard-wrapped sentence with every line it wraps over", async () => {
    const { store, root } = await factStore();
    const body =
      "\n- Use tabs.\nNever add emojis to commit\nmessages, they clutter the log.\n- Prefer small pure functions.\n";
    await writeFile(join(root, "coding-style.md"), `${STYLE.split("---\n\n")[0]}---\n${body}`);
    const result = await forget({ store, query: "emojis", now: NOW });
    expect(result.removed.map((line) => line.line)).toEqual([
      "Never add emojis to commit messages, they clutter the log.",
    ]);
    expect((await readFile(join(root, "coding-style.md"), "utf8")).split("---\n")[2]).toBe(
      "\n- Use tabs.\n- Prefer small pure functions.\n",
    );
  });

  it.each([
    {
      name: "a name wrapped after a function word",
      body: "The user has lunch every Sunday with\nMarta and her two children.\n- The user likes a dark theme.\n",
      query: "Marta",
      removed: "The user has lunch every Sunday with Marta and her two children.",
      kept: "- The user likes a dark theme.\n",
    },
    {
      name: "a German noun wrapped after an article (CRLF)",
      body: "Der Nutzer fährt jeden Morgen mit dem\r\nFahrrad zur Arbeit.\r\n- Lieblingsschrift: Iosevka\r\n",
      query: "Fahrrad",
      removed: "Der Nutzer fährt jeden Morgen mit dem Fahrrad zur Arbeit.",
      kept: "- Lieblingsschrift: Iosevka\r\n",
    },
  ])("takes out a sentence wrapped before a capital letter whole: $name", async (row) => {
    const { store, root } = await factStore();
    const eol = row.body.includes("\r\n") ? "\r\n" : "\n";
    const header = ["---", "name: Notes", "description: Notes.", "type: user", "---"];
    await writeFile(join(root, "notes.md"), `${header.join(eol)}${eol}${row.body}`);
    const result = await forget({ store, query: row.query, now: NOW });
    expect(result.removed.map((line) => line.line)).toEqual([row.removed]);
    expect(await readFile(join(root, "notes.md"), "utf8")).toBe(
      `${[...header.slice(0, 4), "updated: 2026/12/06", "---"].join(eol)}${eol}${row.kept}`,
    );
  });

  it("deletes the file whole when the query names it", async () => {
    const { store } = await factStore();
    await writeFile(join(store.root, "coding-style.md"), STYLE);
    const preview = await previewForget({ store, query: "coding style" });
    // Each fact (`bodyFacts`) is shown, so the count says what goes.
    expect(preview.files).toEqual([
      expect.objectContaining({
        deletesFile: true,
        lines: [
          "Use tabs for indentation.",
          "Never add emojis to commit messages. They clutter git log.",
          "Prefer small pure functions.",
          "**Why:** easier review.",
        ],
      }),
    ]);
  });
});
