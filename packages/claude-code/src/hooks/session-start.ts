import { readSessionState, saveSessionState } from "../hook-state.js";
import { type HookContext, type HookOutput, logMasked } from "./hook-context.js";

/**
 * The SessionStart sources after which the context no longer holds what recall showed earlier:
 * compaction summarizes it away, `/clear` drops it. Source: https://code.claude.com/docs/en/hooks
 * (SessionStart matchers `startup`, `resume`, `clear`, `compact`).
 */
const CONTEXT_RESET_SOURCES = new Set(["compact", "clear"]);

/**
 * SessionStart: the memory block (index, `profile.md`, `preferences.md`, fenced as data) as
 * `additionalContext`, within its token budget. Nothing when the memory is Claude Code's own auto
 * memory: Claude Code loads that folder's `MEMORY.md` into the session itself (a secret in it is
 * logged, as it reaches the model unscanned). A secret written into a file
 * by hand is shown as `[redacted]` (the hook log says how many were). After compaction or `/clear`
 * the session's recalled set is emptied, so recall may show those lines again (when the store lock
 * is held past `HOOK_LOCK_WAIT_MS` it is left as it was, and the block is given all the same). A large folder
 * without a recall index it can read gets no block while a detached process builds the index
 * (`recallIndexReady`).
 */
export async function sessionStart(context: HookContext): Promise<HookOutput | undefined> {
  if (CONTEXT_RESET_SOURCES.has(String(context.input.source))) {
    const state = await readSessionState(context.store, context.input.session_id);
    if (state.recalled.length > 0)
      await saveSessionState(
        context,
        "session-start",
        { ...state, recalled: [] },
        "could not empty the lines recall showed before this compaction or /clear (%s), so recall will not show them again in this session; the memory block is given as always",
      );
  }
  // Also for the auto memory, whose block Claude Code loads: a large folder's index is then built
  // while the person types the first prompt.
  const { recallIndexReady } = await import("../recall-index-build.js");
  const ready = await recallIndexReady(context, "session-start");
  if (context.location.autoMemory) {
    // Claude Code loads this MEMORY.md itself, unscanned: the log (and `status`) say so.
    const { indexSecretLines, indexSecretWarning } = await import("../index-secrets.js");
    const lines = await indexSecretLines(context.store);
    if (lines.length > 0) {
      const message = indexSecretWarning(context.location.root, lines);
      await context.log({ event: "session-start", outcome: "ok", message });
    }
    return undefined;
  }
  if (!ready) return undefined;
  const { memoryBlockForSession } = await import("../recall-for-hook.js");
  const { block, masked } = await memoryBlockForSession({
    store: context.store,
    project: context.project,
    maxTokens: context.sessionStartTokens,
  });
  if (masked > 0) await logMasked(context, "session-start", masked, "texts");
  if (block === "") return undefined;
  return { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: block } };
}
