import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { foldSearchText } from "./fold-accents.js";
import { splitSearchTerms } from "./search-terms.js";
import {
  QUERY_LANGUAGES,
  QUERY_STOP_WORDS,
  queryStopWords,
  STOP_WORD_LISTS,
} from "./stop-words.js";

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

describe("STOP_WORD_LISTS", () => {
  // The package's CommonJS main holds all 62 lists: the lists read through its ES module are
  // the same words, in the same order, for English and every query language.
  const all = createRequire(import.meta.url)("stopword") as Record<string, unknown>;

  it("names English and every query language", () => {
    expect(Object.keys(STOP_WORD_LISTS)).toEqual([
      "eng",
      ...QUERY_LANGUAGES.map(([language]) => language),
    ]);
  });

  it.each(Object.keys(STOP_WORD_LISTS))("%s is the stopword package's list", (language) => {
    expect(STOP_WORD_LISTS[language as keyof typeof STOP_WORD_LISTS]).toEqual(all[language]);
  });
});
