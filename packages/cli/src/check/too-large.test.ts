import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flushRecallIndexes, RECALL_INDEX_FILE, RECALL_INDEX_LOG } from "@memfiles/core/internal";
import { recallForPrompt } from "@memfiles/core/recall";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Over 16 times the 12,000-char cap (docs/security.md): reported as too_large and never read, so
// one huge file cannot stall every call (a 30 MB file took 17 s and 1.8 GB in a recall that read
// it; line by line, check's secret scan ran out of a 4 GB heap on a 3 MB file).
const HUGE = `---\nname: huge\ndescription: Big.\n---\n${`[stated 2026/01/01] ${"note ".repeat(800)}\n`.repeat(50)}[stated 2026/01/01] zanzibar password: hunter2xyz\n`;
const SMALL = "---\nname: tools\ndescription: Tools.\n---\n[stated 2026/01/01] zanzibar editor\n";

type Run = { code: number; stdout: string; stderr: string };

async function memfiles(cwd: string, args: string[]): Promise<Run> {
  const { context, output } = contextIn(cwd);
  const code = await runMemfiles(args, context);
  return { code, ...output };
}

// Every surface that reads the files: each must leave the huge one unread and say so, or not show it.
const SURFACES: Record<string, { run: (cwd: string) => Promise<Run>; code: number }> = {
  "check (too_large, no secret scan)": {
    run: async (cwd) => {
      const run = await memfiles(cwd, ["check", "memory", "--json"]);
      const { findings } = JSON.parse(run.stdout) as { findings: Array<{ code: string }> };
      const codes = findings.map(({ code }) => code).filter((code) => code !== "index_out_of_sync");
      return {
        ...run,
        stdout: codes.join(","),
        stderr: codes.includes("too_large") ? "not read" : "",
      };
    },
    code: 1,
  },
  "ls (its count of the file's lines)": {
    run: async (cwd) => {
      const run = await memfiles(cwd, ["ls", "memory", "--json"]);
      const files = JSON.parse(run.stdout) as Array<{ path: string; facts: number }>;
      const huge = files.find((file) => file.path === "topics/huge.md");
      return { ...run, stdout: huge?.facts === 0 ? "" : `${huge?.facts} lines: note note` };
    },
    code: 0,
  },
  search: { run: (cwd) => memfiles(cwd, ["search", "memory", "zanzibar"]), code: 0 },
  show: { run: (cwd) => memfiles(cwd, ["show", "memory", "topics/huge.md"]), code: 1 },
  // MEMORY.md, grown by hand past the same limit: read by no reader either.
  "show MEMORY.md": { run: (cwd) => memfiles(cwd, ["show", "memory", "MEMORY.md"]), code: 1 },
  "remember (the index it cannot read is left as it is)": {
    run: async (cwd) => {
      const run = await memfiles(cwd, ["remember", "memory", "topics/tools.md", "uses Neovim"]);
      const index = await readFile(join(cwd, "memory/MEMORY.md"), "utf8");
      return { ...run, stderr: index === HUGE ? "not read" : "rewritten" };
    },
    code: 0,
  },
  "recall (recallForPrompt), and its stored index": {
    run: async (cwd) => {
      const root = join(cwd, "memory");
      const result = await recallForPrompt({ root, query: "zanzibar", budgetTokens: 4_000 });
      await flushRecallIndexes();
      const stored = await Promise.all(
        [RECALL_INDEX_FILE, RECALL_INDEX_LOG].map((name) =>
          readFile(join(root, ".memfiles", name), "utf8"),
        ),
      );
      const units = result.units.map((unit) => `${unit.path}: ${unit.text}`).join("\n");
      return {
        code: 0,
        stdout: `${units}\n${stored.join("\n")}`,
        stderr: units.includes("zanzibar editor") ? "not read" : "",
      };
    },
    code: 0,
  },
};

describe("a file over 16 times the cap is not read by any surface", () => {
  it.each(Object.entries(SURFACES))("%s", async (_name, surface) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-too-large-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    await writeFile(join(cwd, "memory/topics/huge.md"), HUGE);
    await writeFile(join(cwd, "memory/topics/tools.md"), SMALL);
    await writeFile(join(cwd, "memory/MEMORY.md"), HUGE);
    const run = await surface.run(cwd);
    expect(run.code).toBe(surface.code);
    expect(run.stderr).toMatch(/not read/);
    expect(run.stdout).not.toMatch(/note note|hunter2xyz|zanzibar password|huge\.md/);
    expect(await readdir(join(cwd, "memory/topics"))).toEqual(["huge.md", "tools.md"]);
  });
});
