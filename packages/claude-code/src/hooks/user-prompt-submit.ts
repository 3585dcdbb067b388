import { readSessionState, saveSessionState } from "../hook-state.js";
import { MAX_RECALL_PROMPT_CHARS } from "../recall-constants.js";
import { type HookContext, type HookOutput, logMasked } from "./hook-context.js";

/**
 * UserPromptSubmit: budgeted recall for the prompt (the best lines or fact bodies within the token
 * budget, fenced as data) as `additionalContext`; a unit shown earlier in the session is not
 * shown again (the session's state under `.memfiles/claude-code/sessions/`). A secret written into a
 * unit by hand is shown as `[redacted]` (the hook log says how many were). State that cannot
 * be saved (the store lock held past `HOOK_LOCK_WAIT_MS`, decision 0082) does not stop the recall:
 * it is not saved, and one line on stderr says why. A large folder without a recall
 * index it can read gets no recall while a detached process builds one (`recallIndexReady`).
 */
export async function userPromptSubmit(context: HookContext): Promise<HookOutput | undefined> {
  // Only the prompt's start: ranking every word of a pasted 10 MB log took 31 s.
  const prompt = (context.input.prompt ?? "").slice(0, MAX_RECALL_PROMPT_CHARS);
  if (prompt.trim() === "") return undefined;
  const { recallIndexReady } = await import("../recall-index-build.js");
  if (!(await recallIndexReady(context, "user-prompt-submit"))) return undefined;
  const { recallForPrompt } = await import("../recall-for-hook.js");
  const state = await readSessionState(context.store, context.input.session_id);
  const { note, keys, masked } = await recallForPrompt({
    store: context.store,
    prompt,
    project: context.project,
    maxTokens: context.promptRecallTokens,
    shown: new Set(state.recalled),
  });
  if (masked > 0) await logMasked(context, "user-prompt-submit", masked, "units");
  if (note === "") return undefined;
  // The shown set only spares a repeat: recall still reaches the prompt when it cannot be saved (the
  // lock held past the hook's wait, a full disk, a read-only folder).
  await saveSessionState(
    context,
    "user-prompt-submit",
    { ...state, recalled: [...state.recalled, ...keys] },
    "recalled memory for this prompt, but could not save which lines were shown (%s), so a line may be shown again in this session",
  );
  return { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: note } };
}
