import { copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runCostCli } from "./cost-cli.js";

const fixture = fileURLToPath(new URL("./__fixtures__/usage.jsonl", import.meta.url));
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

async function memoryFolder(withLog: boolean): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "memfiles-cost-cli-"));
  folders.push(folder);
  if (withLog) {
    await mkdir(join(folder, ".memfiles"));
    await copyFile(fixture, join(folder, ".memfiles", "usage.jsonl"));
  }
  return folder;
}

async function cost(argv: string[], cwd: string) {
  let stdout = "";
  let stderr = "";
  const code = await runCostCli({
    argv,
    cwd,
    write: (text) => {
      stdout += text;
    },
    writeError: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

describe("runCostCli (pnpm cost)", () => {
  it("prints the report of a folder relative to cwd, writes the JSON, and exits 0", async () => {
    const folder = await memoryFolder(true);
    const result = await cost(["--", ".", "--json", "out/cost.json"], folder);
    expect(result).toEqual({ code: 0, stdout: expect.any(String), stderr: "" });
    expect(result.stdout).toContain(
      `Cost per session from ${join(folder, ".memfiles", "usage.jsonl")}: 6 model calls in 3 sessions.`,
    );
    const json = JSON.parse(await readFile(join(folder, "out", "cost.json"), "utf8"));
    expect(json.total.saving).toBe(-0.0075);
    expect(json.problems).toHaveLength(2);
  });

  it.each([
    { name: "a folder without a log", args: ["."], code: 1, says: "pnpm cost: No usage log at" },
    { name: "no folder", args: [], code: 2, says: "pnpm cost takes exactly one memory folder." },
    {
      name: "two folders",
      args: [".", "."],
      code: 2,
      says: "pnpm cost takes exactly one memory folder.",
    },
    { name: "an unknown flag", args: ["--nope", "."], code: 2, says: "Unknown option '--nope'" },
  ])("exits $code on $name", async ({ args, code, says }) => {
    const result = await cost(args, await memoryFolder(false));
    expect(result.code).toBe(code);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(says);
  });
});
