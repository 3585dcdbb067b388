import { describe, expect, it } from "vitest";
import { headOfText } from "../text/index.js";
import { findThirdPersonStatement } from "./first-person-guard.js";

describe("findThirdPersonStatement", () => {
  it.each([
    ["preferences.md", "doesn't like football", "my friend said he didn't like football"],
    ["profile.md", "is allergic to cats", "My sister told me she is allergic to cats"],
    ["preferences.md", "hates jazz", "Tom thinks that he hates jazz, weird right"],
    ["Preferences.md", "mag keinen Fußball", "mein Freund sagte, er mag keinen Fußball"],
  ])("refuses for %s %j", (path, fact, evidence) => {
    expect(findThirdPersonStatement(path, fact, evidence)).toEqual({
      code: "not_first_person",
      excerpt: headOfText(evidence, 80),
    });
  });

  it.each([
    ["preferences.md", "doesn't like football", "I don't like football, my friend said he does"],
    ["preferences.md", "likes football", "I told him he could come, I love football"],
    ["people/tom.md", "doesn't like football", "my friend Tom said he didn't like football"],
    ["profile.md", "is a nurse", "I'm a nurse, and my mom said she is proud"],
    ["preferences.md", "likes hiking", "My friends say they love that I go hiking every weekend"],
  ])("keeps for %s %j", (path, fact, evidence) => {
    expect(findThirdPersonStatement(path, fact, evidence)).toBeUndefined();
  });
});
