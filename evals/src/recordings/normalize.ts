import { createHash } from "node:crypto";

/** A JSON value as parsed from a request or response body. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/**
 * Returns a copy of a JSON value with every object's keys in code-point order, so the same request
 * body always serializes to the same text whatever order the SDK wrote its fields in.
 *
 * Nothing is dropped: every field of a Messages API body (model, system, messages, tools,
 * tool_choice, max_tokens, thinking, cache_control...) changes the reply, so all of it is part of
 * the recording key. Headers are not part of the body and so never reach the key.
 *
 * @param value - Any JSON value (objects, arrays, strings, numbers, booleans, null).
 * @returns A new value; arrays keep their order.
 * @example normalizeJson({ b: 1, a: { d: 2, c: 3 } }) // { a: { c: 3, d: 2 }, b: 1 }
 */
export function normalizeJson(value: JsonValue): JsonValue {
  if (Array.isArray(value)) {
    return value.map(normalizeJson);
  }
  if (value !== null && typeof value === "object") {
    const sorted: { [key: string]: JsonValue } = {};
    for (const key of Object.keys(value).sort()) {
      const field = value[key];
      if (field !== undefined) {
        sorted[key] = normalizeJson(field);
      }
    }
    return sorted;
  }
  return value;
}

/**
 * The recording key of a request: the sha256 (hex) of its normalized body as compact JSON.
 *
 * @param body - The parsed JSON request body.
 * @returns 64 hex chars.
 * @example recordingKey({ model: "claude-haiku-4-5", max_tokens: 1024, messages: [] })
 */
export function recordingKey(body: JsonValue): string {
  return createHash("sha256")
    .update(JSON.stringify(normalizeJson(body)))
    .digest("hex");
}
