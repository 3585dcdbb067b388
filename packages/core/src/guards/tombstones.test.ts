import { describe, expect, it } from "vitest";
import { contentWords, factKey, hashText } from "../text/index.js";
import { TombstoneFileError } from "./tombstone-file-error.js";
import { storedTombstones } from "./tombstone-index.js";
import {
  findForgotten,
  formatTombstones,
  liftTombstones,
  makeTombstone,
  parseTombstones,
  type Tombstone,
  TombstoneCache,
  TombstoneIndex,
  tombstoneKeyHash,
  tombstoneWordHash,
} from "./tombstones.js";

const tombstones = [
  makeTombstone("my home address", ["home address is 12 Elm Street, Springfield"], "2026/09/05"),
  makeTombstone("where I deploy", [], "2026/09/06"),
];

describe("findForgotten", () => {
  it.each([
    [
      "the same fact",
      "[stated 2026/09/20] Home address is 12 Elm Street, Springfield.",
      { rule: "same_fact", date: "2026/09/05" },
    ],
    [
      "a fact with every word of a forget query",
      "has a home address in Porto",
      { rule: "forget_query_words", date: "2026/09/05" },
    ],
    [
      "a reworded subject of a forget query",
      "deployed everything to Render",
      { rule: "forget_query_words", date: "2026/09/06" },
    ],
    [
      "mostly the words of a removed line",
      "lives at 12 Elm Street",
      { rule: "removed_fact_words", date: "2026/09/05" },
    ],
    [
      // Two shared content words are enough when they are most of the fact's own words.
      "two words of a removed line, most of a short fact",
      "lives on Elm Street",
      { rule: "removed_fact_words", date: "2026/09/05" },
    ],
    ["one shared word only", "walks down Elm Street to work in Lisbon every morning", undefined],
    ["an unrelated fact", "types on Colemak", undefined],
    ["one word of a two-word forget query", "works from a home office", undefined],
    ["a one-word fact sharing its one word with a removed line", "in Springfield", undefined],
  ])("%s", (_, fact, expected) => {
    expect(findForgotten(fact, tombstones)).toEqual(expected);
  });
});

// A tombstone hides what the forget removed and its restatements, never another fact that differs
// from it in a number: the trial's "rent 900" and "tamarind3" (decision 0084).
describe("findForgotten: a fact that differs in a number is another fact", () => {
  const rent = [makeTombstone("rent 900", ["rent is 900 EUR"], "2026/12/07")];
  const codes = [
    makeTombstone("tamarind3", ["The code word for the shed is tamarind3"], "2026/12/07"),
  ];
  it.each([
    ["the rent of another flat", rent, "rent is 650 EUR", undefined],
    ["the same rent restated", rent, "the rent is 900 EUR a month", "forget_query_words"],
    ["the same rent, without the number", rent, "rent in EUR", "removed_fact_words"],
    ["the same rent again", rent, "Rent is 900 EUR.", "same_fact"],
    ["another code word", codes, "The code word for the shed is tamarind1", undefined],
    ["another code word, ten", codes, "The code word for the shed is tamarind10", undefined],
    ["the code word restated", codes, "the shed's code word: tamarind3", "forget_query_words"],
    // Every word of the query: rule 2, which the number rule leaves as it was.
    ["a fact with the number typed", rent, "rent 900 EUR in Porto", "forget_query_words"],
    // A number in the removed line and in the fact is the same number: still a restatement.
    ["the address with its number", tombstones, "lives at 12 Elm Street", "removed_fact_words"],
    ["the address at another number", tombstones, "lives at 14 Elm Street", undefined],
  ])("%s", (_name, list, fact, rule) => {
    expect(findForgotten(fact, list)?.rule).toBe(rule);
  });
});

describe("TombstoneIndex.find: a stored line stated by the forget's day was kept", () => {
  const index = new TombstoneIndex([
    makeTombstone("sister", ["Anna's sister lives in Madrid"], "2026/12/07"),
  ]);
  it.each([
    ["a proposal (no day)", "Anna's brother lives in Madrid", undefined, "removed_fact_words"],
    ["stated before the forget", "Anna's brother lives in Madrid", "2026/12/01", undefined],
    ["stated on the forget's day", "Anna's brother lives in Madrid", "2026/12/07", undefined],
    [
      "stated after the forget",
      "Anna's brother lives in Madrid",
      "2026/12/08",
      "removed_fact_words",
    ],
    ["`updated:` typed with dashes", "Anna's brother lives in Madrid", "2026-12-01", undefined],
    ["a day that is no date", "Anna's brother lives in Madrid", "last week", "removed_fact_words"],
    // Rule 1 does not ask the day: the removed line put back stays forgotten.
    ["the removed line put back", "Anna's sister lives in Madrid", "2026/12/01", "same_fact"],
    // Rule 2 does (decision 0095): a line holding the query's every word that the forget left.
    [
      "the query's word, stated before the forget",
      "my sister moved to Lisbon",
      "2026/12/01",
      undefined,
    ],
    ["the query's word, stated on its day", "my sister moved to Lisbon", "2026/12/07", undefined],
    [
      "the query's word, stated after it",
      "my sister moved to Lisbon",
      "2026/12/08",
      "forget_query_words",
    ],
    ["the query's word, a proposal", "my sister moved to Lisbon", undefined, "forget_query_words"],
  ])("%s", (_name, fact, stated, rule) => {
    expect(index.find(fact, stated)?.rule).toBe(rule);
  });
});

