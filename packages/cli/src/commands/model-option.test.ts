import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { memoryFixture } from "../../test/memory-fixture.js";
import { runMemfiles } from "../run-memfiles.js";

// Every command with a `--model` refuses a model the price table does not know, before any call.
const COMMANDS: Array<[string, string[]]> = [
  ["consolidate", ["consolidate", "memory", "--model", "gpt-4"]],
  ["claude-code import", ["claude-code", "import", "--dry-run", "--model", "gpt-4"]],
];

describe("--model is checked against the price table by every command", () => {
  it.each(COMMANDS)("%s --model gpt-4: exit 2, naming the known models", async (_name, argv) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    context.env = {
      ANTHROPIC_API_KEY: "sk-ant-test",
      HOME: await mkdtemp(join(tmpdir(), "memfiles-home-")),
    };
    expect(await runMemfiles(argv, context)).toBe(2);
    expect(output.stderr).toContain('No price for model "gpt-4"');
    expect(output.stderr).toContain("Known models: claude-");
    expect(output.stderr.trim().split("\n")).toHaveLength(1);
  });
});
