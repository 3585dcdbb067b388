import { MemfilesError } from "@memfiles/errors";
import { headOfText } from "../text/index.js";

/** Describes a received value for an error message: its JSON, shortened, or its type. */
function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (json === undefined) return `a ${typeof value}`;
  return json.length > 80 ? `${headOfText(json, 80)}…` : json;
}

/**
 * Thrown when a successful (200) Messages API reply does not have the shape of a message: no
 * `usage` object, a token count that is not a number, no `content` array. Seen when the client's
 * `baseURL` points at something else (a proxy, a health check) or a mock or recording answers
 * with the wrong body.
 *
 * @example
 * toModelUsage(({ hello: "world" } as unknown as Anthropic.Message).usage)
 * // throws ModelReplyShapeError: The model reply is not a Messages API message: usage is missing, ...
 */
export class ModelReplyShapeError extends MemfilesError {
  override readonly name = "ModelReplyShapeError";
  /** The field that is missing or wrong, as a path (`usage`, `usage.input_tokens`, `content`). */
  readonly field: string;
  /** What the field should have been. */
  readonly expected: string;
  /** The value received (`undefined` when missing). */
  readonly value: unknown;

  constructor(options: { field: string; expected: string; value: unknown; cause?: unknown }) {
    super(
      `The model reply is not a Messages API message: ${options.field} is ${describeValue(options.value)}, ` +
        `expected ${options.expected}. Check that the client's baseURL points at the Anthropic ` +
        "Messages API (POST /v1/messages), and that a mock or recording answers with a whole message " +
        "(id, content, stop_reason, usage).",
      { code: "model_reply_shape", cause: options.cause },
    );
    this.field = options.field;
    this.expected = options.expected;
    this.value = options.value;
  }
}
