import { describe, expect, it } from "vitest";
import { subjectFile } from "../../test/recall-writes.js";
import { unitsOfFile } from "./recall-units.js";

// A line a person wrote beside the dated ones is a unit without its list marker, read by the one
// rule of a subject file's markers (`LINE_MARKER`, decision 0101): the same text a dated line of
// that marker would give.
describe("unitsOfFile: an untagged line's list marker", () => {
  const row = {
    path: "people/marta.md",
    name: "marta",
    description: "Marta",
    chars: 0,
    updated: "2026/05/08",
  };
  const DATED = "[stated 2026/05/01] Marta moved to Lisbon";
  it.each([
    ["- ", "Prefers window seats"],
    ["* ", "Prefers window seats"],
    ["+ ", "Prefers window seats"],
    ["• ", "Prefers window seats"],
    ["  • ", "Prefers window seats"],
    ["1. ", "Prefers window seats"],
    ["12) ", "Prefers window seats"],
    ["", "Prefers window seats"],
    ["", "2026. war ein gutes Jahr"],
    ["", "1234. is no list item"],
  ])("%j before %j", (marker, text) => {
    const content = subjectFile("marta", "Marta", [DATED, `${marker}${text}`]);
    expect(unitsOfFile(row, content).map((unit) => unit.text)).toEqual([
      "Marta moved to Lisbon",
      text,
    ]);
  });
});
