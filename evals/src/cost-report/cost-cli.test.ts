import {
  appendFile,
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runCostCli } from "./cost-cli.js";

const fixture = fileURLToPath(new URL("./__fixtures__/usage.jsonl", import.meta.url));
const folders: string[] = [];
const UNKNOWN_RECORD = {
  sessionId: "s2",
  stage: "chat",
  model: "claude-sonnet-9",
  usage: { input: 100, output: 10, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
  date: "2026-11-02T10:40:00.000Z",
};

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
    expect(result.stdout).toContain(
      `Wrote ${join(folder, "out", "cost.json")} (created the folder ${join(folder, "out")})\n`,
    );
    const json = JSON.parse(await readFile(join(folder, "out", "cost.json"), "utf8"));
    expect(json.total.saving).toBe(-0.0075);
    expect(json.problems).toHaveLength(2);
  });

  it.each([
    {
      name: "one record of an unknown model",
      extra: [UNKNOWN_RECORD],
      prices: undefined,
      code: 0,
      unpriced:
        "Not priced: 1 record of 1 model with no price (left out of every figure):\n" +
        "  claude-sonnet-9: 1 record, 100 input, 10 output, 0 cache write, 0 cache read tokens\n",
      warning:
        'pnpm cost: warning: 1 record(s) of claude-sonnet-9 not priced and left out (see "Not priced" above).\n',
    },
    {
      name: "an unknown model priced with --prices",
      extra: [UNKNOWN_RECORD],
      prices: {
        "claude-sonnet-9": {
          input: 2,
          output: 10,
          cacheWrite5m: 2.5,
          cacheWrite1h: 4,
          cacheRead: 0.2,
        },
      },
      code: 0,
      unpriced: undefined,
      warning: "",
    },
  ])("prices the rest and exits $code on $name", async (row) => {
    const folder = await memoryFolder(true);
    await appendFile(
      join(folder, ".memfiles", "usage.jsonl"),
      row.extra.map((record) => `${JSON.stringify(record)}\n`).join(""),
    );
    const argv = ["."];
    if (row.prices) {
      await writeFile(join(folder, "prices.json"), JSON.stringify(row.prices));
      argv.push("--prices", "prices.json");
    }
    const result = await cost(argv, folder);
    expect({ code: result.code, stderr: result.stderr }).toEqual({
      code: row.code,
      stderr: row.warning,
    });
    expect(result.stdout).toContain(
      `Cost per session from ${join(folder, ".memfiles", "usage.jsonl")}: ${row.prices ? 7 : 6} model calls`,
    );
    if (row.unpriced === undefined) expect(result.stdout).not.toContain("Not priced");
    else {
      expect(result.stdout).toContain(row.unpriced);
      expect(result.stdout).toContain("packages/core/src/cost/prices.ts");
      expect(result.stdout).toContain("--prices prices.json");
      expect(result.stdout).toContain("costOf");
    }
  });

  it("exits 1 with the unpriced list when no record could be priced", async () => {
    const folder = await memoryFolder(false);
    await mkdir(join(folder, ".memfiles"));
    await writeFile(
      join(folder, ".memfiles", "usage.jsonl"),
      `${JSON.stringify(UNKNOWN_RECORD)}\n`,
    );
    const result = await cost(["."], folder);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 1, stdout: "" });
    expect(result.stderr).toContain(
      `pnpm cost: no record of ${join(folder, ".memfiles", "usage.jsonl")} could be priced.\n` +
        "Not priced: 1 record of 1 model with no price (left out of every figure):\n" +
        "  claude-sonnet-9: 1 record, 100 input, 10 output, 0 cache write, 0 cache read tokens\n" +
        "Known models: claude-fable-5-2, claude-fable-5-1, claude-opus-5-5, claude-sonnet-5-5, " +
        'claude-haiku-5-5, claude-opus-5, claude-sonnet-5, claude-haiku-4-5 (a dated suffix such as "-20251001" is accepted).\n',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    {
      name: "a bad prices file",
      args: [".", "--prices", "nope.json"],
      code: 2,
      says: "pnpm cost: cannot read the prices file",
    },
    { name: "a folder without a log", args: ["."], code: 1, says: "pnpm cost: No usage log at" },
    { name: "no folder", args: [], code: 2, says: "pnpm cost takes exactly one memory folder." },
    {
      name: "two folders",
      args: [".", "."],
      code: 2,
      says: "pnpm cost takes exactly one memory folder.",
    },
    { name: "an unknown flag", args: ["--nope", "."], code: 2, says: "Unknown option '--nope'" },
    // A database's log is the memfiles command's: each database option says so, with the command.
    ...[
      ["--pglite", "db"],
      ["--pglite=db"],
      ["--database-url", "postgres://localhost/memfiles", "--tenant", "alice"],
      ["--tenant", "alice", "."],
    ].map((args) => ({
      name: args.join(" "),
      args,
      code: 2,
      says: `pnpm cost does not take ${args[0]?.split("=")[0]}: pnpm cost reads a memory folder's log only. A database's (@memfiles/pg) is priced by the memfiles command: memfiles cost --pglite <folder> [--tenant <tenant>], or memfiles cost --database-url <url> --tenant <tenant>.`,
    })),
    {
      name: "a store's label for a folder",
      args: ["pglite:alice"],
      code: 2,
      says: "e.g. pnpm cost ./memory. pnpm cost reads a memory folder's log only. A database's (@memfiles/pg) is priced by the memfiles command: memfiles cost --pglite",
    },
  ])("exits $code on $name", async ({ args, code, says }) => {
    const result = await cost(args, await memoryFolder(false));
    expect(result.code).toBe(code);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(says);
  });
});

it("says in its help that it reads a folder, and which command reads a database's log", async () => {
  const result = await cost(["--help"], await memoryFolder(false));
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(
    "pnpm cost reads a memory folder's log only. A database's (@memfiles/pg) is priced by the memfiles command: memfiles cost --pglite <folder> [--tenant <tenant>], or memfiles cost --database-url <url> --tenant <tenant>.",
  );
});

describe("pnpm cost on hostile paths (issue 20, item 7)", () => {
  it("refuses --json onto the usage log it reads, and leaves the log as it was", async () => {
    const folder = await memoryFolder(true);
    const log = join(folder, ".memfiles", "usage.jsonl");
    const before = await readFile(log, "utf8");
    const result = await cost([folder, "--json", log], folder);
    expect({ code: result.code, refused: result.stderr.includes("refused --json") }).toEqual({
      code: 2,
      refused: true,
    });
    expect(await readFile(log, "utf8")).toBe(before);
  });

  it("says why, without a stack trace, when .memfiles is a link", async () => {
    const folder = await memoryFolder(false);
    const elsewhere = await memoryFolder(true);
    await symlink(join(elsewhere, ".memfiles"), join(folder, ".memfiles"));
    const result = await cost([folder], folder);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(".memfiles");
    expect(result.stderr).not.toContain("    at ");
  });

  it("exits 2, the usage-error code, for a folder that does not exist (new-user trial)", async () => {
    const folder = await memoryFolder(false);
    const result = await cost([join(folder, "missing")], folder);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("No folder at");
    expect(result.stderr).not.toContain("    at ");
  });

  it("exits 1 for a folder with no usage log (the folder is right, the log is off)", async () => {
    const folder = await memoryFolder(false);
    const result = await cost([folder], folder);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No usage log at");
  });
});
