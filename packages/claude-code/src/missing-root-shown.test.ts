import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookFolders, hookInput } from "../test/memory-folder.js";
import { HOOKS, runHook } from "./run-hook.js";

// A GitHub token shape core's guard flags, and a paste over core's 160-char cap.
const TOKEN = "ghp_Zq8vR2mK9xLp4TnW7yB3cD6fH1jA5sE0uGiO";
const LONG = "x".repeat(5000);

// How `--root` may be typed: a path ending in the value, or the value alone (resolved against
// the session's folder, so the message names a path the typed word is only part of).
const ROOTS: Array<[string, (cwd: string, value: string) => string]> = [
  ["an absolute path", (cwd, value) => join(cwd, value)],
  ["a relative folder", (_cwd, value) => value],
];

// Each message that names a missing --root folder: stderr for every event, and PreToolUse's deny
// reason (which the model reads) for an edit inside the folder.
const CASES = Object.keys(HOOKS).flatMap((event) =>
  ROOTS.flatMap(([typedAs, rootOf]) =>
    [
      ["a GitHub token", TOKEN],
      ["a 5,000-char value", LONG],
    ].map(([valueName, value]) => ({
      name: `${event}, --root ${typedAs} holding ${valueName}`,
      event,
      rootOf,
      value: value as string,
    })),
  ),
);

describe("a hook's messages about a missing --root never echo a secret or a paste", () => {
  it.each(CASES)("$name", async ({ event, rootOf, value }) => {
    const { cwd } = await hookFolders();
    const root = rootOf(cwd, value);
    const result = await runHook({
      event,
      stdin: hookInput(cwd, {
        prompt: "where do I deploy?",
        tool_name: "Write",
        tool_input: { file_path: join(cwd, value, "editor.md"), content: "x" },
      }),
      root,
    });
    const printed = `${result.stdout}${result.stderr ?? ""}`;
    expect(printed).not.toContain(value.slice(0, 200));
    if (event === "pre-tool-use") {
      const reason = JSON.parse(result.stdout).hookSpecificOutput.permissionDecisionReason;
      expect(reason).toMatch(/the memory folder .* does not exist/);
      expect(result.stderr).toBeUndefined();
    } else expect(result.stderr).toMatch(/^memfiles: the memory folder .* does not exist; /);
  });

  it("the folder is named with the token [redacted] and the rest as typed", async () => {
    const { cwd } = await hookFolders();
    const result = await runHook({
      event: "user-prompt-submit",
      stdin: hookInput(cwd, { prompt: "where do I deploy?" }),
      root: join(cwd, TOKEN),
    });
    expect(result).toEqual({
      stdout: "",
      stderr: `memfiles: the memory folder ${cwd}/[redacted] does not exist; the user-prompt-submit hook did nothing. Create it (\`memfiles claude-code install --root ${cwd}/[redacted] --create\`), or wire another folder.\n`,
    });
  });
});
