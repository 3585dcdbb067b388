import { describe, expect, it } from "vitest";
import { foldSearchText } from "./fold-accents.js";
import { splitSearchTerms } from "./search-terms.js";
import { QUERY_STOP_WORDS, queryStopWords } from "./stop-words.js";

const searched = (query: string) => {
  const terms = splitSearchTerms(query).map(foldSearchText);
  const stops = queryStopWords(terms);
  return terms.filter((term) => !stops.has(term));
};

describe("queryStopWords", () => {
  it.each([
    ["tell me about my pelican", ["tell", "pelican"]],
    // English holds more of the query: the German list's "war" and "die" are searched.
    ["Did my grandfather die in the war?", ["grandfather", "die", "war"]],
    ["Erzähl mir etwas über meinen Pelikan", ["erzahl", "pelikan"]],
    ["Wo liegt die Doku für Zig?", ["liegt", "doku", "zig"]],
    // "教え" holds an ideograph, so "教" is searched too (splitSearchTerms).
    ["私のペリカンについて教えて 🐦", ["私", "ペリカン", "教え", "教", "🐦"]],
    ["Parle-moi de mon pélican", ["parle", "pelican"]],
  ])("%s searches %j", (query, terms) => {
    expect(searched(query)).toEqual(terms);
  });

  it("holds the stopword package's English list", () => {
    expect(
      ["about", "because", "between", "like"].filter((word) => !QUERY_STOP_WORDS.has(word)),
    ).toEqual([]);
  });
});
