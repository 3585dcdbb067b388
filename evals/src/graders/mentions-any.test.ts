import { describe, expect, it } from "vitest";
import { mentionsAny } from "./mentions-any.js";
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
    name: "mentions_any passes an answer that uses the host",
    grade: () => mentionsAny(FLY_ANSWER, ["Railway", "fly deploy"]),
    expected: {
      name: 'mentions_any("Railway", "fly deploy")',
      pass: true,
      score: 1,
      reason: 'found "fly deploy"',
    },
  },
  {
    name: "mentions_any fails an answer that never names it",
    grade: () => mentionsAny("Pick a host and push a container.", ["fly"]),
    expected: {
      name: 'mentions_any("fly")',
      pass: false,
      score: 0,
      reason: 'none of them in the answer: "Pick a host and push a container."',
    },
  },
  {
    name: "mentions_any needs a word boundary (fly is not flyctl)",
    grade: () => mentionsAny("Install flyctl first.", ["fly"]),
    expected: {
      name: 'mentions_any("fly")',
      pass: false,
      score: 0,
      reason: 'none of them in the answer: "Install flyctl first."',
    },
  },
];

describe("mentionsAny", () => {
  it.each(cases)("$name", ({ grade, expected }) => {
    expect(grade()).toEqual(expected);
  });
});
