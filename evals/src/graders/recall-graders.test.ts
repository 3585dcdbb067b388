import type { RecallResult } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { modelInputContains } from "./model-input-contains.js";
import { recallFallback } from "./recall-fallback.js";

const requests = [
  { system: [{ type: "text", text: "BASE" }], messages: [{ role: "user", content: "hi" }] },
  {
    messages: [
      {
        role: "user",
        content: [{ type: "tool_result", content: '<staleness>\n- possibly stale: "src/a.ts"' }],
      },
    ],
  },
];

describe("modelInputContains", () => {
  it.each([
    [
      "in a tool result, quotes escaped in JSON",
      '- possibly stale: "src/a.ts"',
      true,
      "found in request(s) 2",
    ],
    ["absent", "possibly stale: src/b.ts", false, "absent from all 2 request(s)"],
  ])("%s", (_name, text, pass, reason) => {
    expect(modelInputContains(requests, text)).toEqual({
      name: `model_input_contains("${text.replace(/"/g, '\\"')}")`,
      pass,
      score: pass ? 1 : 0,
      reason,
    });
  });

  it("fails when no request was sent", () => {
    expect(modelInputContains([], "x").pass).toBe(false);
  });
});

const picked: RecallResult = {
  strategy: "side-query",
  files: [{ path: "topics/tools.md", claims: [], possiblyStale: false }],
  fallback: { reason: "unparsable_reply", message: "no call" },
};

describe("recallFallback", () => {
  it.each([
    [
      "the reported reason",
      picked,
      "unparsable_reply",
      true,
      "reported; keyword matching picked topics/tools.md",
    ],
    [
      "another reason",
      picked,
      "api_error",
      false,
      "fallback reported for unparsable_reply, not api_error",
    ],
    [
      "no fallback (a silent one would pass otherwise)",
      { strategy: "side-query", files: [] } satisfies RecallResult,
      "unparsable_reply",
      false,
      "no fallback reported (strategy side-query)",
    ],
    [
      "no question",
      undefined,
      "unparsable_reply",
      false,
      "the run has no question: no recall to check",
    ],
  ])("%s", (_name, recall, reason, pass, why) => {
    expect(recallFallback(recall, reason)).toEqual({
      name: `recall_fallback(${reason})`,
      pass,
      score: pass ? 1 : 0,
      reason: why,
    });
  });
});
