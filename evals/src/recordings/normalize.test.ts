import { describe, expect, it } from "vitest";
import { type JsonValue, normalizeJson, recordingKey } from "./normalize.js";

const body = {
  model: "claude-haiku-4-5",
  max_tokens: 1024,
  system: [{ type: "text", text: "You are helpful.", cache_control: { type: "ephemeral" } }],
  messages: [{ role: "user", content: "I deploy everything on Fly.io" }],
};

describe("normalizeJson", () => {
  it.each<[string, JsonValue, JsonValue]>([
    ["sorts object keys", { b: 1, a: 2 }, { a: 2, b: 1 }],
    [
      "sorts nested keys",
      { z: { y: 1, x: [{ d: 1, c: 2 }] } },
      { z: { x: [{ c: 2, d: 1 }], y: 1 } },
    ],
    ["keeps array order", [3, 1, 2], [3, 1, 2]],
    ["keeps scalars", "text", "text"],
    ["keeps null", { a: null }, { a: null }],
  ])("%s", (_name, input, expected) => {
    expect(normalizeJson(input)).toEqual(expected);
    expect(JSON.stringify(normalizeJson(input))).toBe(JSON.stringify(expected));
  });
});

describe("recordingKey", () => {
  it("is the same for the same body with keys in another order", () => {
    const reordered = {
      messages: [{ content: "I deploy everything on Fly.io", role: "user" }],
      system: [{ cache_control: { type: "ephemeral" }, text: "You are helpful.", type: "text" }],
      max_tokens: 1024,
      model: "claude-haiku-4-5",
    };
    expect(recordingKey(reordered)).toBe(recordingKey(body));
    expect(recordingKey(body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each<[string, JsonValue]>([
    [
      "one word of the system prompt",
      { ...body, system: [{ type: "text", text: "You are kind." }] },
    ],
    ["the model", { ...body, model: "claude-opus-5-5" }],
    ["max_tokens", { ...body, max_tokens: 1025 }],
    ["a cache breakpoint", { ...body, system: [{ type: "text", text: "You are helpful." }] }],
    ["the message order", { ...body, messages: [...body.messages, ...body.messages] }],
  ])("changes when %s changes", (_name, changed) => {
    expect(recordingKey(changed)).not.toBe(recordingKey(body));
  });
});
