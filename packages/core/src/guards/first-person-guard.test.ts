import { describe, expect, it } from "vitest";
import { headOfText } from "../text/index.js";
import { findThirdPersonStatement } from "./first-person-guard.js";

describe("findThirdPersonStatement", () => {
  it.each([
    ["doesn't like football", "my friend said he didn't like football"],
    ["is allergic to cats", "My sister told me she is allergic to cats"],
    ["hates jazz", "Tom thinks that he hates jazz, weird right"],
    ["mag keinen Fußball", "mein Freund sagte, er mag keinen Fußball"],
  ])("refuses %j", (fact, evidence) => {
    expect(findThirdPersonStatement(fact, evidence)).toEqual({
      code: "not_first_person",
      excerpt: headOfText(evidence, 80),
    });
  });

  it.each([
    ["doesn't like football", "I don't like football, my friend said he does"],
    ["likes football", "I told him he could come, I love football"],
    ["is a nurse", "I'm a nurse, and my mom said she is proud"],
    ["likes hiking", "My friends say they love that I go hiking every weekend"],
  ])("keeps %j", (fact, evidence) => {
    expect(findThirdPersonStatement(fact, evidence)).toBeUndefined();
  });
});
