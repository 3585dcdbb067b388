import { describe, expect, it } from "vitest";
import { noQuestionBack } from "./no-question-back.js";
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

describe("noQuestionBack", () => {
  it.each(cases)("$name", ({ grade, expected }) => {
    expect(grade()).toEqual(expected);
  });
});
