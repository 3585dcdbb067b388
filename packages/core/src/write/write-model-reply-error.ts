import { MemfilesError } from "@memfiles/errors";

/** What was wrong with the model's reply to the write pass. */
export type WriteModelReplyProblem = "no_tool_call" | "several_tool_calls" | "invalid_tool_input";

/** Fields of a {@link WriteModelReplyError}. */
export type WriteModelReplyErrorOptions = {
  problem: WriteModelReplyProblem;
  /** Model id as sent in the request. */
  model: string;
  /** `stop_reason` of the reply (`end_turn`, `max_tokens`, `refusal`, ...). */
  stopReason: string | null;
  /** Types of the reply's content blocks, in order (e.g. `["thinking", "text"]`). */
  blockTypes: string[];
  /** zod issues as `path: message` for `invalid_tool_input`; empty otherwise. */
  issues?: string[];
  cause?: unknown;
};

const HINTS: Record<WriteModelReplyProblem, string> = {
  no_tool_call:
    "Models that cannot be forced to call a tool (Opus 5.5) must be told by the prompt to call propose_memories; if stop_reason is max_tokens, raise maxTokens.",
  several_tool_calls:
    "The extraction prompt asks for exactly one propose_memories call; check the prompt version.",
  invalid_tool_input:
    "The tool input must be { memories: [{ file, fact, evidence, replaces: string | null, description: string | null }] }; if stop_reason is max_tokens, raise maxTokens.",
};

/**
 * The model's reply to the write pass is not one valid `propose_memories` tool call: no tool call
 * at all, several, or an input that fails the zod schema. Nothing was written.
 *
 * @example
 * try { await writePass(options); } catch (error) {
 *   if (error instanceof WriteModelReplyError) console.error(error.problem, error.issues);
 * }
 */
export class WriteModelReplyError extends MemfilesError {
  override readonly name = "WriteModelReplyError";
  readonly problem: WriteModelReplyProblem;
  readonly model: string;
  readonly stopReason: string | null;
  readonly blockTypes: string[];
  readonly issues: string[];

  constructor(options: WriteModelReplyErrorOptions) {
    const issues = options.issues ?? [];
    const what = {
      no_tool_call: "has no propose_memories tool call",
      several_tool_calls: "has more than one propose_memories tool call",
      invalid_tool_input: `has a propose_memories call whose input is invalid (${issues.join("; ")})`,
    }[options.problem];
    super(
      `The write pass reply from ${options.model} (stop_reason ${JSON.stringify(options.stopReason)}, ` +
        `content blocks: ${options.blockTypes.join(", ") || "none"}) ${what}. Nothing was written. ${HINTS[options.problem]}`,
      { code: options.problem, cause: options.cause },
    );
    this.problem = options.problem;
    this.model = options.model;
    this.stopReason = options.stopReason;
    this.blockTypes = options.blockTypes;
    this.issues = issues;
  }
}
