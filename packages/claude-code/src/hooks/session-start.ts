import { type HookContext, type HookOutput, logWithheld } from "./hook-context.js";

/**
 * SessionStart: the memory block (index, `profile.md`, `preferences.md`, fenced as data) as
 * `additionalContext`, within its token budget. Nothing when the memory is Claude Code's own auto
 * memory: Claude Code loads that folder's `MEMORY.md` into the session itself. A line holding what
 * looks like a secret is left out (the hook log says how many were).
 */
export async function sessionStart(context: HookContext): Promise<HookOutput | undefined> {
  if (context.location.autoMemory) return undefined;
  const { memoryBlockForSession } = await import("../recall-for-hook.js");
  const { block, withheld } = await memoryBlockForSession({
    root: context.location.root,
    layout: context.layout,
    maxTokens: context.sessionStartTokens,
  });
  if (withheld > 0) await logWithheld(context, "session-start", withheld, "lines");
  if (block === "") return undefined;
  return { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: block } };
}
