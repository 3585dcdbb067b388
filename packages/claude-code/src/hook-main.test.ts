// The hook entry as Claude Code runs it: a node process per event, here the built dist/ on plain
// node (turbo builds it before this package's tests). SessionEnd and PreCompact must only hand
// their input to a detached child and exit, so Claude Code's 1.5 s limit never cancels them.
import { execFile, spawn } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { expectBuilt } from "../../core/test/fixtures/built-dist.js";
import { hookFolders, hookInput } from "../test/memory-folder.js";

const ENTRY = [
  "--conditions=memfiles-dist",
  fileURLToPath(new URL("../dist/hook-main.js", import.meta.url)),
];
// Two node starts (the hook, then its detached child loading the write pass) take several seconds
// on a busy 2-core machine; a minute is the honest limit.
const PROCESS_TIMEOUT_MS = 60_000;

beforeAll(() => expectBuilt(["claude-code", "core", "errors", "prompts"]));

function hook(
  args: string[],
  stdin: string,
): Promise<{ code: number; stdout: string; pid: number }> {
  const { ANTHROPIC_API_KEY: _key, ...env } = process.env;
  return new Promise((resolveRun) => {
    const child = execFile(process.execPath, [...ENTRY, ...args], { env }, (error, stdout) => {
      resolveRun({ code: error ? Number(error.code ?? 1) : 0, stdout, pid: child.pid ?? -1 });
    });
    child.stdin?.end(stdin);
  });
}

async function logLines(root: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(root, ".memfiles/claude-code/hook.log"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the hook entry (a process)", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it.each(["session-end", "pre-compact"])(
    "%s prints nothing, exits 0 and leaves the write pass to a detached child",
    async (event) => {
      const { cwd, root } = await hookFolders();
      const transcriptPath = join(cwd, "session.jsonl");
      await writeFile(transcriptPath, "");
      const run = await hook(
        [event, "--root", root],
        hookInput(cwd, { transcript_path: transcriptPath }),
      );
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: "" });
      // The child logs its write pass (here: no API key) after the hook process has ended.
      let lines = await logLines(root);
      while (!lines.some((line) => line.event === "write-pass")) {
        await sleep(100);
        lines = await logLines(root);
      }
      expect(lines.find((line) => line.event === "write-pass")).toMatchObject({
        outcome: "failed",
        sessionId: "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11",
      });
      // The input handed to the child is removed once read.
      const left = (await readdir(tmpdir())).filter((name) =>
        name.startsWith(`memfiles-hook-${run.pid}-`),
      );
      expect(left).toEqual([]);
    },
  );

  it("pre-tool-use of a Write over the input limit outside memory, file_path last, is allowed", async () => {
    const { cwd, root } = await hookFolders();
    const input = (filePath: string) =>
      hookInput(cwd, {
        tool_name: "Write",
        tool_input: { content: "x,".repeat(1_100_000), file_path: filePath },
      });
    const elsewhere = await hook(["pre-tool-use", "--root", root], input(join(cwd, "big.csv")));
    expect(elsewhere).toMatchObject({ code: 0, stdout: "" });
    const inside = await hook(["pre-tool-use", "--root", root], input(join(root, "big.md")));
    expect(JSON.parse(inside.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("user-prompt-submit whose stdout is closed before it writes exits 0 without a stack trace", async () => {
    const { cwd, root } = await hookFolders();
    const child = spawn(process.execPath, [...ENTRY, "user-prompt-submit", "--root", root]);
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdin.end(hookInput(cwd, { prompt: "Where do I deploy the app?" }));
    const code = await new Promise((resolveExit) => child.on("close", resolveExit));
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });
});