describe("TombstoneIndex.find, facts only: a file's name or description names a topic", () => {
  const index = new TombstoneIndex([
    makeTombstone("where I deploy", ["deploys everything on Fly.io"], "2026/10/20"),
  ]);
  it.each([
    // The seed's forget scenario: tools.md's description names deploy questions.
    [
      "a description naming the query's topic",
      "Read for any coding, setup or deploy question.",
      true,
      undefined,
    ],
    [
      "the same, asked as a line",
      "Read for any coding, setup or deploy question.",
      false,
      "forget_query_words",
    ],
    ["the removed line as a description", "Deploys everything on Fly.io", true, "same_fact"],
    ["the removed line's words", "deploys everything to Fly.io", true, "removed_fact_words"],
  ])("%s", (_name, text, factsOnly, rule) => {
    expect(index.find(text, undefined, factsOnly)?.rule).toBe(rule);
  });
});

// A hand-written description that restates part of a removed line and holds every word of the
// forget query was left by the forget without asking: it matches (decision 0108).
describe("TombstoneIndex.find, facts only: a description holding the forget query", () => {
  const index = new TombstoneIndex([
    makeTombstone("cello", ["plays the cello on Sundays"], "2026/12/07"),
    makeTombstone("where I deploy", ["deploys everything on Fly.io"], "2026/10/20"),
  ]);
  it.each([
    [
      "the query and 2 words of the line",
      "Cello practice on Sundays, and other music.",
      "2026/12/07",
    ],
    [
      "the same, written before the forget",
      "Cello practice on Sundays, and other music.",
      "2026/12/01",
    ],
    ["the same, with no day", "Cello practice on Sundays, and other music.", undefined],
  ])("%s", (_name, text, stated) => {
    expect(index.find(text, stated, true)?.rule).toBe("removed_fact_words");
  });
  it.each([
    ["the query's word alone", "Cello lessons and other music."],
    ["2 words of the line, not the query", "Plays the piano on Sundays and other music."],
    ["the seed's topic description", "Read for any coding, setup or deploy question."],
  ])("%s is no match", (_name, text) => {
    expect(index.find(text, "2026/12/07", true)).toBeUndefined();
  });
});

describe("liftTombstones", () => {
  it("drops what a remembered fact matches and keeps the rest", () => {
    const lifted = liftTombstones("deploys on Render", tombstones);
    expect(lifted).toEqual([tombstones[0]]);
    expect(lifted[0]).toBe(tombstones[0]);
  });
});

describe("tombstone file format 2", () => {
  // A format-1 file as forget wrote it before (64-hex sha256 of the fact key and of each word).
  const v1File = (query: string, facts: string[], date: string) => ({
    version: 1,
    tombstones: [
      {
        date,
        facts: facts.map((fact) => ({
          hash: hashText(factKey(fact)),
          words: contentWords(fact).map(hashText),
        })),
        query: contentWords(query).map(hashText),
      },
    ],
  });

  it("reads a format-1 file leniently, and every rule still matches what it matched", () => {
    const file = v1File(
      "my home address",
      ["home address is 12 Elm Street, Springfield"],
      "2026/09/05",
    );
    // Upper-case hex and a field format 1 never had: still read, nothing dropped.
    const [first] = file.tombstones;
    const lenient = {
      ...file,
      tombstones: [
        { ...first, note: "by hand", query: first?.query.map((hash) => hash.toUpperCase()) },
      ],
    };
    for (const text of [JSON.stringify(file, null, 2), JSON.stringify(lenient)]) {
      const read = parseTombstones(text);
      expect(read).toEqual([tombstones[0]]);
      expect(findForgotten("Home address is 12 Elm Street, Springfield.", read)?.rule).toBe(
        "same_fact",
      );
      expect(findForgotten("has a home address in Porto", read)?.rule).toBe("forget_query_words");
      expect(findForgotten("lives at 12 Elm Street", read)?.rule).toBe("removed_fact_words");
      expect(findForgotten("types on Colemak", read)).toBeUndefined();
    }
  });

  it("writes format 2, one tombstone a line, and reads it back the same", () => {
    const text = formatTombstones(tombstones);
    expect(text.split("\n")).toHaveLength(tombstones.length + 3);
    expect(text).not.toMatch(/elm|street|springfield|address|home|deploy/i);
    expect(parseTombstones(text)).toEqual(tombstones);
    expect(parseTombstones(formatTombstones([]))).toEqual([]);
    // ~2.5x smaller than format 1 for the same tombstones.
    const v1 = JSON.stringify(
      v1File("my home address", ["home address is 12 Elm Street, Springfield"], "2026/09/05"),
      null,
      2,
    );
    expect(formatTombstones([tombstones[0] as Tombstone]).length * 2.5).toBeLessThan(v1.length);
  });

  it.each([
    ["not JSON", "{"],
    ["an unknown version", '{"version":7,"tombstones":[]}'],
    [
      "a format-2 word hash of the wrong length",
      '{"version":2,"tombstones":[{"date":"2026/09/05","facts":[],"query":"abc"}]}',
    ],
    [
      "a format-1 hash that is not hex",
      '{"version":1,"tombstones":[{"date":"2026/09/05","facts":[{"hash":"xyz","words":[]}],"query":[]}]}',
    ],
  ])("refuses %s rather than skip a tombstone", (_, text) => {
    expect(() => parseTombstones(text)).toThrow(TombstoneFileError);
  });
});

