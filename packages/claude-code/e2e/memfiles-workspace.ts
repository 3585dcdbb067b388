import { execFile } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  claudeBinary,
  projectFolder,
  type RunClaudeOptions,
  type RunClaudeResult,
  runClaude,
  temporaryWorkspace,
} from "./claude-session.js";
import type { StubMessagesApi } from "./stub-messages-api.js";

/** The workspace's `memfiles` command (it runs the sources through tsx inside the repository). */
export const MEMFILES_BIN = fileURLToPath(new URL("../../cli/bin/memfiles.js", import.meta.url));

/** The workspace's `memfiles-mcp` bin, as `memfiles claude-code install` names it. */
const MEMFILES_MCP_BIN = fileURLToPath(new URL("../../mcp/bin/memfiles-mcp.js", import.meta.url));
/** The built server (`pnpm build`). */
const MEMFILES_MCP_MAIN = fileURLToPath(new URL("../../mcp/dist/main.js", import.meta.url));

const run = promisify(execFile);

/** A temporary `$HOME` and project with memfiles installed into the project's Claude Code settings. */
export type MemfilesWorkspace = {
  home: string;
  project: string;
  /** Claude Code's auto-memory folder of the project, where memfiles keeps memory by default. */
  memory: string;
  /** Runs `claude -p` in the project against the stub. */
  session(
    prompt: string,
    options?: Partial<Pick<RunClaudeOptions, "args" | "apiKey" | "env">>,
  ): Promise<RunClaudeResult>;
  /** Runs `memfiles <args>` in the project with the workspace's `$HOME`. */
  memfiles(...args: string[]): Promise<{ stdout: string; stderr: string }>;
};

/**
 * Creates a workspace and runs `memfiles claude-code install` in it (removed when the test ends).
 *
 * @param api - The stub the sessions talk to.
 * @param projectPath - The project's path inside the temporary folder (default `project`).
 * @returns The workspace.
 * @throws {Error} when the install exits non-zero.
 */
export async function memfilesWorkspace(
  api: StubMessagesApi,
  projectPath?: string,
): Promise<MemfilesWorkspace> {
  const { home, project } = await temporaryWorkspace(projectPath);
  const claude = claudeBinary();
  // `memfiles` takes pnpm's INIT_CWD as the folder it was run in: under `pnpm test:claude-code`
  // that is the repository, so the install would wire the repository's own settings.
  const environment = { ...process.env, HOME: home, INIT_CWD: project };
  const workspace: MemfilesWorkspace = {
    home,
    project,
    memory: join(projectFolder(home, project), "memory"),
    session: (prompt, options = {}) =>
      runClaude({
        claude,
        home,
        cwd: project,
        apiUrl: api.url,
        prompt,
        ...options,
      }),
    memfiles: (...args) =>
      run(process.execPath, [MEMFILES_BIN, ...args], { cwd: project, env: environment }),
  };
  await installHooks(workspace);
  return workspace;
}

// `memfiles claude-code install` in the project (which approves the project's MCP server in the
// local settings), then what install tells the person to do, since a `-p` session has nobody to
// ask: allow the server's tools (a rule Claude Code 2.1.332 honors in user settings, not in the
// project's).
async function installHooks(workspace: MemfilesWorkspace): Promise<void> {
  await workspace.memfiles("claude-code", "install");
  await mkdir(join(workspace.home, ".claude"), { recursive: true });
  await writeFile(
    join(workspace.home, ".claude", "settings.json"),
    JSON.stringify({ permissions: { allow: ["mcp__memfiles"] } }),
  );
  // Inside the repository the memfiles-mcp bin compiles its TypeScript through tsx on every
  // start: measured over 12 s to a first tool answer at load average 15, and Claude Code gave the
  // forget call up ("Tool result missing due to internal error"). The built server answers in
  // about a second, as the published package (dist/ only) does.
  const mcpFile = join(workspace.project, ".mcp.json");
  const mcp = JSON.parse(await readFile(mcpFile, "utf8")) as {
    mcpServers: Record<string, { command: string; args: string[] }>;
  };
  const server = mcp.mcpServers.memfiles;
  if (server !== undefined && server.args[0] === MEMFILES_MCP_BIN) {
    server.args = ["--conditions=memfiles-dist", MEMFILES_MCP_MAIN, ...server.args.slice(1)];
    await writeFile(mcpFile, JSON.stringify(mcp, null, 2));
  }
}

/** The hooks' log lines (`.memfiles/claude-code/hook.log`, JSON lines) of the workspace's memory. */
export async function hookLog(
  workspace: MemfilesWorkspace,
): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(
    join(workspace.memory, ".memfiles", "claude-code", "hook.log"),
    "utf8",
  ).catch(() => "");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The write pass's log lines. */
export async function writePassLog(
  workspace: MemfilesWorkspace,
): Promise<Array<Record<string, unknown>>> {
  return (await hookLog(workspace)).filter((entry) => entry.event === "write-pass");
}

const awaited = new WeakMap<MemfilesWorkspace, Map<string, number>>();

/**
 * Waits (bounded, see {@link waitFor}) for the next write pass of a session to log its outcome:
 * the first call for a session waits for its first write pass, the second for its second, ...
 *
 * @returns The log entry.
 * @throws {Error} when none arrives in time.
 */
export async function writePassDone(
  workspace: MemfilesWorkspace,
  sessionId: string,
): Promise<Record<string, unknown>> {
  const counts = awaited.get(workspace) ?? new Map<string, number>();
  awaited.set(workspace, counts);
  const seen = counts.get(sessionId) ?? 0;
  const entry = await waitFor(`the write pass of session ${sessionId}`, async () => {
    const entries = (await writePassLog(workspace)).filter((line) => line.sessionId === sessionId);
    return entries[seen];
  });
  counts.set(sessionId, seen + 1);
  return entry;
}

/**
 * Every file under a folder with its text, by path relative to it (`.memfiles/` included when
 * `internal` is true), so a test can assert on all of memory at once.
 */
export async function folderFiles(
  folder: string,
  options: { internal?: boolean } = {},
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  let entries: string[];
  try {
    entries = await readdir(folder, { recursive: true });
  } catch {
    return files;
  }
  for (const entry of entries.sort()) {
    const path = join(folder, entry);
    if (!options.internal && relative(folder, path).split("/")[0] === ".memfiles") continue;
    try {
      files[entry] = await readFile(path, "utf8");
    } catch {
      // A folder, or a file removed between the listing and the read.
    }
  }
  return files;
}

/**
 * Polls `check` until it returns a value other than `undefined`, every `intervalMs`, for at most
 * `timeoutMs`: the SessionEnd write pass runs detached after `claude -p` has exited, so a test
 * waits for its outcome, bounded, instead of sleeping.
 *
 * @throws {Error} naming `what` when the time runs out.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  // Generous: a detached write pass starts Node and loads core on a busy 2-core machine.
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}
