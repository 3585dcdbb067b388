import { describe, expect, it } from "vitest";
import { readTombstoneFile, readTombstoneTree, UNKNOWN_TOMBSTONE_DATE } from "./tombstone-file.js";
import { storedTombstones } from "./tombstone-index.js";
import { formatTombstones, makeTombstone, parseTombstones } from "./tombstones.js";

// The one reader of a tombstone file (decision 0107): what it could read is kept, hash by hash,
// and what it could not is a problem with its line, never skipped in silence.
const address = makeTombstone(
  "my home address",
  ["home address is 12 Elm Street, Springfield"],
  "2026/09/05",
);
const job = makeTombstone("where I work", [], "2026/09/06");
const sound = formatTombstones([address, job]);
const [head, first, second, foot] = sound.split("\n");

type Case = {
  name: string;
  text: string;
  /** The tombstones read, by their date. */
  read: string[];
  /** Each problem's line and tombstone. */
  problems: Array<{ line: number; entry?: number }>;
};

const CASES: Case[] = [
  { name: "a sound file", text: sound, read: ["2026/09/05", "2026/09/06"], problems: [] },
  {
    name: "cut off in the second tombstone (a half-finished sync)",
    text: `${head}\n${first}\n${second?.slice(0, 30)}`,
    read: ["2026/09/05", "2026/09/06"],
    // The cut tombstone's date is read; the broken JSON is its line's problem.
    problems: [{ line: 3 }],
  },
  {
    name: "a trailing comma typed by hand",
    text: `${head}\n${first}\n${second},\n${foot}\n`,
    read: ["2026/09/05", "2026/09/06"],
    problems: [{ line: 4 }],
  },
  {
    name: "a date that is a number",
    text: `${head}\n${first?.replace('"2026/09/05"', "20260905")}\n${second}\n${foot}\n`,
    read: [UNKNOWN_TOMBSTONE_DATE, "2026/09/06"],
    problems: [{ line: 2, entry: 0 }],
  },
  {
    name: "a query that is a number",
    text: `${head}\n${first}\n${second?.replace(/"query":"[^"]*"/, '"query":42')}\n${foot}\n`,
    read: ["2026/09/05", "2026/09/06"],
    problems: [{ line: 3, entry: 1 }],
  },
  {
    name: "a word hash cut short",
    text: `${head}\n${first?.replace(/"query":"\S{8}/, '"query":"abc')}\n${second}\n${foot}\n`,
    read: ["2026/09/05", "2026/09/06"],
    problems: [{ line: 2, entry: 0 }],
  },
  {
    name: "YAML, not JSON",
    text: "version: 2\ntombstones:\n  - date: 2026/09/05\n",
    read: [],
    problems: [{ line: 1 }],
  },
  { name: "empty", text: "", read: [], problems: [{ line: 1 }] },
  { name: "white space only", text: " \n\t\n", read: [], problems: [{ line: 1 }] },
  {
    // A merge, or a hand edit that pastes a second list: `JSON.parse` would read the last alone.
    name: "a `tombstones` list given twice",
    text: `${sound.trimEnd().slice(0, -1)},"tombstones":[]}\n`,
    read: ["2026/09/05", "2026/09/06"],
    problems: [{ line: 4 }],
  },
  {
    name: "a `facts` given twice in one tombstone",
    text: `${head}\n${first?.replace('"query":', '"facts":[],"query":')}\n${second}\n${foot}\n`,
    read: ["2026/09/05", "2026/09/06"],
    problems: [{ line: 2, entry: 0 }],
  },
  {
    name: "a `version` given twice",
    text: sound.replace('"version":2', '"version":2,"version":2'),
    read: ["2026/09/05", "2026/09/06"],
    problems: [{ line: 1 }],
  },
  {
    name: "an unknown version",
    text: sound.replace('"version":2', '"version":7'),
    read: ["2026/09/05", "2026/09/06"],
    problems: [{ line: 1 }],
  },
];

describe("readTombstoneFile", () => {
  it.each(CASES)("$name", ({ text, read, problems }) => {
    const reading = readTombstoneFile(text);
    expect({
      read: reading.tombstones.map((tombstone) => tombstone.date),
      problems: reading.problems.map(({ line, entry }) =>
        entry === undefined ? { line } : { line, entry },
      ),
    }).toEqual({ read, problems });
    // A sound file and `parseTombstones` agree; any problem makes it refuse the file.
    if (problems.length === 0) expect(parseTombstones(text)).toEqual([address, job]);
    else expect(() => parseTombstones(text)).toThrow(/tombstones\.json:\d+: /);
  });

  // The quick half answers only where the parse tree reads the same with no problem, so no
  // surface can take a file for sound that `check` reports (decision 0115).
  it.each(CASES)("the quick reader agrees with the parse tree: $name", ({ text }) => {
    const quick = storedTombstones(text);
    if (quick !== undefined)
      expect(readTombstoneTree(text)).toEqual({ tombstones: quick, problems: [] });
    expect(readTombstoneFile(text)).toEqual(readTombstoneTree(text));
  });

  // Every surface a model reads shows these problems (decision 0107): a fact or a secret pasted
  // into the file where a hash or a date belongs is described, never quoted.
  it("quotes no text but a number or a date in a problem", () => {
    const secret = ["Sommer", "2024", "!x"].join("");
    const pasted = first
      ?.replace(/,$/, "")
      .replace('"2026/09/05"', JSON.stringify(`the password is ${secret}`))
      .replace(/"[A-Za-z0-9_-]{11}"/, JSON.stringify(secret));
    const said = readTombstoneFile(`${head}\n${pasted}\n${foot}\n`).problems.map(
      ({ problem }) => problem,
    );
    expect(said.length).toBeGreaterThan(1);
    expect(said.join("\n")).not.toMatch(/Sommer|password/);
    expect(said[0]).toMatch(/its date \(a text of \d+ chars\) is not YYYY\/MM\/DD/);
    const dated = readTombstoneFile(
      `${head}\n${first?.replace(/,$/, "").replace('"2026/09/05"', "20260905")}\n${foot}\n`,
    );
    expect(dated.problems.map(({ problem }) => problem)).toEqual([
      "its date 20260905 is not YYYY/MM/DD",
    ]);
  });

  it("keeps every hash it can read of a damaged tombstone", () => {
    const damaged = `${head}\n${first?.replace('"2026/09/05"', "20260905")}\n${foot}\n`;
    const [read] = readTombstoneFile(damaged).tombstones;
    expect(read).toEqual({ ...address, date: UNKNOWN_TOMBSTONE_DATE });
  });
});
