import type Anthropic from "@anthropic-ai/sdk";
import { MemfilesError } from "@memfiles/errors";
import type { ParseToolReplyResult, ToolReplyProblem } from "./parse-tool-reply.js";

/** Fields of a {@link ModelReplyError}. */
export type ModelReplyErrorOptions = {
  /** The stage whose model call it was. */
  stage: "write" | "consolidate";
  /** The tool the reply had to call, e.g. `propose_memories`. */
  tool: string;
  code: ToolReplyProblem;
  /** The reply. */
  message: Anthropic.Message;
  /** zod's rendering of the input's issues (`invalid_tool_input`). */
  issues?: string;
  /** What the caller can do about it. */
  hint: string;
  /** What the stage left as it was, e.g. `Nothing was written.` */
  outcome: string;
  cause?: unknown;
};

/**
 * A model reply that is not one valid call of the tool its stage asked for: no call at all,
 * several, or an input that fails the tool's zod schema. Thrown alike by the write pass
 * (`propose_memories`) and consolidation (`save_consolidated_file`); nothing is written from it.
 *
 * @example
 * try { await writePass(options); } catch (error) {
 *   if (error instanceof ModelReplyError) console.error(error.code, error.issues);
 * }
 */
export class ModelReplyError extends MemfilesError {
  override readonly name = "ModelReplyError";
  declare readonly code: ToolReplyProblem;
  readonly stage: "write" | "consolidate";
  readonly tool: string;
  /** Model id of the reply. */
  readonly model: string;
  /** `stop_reason` of the reply (`end_turn`, `max_tokens`, `refusal`, ...). */
  readonly stopReason: string | null;
  /** Types of the reply's content blocks, in order (e.g. `["thinking", "text"]`). */
  readonly blockTypes: string[];
  /** zod's rendering of the input's issues; `""` unless `invalid_tool_input`. */
  readonly issues: string;

  constructor(options: ModelReplyErrorOptions) {
    const { message, tool } = options;
    const issues = options.issues ?? "";
    const blockTypes = message.content.map((block) => block.type);
    const what = {
      no_tool_call: `has no ${tool} tool call`,
      several_tool_calls: `has more than one ${tool} tool call`,
      invalid_tool_input: `has a ${tool} call whose input is invalid:\n${issues}\n`,
    }[options.code];
    super(
      `The ${options.stage} reply from ${message.model} (stop_reason ${JSON.stringify(message.stop_reason)}, ` +
        `content blocks: ${blockTypes.join(", ") || "none"}) ${what}. ${options.outcome} ${options.hint}`,
      { code: options.code, cause: options.cause },
    );
    this.stage = options.stage;
    this.tool = tool;
    this.model = message.model;
    this.stopReason = message.stop_reason;
    this.blockTypes = blockTypes;
    this.issues = issues;
  }

  /**
   * The error for a failed {@link parseToolReply}.
   *
   * @param failed - The failed parse.
   * @param options - Everything else of {@link ModelReplyErrorOptions}.
   * @returns The error, to throw.
   */
  static of(
    failed: Extract<ParseToolReplyResult<unknown>, { success: false }>,
    options: Omit<ModelReplyErrorOptions, "code" | "issues" | "cause">,
  ): ModelReplyError {
    return new ModelReplyError({
      ...options,
      code: failed.code,
      issues: failed.issues,
      ...(failed.error === undefined ? {} : { cause: failed.error }),
    });
  }
}
