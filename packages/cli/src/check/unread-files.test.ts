import { appendFile, link, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Files the store does not read (`notEditableProblem`): `check` names the real cause, not "does
// not exist"; `check --fix` and other writes keep their MEMORY.md line as it is; `ls` lists them
// as problem files.
const UNREAD = {
  "over 16 times the cap": {
    code: "too_large",
    act: (file: string) =>
      appendFile(file, `[stated 2026/01/01] ${"note ".repeat(800)}\n`.repeat(50)),
  },
  "hard-linked": {
    code: "refused",
    act: (file: string) => link(file, join(file, "..", "..", "..", "elsewhere.md")),
  },
} as const;

async function run(cwd: string, argv: string[]) {
  const { context, output } = contextIn(cwd);
  const code = await runMemfiles(argv, context);
  return { code, ...output };
}

describe("a file memfiles does not read", () => {
  it.each(Object.entries(UNREAD))(
    "%s: check names why, --fix keeps its line, ls lists it",
    async (_name, { code, act }) => {
      const cwd = await mkdtemp(join(tmpdir(), "memfiles-unread-"));
      const created = await run(cwd, [
        "remember",
        "--create",
        "memory",
        "topics/tools.md",
        "uses Neovim for editing code",
      ]);
      expect(created.code).toBe(0);
      const index = join(cwd, "memory", "MEMORY.md");
      const before = await readFile(index, "utf8");
      expect(before).toContain("topics/tools.md");
      await act(join(cwd, "memory", "topics", "tools.md"));

      const checked = await run(cwd, ["check", "memory", "--json"]);
      expect(checked.code).toBe(1);
      const { findings } = JSON.parse(checked.stdout) as {
        findings: Array<{ code: string; path: string }>;
      };
      expect(findings.map((finding) => [finding.code, finding.path])).toEqual([
        [code, "topics/tools.md"],
      ]);

      await run(cwd, ["check", "memory", "--fix"]);
      expect(await readFile(index, "utf8")).toBe(before);

      // A write to another file keeps it listed as it was.
      expect((await run(cwd, ["remember", "memory", "topics/food.md", "likes ramen"])).code).toBe(
        0,
      );
      const toolsLine = before.split("\n").find((line) => line.includes("topics/tools.md"));
      expect((await readFile(index, "utf8")).split("\n")).toContain(toolsLine);

      const listed = await run(cwd, ["ls", "memory"]);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain("topics/tools.md (!)");
    },
  );
});
