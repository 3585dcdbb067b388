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
