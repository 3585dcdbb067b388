import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../store/index.js";
import { runTool } from "./chat-tools.js";

function read(path: string): Anthropic.ToolUseBlock {
  return {
    type: "tool_use",
    id: "toolu_1",
    name: "memory_read",
    input: { path },
  } as Anthropic.ToolUseBlock;
}

describe("memory_read returns the names a memory links to", () => {
  it("lists each link with the file holding it, or missing (a gap)", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-links-")), "memory");
    await mkdir(root, { recursive: true });
    await writeFile(
      join(root, "deploy-host.md"),
      "---\nname: deploy host\ndescription: Where the user deploys.\ntype: project\nlinks: [fly region]\n---\nDeploys on Fly.io. Secrets: see [[secrets policy]].\n",
    );
    await writeFile(
      join(root, "fly-region.md"),
      "---\nname: fly region\ndescription: Which Fly.io region.\ntype: project\n---\nRuns in ams.\n",
    );
    const store = new MemoryStore({ root, layout: "fact" });
    const call = await runTool(read("deploy-host.md"), {
      store,
      now: new Date("2026-09-12T00:00:00Z"),
    });
    expect(call.result).toContain(
      "<linked_memories>\nThis memory links to (read one with memory_read when it matters):\n- fly region: fly-region.md\n- secrets policy: missing (no memory has this name)\n</linked_memories>",
    );
    const plain = await runTool(read("fly-region.md"), {
      store,
      now: new Date("2026-09-12T00:00:00Z"),
    });
    expect(plain.result).not.toContain("linked_memories");
  });
});
