import { readSessionState, writeSessionState } from "../hook-state.js";
import type { HookContext, HookOutput } from "./hook-context.js";

/**
 * UserPromptSubmit: budgeted recall for the prompt (the best lines or fact bodies within the token
 * budget, fenced as data) as `additionalContext`; a unit shown earlier in the session is not
 * shown again (the session's state under `.memfiles/claude-code/sessions/`).
 */
export async function userPromptSubmit(context: HookContext): Promise<HookOutput | undefined> {
  const prompt = context.input.prompt ?? "";
  if (prompt.trim() === "") return undefined;
  const { recallForPrompt } = await import("../recall-for-hook.js");
  const state = await readSessionState(context.store, context.input.session_id);
  const { note, keys } = await recallForPrompt({
    root: context.location.root,
    layout: context.layout,
    prompt,
    maxTokens: context.promptRecallTokens,
    shown: new Set(state.recalled),
  });
  if (note === "") return undefined;
  await writeSessionState(context.store, context.input.session_id, {
    ...state,
    recalled: [...state.recalled, ...keys],
  });
  return { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: note } };
}
