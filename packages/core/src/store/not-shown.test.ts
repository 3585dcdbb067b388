import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { runTool } from "../chat/chat-tools.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { LAYOUT_NAMES } from "./layout-names.js";
import type { MemoryStore } from "./memory-store.js";
import { notShownMessage } from "./not-shown.js";

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
