import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore, remember, type StoreLayout } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

// The MCP row of packages/cli/test/forget-memory-index.test.ts (library, CLI, PreToolUse, check):
// Claude Code loads MEMORY.md into every session, so the `forget` tool takes a matching line a
// person (or Claude Code) wrote in it out too.

const HAND_LINE = "- Remember: the user banks with Monzo.";
const NOW = new Date("2026-12-06T12:00:00Z");

describe.each(["fact", "subject"] as const)("MCP forget, %s layout", (layout: StoreLayout) => {
  it("takes a matching hand line out of MEMORY.md", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-forget-index-")), "memory");
    const store = new MemoryStore({ root, layout });
    const money = layout === "fact" ? "bank" : "topics/money.md";
    await remember({ store, path: money, fact: "banks with Monzo", now: NOW });
    const tools = layout === "fact" ? "editor" : "topics/tools.md";
    await remember({ store, path: tools, fact: "uses Helix", now: NOW });
    const index = await readFile(join(root, "MEMORY.md"), "utf8");
    await writeFile(join(root, "MEMORY.md"), index.replace(/\n/, `\n${HAND_LINE}\n`));
    const session = await startInProcess(["--root", root, "--layout", layout]);
    try {
      const result = await session.client.callTool({
        name: "forget",
        arguments: { query: "Monzo" },
      });
      expect(result.isError ?? false).toBe(false);
    } finally {
      await session.close();
    }
    const after = await readFile(join(root, "MEMORY.md"), "utf8");
    expect(after).not.toContain("Monzo");
    expect(after).toMatch(/editor\.md|tools\.md/);
  });
});
