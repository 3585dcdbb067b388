import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { describe, expect, it, vi } from "vitest";
import { type JudgeCall, judgeAnswer, judgeRequest, readVerdict } from "./judge.js";
import { JudgeReplyError } from "./judge-reply-error.js";

/** A judge reply as the Messages API returns it, with authored content blocks. */
function reply(content: unknown[]): Anthropic.Message {
  return {
    id: "msg_authored_judge",
    type: "message",
    role: "assistant",
    model: "claude-haiku-5-5",
    content,
    stop_reason: "tool_use",
    stop_sequence: null,
    usage: { input_tokens: 310, output_tokens: 42 },
  } as unknown as Anthropic.Message;
}

const verdictCall = (input: unknown) => ({
  type: "tool_use",
  id: "toolu_authored_1",
  name: "submit_verdict",
  input,
});

const RUBRIC =
  "One quick meatless dinner idea, with no remark about the user's diet and no question about it.";
const QUESTION = "Give me one dinner idea for tonight, something quick.";

describe("readVerdict", () => {
  it.each([
    {
      name: "a pass",
      content: [verdictCall({ pass: true, reason: "A chickpea curry, no remark on diet." })],
      expected: { pass: true, reason: "A chickpea curry, no remark on diet." },
    },
    {
      name: "a fail after a text block",
      content: [
        { type: "text", text: "Grading." },
        verdictCall({ pass: false, reason: 'It says "given your diet".' }),
      ],
      expected: { pass: false, reason: 'It says "given your diet".' },
    },
  ])("reads $name", ({ content, expected }) => {
    expect(readVerdict(reply(content), "claude-haiku-5-5")).toEqual({
      verdict: expected,
      usage: { input: 310, output: 42, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
    });
  });

  it.each([
    { name: "no tool call (text only)", content: [{ type: "text", text: "PASS" }] },
    {
      name: "pass as a string",
      content: [verdictCall({ pass: "yes", reason: "fine" })],
    },
    { name: "no reason", content: [verdictCall({ pass: true })] },
    {
      name: "an extra field",
      content: [verdictCall({ pass: true, reason: "fine", score: 9 })],
    },
    {
      name: "two verdicts",
      content: [
        verdictCall({ pass: true, reason: "fine" }),
        verdictCall({ pass: false, reason: "not fine" }),
      ],
    },
  ])("refuses a malformed reply as broken: $name", ({ content }) => {
    expect(() => readVerdict(reply(content), "claude-haiku-5-5")).toThrow(JudgeReplyError);
  });

  it.each([
    { source: "replayed" as const, advice: "Re-record the judge call (`pnpm eval --record`)" },
    { source: "live" as const, advice: "recording again asks the same way" },
  ])("advises by where the reply came from: $source", ({ source, advice }) => {
    const read = () => readVerdict(reply([]), "claude-haiku-5-5", source);
    expect(read).toThrow(advice);
    if (source === "live") expect(read).not.toThrow("Re-record");
  });
});

describe("judgeAnswer", () => {
  it.each([
    {
      name: "fails a bad answer the keyword lists pass",
      answer: "Given your diet, here is a lentil curry: simmer red lentils with coconut milk.",
      verdict: { pass: false, reason: 'It points at the diet: "Given your diet".' },
    },
    {
      name: "passes a good answer",
      answer: "Chickpea and spinach curry: fry onion and garlic, add chickpeas, tomatoes, spinach.",
      verdict: { pass: true, reason: "One quick meatless idea, presented plainly." },
    },
  ])("$name", async ({ answer, verdict }) => {
    const judge = vi.fn<JudgeCall>(async () => verdict);
    const result = await judgeAnswer({ rubric: RUBRIC }, { question: QUESTION, answer, judge });
    expect(judge).toHaveBeenCalledWith({
      rubric: RUBRIC,
      model: "claude-haiku-5-5",
      question: QUESTION,
      answer,
    });
    expect(result).toEqual({
      name: "judge(claude-haiku-5-5)",
      pass: verdict.pass,
      score: verdict.pass ? 1 : 0,
      reason: verdict.reason,
    });
  });

  it("uses the scenario's judge model when it names one", async () => {
    const judge = vi.fn<JudgeCall>(async () => ({ pass: true, reason: "fine" }));
    const result = await judgeAnswer(
      { rubric: RUBRIC, model: "claude-opus-5-5" },
      { question: QUESTION, answer: "Tofu stir fry.", judge },
    );
    expect(result.name).toBe("judge(claude-opus-5-5)");
    expect(
      judgeRequest({ rubric: RUBRIC, model: "claude-opus-5-5", question: QUESTION, answer: "x" })
        .model,
    ).toBe("claude-opus-5-5");
  });
});

describe("judgeRequest", () => {
  it("sends the released judge@1 prompt as its system prompt, the words every recording holds", () => {
    const request = judgeRequest({
      rubric: RUBRIC,
      model: "claude-haiku-5-5",
      question: QUESTION,
      answer: "x",
    });
    expect({ system: request.system, max_tokens: request.max_tokens }).toEqual({
      system: getPrompt("judge", 1).text,
      max_tokens: 400,
    });
    expect(
      String(request.system).startsWith(
        "You grade one answer of an AI assistant against a rubric.",
      ),
    ).toBe(true);
  });
});
