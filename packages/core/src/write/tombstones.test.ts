import { describe, expect, it } from "vitest";
import { findForgotten, liftTombstones, makeTombstone } from "./tombstones.js";

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

describe("liftTombstones", () => {
  it("drops what a remembered fact matches and keeps the rest", () => {
    const lifted = liftTombstones("deploys on Render", tombstones);
    expect(lifted).toEqual([tombstones[0]]);
    expect(lifted[0]).toBe(tombstones[0]);
  });
});
