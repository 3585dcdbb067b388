import { describe, expect, it } from "vitest";
import type { JsonValue } from "./normalize.js";
import type { RecordingEntry } from "./recording-file.js";
import { describeRequestDifference, findNearestEntry } from "./request-difference.js";

describe("describeRequestDifference", () => {
  it.each<[string, JsonValue, JsonValue, string[]]>([
    [
      "a changed number",
      { max_tokens: 1024 },
      { max_tokens: 2048 },
      ["max_tokens: recorded 1024, request 2048"],
    ],
    [
      "an added field",
      { model: "m" },
      { model: "m", temperature: 0 },
      ["temperature: recorded (absent), request 0"],
    ],
    [
      "a removed message",
      { messages: [{ role: "user", content: "hi" }] },
      { messages: [] },
      ['messages[0]: recorded {"role":"user","content":"hi"}, request (absent)'],
    ],
    [
      "one word in a long prompt, cut to a window",
      { system: `${"a".repeat(100)} deploy on Fly.io ${"b".repeat(200)}` },
      { system: `${"a".repeat(100)} deploy on Railway ${"b".repeat(200)}` },
      [
        `system: recorded "…${"a".repeat(29)} deploy on Fly.io ${"b".repeat(73)}…", ` +
          `request "…${"a".repeat(29)} deploy on Railway ${"b".repeat(72)}…"`,
      ],
    ],
    ["identical bodies", { a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, []],
    ["two scalars", 1, 2, ["(body): recorded 1, request 2"]],
  ])("%s", (_name, recorded, request, expected) => {
    expect(describeRequestDifference(recorded, request)).toEqual(expected);
  });

  it("lists the first paths and counts the rest", () => {
    const recorded = { a: 1, b: 1, c: 1, d: 1 };
    const request = { a: 2, b: 2, c: 2, d: 2 };
    expect(describeRequestDifference(recorded, request, 2)).toEqual([
      "a: recorded 1, request 2",
      "b: recorded 1, request 2",
      "… and 2 more differing paths",
    ]);
  });
});

function entry(step: string, request: JsonValue): RecordingEntry {
  return { key: "0".repeat(64), occurrence: 1, step, request, response: { status: 200, body: {} } };
}

describe("findNearestEntry", () => {
  it.each<[string, RecordingEntry[], JsonValue, string, number | undefined]>([
    ["no entries", [], { a: 1 }, "session 1: write", undefined],
    [
      "the fewest differing paths",
      [entry("session 1: write", { a: 9, b: 9 }), entry("session 1: write", { a: 1, b: 9 })],
      { a: 1, b: 1 },
      "session 1: write",
      1,
    ],
    [
      "the same step on a tie",
      [entry("session 1: write", { a: 9 }), entry("question: chat", { a: 8 })],
      { a: 1 },
      "question: chat",
      1,
    ],
    [
      "the earliest on a tie of steps",
      [entry("question: chat", { a: 9 }), entry("question: chat", { a: 8 })],
      { a: 1 },
      "question: chat",
      0,
    ],
  ])("picks %s", (_name, entries, request, step, expected) => {
    expect(findNearestEntry(entries, request, step)?.index).toBe(expected);
  });
});
