import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { SEARCH_CASES } from "@memfiles/core/test";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// The same table runs through the MCP `search` tool in @memfiles/mcp: one search rule, two surfaces.
describe("memfiles search finds body lines and the description, never front matter", () => {
  it.each(SEARCH_CASES)("$name", async ({ path, content, words, matches }) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-search-lines-"));
    await mkdir(dirname(join(cwd, "memory", path)), { recursive: true });
    await writeFile(join(cwd, "memory", path), content);
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["search", "memory", words, "--json"], context)).toBe(0);
    expect(JSON.parse(output.stdout)).toEqual(matches.map((match) => ({ file: path, ...match })));
  });
});
