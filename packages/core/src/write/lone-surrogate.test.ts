import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { remember } from "../layouts/index.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { LAYOUT_NAMES, MemoryStore } from "../store/index.js";
import { editDescription } from "./edit-description.js";

// A lone surrogate has no UTF-8 form: stored, it would read back as U+FFFD, not what was accepted.
// Every write surface refuses it through the shape checks; the MCP server and the CLI call
// `remember` (their tests send the same text).
const HALF = "\udc80";
const PROBLEM = "it contains U+DC80 (half of a character";
const TEA =
  "---\nname: tea\ndescription: Teas the user drinks.\n---\n[stated 2026/09/01] drinks green tea\n";

type Write = (store: MemoryStore) => Promise<unknown>;
const tool =
  (input: Record<string, unknown>): Write =>
  (store) =>
    (createMemoryToolHandlers({ store }) as Record<string, (input: unknown) => Promise<unknown>>)[
      input.command as string
    ]?.(input) as Promise<unknown>;

const WRITES: Array<[string, Write]> = [
  ["remember", (store) => remember({ store, path: "topics/tea.md", fact: `likes ${HALF} matcha` })],
  [
    "a description",
    async (store) =>
      editDescription({
        store,
        path: "topics/tea.md",
        description: `Teas ${HALF} the user drinks.`,
        ifVersion: (await store.read("topics/tea.md")).version,
      }),
  ],
  [
    "the memory tool's create",
    tool({
      command: "create",
      path: "/memories/topics/coffee.md",
      file_text: `---\nname: coffee\ndescription: Coffee.\n---\nlikes ${HALF} espresso\n`,
    }),
  ],
  [
    "the memory tool's str_replace",
    tool({
      command: "str_replace",
      path: "/memories/topics/tea.md",
      old_str: "green",
      new_str: `gr${HALF}een`,
    }),
  ],
  [
    "the memory tool's insert",
    tool({
      command: "insert",
      path: "/memories/topics/tea.md",
      insert_line: 5,
      insert_text: `likes ${HALF} matcha`,
    }),
  ],
];

describe("a lone surrogate is refused by every write, nothing written", () => {
  it.each(
    LAYOUT_NAMES.flatMap((layout) => WRITES.map(([name, write]) => ({ layout, name, write }))),
  )("$layout: $name", async ({ layout, write }) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-lone-surrogate-")), "memory");
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tea.md"), TEA);
    const store = new MemoryStore({ root, layout });
    const outcome = await write(store).then(
      (result) => JSON.stringify(result),
      (error: Error) => error.message,
    );
    expect(outcome).toContain(PROBLEM);
    expect(await readdir(join(root, "topics"))).toEqual(["tea.md"]);
    expect(await readFile(join(root, "topics/tea.md"), "utf8")).toBe(TEA);
  });

  it("keeps a whole character made of a surrogate pair", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-lone-surrogate-")), "memory");
    const store = new MemoryStore({ root });
    const result = await remember({ store, path: "topics/tea.md", fact: "likes 🍵 matcha" });
    expect(result.ok).toBe(true);
    expect(await readFile(join(root, "topics/tea.md"), "utf8")).toContain("likes 🍵 matcha");
  });
});
