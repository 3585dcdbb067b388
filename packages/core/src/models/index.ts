/**
 * The Claude models memfiles knows by name, and what differs between them for this library.
 *
 * Sources (read 2026-11-29): the Claude pricing page
 * (https://platform.claude.com/docs/en/about-claude/pricing), the Opus 5.5 "What's new" page
 * (forced tool use returns a 400 on Claude Opus 5.5 and Claude Fable 5.1; thinking is always on, so a
 * reply may start with `thinking` blocks), and the prompt-caching page (minimum cacheable prompt
 * length per model).
 */

/** Model ids used by the evals and the price table. */
export const MODELS = {
  /** Claude Haiku 4.5: the cheap model the seed design suggests for the write pass. */
  haiku: "claude-haiku-4-5",
  /** Claude Sonnet 5.5. */
  sonnet: "claude-sonnet-5-5",
  /** Claude Opus 5.5: the current Opus (released 2026-09-22). */
  opus: "claude-opus-5-5",
} as const;

export type KnownModel = (typeof MODELS)[keyof typeof MODELS];

/**
 * Whether the model accepts `tool_choice: { type: "tool" | "any" }`. Claude Opus 5.5 and Claude
 * Fable 5.1 answer a forced tool choice with a 400 (Opus 5.5 "What's new", breaking changes), so
 * callers send `tool_choice: { type: "auto" }` there and tell the model in the prompt that it must
 * call the tool; a reply without the tool call is then a bad model reply.
 *
 * @param model - A model id such as `claude-haiku-4-5` or `claude-opus-5-5-20260922`.
 * @returns `false` for the Opus 5.5 and Fable 5.1 families, `true` otherwise.
 * @example supportsForcedToolChoice("claude-haiku-4-5") // true
 */
export function supportsForcedToolChoice(model: string): boolean {
  return !/^claude-(opus-5-5|fable-5-1)/.test(model);
}
