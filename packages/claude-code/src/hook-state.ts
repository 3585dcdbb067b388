import type { MemoryStore } from "@memfiles/core";
import type { TranscriptCheckpoint } from "@memfiles/core/internal";

/** Where the hooks keep their state inside the memory folder's `.memfiles/`. */
export const HOOK_STATE_FOLDER = "claude-code";
/** The hooks' log (JSON lines) inside `.memfiles/`: every write pass's outcome and every failure. */
export const HOOK_LOG_FILE = `${HOOK_STATE_FOLDER}/hook.log`;

/** Most recall units remembered per session: a session of thousands of prompts stays small. */
const MAX_RECALLED = 5_000;

/** A session's state: what recall showed, where the write pass stopped. */
export type SessionState = {
  /** Keys of the recall units already shown in this session (never shown twice). */
  recalled: string[];
  /** Where the last write pass stopped reading the session's transcript. */
  checkpoint?: { transcriptPath: string; offset: number; uuid?: string };
};

// Checked by hand, not with zod: loading zod cost a prompt hook 77 ms of CPU (measured).
function sessionState(value: unknown): SessionState | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { recalled, checkpoint } = value as Record<string, unknown>;
  if (!Array.isArray(recalled) || !recalled.every((key) => typeof key === "string"))
    return undefined;
  if (checkpoint === undefined) return { recalled };
  const saved = checkpoint as Record<string, unknown>;
  const valid =
    typeof saved === "object" &&
    saved !== null &&
    typeof saved.transcriptPath === "string" &&
    Number.isSafeInteger(saved.offset) &&
    (saved.offset as number) >= 0 &&
    (saved.uuid === undefined || typeof saved.uuid === "string");
  if (!valid) return { recalled };
  return {
    recalled,
    checkpoint: {
      transcriptPath: saved.transcriptPath as string,
      offset: saved.offset as number,
      ...(saved.uuid === undefined ? {} : { uuid: saved.uuid as string }),
    },
  };
}

function stateFile(sessionId: string): string {
  // A session id is a UUID; anything else is reduced to a plain file name.
  const name = sessionId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 100) || "session";
  return `${HOOK_STATE_FOLDER}/sessions/${name}.json`;
}

/**
 * Reads a session's hook state; a missing or unreadable state file reads as a new session (the
 * worst case is a unit shown twice or turns read again, which the write pass's duplicate check
 * then refuses).
 *
 * @param store - The memory folder.
 * @param sessionId - Claude Code's `session_id`.
 * @returns The state.
 * @example const state = await readSessionState(store, input.session_id);
 */
export async function readSessionState(
  store: Pick<MemoryStore, "readInternal">,
  sessionId: string,
): Promise<SessionState> {
  try {
    const text = await store.readInternal(stateFile(sessionId));
    if (text !== undefined) {
      const state = sessionState(JSON.parse(text));
      if (state !== undefined) return state;
    }
  } catch {
    // Unreadable state: start over (see above).
  }
  return { recalled: [] };
}

/**
 * Writes a session's hook state (atomically, under `.memfiles/`).
 *
 * @param store - The memory folder.
 * @param sessionId - Claude Code's `session_id`.
 * @param state - The state; only the newest 5,000 recalled keys are kept.
 * @returns Resolves once written.
 * @example await writeSessionState(store, sessionId, { ...state, recalled: [...state.recalled, key] });
 */
export async function writeSessionState(
  store: Pick<MemoryStore, "writeInternal">,
  sessionId: string,
  state: SessionState,
): Promise<void> {
  const recalled = state.recalled.slice(-MAX_RECALLED);
  await store.writeInternal(stateFile(sessionId), `${JSON.stringify({ ...state, recalled })}\n`);
}

/**
 * Writes a session's hook state from a hook Claude Code waits on, never failing the hook: a state
 * that cannot be saved (the store lock held past the hook's wait, `HOOK_LOCK_WAIT_MS`; a full
 * disk; a read-only folder) is not saved at all, and one stderr line and one hook log line say why
 * and what `cost` it has. It is not saved later: a later hook reads the state as it stands.
 *
 * @param context - The hook's context (its store, session id, `warn` and `log`).
 * @param event - The hook log's event (`user-prompt-submit`, `session-start`).
 * @param state - The state to write.
 * @param cost - What is done, and what an unsaved state costs, for the stderr line: e.g. "recalled
 *   memory for this prompt, but could not save which lines were shown (%s), so a line may be shown
 *   again in this session" (`%s` is the reason).
 * @returns `true` when saved, `false` when not.
 * @example await saveSessionState(context, "user-prompt-submit", state, "could not save (%s)");
 */
export async function saveSessionState(
  context: {
    store: Pick<MemoryStore, "writeInternal">;
    input: { session_id: string };
    warn: (line: string) => void;
    log: (entry: { event: string; outcome: "failed"; message: string }) => Promise<void>;
  },
  event: string,
  state: SessionState,
  cost: string,
): Promise<boolean> {
  try {
    await writeSessionState(context.store, context.input.session_id, state);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    context.warn(`memfiles: ${cost.replace("%s", reason)}.`);
    await context.log({ event, outcome: "failed", message: reason });
    return false;
  }
}

/** The checkpoint of a session's transcript, when the last write pass read that same file. */
export function checkpointFor(
  state: SessionState,
  transcriptPath: string,
): TranscriptCheckpoint | undefined {
  const saved = state.checkpoint;
  if (saved === undefined || saved.transcriptPath !== transcriptPath) return undefined;
  return { offset: saved.offset, ...(saved.uuid === undefined ? {} : { uuid: saved.uuid }) };
}

/**
 * The state with its checkpoint moved to where a read of `transcriptPath` stopped.
 *
 * @param state - The session's state.
 * @param transcriptPath - The transcript read.
 * @param checkpoint - Where the read stopped (`readClaudeCodeTranscript(...).checkpoint`).
 * @returns The new state; `recalled` kept.
 * @example await writeSessionState(store, id, withCheckpoint(state, path, read.checkpoint));
 */
export function withCheckpoint(
  state: SessionState,
  transcriptPath: string,
  checkpoint: TranscriptCheckpoint,
): SessionState {
  return {
    ...state,
    checkpoint: {
      transcriptPath,
      offset: checkpoint.offset,
      ...(checkpoint.uuid === undefined ? {} : { uuid: checkpoint.uuid }),
    },
  };
}
