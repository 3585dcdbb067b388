import { describe, expect, it } from "vitest";
import { checkEvidenceSupport } from "./evidence-support.js";

describe("checkEvidenceSupport", () => {
  it.each([
    [
      "a sentence that states the fact",
      "I drink green tea every day",
      "likes green tea",
      "supported",
    ],
    [
      "a stem shared across forms",
      "We deploy everything on Fly.io",
      "deploys on Fly.io",
      "supported",
    ],
    ["one content word, 12 chars or more", "I'm vegetarian", "is vegetarian", "supported"],
    ["two content words under 12 chars", "love tea", "likes tea", "supported"],
    ["a pronoun", "I", "likes tea", "evidence_too_short"],
    ["function words only, under 12 chars", "it is", "likes tea", "evidence_too_short"],
    [
      "function words only, 12 chars or more",
      "it is what it is",
      "likes tea",
      "evidence_unrelated",
    ],
    ["one short content word", "tea", "likes tea", "evidence_too_short"],
    [
      "a sentence about something else",
      "I started a new job in May",
      "likes tea",
      "evidence_unrelated",
    ],
    ["shared function words only", "I am at home", "is at the office", "evidence_unrelated"],
  ])("%s", (_name, evidence, fact, code) => {
    const result = checkEvidenceSupport(evidence, fact);
    expect(result.code).toBe(code);
    if (!result.ok) {
      expect(result.message).toContain(JSON.stringify(evidence));
      expect(result.message).toContain(fact);
    }
  });
});
