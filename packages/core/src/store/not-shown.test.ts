import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { runTool } from "../chat/chat-tools.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { LAYOUT_NAMES } from "./layout-names.js";
import type { MemoryStore } from "./memory-store.js";
import { notShownMessage, shownLenientlyNote } from "./not-shown.js";

const MAX_CHARS = 100;
// Over 16 times the cap: the store does not read it (docs/security.md).
const HUGE = `---\nname: huge\ndescription: Big.\n---\n${"note ".repeat(400)}\n`;
const PATHS = { subject: "topics/huge.md", fact: "huge.md" } as const;

// Every reader that hands a file's text to a model; the MCP server's `read` is in
// packages/mcp/test/not-shown.test.ts and `memfiles show` in the CLI's too-large table.
const READERS: Record<string, (store: MemoryStore, path: string) => Promise<string>> = {
  "chat's memory_read (a tool error)": async (store, path) => {
    const block = { type: "tool_use", id: "toolu_1", name: "memory_read", input: { path } };
    const call = await runTool(block as Anthropic.ToolUseBlock, { store, now: new Date() });
    expect(call.isError).toBe(true);
    return call.result;
  },
  "the memory tool's view (a refused command)": async (store, path) => {
    const handlers = createMemoryToolHandlers({ store });
    const error = await Promise.resolve()
      .then(() => handlers.view({ command: "view", path: `/memories/${path}` }))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "MemoryToolError", code: "not_text" });
    return (error as Error).message.replace("/memories/", "");
  },
};

describe("a file the store did not read is said so by every reader, as `memfiles show` says it", () => {
  const cases = Object.entries(READERS).flatMap(([reader, run]) =>
    LAYOUT_NAMES.map((layout) => ({ name: `${reader}, ${layout}`, run, layout })),
  );
  it.each(cases)("$name", async ({ run, layout }) => {
    const store = await tempStore(layout, { maxChars: MAX_CHARS });
    const path = PATHS[layout];
    await mkdir(dirname(join(store.root, path)), { recursive: true });
    await writeFile(join(store.root, path), HUGE);
    const said = `Not shown: ${path}: it is ${Buffer.byteLength(HUGE)} bytes, over 16 times the ${MAX_CHARS}-char cap, so it was not read: split it by hand or move it out of the memory folder.`;
    expect(notShownMessage(await store.read(path))).toBe(said);
    expect(await run(store, path)).toBe(said);
  });
});

// Bytes that are not text: `read()` decodes them leniently, and every reader says so above them.
const NOT_TEXT = {
  "not valid UTF-8": Buffer.from(
    "---\nname: cafe\ndescription: Caf\xe9.\n---\nCaf\xe9 au lait\n",
    "latin1",
  ),
  "a NUL byte": Buffer.from(
    "---\nname: cafe\ndescription: Cafe.\n---\nCafe\u0000 au lait\n",
    "utf8",
  ),
};
const NOT_TEXT_PATHS = { subject: "topics/cafe.md", fact: "cafe.md" } as const;

// Every reader that hands a file's text to a model; the MCP server's `read` is in
// packages/mcp/test/not-shown.test.ts and `memfiles show` in packages/cli/src/commands/show.test.ts.
const LENIENT_READERS: Record<string, (store: MemoryStore, path: string) => Promise<string>> = {
  "chat's memory_read": async (store, path) => {
    const block = { type: "tool_use", id: "toolu_1", name: "memory_read", input: { path } };
    const call = await runTool(block as Anthropic.ToolUseBlock, { store, now: new Date() });
    expect(call.isError).toBe(false);
    return call.result;
  },
  "the memory tool's view": async (store, path) => {
    const handlers = createMemoryToolHandlers({ store });
    const shown = await handlers.view({ command: "view", path: `/memories/${path}` });
    if (typeof shown !== "string") throw new Error("view answered with blocks, not text");
    return shown.replaceAll("/memories/", "");
  },
};

describe("a file that is not text is shown with a note saying so, by every reader", () => {
  const cases = Object.entries(LENIENT_READERS).flatMap(([reader, run]) =>
    Object.entries(NOT_TEXT).flatMap(([kind, bytes]) =>
      LAYOUT_NAMES.map((layout) => ({ name: `${reader}, ${kind}, ${layout}`, run, bytes, layout })),
    ),
  );
  it.each(cases)("$name", async ({ run, bytes, layout }) => {
    const store = await tempStore(layout);
    const path = NOT_TEXT_PATHS[layout];
    await mkdir(dirname(join(store.root, path)), { recursive: true });
    await writeFile(join(store.root, path), bytes);
    const file = await store.read(path);
    const note = shownLenientlyNote(file);
    expect(note).toBe(
      `Not text: ${path}: ${file.exists ? file.notText : ""}. It is shown decoded for display only: some characters may be wrong or missing, and edits to it are refused until it is saved as text.`,
    );
    const shown = await run(store, path);
    expect(shown.startsWith(`${note}\n`)).toBe(true);
    expect(shown).toContain("au lait");
  });

  it("is not added to a file read as text, nor to one not read at all", async () => {
    const store = await tempStore("subject", { maxChars: MAX_CHARS });
    await mkdir(join(store.root, "topics"), { recursive: true });
    await writeFile(join(store.root, "topics/huge.md"), HUGE);
    await writeFile(
      join(store.root, "topics/tools.md"),
      "---\nname: tools\ndescription: Tools.\n---\n",
    );
    expect(shownLenientlyNote(await store.read("topics/huge.md"))).toBeUndefined();
    expect(shownLenientlyNote(await store.read("topics/tools.md"))).toBeUndefined();
  });
});
