// The `memfiles` command as a child process, for what only a process has: its exit status, a reader
// that closes the pipe early, stdin that is no terminal, and signals. What each command does is
// tested in process (memfiles-command.test.ts). One run goes through bin/memfiles.js as
// `pnpm memfiles` runs it (tsx on src/); the others run the built dist/main.js, what the published
// package runs, on plain node (a third of the CPU time of a tsx start).
import { execFile, spawn } from "node:child_process";
import { open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { expectBuilt } from "../../core/test/fixtures/built-dist.js";
import { memoryFixture } from "./memory-fixture.js";

const BIN = [fileURLToPath(new URL("../bin/memfiles.js", import.meta.url))];
// The workspace packages export their sources (docs/decisions/0003); the `memfiles-dist` condition
// resolves them to their built dist/.
const BUILT = [
  "--conditions=memfiles-dist",
  fileURLToPath(new URL("../dist/main.js", import.meta.url)),
];
// A run through tsx takes 2-4 s on a busy 2-core machine, so a test of one run gets a minute.
const PROCESS_TIMEOUT_MS = 60_000;

beforeAll(() => expectBuilt(["cli", "core", "errors"]));

type Run = { code: number; stdout: string; stderr: string };

function inheritedEnv(): NodeJS.ProcessEnv {
  const {
    INIT_CWD: _init,
    MEMFILES_DIR: _dir,
    ANTHROPIC_API_KEY: _key,
    ...inherited
  } = process.env;
  return inherited;
}

function memfiles(command: string[], args: string[], cwd: string): Promise<Run> {
  return new Promise((resolveRun) => {
    execFile(
      process.execPath,
      [...command, ...args],
      { cwd, env: inheritedEnv() },
      (error, stdout, stderr) => {
        resolveRun({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

function expectOneLineError(run: Run): void {
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
}

describe("memfiles (the binary)", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it("a missing folder: one line on stderr, no stack, exit status 2", async () => {
    const { folder } = await memoryFixture();
    const run = await memfiles(BIN, ["ls", "no-such-folder"], folder);
    expect(run.code).toBe(2);
    expectOneLineError(run);
    await expect(readFile(join(folder, "no-such-folder"))).rejects.toThrow();
  });

  it("forget with stdin from a pipe (no terminal) and no --yes removes nothing and exits 2", async () => {
    const { folder } = await memoryFixture();
    const before = await readFile(join(folder, "memory/topics/tools.md"), "utf8");
    const run = await memfiles(BUILT, ["forget", "where I deploy", "-m", "memory"], folder);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("topics/tools.md: [stated 2026/09/12] deploys on Fly.io");
    expectOneLineError(run);
    expect(await readFile(join(folder, "memory/topics/tools.md"), "utf8")).toBe(before);
  });

  it("a reader that closes the pipe before the output (`memfiles ls | head -0`): exit 0, nothing on stderr", async () => {
    const { folder } = await memoryFixture();
    const child = spawn(process.execPath, [...BUILT, "ls", "memory"], {
      cwd: folder,
      env: inheritedEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Closed before the command can start, so its first write meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolveExit) =>
      child.once("close", resolveExit),
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });

  it.each([
    ["export", ["export", "memory"]],
    ["ls", ["ls", "memory"]],
  ])(
    "%s to a full disk (`> /dev/full`): one line on stderr, no stack, exit 2",
    async (_name, args) => {
      const { folder } = await memoryFixture();
      // Linux's full device: every write fails with ENOSPC.
      const full = await open("/dev/full", "w");
      const child = spawn(process.execPath, [...BUILT, ...args], {
        cwd: folder,
        env: inheritedEnv(),
        stdio: ["ignore", full.fd, "pipe"],
      });
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const code = await new Promise<number | null>((resolveExit) =>
        child.once("close", resolveExit),
      );
      await full.close();
      expect(code).toBe(2);
      expect(stderr).toContain("memfiles: cannot write the output: ENOSPC");
      expectOneLineError({ code: 2, stdout: "", stderr });
    },
  );

  // Program options go before or after the command's name (docs/cli.md), `hook` included: the
  // bin starts the hook entry at once only when `hook` comes first.
  it.each([
    ["hook first", ["hook", "session-start", "--root", "memory"], 0, "Lyon"],
    [
      "hook after --time-zone",
      ["--time-zone", "Asia/Seoul", "hook", "session-start", "--root", "memory"],
      0,
      "Lyon",
    ],
    [
      "hook after a --time-zone that names no zone",
      ["--time-zone=Mars/Base", "hook", "session-start", "--root", "memory"],
      2,
      "",
    ],
  ] as const)("%s: runs the hook entry", async (_name, args, exit, recalled) => {
    const { folder } = await memoryFixture();
    const child = spawn(process.execPath, [...BIN, ...args], {
      cwd: folder,
      env: inheritedEnv(),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end(JSON.stringify({ session_id: "s-1", cwd: folder }));
    const code = await new Promise<number | null>((resolveExit) =>
      child.once("close", resolveExit),
    );
    expect({ code, stderr: exit === 0 ? stderr : "" }).toEqual({ code: exit, stderr: "" });
    if (exit === 0) expect(stdout).toContain(recalled);
    else expect(stderr).toContain('--time-zone "Mars/Base" is no time zone');
  });

  it("serve prints a 127.0.0.1 address with a token, answers only with it, and stops on SIGTERM", async () => {
    const { folder } = await memoryFixture();
    const child = spawn(process.execPath, [...BUILT, "serve", "memory"], {
      cwd: folder,
      env: { ...process.env, INIT_CWD: folder },
    });
    let stdout = "";
    const url = await new Promise<string>((resolveUrl, rejectUrl) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}/.exec(stdout);
        if (match) resolveUrl(match[0]);
      });
      child.once("exit", () => rejectUrl(new Error(`serve exited early: ${stdout}`)));
    });
    const api = new URL(url);
    api.pathname = "/api/memory";
    const memory = await fetch(api);
    expect(memory.status).toBe(200);
    expect(((await memory.json()) as { files: unknown[] }).files).toHaveLength(2);
    api.searchParams.delete("token");
    expect((await fetch(api)).status).toBe(403);
    const exited = new Promise<number | null>((resolveExit) => child.once("exit", resolveExit));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
