import type { MemoryStore, StoreLayout } from "@memfiles/core";
import type { HookInput } from "../hook-input.js";
import type { HookLogEntry } from "../hook-log.js";
import type { MemoryLocation } from "../memory-location.js";

/** What a hook prints: Claude Code's hook output JSON (https://code.claude.com/docs/en/hooks). */
export type HookOutput = {
  hookSpecificOutput:
    | { hookEventName: "SessionStart" | "UserPromptSubmit"; additionalContext: string }
    | {
        hookEventName: "PreToolUse";
        permissionDecision: "deny";
        permissionDecisionReason: string;
      };
};

/** The arguments of a detached write pass: which session, which transcript, which folder. */
export type WritePassRequest = {
  root: string;
  layout: StoreLayout;
  sessionId: string;
  transcriptPath: string;
  model?: string | undefined;
  timeZone: string;
};

/** The arguments of a detached build of the recall index: the memory folder and its layout. */
export type IndexBuildRequest = { root: string; layout: StoreLayout };

/** Everything one hook run needs, built once by `runHook`. */
export type HookContext = {
  input: HookInput;
  location: MemoryLocation;
  layout: StoreLayout;
  store: MemoryStore;
  /** The session's project (core's `projectNameOf` of its `cwd`): `projects/<name>.md` is recalled. */
  project: string | undefined;
  /** The user's IANA time zone. */
  timeZone: string;
  now: () => Date;
  sessionStartTokens: number;
  promptRecallTokens: number;
  model?: string | undefined;
  /** Starts the write pass in a detached process and returns at once. */
  startWritePass: (request: WritePassRequest) => void;
  /**
   * Starts building the recall index in a detached process and returns at once; without it, a
   * hook builds the index itself.
   */
  startIndexBuild?: ((request: IndexBuildRequest) => void) | undefined;
  log: (entry: Omit<HookLogEntry, "at">) => Promise<void>;
  /** Adds one line to the hook's stderr (Claude Code's debug log; a person running it sees it). */
  warn: (line: string) => void;
};

/**
 * Logs that a hook showed memory holding what looks like a secret as `[redacted]`: how many texts,
 * never what.
 */
export async function logMasked(
  context: Pick<HookContext, "log">,
  event: string,
  count: number,
  what: "units" | "texts",
): Promise<void> {
  await context.log({
    event,
    outcome: "ok",
    message: `showed ${count} ${what} of memory holding what looks like a secret as [redacted] (remove it from the memory file and rotate it)`,
  });
}
