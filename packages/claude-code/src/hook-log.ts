import type { MemoryStore } from "@memfiles/core";
import { HOOK_LOG_FILE } from "./hook-state.js";

/** One line of the hooks' log (`.memfiles/claude-code/hook.log`, JSON lines). */
export type HookLogEntry = {
  /** ISO time. */
  at: string;
  /** The hook or step: `session-end`, `write-pass`, ... */
  event: string;
  sessionId?: string;
  /** An import's Message Batch id, kept apart from the message (the secret scan takes ids for keys). */
  batchId?: string;
  /** `ok`, `skipped` or `failed`. */
  outcome: "ok" | "skipped" | "failed";
  /** What happened, in a sentence; secrets redacted. */
  message: string;
};

/** Most chars of a logged message: an API error's body can be long. */
const MAX_MESSAGE_CHARS = 2_000;

/**
 * Appends a line to the hooks' log. The message goes through the secret scan first (an API error
 * may quote a key), and the append never throws: a hook must not fail because its log could not
 * be written.
 *
 * @param store - The memory folder.
 * @param entry - `{ event, sessionId?, batchId?, outcome, message }`; `at` is now.
 * @returns Resolves once appended (or once the append failed).
 * @example await logHook(store, { event: "write-pass", outcome: "failed", message: "no ANTHROPIC_API_KEY" });
 */
export async function logHook(
  store: Pick<MemoryStore, "appendInternal">,
  entry: Omit<HookLogEntry, "at">,
): Promise<void> {
  try {
    const { findSecrets } = await import("@memfiles/core/recall");
    const { redacted } = await findSecrets(entry.message.slice(0, MAX_MESSAGE_CHARS));
    const line: HookLogEntry = { at: new Date().toISOString(), ...entry, message: redacted };
    await store.appendInternal(HOOK_LOG_FILE, `${JSON.stringify(line)}\n`);
  } catch {
    // Nowhere left to report to; Claude Code's session goes on.
  }
}

/**
 * The hooks' log, newest last; lines that are not entries are skipped.
 *
 * @param store - The memory folder.
 * @returns The entries.
 * @example (await readHookLog(store)).findLast((entry) => entry.event === "write-pass")
 */
export async function readHookLog(
  store: Pick<MemoryStore, "readInternal">,
): Promise<HookLogEntry[]> {
  const text = (await store.readInternal(HOOK_LOG_FILE).catch(() => undefined)) ?? "";
  const entries: HookLogEntry[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const entry = JSON.parse(line) as HookLogEntry;
      if (typeof entry.event === "string" && typeof entry.outcome === "string") entries.push(entry);
    } catch {
      // A torn line (a crash mid-append) is not an entry.
    }
  }
  return entries;
}
