import { describe, expect, it } from "vitest";
import { contentWordList, contentWords } from "./content-words.js";
import { MERGE_WORDS } from "./stop-words.js";

describe("contentWords", () => {
  it.each([
    ["a forget request", "Please forget where I deploy", ["deploi"]],
    ["negations dropped", "I don't eat pork anymore", ["eat", "pork"]],
    [
      "numbers kept whole",
      "home address is 12 Elm Street",
      ["home", "address", "12", "elm", "street"],
    ],
    ["repeats once", "deploys and deployed", ["deploi"]],
    ["Chinese words, not one blob", "我住在東京", ["我", "住在", "東京"]],
  ])("%s", (_name, text, words) => {
    expect(contentWords(text)).toEqual(words);
  });

  it("takes another list of words to ignore", () => {
    expect(contentWords("moved to Fly.io, previously Heroku", { ignore: MERGE_WORDS })).toEqual([
      "fly",
      "io",
      "heroku",
    ]);
  });
});

describe("contentWordList", () => {
  it("keeps the folded words unstemmed, with repeats", () => {
    expect(contentWordList("Deploys, deploys on Fly")).toEqual(["deploys", "deploys", "fly"]);
  });
});
