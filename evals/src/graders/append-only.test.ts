import { describe, expect, it } from "vitest";
import { gradeAppendOnly } from "./append-only.js";

const system = [{ type: "text", text: "base" }];
const tools = [{ name: "memory_read" }];
const turn1 = { role: "user", content: "first" };
const reply1 = {
  role: "assistant",
  content: [
    { type: "thinking", thinking: "", signature: "c2ln" },
    { type: "text", text: "answer" },
  ],
};
const first = { system, tools, messages: [turn1] };
const second = { system, tools, messages: [turn1, reply1, { role: "user", content: "second" }] };

describe("gradeAppendOnly", () => {
  it("passes when every later request resends system, tools and earlier messages unchanged", () => {
    expect(gradeAppendOnly([first, second])).toEqual({
      name: "append_only",
      pass: true,
      score: 1,
      reason: "2 requests: same system and tools, every earlier message unchanged",
    });
  });

  it.each([
    {
      name: "a rebuilt system",
      later: { ...second, system: [{ type: "text", text: "base, memory changed" }] },
      reason: "request 2 of 2: system differs from the first request's",
    },
    {
      name: "a tool added mid-conversation",
      later: { ...second, tools: [...tools, { name: "memory_write" }] },
      reason: "request 2 of 2: tools differ from the first request's",
    },
    {
      name: "an earlier user message rewritten (a reminder inserted into turn 1)",
      later: {
        ...second,
        messages: [
          { role: "user", content: "first (remember: Fly.io)" },
          ...second.messages.slice(1),
        ],
      },
      reason: "request 2 of 2: messages[0] differs from the request before",
    },
  ])("fails on $name", ({ later, reason }) => {
    expect(gradeAppendOnly([first, later])).toEqual({
      name: "append_only",
      pass: false,
      score: 0,
      reason,
    });
  });

  it("fails when there is no second request to compare", () => {
    expect(gradeAppendOnly([first]).pass).toEqual(false);
  });
});
