import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { hookFolders, hookInput } from "../test/memory-folder.js";
import {
  budgetSpentLine,
  DETACHED_EVENTS,
  HOOK_BUDGET_MARGIN_MS,
  HOOK_EVENTS,
  HOOK_TIMEOUT_SECONDS,
  hookBudgetMs,
} from "./hook-events.js";
import { runHook } from "./run-hook.js";

// Work that never ends: the hook's answer can only come from its time budget. No clock is read:
// the budget's signal is aborted by the test.
const never = () => new Promise<never>(() => undefined);
vi.mock("./hooks/session-start.js", () => ({ sessionStart: never }));
vi.mock("./hooks/user-prompt-submit.js", () => ({ userPromptSubmit: never }));
vi.mock("./check-file-edit.js", () => ({ checkFileEdit: never }));

describe("hookBudgetMs: a hook Claude Code waits on answers before its timeout", () => {
  it.each(HOOK_EVENTS)("%s", (event) => {
    const budget = hookBudgetMs(event);
    if (DETACHED_EVENTS.has(event)) expect(budget).toBeUndefined();
    else expect(budget).toBe(HOOK_TIMEOUT_SECONDS[event] * 1_000 - HOOK_BUDGET_MARGIN_MS);
  });
});

// A key that looks real to the secret guard, in a path the deny must never print.
const SECRET = "sk-ant-api03-Zq8vN2xLk4Jm7Hp1Rt5Wy9Bc3Df6Gh0Kl2Mn4Pq7Sv9Xz1Ab3Ce5";

describe("runHook: a hook whose time is up answers as if it had no work", () => {
  const CASES = [
    { name: "SessionStart prints nothing", event: "session-start", fields: {}, denies: false },
    {
      name: "UserPromptSubmit prints nothing",
      event: "user-prompt-submit",
      fields: { prompt: "where do I deploy?" },
      denies: false,
    },
    {
      name: "PreToolUse denies an edit of the memory folder, naming no file",
      event: "pre-tool-use",
      fields: (root: string) => ({
        tool_name: "Write",
        tool_input: { file_path: join(root, `${SECRET}.md`), content: "x" },
      }),
      denies: true,
    },
    {
      name: "PreToolUse lets an edit outside the memory folder go ahead",
      event: "pre-tool-use",
      fields: (_root: string, cwd: string) => ({
        tool_name: "Write",
        tool_input: { file_path: join(cwd, "src", "app.ts"), content: "x" },
      }),
      denies: false,
    },
  ] as const;

  it.each(CASES)("$name", async ({ event, fields, denies }) => {
    const { cwd, root } = await hookFolders();
    const controller = new AbortController();
    const answer = runHook({
      event,
      stdin: hookInput(cwd, typeof fields === "function" ? fields(root, cwd) : fields),
      root,
      signal: controller.signal,
    });
    controller.abort();
    const { stdout, stderr, budgetSpent } = await answer;
    expect(budgetSpent).toBe(true);
    expect(stderr).toBe(budgetSpentLine(event, hookBudgetMs(event) as number));
    expect(stdout.includes(SECRET)).toBe(false);
    if (!denies) {
      expect(stdout).toBe("");
      return;
    }
    const output = JSON.parse(stdout);
    expect(output.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(output.hookSpecificOutput.permissionDecisionReason).toMatch(
      `memfiles could not finish checking this edit of the memory folder within ${(hookBudgetMs(event) as number) / 1_000} s`,
    );
  });

  it("a signal aborted before the hook starts gives the same answer", async () => {
    const { cwd, root } = await hookFolders();
    const result = await runHook({
      event: "user-prompt-submit",
      stdin: hookInput(cwd, { prompt: "where do I deploy?" }),
      root,
      signal: AbortSignal.abort(),
    });
    expect(result).toEqual({
      stdout: "",
      stderr: budgetSpentLine("user-prompt-submit", 8_000),
      budgetSpent: true,
    });
  });
});
