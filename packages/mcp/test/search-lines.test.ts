import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { SEARCH_CASES } from "@memfiles/core/test";
import { afterEach, describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

// The same table runs through `memfiles search` in @memfiles/cli: one search rule, two surfaces.

const sessions: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((close) => close()));
});

describe("the MCP search tool finds body lines and the description, never front matter", () => {
  it.each(SEARCH_CASES)("$name", async ({ path, content, words, matches }) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-search-")), "memory");
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
    const { client, close } = await startInProcess(["--root", root]);
    sessions.push(close);
    const result = await client.callTool({ name: "search", arguments: { words } });
    const text = (result.content as Array<{ text: string }>)[0]?.text ?? "";
    expect(JSON.parse(text)).toEqual(matches.map((match) => ({ path, ...match })));
  });
});
