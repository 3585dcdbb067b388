import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Over 16 times the 12,000-char cap: reported as too_large and never read, by the secret scan
// either (line by line, it ran out of a 4 GB heap on a 3 MB file of 60,000 lines).
describe("memfiles check on a file over 16 times the cap", () => {
  it("reports too_large and scans nothing in it, exit 1", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-too-large-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    const line = `[stated 2026/01/01] ${"note ".repeat(800)}\n`;
    await writeFile(
      join(cwd, "memory/topics/huge.md"),
      `---\nname: huge\ndescription: Big.\n---\n${line.repeat(50)}[stated 2026/01/01] password: hunter2xyz\n`,
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["check", "memory", "--json"], context)).toBe(1);
    const { findings } = JSON.parse(output.stdout) as {
      findings: Array<{ code: string; path: string }>;
    };
    expect(
      findings.filter((finding) => finding.code !== "index_out_of_sync").map(({ code }) => code),
    ).toEqual(["too_large"]);
  });
});
