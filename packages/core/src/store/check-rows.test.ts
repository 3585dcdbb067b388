import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  factLanguageTraits,
  sameFactOtherLanguage,
  sameTraitsOtherLanguage,
} from "../text/same-fact-other-language.js";
import { updatesLine } from "../text/value-skeleton.js";
import {
  MAX_LISTED_PAIRS,
  MAX_PAIRS_PER_KEY,
  sameFactTwoLanguages,
  twoLanguagePairs,
  updatedValueKept,
} from "./check-rows.js";
import type { MemoryRow } from "./types.js";

const row = (path: string, code?: "too_large" | "header_too_long" | "over_cap"): MemoryRow => ({
  path,
  name: path,
  description: "A file.",
  chars: 10,
  ...(code === undefined ? {} : { problems: [{ code, message: `${path}: ${code}` }] }),
});

describe("sameFactTwoLanguages", () => {
  it("reads only the files memfiles edits: not one list() left unread as too large or hostile", async () => {
    const read: string[] = [];
    const pairs = await sameFactTwoLanguages(
      async (path) => {
        read.push(path);
        return "---\nname: a\ndescription: A file.\n---\n[stated 2026/09/12] uses Neovim 0.10\n";
      },
      [
        row("topics/a.md"),
        row("topics/huge.md", "too_large"),
        row("topics/deep.md", "header_too_long"),
        row("topics/long.md", "over_cap"),
      ],
    );
    expect({ read, pairs }).toEqual({ read: ["topics/a.md", "topics/long.md"], pairs: [] });
  });
});

// Lines in four languages and two scripts, sharing few or many values and names, so that pairs
// come from a shared name, from bare values, and fail on values, names or language.
const FACT_LINES = [
  "works at Siemens since 2019",
  "arbeitet seit 2019 bei Siemens",
  "travaille chez Siemens depuis 2019",
  "在 Siemens 工作 2019",
  "the user sleeps 8 hours",
  "der Nutzer schläft 8 Stunden",
  "je dors 8 heures",
  "I live in Berlin with my partner",
  "ich wohne in Berlin",
  "deploys to eu-west-3 with Fly.io",
  "部署在 eu-west-3",
  "works at Bosch since 2019",
  "lives in Berlin since 2019",
  "likes tea",
];

describe("twoLanguagePairs", () => {
  it("finds what comparing every pair finds, on folders too small to reach the cap", () => {
    const line = fc.record({
      path: fc.constantFrom("profile.md", "topics/a.md", "topics/b.md"),
      line: fc.constantFrom(...FACT_LINES),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        // Six lines make at most 15 pairs, under MAX_PAIRS_PER_KEY: the cap never applies.
        const everyPair = lines.flatMap((first, one) =>
          lines
            .slice(one + 1)
            .filter((second) => sameFactOtherLanguage(first.line, second.line))
            .map((second) => ({ first, second })),
        );
        expect(twoLanguagePairs(lines)).toEqual(everyPair);
      }),
    );
  });

  it("finds the one real pair of a 1,000-file folder whose numbers and years are everywhere", async () => {
    const pairs = await sameFactTwoLanguages(
      async (path) => {
        const lines = BUSY_FOLDER.get(path);
        return (
          lines &&
          `---\nname: a\ndescription: A file.\n---\n${lines.map((line) => `[stated 2026/09/12] ${line}\n`).join("")}`
        );
      },
      [...BUSY_FOLDER.keys()].map((path) => row(path)),
    );
    expect(pairs).toEqual([REAL_PAIR]);
  });

  it("works out each line's traits once and compares a bounded number of pairs", () => {
    const lines = [...BUSY_FOLDER].flatMap(([path, texts]) =>
      texts.map((line) => ({ path, line })),
    );
    const calls = { traits: 0, same: 0 };
    const pairs = twoLanguagePairs(lines, {
      traits: (line) => {
        calls.traits++;
        return factLanguageTraits(line);
      },
      same: (left, right) => {
        calls.same++;
        return sameTraitsOtherLanguage(left, right);
      },
    });
    expect(pairs).toEqual([REAL_PAIR]);
    // Comparing every two lines sharing a value (a lone "8", a year) made 2.7 million calls here.
    expect(calls.traits).toBe(lines.length);
    expect(calls.same).toBeLessThanOrEqual(MAX_PAIRS_PER_KEY);
  });
});

