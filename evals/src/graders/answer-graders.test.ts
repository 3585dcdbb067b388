import { describe, expect, it } from "vitest";
import {
  mentionsAny,
  mentionsNone,
  noNarration,
  noQuestionBack,
  noUnrelatedMemory,
} from "./answer-graders.js";
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
  {
    name: "mentions_none passes a clean answer",
    grade: () => mentionsNone("Try a mushroom risotto with lemon.", ["chicken", "vegetarian"]),
    expected: {
      name: 'mentions_none("chicken", "vegetarian")',
      pass: true,
      score: 1,
      reason: "none of 2",
    },
  },
  {
    name: "mentions_none fails a plural and a different case",
    grade: () =>
      mentionsNone("Roast chickens, or a VEGETARIAN lasagne.", ["chicken", "vegetarian", "beef"]),
    expected: {
      name: 'mentions_none("chicken", "vegetarian", "beef")',
      pass: false,
      score: 1 - 2 / 3,
      reason: 'mentioned: "chicken", "vegetarian"',
    },
  },
  {
    name: "mentions_none does not match inside a word (ham in graham)",
    grade: () => mentionsNone("Graham crackers for dessert.", ["ham"]),
    expected: { name: 'mentions_none("ham")', pass: true, score: 1, reason: "none of 1" },
  },
  {
    name: "no_unrelated_memory fails food in a packaging answer",
    grade: () =>
      noUnrelatedMemory("Use `uv build`. (Plenty of time left for a vegetarian lunch!)", [
        "vegetarian",
        "dinner",
      ]),
    expected: {
      name: 'no_unrelated_memory("vegetarian", "dinner")',
      pass: false,
      score: 0.5,
      reason: 'an unrelated memory leaked in: "vegetarian"',
    },
  },
  {
    name: "no_unrelated_memory passes a plain packaging answer",
    grade: () => noUnrelatedMemory("Use `uv build` and `uv publish`.", ["vegetarian", "dinner"]),
    expected: {
      name: 'no_unrelated_memory("vegetarian", "dinner")',
      pass: true,
      score: 1,
      reason: "none of 2",
    },
  },
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
  {
    name: "no_question_back passes statements and code with ?",
    grade: () =>
      noQuestionBack(
        `${FLY_ANSWER}\n\n\`\`\`ts\nconst port = env.PORT ? Number(env.PORT) : 8080;\n\`\`\``,
      ),
    expected: { name: "no_question_back", pass: true, score: 1, reason: "asks nothing back" },
  },
  {
    name: "no_question_back fails 'Which host do you use?'",
    grade: () => noQuestionBack("Which host do you use? Each one deploys differently."),
    expected: {
      name: "no_question_back",
      pass: false,
      score: 0,
      reason: 'asks the user: "Which host do you use?"',
    },
  },
];

describe("answer graders", () => {
  it.each(cases)("$name", ({ grade, expected }) => {
    expect(grade()).toEqual(expected);
  });
});
