import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Each layout's files as a person keeps them, with the facts `ls` counts in each.
const FOLDERS = {
  subject: {
    "profile.md": {
      text: "---\nname: profile\ndescription: Who the user is.\n---\n# Home\n[stated 2026/11/01] lives in Lyon\n[stated 2026/11/02] works at a bakery\nan undated line written by hand\n",
      facts: 2,
    },
    "topics/empty.md": {
      text: "---\nname: empty\ndescription: Nothing yet.\n---\n# Notes\n",
      facts: 0,
    },
  },
  fact: {
    "deploy-host.md": {
      text: "---\nname: deploy host\ndescription: Where the user deploys.\ntype: project\n---\nDeploys on Fly.io.\n**Why:** cheap.\n",
      facts: 1,
    },
    "empty.md": {
      text: "---\nname: empty\ndescription: Nothing yet.\ntype: user\n---\n# Notes\n",
      facts: 0,
    },
  },
} as const;

describe("memfiles ls", () => {
  it.each(["subject", "fact"] as const)(
    "counts the facts of each file (%s layout)",
    async (layout) => {
      const cwd = await mkdtemp(join(tmpdir(), "memfiles-ls-"));
      const files = Object.entries(FOLDERS[layout]);
      for (const [path, file] of files) {
        await mkdir(join(cwd, "memory", path, ".."), { recursive: true });
        await writeFile(join(cwd, "memory", path), file.text);
      }
      const { context, output } = contextIn(cwd);
      const code = await runMemfiles(["ls", "memory", "--layout", layout, "--json"], context);
      expect(output.stderr).toBe("");
      expect(code).toBe(0);
      const rows = JSON.parse(output.stdout) as { path: string; facts: number }[];
      expect(rows.map(({ path, facts }) => ({ path, facts }))).toEqual(
        files.map(([path, file]) => ({ path, facts: file.facts })),
      );
    },
  );
});
