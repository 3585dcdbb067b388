import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectFolderName } from "@memfiles/core/internal";
import { onTestFinished } from "vitest";

/**
 * Runs the real Claude Code client (`claude -p`) for end-to-end tests: in a temporary `$HOME`,
 * offline, against a stub Messages API. The binary comes from `MEMFILES_CLAUDE_CODE_BIN`, which
 * `scripts/claude-code-test.sh` sets after installing the pinned `@anthropic-ai/claude-code`.
 */

/** Environment variables that keep a `claude -p` session offline and quiet. */
export const OFFLINE_ENVIRONMENT = {
  // No telemetry, no update checks, no other traffic but the Messages API (Claude Code's
  // environment-variable reference).
  DISABLE_TELEMETRY: "1",
  DISABLE_AUTOUPDATER: "1",
  DISABLE_ERROR_REPORTING: "1",
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
} as const;

/** Options of {@link runClaude}. */
export type RunClaudeOptions = {
  /** The `claude` binary. */
  claude: string;
  /** The temporary `$HOME` (Claude Code keeps `~/.claude/` and `~/.claude.json` there). */
  home: string;
  /** The project directory the session runs in. */
  cwd: string;
  /** The stub's base URL (`ANTHROPIC_BASE_URL`). */
  apiUrl: string;
  /** The prompt of `claude -p`. */
  prompt: string;
  /** Extra arguments, e.g. `["--resume", id]`. */
  args?: readonly string[];
  /** `ANTHROPIC_API_KEY`; `null` leaves it unset. Defaults to a dummy key the stub accepts. */
  apiKey?: string | null;
  /** More environment variables for the session and its hooks. */
  env?: Readonly<Record<string, string>>;
};

/** What a `claude -p --output-format json` run returned. */
export type RunClaudeResult = {
  /** Exit status (`null` when killed by a signal). */
  status: number | null;
  stdout: string;
  stderr: string;
  /** From the JSON result line; `undefined` when stdout held none. */
  sessionId: string | undefined;
  /** The reply text of the JSON result. */
  result: string | undefined;
  isError: boolean | undefined;
};

/**
 * Runs one `claude -p <prompt> --output-format json` session and waits for it to exit.
 *
 * @param options - See {@link RunClaudeOptions}.
 * @returns Exit status, output and the session id from the JSON result.
 * @throws {Error} when the binary cannot be started.
 * @example const run = await runClaude({ claude, home, cwd, apiUrl: api.url, prompt: "hello" });
 */
export function runClaude(options: RunClaudeOptions): Promise<RunClaudeResult> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: options.home,
    ...OFFLINE_ENVIRONMENT,
    ANTHROPIC_BASE_URL: options.apiUrl,
    ...(options.apiKey === null ? {} : { ANTHROPIC_API_KEY: options.apiKey ?? "sk-ant-stub" }),
    ...options.env,
  };
  const args = ["-p", options.prompt, "--output-format", "json", ...(options.args ?? [])];
  return new Promise((resolve, reject) => {
    const child = spawn(options.claude, args, {
      cwd: options.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (status) => {
      const json = lastJsonObject(stdout);
      resolve({
        status,
        stdout,
        stderr,
        sessionId: typeof json?.session_id === "string" ? json.session_id : undefined,
        result: typeof json?.result === "string" ? json.result : undefined,
        isError: typeof json?.is_error === "boolean" ? json.is_error : undefined,
      });
    });
  });
}

function lastJsonObject(text: string): Record<string, unknown> | undefined {
  for (const line of text.trim().split("\n").reverse()) {
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === "object" && value !== null) return value as Record<string, unknown>;
    } catch {
      // Not a JSON line: Claude Code printed something else first.
    }
  }
  return undefined;
}

/**
 * Claude Code's folder for a project's sessions and auto memory: `~/.claude/projects/` plus the
 * project's folder name by core's one rule (`projectFolderName`: every character but ASCII letters
 * and digits turned into `-`, a name over 200 chars cut and hashed). The tests check that Claude
 * Code finds what memfiles wrote there.
 *
 * @param home - The `$HOME` of the session.
 * @param cwd - The project's absolute, real path.
 * @returns The folder path; its `memory/` holds the auto memory, `<session id>.jsonl` the transcripts.
 */
export function projectFolder(home: string, cwd: string): string {
  return join(home, ".claude", "projects", projectFolderName(cwd));
}

/**
 * A fresh `$HOME` and project directory (`projectPath` inside the workspace, default `project`)
 * under the system's temporary folder (real paths: Claude Code names the project folder after the
 * real path), removed when the current test finishes.
 */
export async function temporaryWorkspace(
  projectPath = "project",
): Promise<{ home: string; project: string }> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "memfiles-claude-code-")));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  const home = join(root, "home");
  const project = join(root, projectPath);
  await mkdir(home, { recursive: true });
  await mkdir(project, { recursive: true });
  return { home, project };
}

/**
 * The `claude` binary from `MEMFILES_CLAUDE_CODE_BIN`.
 *
 * @throws {Error} when it is not set: run these tests through `pnpm test:claude-code`.
 */
export function claudeBinary(): string {
  const binary = process.env.MEMFILES_CLAUDE_CODE_BIN;
  if (!binary) {
    throw new Error(
      "MEMFILES_CLAUDE_CODE_BIN is not set: run the Claude Code end-to-end tests with `pnpm test:claude-code` (scripts/claude-code-test.sh installs the pinned client and sets it).",
    );
  }
  return binary;
}
