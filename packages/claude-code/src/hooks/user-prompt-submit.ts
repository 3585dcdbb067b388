import { readSessionState, writeSessionState } from "../hook-state.js";
import { MAX_RECALL_PROMPT_CHARS } from "../recall-constants.js";
import { type HookContext, type HookOutput, logMasked } from "./hook-context.js";

/**
 * UserPromptSubmit: budgeted recall for the prompt (the best lines or fact bodies within the token
 * budget, fenced as data) as `additionalContext`; a unit shown earlier in the session is not
 * shown again (the session's state under `.memfiles/claude-code/sessions/`). A secret written into a
 * unit by hand is shown as `[redacted]` (the hook log says how many were). State that cannot
 * be saved does not stop the recall: one line on stderr says why. A large folder without a recall
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
  try {
    await writeSessionState(context.store, context.input.session_id, {
      ...state,
      recalled: [...state.recalled, ...keys],
    });
  } catch (error) {
    // The shown set only spares a repeat: recall still reaches the prompt (a full disk, a
    // read-only folder, `.memfiles` that is a file), and the reason goes where a person sees it.
    const reason = error instanceof Error ? error.message : String(error);
    context.warn(
      `memfiles: recalled memory for this prompt, but could not save which lines were shown (${reason}), so a line may be shown again in this session.`,
    );
    await context.log({ event: "user-prompt-submit", outcome: "failed", message: reason });
  }
  return { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: note } };
}
