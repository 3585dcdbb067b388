import { mkdir, mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

// core's lone-surrogate table covers the library and the memory tool; this is the MCP row.
describe("MCP remember with a lone surrogate", () => {
  it("is refused as invalid_fact, nothing written", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-surrogate-")), "memory");
    await mkdir(root);
    const { client, close } = await startInProcess(["--root", root]);
    try {
      const result = await client.callTool({
        name: "remember",
        arguments: { file: "topics/food.md", fact: "likes \udc80 matcha" },
      });
      const text = (result.content as Array<{ text: string }>)[0]?.text ?? "";
      expect({ isError: result.isError, text }).toEqual({
        isError: true,
        text: expect.stringContaining("it contains U+DC80 (half of a character"),
      });
      expect(text).toContain("(code invalid_fact)");
      expect(await readdir(root)).toEqual([]);
    } finally {
      await close();
    }
  });
});
