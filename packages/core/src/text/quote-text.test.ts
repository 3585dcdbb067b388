import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { remember } from "../layouts/index.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { MemoryStore, parseMemoryPath } from "../store/index.js";
import { MAX_QUOTED_CHARS, quoteText, shownText } from "./quote-text.js";

describe("quoteText", () => {
  it.each([
    ["a short text, whole", "uses Neovim", '"uses Neovim"'],
    ["a text at the limit, whole", "a".repeat(160), `"${"a".repeat(160)}"`],
    [
      "a long text, by its head and length",
      "a".repeat(5_003),
      `"${"a".repeat(160)}…" (5003 chars)`,
    ],
    [
      "a long text cut at a grapheme boundary",
      `${"a".repeat(159)}👍🏽 and more`.padEnd(400, "b"),
      `"${"a".repeat(159)}…" (400 chars)`,
    ],
  ])("quotes %s", (_name, text, quoted) => {
    expect(quoteText(text)).toBe(quoted);
  });
});

describe("shownText", () => {
  it.each([
    ["a short text, whole and unquoted", "/memories/topics", "/memories/topics"],
    ["a text at the limit, whole", "a".repeat(160), "a".repeat(160)],
    ["a long text, as quoteText cuts it", "a".repeat(5_003), `${"a".repeat(160)}… (5003 chars)`],
  ])("shows %s", (_name, text, shown) => {
    expect(shownText(text)).toBe(shown);
  });
});

// Every surface that names a refused text in its message quotes it through quoteText: the head
// and the text's own length, never the whole text.
// A space inside every 100 chars: one run past 1,000 chars is a long token, quoted as [redacted]
// whole (decision 0125).
const LONG = Array.from({ length: 5_000 }, (_, at) => (at % 100 === 50 ? " " : "x")).join("");

async function storeIn(layout: "subject" | "fact"): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-quote-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  return new MemoryStore({ root, layout });
}

async function messageOf(run: () => unknown): Promise<string> {
  try {
    const result = await run();
    return (result as { message?: string }).message ?? JSON.stringify(result);
  } catch (error) {
    return (error as Error).message;
  }
}

// A line the memory tool accepts as one fact (at most 300 chars), over the quoting limit.
const LINE = `uses ${"y".repeat(240)}`;

const SURFACES: [string, string, () => Promise<string>][] = [
  [
    "remember, subject layout",
    LONG,
    async () => {
      const store = await storeIn("subject");
      return messageOf(() => remember({ store, path: "topics/notes.md", fact: LONG }));
    },
  ],
  [
    "remember, fact layout",
    LONG,
    async () => {
      const store = await storeIn("fact");
      return messageOf(() => remember({ store, path: "notes.md", fact: LONG }));
    },
  ],
  [
    "a refused memory path",
    `${LONG}.md`,
    () => messageOf(async () => parseMemoryPath(`${LONG}.md`)),
  ],
  [
    "the memory tool, a forgotten line inserted again",
    LINE,
    async () => {
      const store = await storeIn("subject");
      await writeFile(
        join(store.root, "topics/notes.md"),
        `---\nname: notes\ndescription: Notes.\n---\n[stated 2026/09/01] ${LINE}\n`,
      );
      const handlers = createMemoryToolHandlers({ store, now: new Date("2026-09-12T09:00:00Z") });
      await handlers.str_replace({
        command: "str_replace",
        path: "/memories/topics/notes.md",
        old_str: LINE,
        new_str: "",
      });
      return messageOf(() =>
        handlers.insert({
          command: "insert",
          path: "/memories/topics/notes.md",
          insert_line: 4,
          insert_text: LINE,
        }),
      );
    },
  ],
];

describe("a refusal names a long text by its head and length", () => {
  it.each(SURFACES)("%s", async (_name, text, run) => {
    const message = await run();
    expect({ quoted: message.includes(quoteText(text)), whole: message.includes(text) }).toEqual({
      quoted: true,
      whole: false,
    });
    expect(quoteText(text).length).toBeLessThan(MAX_QUOTED_CHARS + 20);
  });
});
