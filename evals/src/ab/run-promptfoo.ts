import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";

/** Environment that keeps promptfoo offline and out of the user's home folder. */
export const PROMPTFOO_OFFLINE_ENV = {
  PROMPTFOO_DISABLE_TELEMETRY: "1",
  PROMPTFOO_DISABLE_UPDATE: "1",
  PROMPTFOO_DISABLE_SHARING: "1",
  PROMPTFOO_DISABLE_REMOTE_GENERATION: "true",
  PROMPTFOO_DISABLE_REDTEAM_REMOTE_GENERATION: "true",
} as const;

/** Options of `runPromptfoo`. */
export type RunPromptfooOptions = {
  /** `promptfooconfig.yaml` to run. */
  configFile: string;
  /** Where promptfoo writes its JSON results (`--output`). */
  outputFile: string;
  /** Extra environment for the child (folders for the provider). */
  env?: Record<string, string>;
  /** Only tests whose description matches this regular expression (`--filter-pattern`). */
  filterPattern?: string;
  /** Scenario runs at once (default 4; the runner keeps overlapping runs apart). */
  maxConcurrency?: number;
  /** Stream promptfoo's own output instead of capturing it. */
  inherit?: boolean;
};

/** Result of `runPromptfoo`. */
export type RunPromptfooResult = {
  /** promptfoo's exit code: 0 all passed, 100 some test failed, other values a broken run. */
  exitCode: number;
  /** Captured output (empty with `inherit`). */
  stdout: string;
  stderr: string;
};

/**
 * Runs `promptfoo eval` (the CLI of the installed promptfoo, in a child process) without touching
 * promptfoo's home folder: `PROMPTFOO_CONFIG_DIR` is a temporary folder removed afterwards, with
 * `--no-cache`, no sharing, telemetry and update checks off.
 *
 * Not `--no-write`: in promptfoo 0.120.x the CLI clears an eval's in-memory results before writing
 * `--output` and reloads them from its database, so `--no-write --output x.json` writes an empty
 * results list. promptfoo opens (and migrates) its database on every start anyway; pointing it at a
 * throwaway folder keeps the user's `~/.promptfoo` untouched.
 *
 * @param options - Config file, output JSON path, extra env, test filter.
 * @returns The exit code and captured output; the caller reads `outputFile`.
 * @example
 * const run = await runPromptfoo({ configFile: "promptfoo/promptfooconfig.yaml", outputFile: "out/ab-results.json" });
 */
export async function runPromptfoo(options: RunPromptfooOptions): Promise<RunPromptfooResult> {
  const require = createRequire(import.meta.url);
  // The CLI's entry point sits beside the package's main file (promptfoo exports no package.json).
  const entrypoint = path.join(path.dirname(require.resolve("promptfoo")), "entrypoint.js");
  const configDir = await mkdtemp(path.join(os.tmpdir(), "memfiles-promptfoo-"));
  const args = [
    entrypoint,
    "eval",
    "--config",
    options.configFile,
    "--output",
    options.outputFile,
    "--no-cache",
    "--no-share",
    "--no-table",
    "--no-progress-bar",
    "--max-concurrency",
    String(options.maxConcurrency ?? 4),
  ];
  if (options.filterPattern !== undefined) args.push("--filter-pattern", options.filterPattern);
  try {
    return await new Promise<RunPromptfooResult>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: path.dirname(options.configFile),
        env: {
          ...process.env,
          ...PROMPTFOO_OFFLINE_ENV,
          PROMPTFOO_CONFIG_DIR: configDir,
          ...options.env,
        },
        stdio: options.inherit ? "inherit" : ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      child.on("error", reject);
      child.on("close", (code, signal) => {
        resolve({ exitCode: code ?? (signal ? 128 : 1), stdout, stderr });
      });
    });
  } finally {
    await rm(configDir, { recursive: true, force: true });
  }
}
