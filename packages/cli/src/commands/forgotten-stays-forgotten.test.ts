import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { memoryFixture } from "../../test/memory-fixture.js";
import { runMemfiles } from "../run-memfiles.js";

async function run(cwd: string, argv: string[]) {
  const { context, output } = contextIn(cwd);
  const code = await runMemfiles(argv, context);
  return { code, ...output };
}

async function factFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "memfiles-fact-"));
  await mkdir(join(folder, "memory"));
  await writeFile(
    join(folder, "memory/deploy_host.md"),
    "---\nname: Deploy host\ndescription: Where the user deploys.\ntype: project\n---\nDeploys on Fly.io.\n",
  );
  await writeFile(
    join(folder, "memory/editor.md"),
    "---\nname: editor\ndescription: The editor.\ntype: user\n---\nUses Neovim, not VS Code.\n",
  );
  return folder;
}

// A bundle exported before `forget`, imported back in each way a forgotten line could return.
const CASES: Array<{
  name: string;
  folder: () => Promise<string>;
  file: string;
  /** What happens between the forget and the import. */
  meanwhile: (folder: string) => Promise<void>;
}> = [
  {
    name: "subject layout, the file deleted meanwhile",
    folder: async () => (await memoryFixture()).folder,
    file: "topics/tools.md",
    meanwhile: (folder) => rm(join(folder, "memory/topics/tools.md")),
  },
  {
    name: "subject layout, the bundle's file newer than the one on disk",
    folder: async () => (await memoryFixture()).folder,
    file: "topics/tools.md",
    meanwhile: async (folder) => {
      const bundle = await readFile(join(folder, "bundle.json"), "utf8");
      await writeFile(join(folder, "bundle.json"), bundle.replaceAll("2026/09/12", "2099/01/01"));
    },
  },
  {
    name: "fact layout, the fact file deleted by forget",
    folder: factFolder,
    file: "editor.md",
    meanwhile: async () => {},
  },
];

describe("a forgotten line never comes back through import", () => {
  it.each(CASES)("$name", async ({ folder: make, file, meanwhile }) => {
    const folder = await make();
    expect((await run(folder, ["export", "memory", "-o", "bundle.json"])).code).toBe(0);
    expect((await run(folder, ["forget", "--yes", "memory", "Fly.io"])).code).toBe(0);
    await meanwhile(folder);
    const imported = await run(folder, ["import", "bundle.json", "memory"]);
    expect(imported.stdout).toMatch(
      /forgotten {2}\S+:\d+: not imported, the user asked to forget it on \d{4}\/\d\d\/\d\d/,
    );
    // The rest is written; leaving a line out is a change refused.
    expect(imported.code).toBe(1);
    expect(await readFile(join(folder, "memory", file), "utf8")).toContain("Neovim");
    const texts = await Promise.all(
      (await readdir(join(folder, "memory"), { recursive: true }))
        .filter((path) => path.endsWith(".md"))
        .map((path) => readFile(join(folder, "memory", path), "utf8")),
    );
    expect(texts.join("\n")).not.toContain("Fly.io");
    expect((await run(folder, ["check", "memory"])).stdout).not.toContain("forgotten_line");
  });
});
