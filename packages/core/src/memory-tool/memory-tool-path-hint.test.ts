import { mkdir, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../store/index.js";
import { memfilesMemoryTool } from "./memory-tool.js";

// A path the store refuses (`MemoryPathError`) reaches the model with the error's fix, on every
// command: a refusal that says what failed but not how to fix it leaves the model guessing.
type Command = Anthropic.Beta.BetaMemoryTool20250818Command;

const OUT = "/memories/topics/out.md";
const COMMANDS: Record<Command["command"], Command> = {
  view: { command: "view", path: OUT },
  create: { command: "create", path: OUT, file_text: "[stated 2026/09/12] plays chess\n" },
  str_replace: { command: "str_replace", path: OUT, old_str: "plays go", new_str: "plays chess" },
  insert: { command: "insert", path: OUT, insert_line: 0, insert_text: "plays chess\n" },
  delete: { command: "delete", path: OUT },
  rename: { command: "rename", old_path: OUT, new_path: "/memories/topics/in.md" },
};

// The two ways a store refusal ends: its own fix (a link leading out of the folder) and a path's
// general rule (a link to a file inside the folder that is no memory file).
const LINKS = [
  {
    name: "a link leading outside the folder",
    target: (base: string) => join(base, "outside.md"),
    hint: "Links may only point inside the memory folder.",
  },
  {
    name: "a link to a file that is no memory file",
    target: (base: string) => join(base, "memory", "notes.txt"),
    hint: 'that ends in ".md", with "/" between folders, such as "topics/tools.md".',
  },
];

const rows = LINKS.flatMap((link) =>
  Object.entries(COMMANDS).map(([command, input]) => ({ ...link, command, input })),
);

describe("a path the store refuses, through the memory tool", () => {
  it.each(rows)("$command, $name: the refusal gives the fix", async ({ input, target, hint }) => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-path-hint-"));
    const root = join(base, "memory");
    await mkdir(join(root, "topics"), { recursive: true });
    const text = "---\nname: out\ndescription: x\n---\n[stated 2026/09/01] plays go\n";
    await writeFile(join(base, "outside.md"), text);
    await writeFile(join(root, "notes.txt"), text);
    await symlink(target(base), join(root, "topics", "out.md"));
    const tool = memfilesMemoryTool({ store: new MemoryStore({ root }), now: new Date() });
    const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input } as const;
    const outcome = await runRunnableTool(tool, input, {
      toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
      toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
    });
    expect({
      isError: outcome.isError,
      refused: /refused/i.test(String(outcome.content)) && String(outcome.content).includes(OUT),
      hint: String(outcome.content).includes(hint),
      outside: await readFile(target(base), "utf8"),
    }).toEqual({ isError: true, refused: true, hint: true, outside: text });
  });
});
