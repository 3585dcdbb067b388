/**
 * What Claude Code sends a command hook on stdin (the fields memfiles reads; others are kept).
 * Source: https://code.claude.com/docs/en/hooks ("Hook input").
 */
export type HookInput = {
  session_id: string;
  transcript_path?: string;
  cwd: string;
  hook_event_name?: string;
  /** UserPromptSubmit: what the person typed. */
  prompt?: string;
  /** PreToolUse: the tool and its input (`file_path`, `content`, `old_string`, ...). */
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  [field: string]: unknown;
};

const OPTIONAL_TEXT = ["transcript_path", "hook_event_name", "prompt", "tool_name"] as const;

/**
 * Reads a hook's stdin. Checked by hand, not with zod: a hook runs on every prompt, and loading
 * zod cost 77 ms of CPU per start (measured), half the UserPromptSubmit budget.
 *
 * @param text - The JSON Claude Code wrote to stdin.
 * @returns The input, or `undefined` when it is not JSON or lacks `session_id` / `cwd` (or a field
 *   has the wrong type).
 * @example parseHookInput('{"session_id":"s","cwd":"/p","prompt":"hi"}')?.prompt // "hi"
 */
export function parseHookInput(text: string): HookInput | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const input = value as Record<string, unknown>;
  const nonEmpty = (field: unknown) => typeof field === "string" && field !== "";
  if (!nonEmpty(input.session_id) || !nonEmpty(input.cwd)) return undefined;
  for (const field of OPTIONAL_TEXT) {
    if (input[field] !== undefined && typeof input[field] !== "string") return undefined;
  }
  const toolInput = input.tool_input;
  if (
    toolInput !== undefined &&
    (typeof toolInput !== "object" || toolInput === null || Array.isArray(toolInput))
  )
    return undefined;
  return input as HookInput;
}

// Claude Code's session ids are UUIDs (https://code.claude.com/docs/en/hooks, "Hook input").
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Any other id is kept only as a plain name: what a file name and a log line can hold as it is.
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** A hook input's `session_id` as the hooks use it: in file names and in `hook.log`. */
export type SafeSessionId = {
  /** The id as given, or `session-` and 16 hex chars of its SHA-256 when it was not safe. */
  id: string;
  /** Whether the id given was replaced. */
  replaced: boolean;
};

/**
 * The one rule for the `session_id` a hook reads: a UUID, as Claude Code sends, is kept; so is a
 * plain name (letters, digits, `-` and `_`, at most 64 chars) core's secret check finds nothing
 * in; anything else (a pasted token, a path, 10,000 chars) becomes `session-<16 hex>` of its
 * SHA-256, the same for the same id, so one session keeps one state file. The check runs only
 * for an id that is no UUID.
 *
 * @param id - The `session_id` as read from the hook's stdin.
 * @returns `{ id, replaced }`.
 * @example await safeSessionId("ghp_…") // { id: "session-3f2a…", replaced: true }
 */
export async function safeSessionId(id: string): Promise<SafeSessionId> {
  if (UUID.test(id)) return { id, replaced: false };
  if (PLAIN_NAME.test(id)) {
    const { findSecrets } = await import("@memfiles/core/recall");
    if ((await findSecrets(id)).findings.length === 0) return { id, replaced: false };
  }
  const { createHash } = await import("node:crypto");
  const hash = createHash("sha256").update(id).digest("hex").slice(0, 16);
  return { id: `session-${hash}`, replaced: true };
}

/** The hook log's line for a `session_id` {@link safeSessionId} replaced. */
export const replacedSessionIdMessage = (id: string): string =>
  `the hook input's session_id is not a UUID or a plain name (it may hold a secret); it is used and logged as ${id}`;
