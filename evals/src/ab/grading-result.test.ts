import { describe, expect, it } from "vitest";
import { NOTHING_CHECKED } from "../graders/index.js";
import { toGradingResult } from "./grading-result.js";

const passing = { name: "mentions_any(Fly.io)", pass: true, score: 1, reason: 'found "Fly.io"' };
const failing = {
  name: 'file_lacks(topics/tools.md, "Heroku")',
  pass: false,
  score: 0,
  reason: 'found "Heroku" on line 6',
};

const ZERO = { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 };
const session = (usd: number) => ({
  session: 1,
  usd,
  write: usd,
  consolidate: 0,
  chat: 0,
  usage: ZERO,
  calls: 1,
});

describe("toGradingResult", () => {
  it.each([
    {
      name: "every check passed",
      metadata: { pass: true, checks: [passing], sessions: [session(0.001), session(0.0005)] },
      expected: {
        pass: true,
        score: 1,
        reason: "All 1 checks passed.",
        namedScores: { run_passed: 1, sessions: 2, usd: 0.0015 },
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
        namedScores: { run_passed: 0, sessions: 0, usd: 0 },
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
        namedScores: { run_passed: 0, sessions: 0, usd: 0 },
        componentResults: [],
      },
    },
    {
      name: "nothing was checked (expect: { files: [] }, no answer check)",
      metadata: {
        pass: true,
        checks: [{ name: "checks_ran", pass: true, score: 1, reason: "0 check(s) ran" }],
      },
      expected: {
        pass: false,
        score: 1,
        reason: `Not a pass: ${NOTHING_CHECKED}.`,
        namedScores: { run_passed: 0, sessions: 0, usd: 0 },
        componentResults: [{ pass: true, score: 1, reason: "checks_ran: 0 check(s) ran" }],
      },
    },
    {
      name: "no check at all, the runner's verdict a pass",
      metadata: { pass: true, checks: [] },
      expected: {
        pass: false,
        score: 0,
        reason: `Not a pass: ${NOTHING_CHECKED}.`,
        namedScores: { run_passed: 0, sessions: 0, usd: 0 },
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
