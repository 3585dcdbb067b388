import { describe, expect, it } from "vitest";
import { type AuthoredCache, estimateAuthoredUsage } from "./authored-usage.js";
import type { JsonValue } from "./normalize.js";

/** A text block whose JSON text (without cache_control) is exactly `chars` long. */
function block(chars: number, cache?: "5m" | "1h"): JsonValue {
  const overhead = JSON.stringify({ type: "text", text: "" }).length;
  const text = { type: "text", text: "x".repeat(chars - overhead) };
  if (cache === undefined) return text;
  return {
    ...text,
    cache_control: cache === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" },
  };
}

const content: JsonValue[] = [{ type: "text", text: "ok" }];
const outputTokens = Math.ceil(JSON.stringify(content).length / 4);

function usage(request: JsonValue, cache: AuthoredCache, model = "claude-haiku-4-5") {
  const result = estimateAuthoredUsage({ request, content, model, cache });
  return {
    input: result.input_tokens,
    output: result.output_tokens,
    write: result.cache_creation_input_tokens,
    write1h: result.cache_creation.ephemeral_1h_input_tokens,
    read: result.cache_read_input_tokens,
  };
}

describe("estimateAuthoredUsage", () => {
  it("counts ceil(chars / 4) of every block as input when nothing is cacheable", () => {
    const request = {
      model: "claude-haiku-4-5",
      system: [block(1000, "5m")],
      messages: [{ role: "user", content: [block(401)] }],
    };
    expect(usage(request, new Set())).toEqual({
      input: 351,
      output: outputTokens,
      write: 0,
      write1h: 0,
      read: 0,
    });
  });

  it("writes a prefix at the minimum cacheable length the first time and reads it afterwards", () => {
    // Haiku 4.5: 4,096 tokens minimum = 16,384 chars.
    const system = [block(16_384, "5m")];
    const cache: AuthoredCache = new Set();
    const first = { system, messages: [{ role: "user", content: [block(400)] }] };
    const second = { system, messages: [{ role: "user", content: [block(800)] }] };
    expect([usage(first, cache), usage(second, cache)]).toEqual([
      { input: 100, output: outputTokens, write: 4096, write1h: 0, read: 0 },
      { input: 200, output: outputTokens, write: 0, write1h: 0, read: 4096 },
    ]);
  });

  it("leaves a prefix one token short of the minimum uncached", () => {
    const request = { system: [block(16_380, "5m")], messages: [] };
    expect(usage(request, new Set())).toEqual({
      input: 4095,
      output: outputTokens,
      write: 0,
      write1h: 0,
      read: 0,
    });
  });

  it("reads the longest prefix seen and writes the rest up to the last breakpoint, 1h when it says so", () => {
    const cache: AuthoredCache = new Set();
    const base = [block(16_384, "5m")];
    usage({ system: base, messages: [] }, cache);
    const request = {
      system: [...base, block(4_000, "1h")],
      messages: [{ role: "user", content: [block(40)] }],
    };
    expect(usage(request, cache)).toEqual({
      input: 10,
      output: outputTokens,
      write: 1000,
      write1h: 1000,
      read: 4096,
    });
  });

  it.each([
    // 1,575 chars x 13 / 40 = 511.875 -> 512 tokens: at the minimum, cached
    { chars: 1_575, expected: { input: 0, write: 512 } },
    // 1,572 chars x 13 / 40 = 510.9 -> 511 tokens: below it, plain input
    { chars: 1_572, expected: { input: 511, write: 0 } },
  ])(
    "uses the model's own minimum and tokenizer (Opus 5.5: 512 tokens, 13 per 40 chars): $chars chars",
    ({ chars, expected }) => {
      const request = { system: [block(chars, "5m")], messages: [] };
      expect(usage(request, new Set(), "claude-opus-5-5")).toEqual({
        ...expected,
        // the reply's 29 chars of JSON x 13 / 40 = 9.4 -> 10
        output: 10,
        write1h: 0,
        read: 0,
      });
    },
  );

  it("puts tools before system in the prefix", () => {
    const cache: AuthoredCache = new Set();
    const tool = {
      name: "memory_read",
      description: "x".repeat(16_384),
      input_schema: { type: "object" },
    };
    const first = {
      tools: [{ ...tool, cache_control: { type: "ephemeral" } }],
      system: [block(400)],
      messages: [],
    };
    const second = { ...first, system: [block(800)] };
    const toolTokens = Math.ceil(JSON.stringify(tool).length / 4);
    expect([usage(first, cache), usage(second, cache)]).toEqual([
      { input: 100, output: outputTokens, write: toolTokens, write1h: 0, read: 0 },
      { input: 200, output: outputTokens, write: 0, write1h: 0, read: toolTokens },
    ]);
  });
});
