import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyFactProposals, remember } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";
import { editDescription } from "./edit-description.js";

const NOW = new Date("2026-11-20T10:00:00Z");

const BREAKERS = [
  ["NUL", "\u0000", "U+0000 (a NUL)"],
  ["a line separator", "\u2028", "U+2028 (a line or paragraph separator)"],
  ["NEL", "\u0085", "U+0085 (a control character or line break)"],
  [
    "right-to-left override",
    "\u202E",
    "U+202E (a bidirectional control, which turns the text around)",
  ],
] as const;

describe("one-line fields refuse what breaks or turns the line", () => {
  it.each(BREAKERS)("a description (the memory page) with %s", async (_name, char, problem) => {
    const store = new MemoryStore({
      root: join(await mkdtemp(join(tmpdir(), "memfiles-one-line-")), "memory"),
    });
    await remember({ store, path: "topics/tools.md", fact: "uses Neovim", now: NOW });
    const before = await readFile(join(store.root, "topics/tools.md"), "utf8");
    const { version } = await store.read("topics/tools.md");
    expect(
      await editDescription({
        store,
        path: "topics/tools.md",
        description: `Editor tools${char}. Read for coding questions.`,
        ifVersion: version,
      }),
    ).toEqual({
      ok: false,
      code: "invalid_description",
      path: "topics/tools.md",
      message: `Refused the description of topics/tools.md: it contains ${problem}. A description is one line of plain text; nothing was written.`,
    });
    expect(await readFile(join(store.root, "topics/tools.md"), "utf8")).toBe(before);
  });

  it.each(BREAKERS)("a fact's name with %s", async (_name, char, problem) => {
    const store = new MemoryStore({
      root: join(await mkdtemp(join(tmpdir(), "memfiles-one-line-")), "memory"),
      layout: "fact",
    });
    const result = await applyFactProposals({
      store,
      transcript: { date: "2026-11-20", turns: [{ role: "user", content: "I deploy on Fly.io." }] },
      proposals: [
        {
          action: "save",
          name: `deploy${char} host`,
          type: "project",
          description: "Where the user deploys.",
          body: "Deploys on Fly.io.",
          evidence: "I deploy on Fly.io.",
          replaces: null,
        },
      ],
      now: NOW,
    });
    expect(result.applied).toEqual([]);
    expect(result.rejected.map(({ code, message }) => ({ code, message }))).toEqual([
      {
        code: "invalid_fact",
        message: `Refused a memory: its name it contains ${problem}. A name is one plain line.`,
      },
    ]);
    expect(await store.list()).toEqual([]);
  });
});
