import { describe, expect, it } from "vitest";
import { noNarration } from "./no-narration.js";
import type { GradeResult } from "./types.js";

const FLY_ANSWER = [
  "Run `fly launch` in the service folder; it writes a `fly.toml` and picks a region.",
  "",
  "```sh",
  "fly launch --no-deploy",
  "fly deploy",
  "```",
  "",
  "Set secrets with `fly secrets set` before the first deploy.",
].join("\n");

const cases: { name: string; grade: () => GradeResult; expected: GradeResult }[] = [
  {
    name: "no_narration passes an answer that just uses the memory",
    grade: () => noNarration(FLY_ANSWER),
    expected: { name: "no_narration", pass: true, score: 1, reason: "no memory narration" },
  },
  {
    name: "no_narration fails 'as you mentioned'",
    grade: () => noNarration("As you mentioned, you deploy on Fly.io, so run fly deploy."),
    expected: {
      name: "no_narration",
      pass: false,
      score: 0,
      reason: 'narrates memory: "you mentioned" (you_said)',
    },
  },
];

describe("noNarration", () => {
  it.each(cases)("$name", ({ grade, expected }) => {
    expect(grade()).toEqual(expected);
  });
});
