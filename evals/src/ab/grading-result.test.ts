import { describe, expect, it } from "vitest";
import { toGradingResult } from "./grading-result.js";

const passing = { name: "mentions_any(Fly.io)", pass: true, score: 1, reason: 'found "Fly.io"' };
const failing = {
  name: 'file_lacks(topics/tools.md, "Heroku")',
  pass: false,
  score: 0,
  reason: 'found "Heroku" on line 6',
};

describe("toGradingResult", () => {
  it.each([
    {
      name: "every check passed",
      metadata: { pass: true, checks: [passing] },
      expected: {
        pass: true,
        score: 1,
        reason: "All 1 checks passed.",
        componentResults: [
          { pass: true, score: 1, reason: 'mentions_any(Fly.io): found "Fly.io"' },
        ],
      },
    },
    {
      name: "one check failed",
      metadata: { pass: false, checks: [passing, failing] },
      expected: {
        pass: false,
        score: 0.5,
        reason: `1 of 2 checks failed: file_lacks(topics/tools.md, "Heroku"): found "Heroku" on line 6`,
        componentResults: [
          { pass: true, score: 1, reason: 'mentions_any(Fly.io): found "Fly.io"' },
          {
            pass: false,
            score: 0,
            reason: 'file_lacks(topics/tools.md, "Heroku"): found "Heroku" on line 6',
          },
        ],
      },
    },
    {
      name: "the runner failed the run with no failed check",
      metadata: { pass: false, checks: [], runError: { name: "Error", message: "boom" } },
      expected: {
        pass: false,
        score: 0,
        reason: "The run failed with no failed check: boom",
        componentResults: [],
      },
    },
    {
      name: "the metadata is missing",
      metadata: undefined,
      expected: {
        pass: false,
        score: 0,
        reason:
          "No scenario checks in the provider response's metadata: was this test run by the memfiles scenario provider (file://provider.mjs)?",
      },
    },
  ])("grades when $name", ({ metadata, expected }) => {
    expect(toGradingResult(metadata)).toEqual(expected);
  });
});
