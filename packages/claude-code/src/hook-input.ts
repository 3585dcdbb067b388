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
