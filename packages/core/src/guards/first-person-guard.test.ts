import { describe, expect, it } from "vitest";
import { headOfText } from "../text/index.js";
import { findThirdPersonStatement } from "./first-person-guard.js";

describe("findThirdPersonStatement", () => {
  it.each([
    ["doesn't like football", "my friend said he didn't like football"],
    ["is allergic to cats", "My sister told me she is allergic to cats"],
    ["hates jazz", "Tom thinks that he hates jazz, weird right"],
    ["mag keinen Fußball", "mein Freund sagte, er mag keinen Fußball"],
    ["is allergic to shellfish", "My sister Ana is allergic to shellfish, so no paella"],
    ["uses Python", "Python is my coworker's thing"],
    ["has a cat named Miso", "Ana has a cat named Miso"],
    ["est allergique aux noix", "Ma sœur est allergique aux noix"],
    ["es vegetariana", "Mi hermana es vegetariana"],
    ["is allergic to shellfish", "My sister Ana\u2019s allergic to shellfish"],
    ["birthday is in May", "my daughter's birthday is in May"],
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
    ["likes Python", "Python is my favourite language"],
    ["is allergic to shellfish", "I'm allergic to shellfish, like my sister"],
    ["loves hiking", "My sister Ana and I love hiking"],
    ["lives in Berlin", "Berlin is where I live now"],
    ["has a cat named Miso", "I have a cat named Miso, Ana has a dog"],
    // The fact names the relative itself: it says whose it is.
    ["daughter's birthday is in May", "my daughter's birthday is in May"],
    ["wife\u2019s name is Maria", "My wife\u2019s name is Maria"],
    ["has a sister who is allergic to shellfish", "My sister Ana is allergic to shellfish"],
    ["hasn't been to Japan", "I haven\u2019t been to Japan"],
  ])("keeps %j", (fact, evidence) => {
    expect(findThirdPersonStatement(fact, evidence)).toBeUndefined();
  });
});

describe("findThirdPersonStatement, a quote that starts with a pronoun", () => {
  it.each([
    [
      "the words before it report another person",
      "doesn't like playing football",
      "he didn't like playing football",
      "my friend Jack said he didn't like playing football",
      true,
    ],
    [
      "the words before it name a relative",
      "is allergic to cats",
      "she is allergic to cats",
      "Talking about my sister: she is allergic to cats",
      true,
    ],
    [
      "the words before it name no one else",
      "cooks the best paella",
      "she says I cook the best paella",
      "Whenever we visit, she says I cook the best paella",
      false,
    ],
  ])("%s", (_name, fact, evidence, turn, refused) => {
    expect(findThirdPersonStatement(fact, evidence, turn)?.code).toBe(
      refused ? "not_first_person" : undefined,
    );
  });
});