describe("TombstoneIndex and TombstoneCache", () => {
  const many = [
    makeTombstone("where I deploy", [], "2026/09/01"),
    ...tombstones,
    makeTombstone("my home address", ["home address is 12 Elm Street, Springfield"], "2026/09/30"),
    makeTombstone("rent 900", ["rent is 900 EUR"], "2026/10/01"),
  ];

  it.each([
    "Home address is 12 Elm Street, Springfield.",
    "has a home address in Porto",
    "deployed everything to Render",
    "lives at 12 Elm Street",
    "lives on Elm Street",
    "walks down Elm Street to work in Lisbon every morning",
    "types on Colemak",
    "rent is 650 EUR",
    "the rent is 900 EUR a month",
  ])("answers as the scan in order does: %s", (fact) => {
    // The oldest matching tombstone of the first rule that matches, as the list scan gave it.
    const expected = [
      ...many.flatMap((t) =>
        findForgottenByScan(fact, [t], "same_fact") ? [{ rule: "same_fact", date: t.date }] : [],
      ),
      ...many.flatMap((t) =>
        findForgottenByScan(fact, [t], "forget_query_words")
          ? [{ rule: "forget_query_words", date: t.date }]
          : [],
      ),
      ...many.flatMap((t) =>
        findForgottenByScan(fact, [t], "removed_fact_words")
          ? [{ rule: "removed_fact_words", date: t.date }]
          : [],
      ),
    ][0];
    expect(new TombstoneIndex(many).find(fact)).toEqual(expected);
  });

  it("parses once while the file is unchanged, and again when a forget changed it", async () => {
    let text = formatTombstones([]);
    let reads = 0;
    const store = {
      readInternal: async () => {
        reads++;
        return text;
      },
    };
    const cache = new TombstoneCache();
    expect(await cache.find(store, "lives at 12 Elm Street")).toBeUndefined();
    text = formatTombstones(tombstones);
    expect((await cache.find(store, "lives at 12 Elm Street"))?.rule).toBe("removed_fact_words");
    expect(reads).toBe(2);
  });
});

/** One rule over the list, the way findForgotten scanned before the index (the reference). */
function findForgottenByScan(fact: string, list: Tombstone[], rule: string): boolean {
  const key = tombstoneKeyHash(factKey(fact));
  const words = new Set(contentWords(fact).map(tombstoneWordHash));
  return list.some((t) => {
    if (rule === "same_fact") return t.facts.some((removed) => removed.hash === key);
    if (rule === "forget_query_words")
      return t.query.length > 0 && t.query.every((w) => words.has(w));
    const numbers = contentWords(fact)
      .filter((word) => /\p{N}/u.test(word))
      .map(tombstoneWordHash);
    return t.facts.some((removed) => {
      const shared = removed.words.filter((w) => words.has(w)).length;
      const sameNumbers = numbers.every((number) => removed.words.includes(number));
      return shared >= 2 && shared * 3 >= words.size * 2 && sameNumbers;
    });
  });
}

// The prompt hook reads format 2 by hand (no zod): it must read what the schemas read, the same
// way, and leave everything else to them.
describe("storedTombstones", () => {
  const two = formatTombstones([
    makeTombstone(
      "where I deploy",
      ["deploys on Fly.io", "home address is 12 Elm Street"],
      "2026/09/12",
    ),
    makeTombstone("", [], "2026/09/13"),
  ]);
  it.each([
    ["format 2 as written", two],
    ["empty", '{"version":2,"tombstones":[]}'],
    ["format 1", '{"version":1,"tombstones":[]}'],
    [
      "a bad key hash",
      '{"version":2,"tombstones":[{"date":"d","facts":[["x","AAAAAAAA"]],"query":""}]}',
    ],
    ["a bad word hash", '{"version":2,"tombstones":[{"date":"d","facts":[],"query":"abc"}]}'],
    ["broken JSON", '{"version":2,'],
    ["facts not a list", '{"version":2,"tombstones":[{"date":"d","facts":{},"query":""}]}'],
  ])("%s: the schemas' reading or none", (_name, text) => {
    const byHand = storedTombstones(text);
    if (byHand === undefined) return;
    expect(byHand).toEqual(parseTombstones(text));
  });

  it("reads format 2 as written", () => {
    expect(storedTombstones(two)).toEqual(parseTombstones(two));
  });
});
