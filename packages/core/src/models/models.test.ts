import { describe, expect, it } from "vitest";
import {
  effortParameter,
  MODEL_TABLE,
  MODELS,
  modelInfo,
  supportsForcedToolChoice,
} from "./index.js";

describe("model table", () => {
  it("names today's Haiku, Sonnet and Opus, and keeps Haiku 4.5 addressable", () => {
    expect(MODELS).toEqual({
      haiku: "claude-haiku-5-5",
      sonnet: "claude-sonnet-5-5",
      opus: "claude-opus-5-5",
      haiku45: "claude-haiku-4-5",
    });
    expect(modelInfo("claude-haiku-4-5-20251001")?.name).toEqual("Claude Haiku 4.5");
  });

  it("has one row per id, each with a source page and an ISO release date", () => {
    const ids = MODEL_TABLE.map((row) => row.id);
    expect(new Set(ids).size).toEqual(ids.length);
    for (const row of MODEL_TABLE) {
      expect(row.source).toMatch(/^https:\/\/platform\.claude\.com\/docs\/en\//);
      expect(row.released).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it.each([
    { model: "claude-haiku-4-5", forced: true },
    { model: "claude-haiku-4-5-20251001", forced: true },
    { model: "claude-sonnet-5", forced: true },
    { model: "claude-opus-5", forced: true },
    { model: "claude-sonnet-5-5", forced: false },
    { model: "claude-opus-5-5", forced: false },
    { model: "claude-fable-5-1", forced: false },
    { model: "claude-fable-5-2", forced: false },
    // accepted, but its thinking would be skipped
    { model: "claude-haiku-5-5", forced: false },
    // an id no row knows: the shape every model accepts
    { model: "claude-sonnet-6", forced: false },
  ])("forces tool_choice on $model: $forced", ({ model, forced }) => {
    expect(supportsForcedToolChoice(model)).toEqual(forced);
  });

  it.each([
    { model: "claude-haiku-4-5", expected: {} },
    { model: "claude-haiku-5-5", expected: { output_config: { effort: "low" } } },
    { model: "claude-next-1", expected: { output_config: { effort: "low" } } },
  ])("sends effort to $model where it has the parameter", ({ model, expected }) => {
    expect(effortParameter(model, "low")).toEqual(expected);
  });
});
