import type Anthropic from "@anthropic-ai/sdk";
import {
  createUsageLog,
  MemoryStore,
  MODELS,
  type WritePassResult,
  writePass,
} from "@memfiles/core";
import { quoteText, readClaudeCodeTranscript } from "@memfiles/core/internal";
import { logHook } from "./hook-log.js";
import {
  checkpointFor,
  readSessionState,
  withCheckpoint,
  writeSessionState,
} from "./hook-state.js";
import type { WritePassRequest } from "./hooks/hook-context.js";
import { withWritePassLock } from "./write-pass-lock.js";

/** The write pass's model when none is given: Claude Sonnet 5.5. */
export const DEFAULT_HOOK_WRITE_MODEL = MODELS.sonnet;

/** Result of {@link runSessionWritePass}, as logged. */
export type SessionWritePassResult =
  | {
      outcome: "ok";
      applied: number;
      rejected: number;
      turns: number;
      /** Why each refused proposal was refused ({@link describeRefusals}); `""` when none was. */
      refusals: string;
    }
  | { outcome: "skipped"; reason: string }
  | { outcome: "failed"; reason: string };

/**
 * The write pass of one Claude Code session, as the detached child of SessionEnd / PreCompact runs
 * it: reads the transcript's records after the session's checkpoint, runs core's `writePass`
 * over them and moves the checkpoint on only after it succeeded (so a resumed or compacted
 * session never proposes the same turns twice, and a failed pass is retried by the next one).
 * Write passes on one folder run one at a time (a lock beside the session states, waited on for up
 * to 10 minutes), and each write inside takes the store lock as always. The model call's usage is
 * appended to the usage log (`.memfiles/usage.jsonl`, under the Claude Code session id) for
 * `memfiles cost`. Every outcome, failures
 * included (no key, an API error, a bad transcript), is a line in `.memfiles/claude-code/hook.log`;
 * nothing is thrown.
 *
 * @param request - `{ root, layout, sessionId, transcriptPath, model?, timeZone }`.
 * @param options - `{ client?, env? }`: a client (default one from `ANTHROPIC_API_KEY`), the environment.
 * @returns The outcome.
 * @example await runSessionWritePass({ root, layout: "fact", sessionId, transcriptPath, timeZone: "UTC" });
 */
export async function runSessionWritePass(
  request: WritePassRequest,
  options: { client?: Anthropic; env?: NodeJS.ProcessEnv; now?: Date } = {},
): Promise<SessionWritePassResult> {
  const store = new MemoryStore({ root: request.root, layout: request.layout });
  const report = async (result: SessionWritePassResult) => {
    const message =
      result.outcome === "ok"
        ? `${result.turns} new turns read; ${result.applied} memories written, ${result.rejected} proposals refused${result.refusals === "" ? "" : `: ${result.refusals}`}.`
        : result.reason;
    await logHook(store, {
      event: "write-pass",
      sessionId: request.sessionId,
      outcome: result.outcome,
      message,
    });
    return result;
  };
  try {
    const env = options.env ?? process.env;
    if (options.client === undefined && (env.ANTHROPIC_API_KEY ?? "") === "") {
      return await report({
        outcome: "failed",
        reason:
          "No ANTHROPIC_API_KEY in the environment Claude Code runs hooks in; this session was not saved. Set it, then run `memfiles claude-code import` to save this session (a later session end saves only its own session).",
      });
    }
    return await withWritePassLock(store, async () => {
      const state = await readSessionState(store, request.sessionId);
      const after = checkpointFor(state, request.transcriptPath);
      const read = await readClaudeCodeTranscript(request.transcriptPath, {
        timeZone: request.timeZone,
        ...(after === undefined ? {} : { after }),
      });
      // Read again: recall may have changed the state (or compaction emptied it) meanwhile.
      const saveCheckpoint = async () =>
        writeSessionState(
          store,
          request.sessionId,
          withCheckpoint(
            await readSessionState(store, request.sessionId),
            request.transcriptPath,
            read.checkpoint,
          ),
        );
      const turns = read.transcript.turns;
      if (!turns.some((turn) => turn.role === "user")) {
        await saveCheckpoint();
        return await report({
          outcome: "skipped",
          reason: "No new words of the user since the last write pass.",
        });
      }
      const client = options.client ?? new (await import("@anthropic-ai/sdk")).default();
      const result = await writePass({
        store,
        transcript: read.transcript,
        client,
        model: request.model ?? DEFAULT_HOOK_WRITE_MODEL,
        timeZone: request.timeZone,
        sessionId: request.sessionId,
        // The usage log is how `memfiles cost` prices Claude Code sessions.
        onUsage: createUsageLog({ store }),
        ...(options.now === undefined ? {} : { now: options.now }),
      });
      await saveCheckpoint();
      return await report({
        outcome: "ok",
        applied: result.applied.length,
        rejected: result.rejected.length,
        turns: turns.length,
        refusals: describeRefusals(result.rejected),
      });
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "Error";
    const message = error instanceof Error ? error.message : String(error);
    return await report({ outcome: "failed", reason: `${name}: ${message}` });
  }
}

/**
 * Why each proposal of a write pass was refused, for the hook log and `claude-code status`: the
 * check's code and the fact's head as core quotes it (`quoteText`, at most 160 chars), e.g.
 * `forgotten "I deploy everything on Netlify."; secret`. A `secret` refusal shows its code only.
 *
 * @param rejected - The write pass's `rejected` proposals.
 * @returns One line, `""` when none was refused.
 * @example describeRefusals([{ code: "duplicate", proposal, message }]) // 'duplicate "The user edits in Helix."'
 */
export function describeRefusals(rejected: WritePassResult["rejected"]): string {
  return rejected
    .map(({ code, proposal }) =>
      code === "secret" || proposal.fact.trim() === ""
        ? code
        : `${code} ${quoteText(proposal.fact)}`,
    )
    .join("; ");
}
