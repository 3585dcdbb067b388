import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// A fact-layout MEMORY.md whose hand-written lines pass the 200 lines Claude Code loads: after a
// remember, `check` says so (exit 1), as memfiles never cuts a person's lines.
describe("check on a MEMORY.md past the lines Claude Code loads", () => {
  it("reports index_over_budget after a remember", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-index-budget-"));
    await mkdir(join(cwd, ".memory"));
    const hand = Array.from({ length: 250 }, (_, index) => `My note ${index}.`);
    await writeFile(join(cwd, ".memory", "MEMORY.md"), `# Memory\n${hand.join("\n")}\n`);
    const { context, output } = contextIn(cwd);
    const remembered = [
      "remember",
      ".memory",
      "deploy-host",
      "uses Postgres 16",
      "--layout",
      "fact",
    ];
    expect(await runMemfiles(remembered, context)).toBe(0);
    const checked = contextIn(cwd);
    expect(await runMemfiles(["check", ".memory", "--json"], checked.context)).toBe(1);
    const { findings } = JSON.parse(checked.output.stdout) as {
      findings: Array<{ code: string; message: string }>;
    };
    expect(findings.filter((finding) => finding.code === "index_over_budget")).toEqual([
      {
        code: "index_over_budget",
        path: "MEMORY.md",
        message:
          "MEMORY.md has 257 lines, past the 200 Claude Code loads (251 written by hand, which memfiles never cuts): lines past 200 are never seen. Shorten or move the hand-written lines.",
        fixable: false,
      },
    ]);
    expect(output.stderr).toBe("");
  });
});
