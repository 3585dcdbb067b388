import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { foldSearchText } from "./fold-accents.js";
import { splitSearchTerms } from "./search-terms.js";
import {
  endsSentence,
  QUERY_LANGUAGES,
  QUERY_STOP_WORDS,
  queryStopWords,
  SENTENCE_FINAL_STOP_WORDS,
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
    // Terms one by one: "关" of the stop word "关于", and "我的" (each ideograph a stop word), are
    // left out by the query plan, which reads each word with its ideographs (plannedWords).
    ["告诉我关于我的鹈鹕", ["告诉", "告", "诉", "关", "我的", "鹈鹕", "鹈", "鹕"]],
    // Korean holds more of the query than English: 제 "my" and 같이 "together" are left out.
    ["제 이름이 뭐예요?", ["이름이", "뭐예요"]],
    ["같이 영화 볼래?", ["영화", "볼래"]],
    // A Korean degree adverb is left out (QUERY_LIST_ADDITIONS); a frequency adverb is searched.
    ["정말 재미있는 영화 추천해줘", ["재미있는", "영화", "추천해줘"]],
    ["그냥 심심해", ["심심해"]],
    ["항상 뭐 타고 다녀?", ["항상", "뭐", "타고", "다녀"]],
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

  it.each(Object.keys(STOP_WORD_LISTS).filter((language) => language !== "zho"))(
    "%s is the stopword package's list",
    (language) => {
      expect(STOP_WORD_LISTS[language as keyof typeof STOP_WORD_LISTS]).toEqual(all[language]);
    },
  );

  it("zho is the stopwords-zh package's list, holding every word of the stopword package's", () => {
    const zho = createRequire(import.meta.url)("stopwords-zh") as string[];
    expect(STOP_WORD_LISTS.zho).toEqual(zho);
    expect((all.zho as string[]).filter((word) => !zho.includes(word))).toEqual([]);
  });
});

describe("SENTENCE_FINAL_STOP_WORDS", () => {
  // A word missing from its language's list would be a content word there, so the row would say
  // nothing the wrap rule reads.
  it.each(Object.entries(SENTENCE_FINAL_STOP_WORDS))(
    "%s's words are in its list",
    (language, list) => {
      const stops: readonly string[] = STOP_WORD_LISTS[language as keyof typeof STOP_WORD_LISTS];
      expect(list.filter((word) => !stops.includes(word))).toEqual([]);
    },
  );

  it.each([
    ["too", true],
    ["tambien", true],
    ["with", false],
    ["dem", false],
    ["jazz", false],
  ] as const)("endsSentence(%s) is %s", (word, ends) => {
    expect(endsSentence(word)).toBe(ends);
  });
});
