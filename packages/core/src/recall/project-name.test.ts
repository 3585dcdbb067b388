import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { projectNameFrom } from "./project-name.js";

// The rule's quick answer for a name already folded must be the whole rule's answer. A name with a
// hyphen or a space at either end takes the whole rule (it is not in folded form) and folds to the
// same name, so `projectNameFrom(name)` is compared with `projectNameFrom(` ${name}-`)`.
const wholeRule = (name: string) => projectNameFrom(` ${name}-`);

const NAMES: readonly string[] = [
  "my-app",
  "backups-1039",
  "a-b",
  "1-2",
  "global",
  "website",
  "con",
  "com1",
  "lpt9",
  "con-x",
  "x-con",
  "aux-1",
  "Billing API",
  "my_app",
  "my--app",
  "-app",
  "app-",
  "cafe\u0301",
  "\u0130zmir",
  "\u0131-x",
  "app-\u{1f389}",
  "\u{1f389}",
  "\uff21\uff30\uff30-x",
  `a-${"x".repeat(62)}`,
  `a-${"x".repeat(63)}`,
  `a-${"x".repeat(228)}`,
  `a-${"x".repeat(229)}`,
  `a-${"x".repeat(300)}`,
];

describe("projectNameFrom", () => {
  const rows = NAMES.map((name) => [
    name.length > 24 ? `${name.slice(0, 8)}… (${name.length} chars)` : name,
    name,
  ]);
  it.each(rows)("folds %j as the whole rule does", (_, name) => {
    expect(projectNameFrom(name)).toBe(wholeRule(name));
  });

  it("takes a folded name at the 64-char edge to itself", () => {
    const name = `a-${"x".repeat(62)}`;
    expect(projectNameFrom(name)).toBe(name);
  });

  it("folds any name of letters, digits and hyphens as the whole rule does", () => {
    const char = fc.constantFrom(..."abcxyz019-", "A", "_", ".", " ");
    fc.assert(
      fc.property(fc.string({ unit: char, maxLength: 80 }), (name) => {
        expect(projectNameFrom(name)).toBe(wholeRule(name));
      }),
      { numRuns: 2_000 },
    );
  });
});