// 1,000 files of facts that share only a number ("8") or a year with a line in another language:
// not one fact, so too common to tell facts apart. One real pair, "Siemens" and "2019" in both.
const COMPANIES = ["Bosch", "Siemens", "SAP", "Zalando", "Otto"];
const BUSY_FOLDER = new Map<string, string[]>([
  ["profile.md", ["works at Siemens since 2019", "uses Neovim 0.10"]],
]);
for (let index = 0; index < 1_000; index++) {
  BUSY_FOLDER.set(`topics/file-${String(index).padStart(4, "0")}.md`, [
    `the walk to the station takes 8 minutes`,
    `die Fahrt dauert 8 Minuten`,
    `the user moved to a new flat in 2019`,
    `works at ${COMPANIES[index % 5]} since ${2010 + (index % 15)}`,
    ...(index === 737 ? ["arbeitet seit 2019 bei Siemens"] : []),
  ]);
}
const REAL_PAIR = {
  first: { path: "profile.md", line: "works at Siemens since 2019" },
  second: { path: "topics/file-0737.md", line: "arbeitet seit 2019 bei Siemens" },
};

describe("updatedValueKept", () => {
  const LINES = [
    "takes 50 mg of sertraline",
    "takes 100 mg of sertraline",
    "takes 100mg of sertraline",
    "drinks coffee",
    "stopped drinking coffee",
    "lives in Berlin",
    "earns $95,000 a year",
    "earns $110,000 a year",
  ];

  it("counts and lists what updatesLine says of every two lines of one file, in file order", () => {
    const entry = fc.record({
      path: fc.constantFrom("a.md", "b.md"),
      line: fc.constantFrom(...LINES),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (lines) => {
        const found = updatedValueKept(lines);
        for (const path of ["a.md", "b.md"]) {
          const own = lines.filter((line) => line.path === path);
          const expected: string[] = [];
          own.forEach((first, one) => {
            for (const second of own.slice(one + 1)) {
              if (updatesLine(second.line, first.line))
                expected.push(`${first.line}|${second.line}`);
            }
          });
          const groups = found.filter((group) => group.path === path);
          expect(groups.reduce((sum, group) => sum + group.pairs, 0)).toBe(expected.length);
          for (const group of groups) {
            expect(group.allCounted).toBe(true);
            expect(group.lines).toEqual(group.listed[0]);
            expect(group.listed.length).toBe(Math.min(group.pairs, MAX_LISTED_PAIRS));
            for (const [one, other] of group.listed) expect(expected).toContain(`${one}|${other}`);
          }
        }
      }),
    );
  });

  // A file is read up to 16x the size cap: 7,000 lines of one pattern are 24 million pairs, which
  // once ran `memfiles check` out of memory. Each group is counted, and lists a fixed number.
  const many = (line: (index: number) => string) =>
    Array.from({ length: 7000 }, (_, index) => ({ path: "q.md", line: line(index) }));
  it.each([
    ["one number a line, counted in full", (index: number) => `v ${index}`, 7000 * 3499.5, true],
    [
      "two numbers a line, counted until the file's budget ends",
      (index: number) => `room 4 holds ${index} boxes`,
      200_000,
      false,
    ],
    [
      "the other polarity, counted until the file's budget ends",
      (index: number) => (index % 2 === 0 ? "drinks coffee" : "stopped drinking coffee"),
      200_000,
      false,
    ],
  ] as const)("7,000 lines of one pattern: %s", (_name, line, pairs, allCounted) => {
    const [group, ...rest] = updatedValueKept(many(line));
    expect(rest).toEqual([]);
    expect(group?.pairs).toBe(pairs);
    expect(group?.allCounted).toBe(allCounted);
    expect(group?.listed).toHaveLength(MAX_LISTED_PAIRS);
    expect(group?.lines).toEqual([line(0), line(1)]);
  });
});
