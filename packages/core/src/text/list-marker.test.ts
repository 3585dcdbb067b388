import { describe, expect, it } from "vitest";
import { parseDatedLine } from "../format/dated-line.js";
import { readTypedLine } from "../format/typed-line.js";
import { LINE_LEAD } from "../guards/split-halves.js";
import { bodyFacts } from "./body-facts.js";
import { LINE_MARKER, LIST_MARKER } from "./list-marker.js";

// Every reader of a line's list marker against the one rule: a fact body reads CommonMark's
// markers, a dated, typed or screened line also "•" and short ordinals (decision 0101).
describe("the list marker rule, each reader", () => {
  it.each([
    ["- ", true, true],
    ["  * ", true, true],
    ["+ ", true, true],
    ["• ", false, true],
    ["3. ", true, true],
    ["12) ", true, true],
    ["2026. ", true, false],
    ["-", false, false],
    ["—  ", false, false],
  ])("%j: fact body %s, line %s", (marker, inBody, inLine) => {
    const line = `${marker}Moved to Porto`;
    expect(LIST_MARKER.test(line)).toBe(inBody);
    expect(LINE_MARKER.test(line)).toBe(inLine);
    expect(bodyFacts(line)[0]?.text === "Moved to Porto").toBe(inBody);
    const dated = parseDatedLine(`${marker}[stated 2026/12/04] Moved to Porto`);
    expect(dated?.marker !== undefined).toBe(inLine);
    expect(readTypedLine(`${marker}2026-12-04 Moved to Porto`)?.text === "Moved to Porto").toBe(
      inLine,
    );
    expect(LINE_LEAD.exec(line)?.[0] === marker).toBe(inLine);
  });
});
