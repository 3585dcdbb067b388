import { createHash } from "node:crypto";
import { modelInfo } from "@memfiles/core";
import type { AuthoredReply } from "../scenarios/index.js";
import { type AuthoredCache, estimateAuthoredUsage } from "./authored-usage.js";
import type { JsonValue } from "./normalize.js";

/**
 * Whether a model's replies always start with a thinking block: the rows of core's model table
 * whose thinking cannot be turned off (Opus 5.5, Sonnet 5.5, Fable 5.1 / 5.2: adaptive, always on).
 */
function alwaysThinks(model: string): boolean {
  return modelInfo(model)?.disableThinking === false;
}

/** Options of `createAuthoredResponder`. */
export type AuthoredResponderOptions = {
  /** The authored replies of one scenario for one model, in call order. */
  replies: readonly AuthoredReply[];
  /** Model id the recordings are for. */
  model: string;
  /** Overrides of the minimum cacheable length, tokens per model. */
  minimums?: Record<string, number>;
};

/** What the responder does with one request. */
export type AuthoredAnswer =
  | { found: true; body: { [key: string]: JsonValue } }
  | { found: false; given: number };

/** Answers requests of one scenario run with authored replies. */
export type AuthoredResponder = (request: {
  body: JsonValue;
  key: string;
  occurrence: number;
  step: string;
}) => AuthoredAnswer;

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Makes the responder of author mode: each request gets the next authored reply written for the
 * runner's current step, shaped as the Messages API returns it (id `msg_authored_<hash>`, tool_use
 * ids `toolu_authored_<n>`, `stop_reason` `tool_use` when a tool_use block is present else
 * `end_turn`, usage by `AUTHORED_USAGE_METHOD`). For a model whose thinking is always on (Claude
 * Opus 5.5, Sonnet 5.5, Fable; core's model table) an empty signed `thinking` block comes first.
 *
 * @param options - `{ replies, model, minimums? }`; one responder per scenario run (it holds the
 *   per-step position, the tool_use counter and the modelled prompt cache).
 * @returns A function from a request to `{ found: true, body }` or `{ found: false, given }` when
 *   no authored reply is left for the step (`given` = how many were written for it).
 * @example
 * const respond = createAuthoredResponder({ replies, model: "claude-haiku-4-5" });
 * respond({ body, key, occurrence: 1, step: "session 1: write" });
 */
export function createAuthoredResponder(options: AuthoredResponderOptions): AuthoredResponder {
  const used = new Map<string, number>();
  const cache: AuthoredCache = new Set();
  let toolCount = 0;
  return ({ body, key, occurrence, step }) => {
    const forStep = options.replies.filter((reply) => reply.step === step);
    const position = used.get(step) ?? 0;
    const reply = forStep[position];
    if (reply === undefined) return { found: false, given: forStep.length };
    used.set(step, position + 1);
    const seed = `${key}:${occurrence}`;
    const content: JsonValue[] = [];
    if (alwaysThinks(options.model) && reply.content[0]?.type !== "thinking") {
      const signature = Buffer.from(digest(`thinking:${seed}`), "hex").toString("base64");
      content.push({ type: "thinking", thinking: "", signature });
    }
    for (const block of reply.content) {
      if (block.type === "tool_use") {
        toolCount += 1;
        content.push({
          type: "tool_use",
          id: block.id ?? `toolu_authored_${toolCount}`,
          name: block.name,
          input: block.input as JsonValue,
        });
      } else if (block.type === "thinking") {
        const signature =
          block.signature ?? Buffer.from(digest(`thinking:${seed}`), "hex").toString("base64");
        content.push({ type: "thinking", thinking: block.thinking, signature });
      } else {
        content.push({ type: "text", text: block.text });
      }
    }
    const requestModel =
      body !== null &&
      typeof body === "object" &&
      !Array.isArray(body) &&
      typeof body.model === "string"
        ? body.model
        : options.model;
    const hasToolUse = content.some(
      (block) =>
        block !== null &&
        typeof block === "object" &&
        !Array.isArray(block) &&
        block.type === "tool_use",
    );
    return {
      found: true,
      body: {
        id: `msg_authored_${digest(seed).slice(0, 24)}`,
        type: "message",
        role: "assistant",
        model: requestModel,
        content,
        container: null,
        stop_details: null,
        stop_reason: hasToolUse ? "tool_use" : "end_turn",
        stop_sequence: null,
        usage: estimateAuthoredUsage({
          request: body,
          content,
          model: options.model,
          cache,
          ...(options.minimums ? { minimums: options.minimums } : {}),
        }),
      },
    };
  };
}
