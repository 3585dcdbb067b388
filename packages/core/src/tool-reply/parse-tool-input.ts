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
 * Validates a tool call's input against its zod schema, the one parser of tool input (a
 * non-throwing twin, as zod's `safeParse`); `issues` is `z.prettifyError`'s rendering.
 *
 * @example parseToolInput(z.object({ path: z.string() }), { path: 3 }).success // false
 */
export function parseToolInput<T>(schema: z.ZodType<T>, input: unknown): ParseToolInputResult<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { success: true, value: parsed.data };
  return { success: false, error: parsed.error, issues: z.prettifyError(parsed.error) };
}
