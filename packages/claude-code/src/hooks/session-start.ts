import type { HookContext, HookOutput } from "./hook-context.js";

/**
 * SessionStart: the memory block (index, `profile.md`, `preferences.md`, fenced as data) as
 * `additionalContext`, within its token budget. Nothing when the memory is Claude Code's own auto
 * memory: Claude Code loads that folder's `MEMORY.md` into the session itself.
 */
export async function sessionStart(context: HookContext): Promise<HookOutput | undefined> {
  if (context.location.autoMemory) return undefined;
  const { memoryBlockForSession } = await import("../recall-for-hook.js");
  const block = await memoryBlockForSession({
    root: context.location.root,
    layout: context.layout,
    maxTokens: context.sessionStartTokens,
  });
  if (block === "") return undefined;
  return { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: block } };
}
