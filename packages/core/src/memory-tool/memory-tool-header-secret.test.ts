import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../store/index.js";
import { memfilesMemoryTool } from "./memory-tool.js";

const NOW = new Date("2026-11-30T12:00:00Z");
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const fakeAnthropicKey = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");

async function create(layout: "subject" | "fact", path: string, fileText: string) {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-tool-header-")), "memory");
  const store = new MemoryStore({ root, layout });
  const tool = memfilesMemoryTool({ store, now: NOW });
  const command = {
    command: "create",
    path,
    file_text: fileText,
  } as Anthropic.Beta.BetaMemoryTool20250818Command;
  const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
  const outcome = await runRunnableTool(tool, command, {
    toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
    toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
  });
  return { text: String(outcome.content), files: (await store.list()).map((row) => row.path) };
}

// A key the model put only in the header of a file it creates (its description), the body clean.
describe("the memory tool scans a created file's header for secrets", () => {
  it.each([
    [
      "subject",
      "/memories/topics/deploy.md",
      `---\nname: deploy\ndescription: Deploys. Token ${fakeAnthropicKey} for the bot.\nupdated: 2026/11/30\n---\n[stated 2026/11/30] deploys on Fly.io\n`,
    ],
    [
      "fact",
      "/memories/deploy-host.md",
      `---\nname: deploy host\ndescription: Deploys. Token ${fakeAnthropicKey} for the bot.\ntype: project\nupdated: 2026/11/30\n---\nDeploys on Fly.io.\n`,
    ],
  ] as const)("%s layout: refused as a secret, nothing created", async (layout, path, text) => {
    const result = await create(layout, path, text);
    expect(result.text).toMatch(/secret/i);
    expect(result.text).not.toContain(fakeAnthropicKey);
    expect(result.files).toEqual([]);
  });
});

describe("the memory tool scans a header line an edit changes", () => {
  it("str_replace of the description with a key in it: refused, the file as it was", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-tool-header-")), "memory");
    const store = new MemoryStore({ root });
    const tool = memfilesMemoryTool({ store, now: NOW });
    const run = async (command: Anthropic.Beta.BetaMemoryTool20250818Command) => {
      const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
      const outcome = await runRunnableTool(tool, command, {
        toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
        toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
      });
      return String(outcome.content);
    };
    await run({
      command: "create",
      path: "/memories/topics/deploy.md",
      file_text:
        "---\nname: deploy\ndescription: Deploys.\nupdated: 2026/11/30\n---\n[stated 2026/11/30] deploys on Fly.io\n",
    });
    const onDisk = async () => {
      const file = await store.read("topics/deploy.md");
      return "content" in file ? file.content : undefined;
    };
    const before = await onDisk();
    expect(before).toContain("deploys on Fly.io");
    const text = await run({
      command: "str_replace",
      path: "/memories/topics/deploy.md",
      old_str: "description: Deploys.",
      new_str: `description: Deploys. Token ${fakeAnthropicKey} for the bot.`,
    });
    expect(text).toMatch(/secret/i);
    expect(await onDisk()).toBe(before);
  });
});
