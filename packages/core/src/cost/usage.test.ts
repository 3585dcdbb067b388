import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { costOf } from "./cost-of.js";
import { ModelReplyShapeError } from "./model-reply-shape-error.js";
import { readUsage, sumUsage, toModelUsage } from "./usage.js";

const usage = (fields: Record<string, unknown>) => fields as unknown as Anthropic.Usage;

describe("toModelUsage", () => {
  it.each([
    {
      name: "cache writes without a breakdown as 5-minute writes",
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_creation_input_tokens: 7,
        cache_read_input_tokens: 3,
      },
      result: { input: 10, output: 5, cacheWrite5m: 7, cacheWrite1h: 0, cacheRead: 3 },
    },
    {
      name: "the 5-minute and 1-hour breakdown",
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_creation_input_tokens: 9,
        cache_read_input_tokens: null,
        cache_creation: { ephemeral_5m_input_tokens: 4, ephemeral_1h_input_tokens: 5 },
      },
      result: { input: 10, output: 5, cacheWrite5m: 4, cacheWrite1h: 5, cacheRead: 0 },
    },
    {
      name: "missing cache fields as zero",
      usage: { input_tokens: 1, output_tokens: 2, cache_creation: null },
      result: { input: 1, output: 2, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
    },
  ])("reads $name", ({ usage: fields, result }) => {
    expect(toModelUsage(usage(fields))).toEqual(result);
  });

  it.each([
    { name: "no usage", usage: undefined, field: "usage", received: undefined, shown: "missing" },
    { name: "a string", usage: "lots", field: "usage", received: "lots", shown: '"lots"' },
    { name: "an array", usage: [1, 2], field: "usage", received: [1, 2], shown: "[1,2]" },
    {
      name: "no input_tokens",
      usage: { output_tokens: 1 },
      field: "usage.input_tokens",
      received: undefined,
      shown: "missing",
    },
    {
      name: "a string count",
      usage: { input_tokens: "5", output_tokens: 1 },
      field: "usage.input_tokens",
      received: "5",
      shown: '"5"',
    },
    {
      name: "a negative count",
      usage: { input_tokens: 5, output_tokens: -1 },
      field: "usage.output_tokens",
      received: -1,
      shown: "-1",
    },
    {
      name: "a bad breakdown",
      usage: { input_tokens: 5, output_tokens: 1, cache_creation: 3 },
      field: "usage.cache_creation",
      received: 3,
      shown: "3",
    },
  ])(
    "throws ModelReplyShapeError naming the field for $name",
    ({ usage: value, field, received, shown }) => {
      let caught: unknown;
      try {
        toModelUsage(value as unknown as Anthropic.Usage);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ModelReplyShapeError);
      expect(caught).toMatchObject({ name: "ModelReplyShapeError", field, value: received });
      expect((caught as Error).message.split(", expected ")[0]).toEqual(
        `The model reply is not a Messages API message: ${field} is ${shown}`,
      );
    },
  );

  it('gives the whole message for a reply body such as {"hello":"world"}', () => {
    const reply = { hello: "world" } as unknown as Anthropic.Message;
    expect(() => toModelUsage(reply.usage)).toThrow(
      "The model reply is not a Messages API message: usage is missing, expected an object with " +
        "input_tokens and output_tokens. Check that the client's baseURL points at the Anthropic " +
        "Messages API (POST /v1/messages), and that a mock or recording answers with a whole " +
        "message (id, content, stop_reason, usage).",
    );
  });
});

describe("readUsage", () => {
  it.each([
    {
      name: "an empty breakdown {} of 3,000 written: all 3,000 as 5-minute writes",
      cacheCreation: {},
      result: { cacheWrite5m: 3_000, cacheWrite1h: 0 },
    },
    {
      name: "only ephemeral_1h_input_tokens: 1000 of 3,000: the other 2,000 as 5-minute writes",
      cacheCreation: { ephemeral_1h_input_tokens: 1_000 },
      result: { cacheWrite5m: 2_000, cacheWrite1h: 1_000 },
    },
    {
      name: "a breakdown that adds up to less than the total: the total wins",
      cacheCreation: { ephemeral_5m_input_tokens: 500, ephemeral_1h_input_tokens: 1_000 },
      result: { cacheWrite5m: 2_000, cacheWrite1h: 1_000 },
    },
  ])("totals win over $name, with a warning", ({ cacheCreation, result }) => {
    const read = readUsage(
      usage({
        input_tokens: 10,
        output_tokens: 5,
        cache_creation_input_tokens: 3_000,
        cache_creation: cacheCreation,
      }),
    );
    expect(read.usage).toEqual({ input: 10, output: 5, cacheRead: 0, ...result });
    expect(read.warnings.map((warning) => warning.code)).toEqual(["incomplete_cache_breakdown"]);
  });

  it("prices the missing tokens, not $0: 3,000 written on Haiku 4.5 with a {} breakdown", () => {
    const read = readUsage(
      usage({
        input_tokens: 0,
        output_tokens: 0,
        cache_creation_input_tokens: 3_000,
        cache_creation: {},
      }),
    );
    // 3,000 x $1.25 / MTok = 0.00375
    expect(costOf(read.usage, "claude-haiku-4-5").cacheWrite).toEqual(0.00375);
  });

  it("gives no warning for a breakdown that adds up", () => {
    const read = readUsage(
      usage({
        input_tokens: 1,
        output_tokens: 1,
        cache_creation_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      }),
    );
    expect(read.warnings).toEqual([]);
  });

  it("reads thinking tokens apart and the price modifiers", () => {
    expect(
      readUsage(
        usage({
          input_tokens: 100,
          output_tokens: 80,
          output_tokens_details: { thinking_tokens: 60 },
          service_tier: "batch",
          inference_geo: "us",
          speed: "standard",
        }),
      ),
    ).toEqual({
      usage: {
        input: 100,
        output: 80,
        cacheWrite5m: 0,
        cacheWrite1h: 0,
        cacheRead: 0,
        thinking: 60,
      },
      modifiers: { serviceTier: "batch", inferenceGeo: "us", speed: "standard" },
      warnings: [],
    });
  });
});

describe("sumUsage", () => {
  it("adds field by field", () => {
    const one = { input: 1, output: 2, cacheWrite5m: 3, cacheWrite1h: 4, cacheRead: 5 };
    expect(sumUsage(one, one)).toEqual({
      input: 2,
      output: 4,
      cacheWrite5m: 6,
      cacheWrite1h: 8,
      cacheRead: 10,
    });
    expect(sumUsage()).toEqual({
      input: 0,
      output: 0,
      cacheWrite5m: 0,
      cacheWrite1h: 0,
      cacheRead: 0,
    });
  });
});
