import { z } from "zod";

/** Result of {@link parseToolInput}. */
export type ParseToolInputResult<T> =
  | { success: true; value: T }
  | {
      success: false;
      error: z.ZodError;
      /** zod's own rendering of the issues (`z.prettifyError`): one `✖ message` (`→ at path`) each. */
      issues: string;
    };

/**
 * Validates a tool call's input against its zod schema: the one parser of tool input for the write
 * pass, consolidation and the chat tools (a non-throwing twin, as zod's `safeParse`).
 *
 * @param schema - The tool's input schema.
 * @param input - The `input` of a `tool_use` block, as the model sent it.
 * @returns `{ success: true, value }`, or `{ success: false, error, issues }` with zod's error and
 *   its issues rendered by `z.prettifyError`.
 * @example parseToolInput(z.object({ path: z.string() }), { path: 3 }).success // false
 */
export function parseToolInput<T>(schema: z.ZodType<T>, input: unknown): ParseToolInputResult<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { success: true, value: parsed.data };
  return { success: false, error: parsed.error, issues: z.prettifyError(parsed.error) };
}
