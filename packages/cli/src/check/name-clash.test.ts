import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

const FILE = "---\nname: jose\ndescription: About José.\n---\n[stated 2026/09/01] a fact\n";

describe("memfiles check reports names that are one file on macOS and Windows", () => {
  it.each([
    [
      "Unicode normalization (NFC beside NFD)",
      ["people/jose\u0301.md", "people/jos\u00e9.md"],
      ["people/jose\u0301.md (NFD)", "people/jos\u00e9.md (NFC)"],
    ],
    ["case", ["people/DGIA.md", "people/dgia.md"], ["people/DGIA.md", "people/dgia.md"]],
  ])(
    "%s: a name_clash finding for each, exit 1",
    async (_name, [first = "", second = ""], [firstSaid, secondSaid]) => {
      const cwd = await mkdtemp(join(tmpdir(), "memfiles-clash-"));
      await mkdir(join(cwd, "memory/people"), { recursive: true });
      for (const path of [first, second]) await writeFile(join(cwd, "memory", path), FILE);
      const { context, output } = contextIn(cwd);
      expect(await runMemfiles(["check", "memory", "--json"], context)).toBe(1);
      const { findings } = JSON.parse(output.stdout) as {
        findings: Array<{ code: string; path: string; message: string }>;
      };
      expect(findings.filter((finding) => finding.code === "name_clash")).toEqual([
        {
          code: "name_clash",
          path: first,
          message: `${firstSaid} differs from ${secondSaid} only in case or Unicode normalization: one file on macOS and Windows, two here. Merge them by hand into one file.`,
          fixable: false,
        },
        {
          code: "name_clash",
          path: second,
          message: `${secondSaid} differs from ${firstSaid} only in case or Unicode normalization: one file on macOS and Windows, two here. Merge them by hand into one file.`,
          fixable: false,
        },
      ]);
    },
  );
});

describe("memfiles check reports .md files the store never reads", () => {
  it("an ignored_file finding for a Windows device name, exit 1 (new-user trial: nul.md)", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-ignored-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    await writeFile(join(cwd, "memory/topics/nul.md"), FILE);
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["check", "memory", "--json"], context)).toBe(1);
    const { findings } = JSON.parse(output.stdout) as { findings: Array<{ code: string }> };
    expect(findings.filter((finding) => finding.code === "ignored_file")).toEqual([
      {
        code: "ignored_file",
        path: "topics/nul.md",
        message:
          'topics/nul.md is never read, searched or recalled: its name is not one memfiles reads ("nul.md" is a device name on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9)). Rename it to be read.',
        fixable: false,
      },
    ]);
  });
});
