import { frontMatterBodyStart } from "../format/front-matter.js";
import { safeParseMemoryFile } from "../format/memory-file.js";
import { HEADING } from "../text/body-facts.js";
import { factSlug } from "../text/fact-slug.js";
import { fileStem } from "../text/file-stem.js";
import { foldFileName } from "../text/fold-file-name.js";
import { statedFactWords } from "../text/restates-fact.js";
import {
  type FactLanguageTraits,
  factLanguageTraits,
  otherLanguage,
  sameTraitsOtherLanguage,
} from "../text/same-fact-other-language.js";
import { updatesByTraits, updateTraits } from "../text/value-skeleton.js";
import { formatMemoryIndexLine, parseMemoryIndex } from "./memory-index.js";
import { notEditableProblem } from "./memory-row.js";
import type { CheckResult, EmptyBody, MemoryRow, UpdatedValueGroup } from "./types.js";

/** The part of `check()` that depends only on the rows and the index text, for every backend. */
export type RowFindings = Pick<
  CheckResult,
  "missingFromIndex" | "indexWithoutFile" | "outdatedIndexLines" | "withoutDescription" | "overCap"
>;

/**
 * Compares the rows of `list()` with the text of `MEMORY.md` and the size cap: the findings a
 * folder and a storage backend share in `check()`.
 *
 * @param rows - The rows of `store.list()`.
 * @param indexText - The text of `MEMORY.md` ("" when there is none).
 * @param maxChars - The size cap per file, in chars.
 * @param indexedRows - The rows as a rebuild of the index writes them (default `rows`): in the
 *   fact layout a file without a description keeps a hand-made index's words for it
 *   (`keepIndexDescriptions`), so its line is not out of date, and files past the index's line
 *   budget are not listed (`memoryIndexWithin`), so they are not missing from it.
 * @returns `{ missingFromIndex, indexWithoutFile, outdatedIndexLines, withoutDescription, overCap }`,
 *   each a list of paths.
 * @example checkRows(await store.list(), indexText, 12_000).overCap // ["topics/long.md"]
 */
export function checkRows(
  rows: readonly MemoryRow[],
  indexText: string,
  maxChars: number,
  indexedRows: readonly MemoryRow[] = rows,
): RowFindings {
  const entries = parseMemoryIndex(indexText);
  const listed = new Map(entries.map((entry) => [entry.path, entry.line]));
  const present = new Set(rows.map((row) => row.path));
  return {
    missingFromIndex: indexedRows.filter((row) => !listed.has(row.path)).map((row) => row.path),
    indexWithoutFile: entries
      .filter((entry) => !present.has(entry.path))
      .map((entry) => entry.path),
    outdatedIndexLines: indexedRows
      .filter((row) => listed.has(row.path) && listed.get(row.path) !== formatMemoryIndexLine(row))
      .map((row) => row.path),
    withoutDescription: rows.filter((row) => row.description === "").map((row) => row.path),
    overCap: rows.filter((row) => row.chars > maxChars).map((row) => row.path),
  };
}

/**
 * Links that name no memory (`check().linkGaps`): a link resolves to a file whose `name` is the
 * same (case and Unicode width folded), whose path is the link (with or without `.md`), or whose
 * file name is the link's slug.
 *
 * @param rows - The rows of `store.list()` (their `links`).
 * @returns `[{ path, link }]`: the file holding the link and the link as written.
 * @example linkGaps(rows) // [{ path: "editor.md", link: "terminal setup" }]
 */
export function linkGaps(rows: readonly MemoryRow[]): Array<{ path: string; link: string }> {
  const known = new Set<string>();
  for (const row of rows) {
    known.add(foldFileName(row.name.trim()));
    known.add(foldFileName(row.path));
    known.add(foldFileName(row.path.replace(/\.md$/, "")));
    known.add(foldFileName(fileStem(row.path)));
  }
  const gaps: Array<{ path: string; link: string }> = [];
  for (const row of rows) {
    for (const link of row.links ?? []) {
      const candidates = [link.trim(), factSlug(link)].map(foldFileName);
      if (!candidates.some((candidate) => known.has(candidate)))
        gaps.push({ path: row.path, link });
    }
  }
  return gaps;
}

/** One fact line of a pair {@link sameFactTwoLanguages} reports. */
export type FactLineAt = { path: string; line: string };

/**
 * Fact lines that look like one fact said in two languages (`check().sameFactTwoLanguages`, see
 * `sameFactOtherLanguage`); a warning, never an error. `notEditable` files are not read. See
 * {@link twoLanguagePairs} for which lines are compared.
 *
 * @param read - Reads a memory file's text by path (`undefined` when it cannot be read).
 * @param rows - The rows of `store.list()`.
 * @returns The pairs, each `{ first, second }` with the file and the line as written, in file order.
 * @example await sameFactTwoLanguages((path) => readText(path), await store.list())
 */
export async function sameFactTwoLanguages(
  read: (path: string) => Promise<string | undefined>,
  rows: readonly MemoryRow[],
): Promise<Array<{ first: FactLineAt; second: FactLineAt }>> {
  return twoLanguagePairs((await factLines(read, rows)).dated);
}

/** How {@link twoLanguagePairs} reads and compares lines (a test counts the calls). */
export type TwoLanguageRule = {
  traits: (line: string) => FactLanguageTraits;
  same: (left: FactLanguageTraits, right: FactLanguageTraits) => boolean;
};

const TWO_LANGUAGE_RULE: TwoLanguageRule = {
  traits: factLanguageTraits,
  same: sameTraitsOtherLanguage,
};

/**
 * Candidate pairs one value key may hold before the key is taken as too common to tell facts
 * apart (a lone "8" or "2026" shared by many lines of a large folder): its pairs are then not
 * compared. A fact said in two languages, even kept twice in each, is at most 4 pairs of its key.
 */
export const MAX_PAIRS_PER_KEY = 16;

/**
 * The pairs of `lines` that {@link sameTraitsOtherLanguage} calls one fact in two languages. Each
 * line's traits are worked out once; a pair is compared only if the two lines share a key (the
 * same exact values, and a shared name or no name on one side: what the rule requires) and
 * differ in writing system or language; a key with more than {@link MAX_PAIRS_PER_KEY} such
 * pairs is skipped. Linear in the lines, plus at most that many comparisons a key.
 *
 * @param lines - Fact lines in file order.
 * @param rule - The traits and the comparison (default: the `sameFactOtherLanguage` rule).
 * @returns The pairs in file order, each `{ first, second }`, `first` the earlier line.
 */
export function twoLanguagePairs(
  lines: readonly FactLineAt[],
  rule: TwoLanguageRule = TWO_LANGUAGE_RULE,
): Array<{ first: FactLineAt; second: FactLineAt }> {
  const traits = lines.map((entry) => rule.traits(entry.line));
  const byKey = new Map<string, number[]>();
  traits.forEach((trait, index) => {
    const exact = [...trait.exact].sort().join("\u0000");
    // A named line pairs with a line sharing one of its names; a line without a name, with any
    // line of its exact values (when it has some: a pair needs a value or a name in common).
    const keys = [...trait.names].map((name) => `${name}\u0001${exact}`);
    if (trait.exact.size > 0) keys.push(`\u0001${exact}`);
    for (const key of keys) {
      const list = byKey.get(key);
      if (list === undefined) byKey.set(key, [index]);
      else list.push(index);
    }
  });
  const found = new Map<number, [number, number]>();
  for (const [key, indexes] of byKey) {
    if (indexes.length < 2) continue;
    const bareValues = key.startsWith("\u0001");
    const candidates = candidatePairs(indexes, traits, bareValues);
    if (candidates === undefined) continue;
    for (const [a, b] of candidates) {
      const id = a * lines.length + b;
      if (found.has(id)) continue;
      if (rule.same(traits[a] as FactLanguageTraits, traits[b] as FactLanguageTraits)) {
        found.set(id, [a, b]);
      }
    }
  }
  return [...found.entries()]
    .sort(([one], [two]) => one - two)
    .map(([, [a, b]]) => ({ first: lines[a] as FactLineAt, second: lines[b] as FactLineAt }));
}

// The pairs of one key worth comparing: lines of different writing systems or languages (alike
// in both, `otherLanguage` is false whatever the values), and under a key of bare values, with at
// least one line without a name (two named lines pair under a name they share). `undefined` when
// there are more than MAX_PAIRS_PER_KEY: counted per group of alike lines, never listed.
function candidatePairs(
  indexes: readonly number[],
  traits: readonly FactLanguageTraits[],
  bareValues: boolean,
): Array<[number, number]> | undefined {
  const groups = new Map<string, number[]>();
  for (const index of indexes) {
    const trait = traits[index] as FactLanguageTraits;
    const group = `${[...trait.systems].sort().join(",")}|${trait.language ?? ""}`;
    const list = groups.get(group);
    if (list === undefined) groups.set(group, [index]);
    else list.push(index);
  }
  const lists = [...groups.values()];
  const named = (list: readonly number[]) =>
    list.filter((index) => (traits[index] as FactLanguageTraits).names.size > 0).length;
  const crossing: Array<[readonly number[], readonly number[]]> = [];
  let count = 0;
  for (let one = 0; one < lists.length; one++) {
    for (let two = one + 1; two < lists.length; two++) {
      const [left, right] = [lists[one] as number[], lists[two] as number[]];
      if (
        !otherLanguage(
          traits[left[0] as number] as FactLanguageTraits,
          traits[right[0] as number] as FactLanguageTraits,
        )
      )
        continue;
      count += left.length * right.length - (bareValues ? named(left) * named(right) : 0);
      if (count > MAX_PAIRS_PER_KEY) return undefined;
      crossing.push([left, right]);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (const [left, right] of crossing) {
    for (const a of left) {
      for (const b of right) {
        const [first, second] = a < b ? [a, b] : [b, a];
        const bothNamed =
          (traits[first] as FactLanguageTraits).names.size > 0 &&
          (traits[second] as FactLanguageTraits).names.size > 0;
        if (!(bareValues && bothNamed)) pairs.push([first, second]);
      }
    }
  }
  return pairs;
}

/**
 * The lines {@link factLines} reads: `dated`, the fact lines; `all`, with a body's other lines;
 * `emptyBody`, the files with no fact (see {@link EmptyBody}).
 */
export type FactLines = { dated: FactLineAt[]; all: FactLineAt[]; emptyBody: EmptyBody[] };

// An HTML comment, or one left open (Markdown hides the rest of the file then): no reader sees it.
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/**
 * What a file with no fact holds (`check().emptyBody`), or `undefined` when its body holds a line
 * that is not blank, a heading or inside an HTML comment.
 *
 * @param path - The file's memory path.
 * @param text - The file's text; `lines` its body lines as parsed (`MemoryFile.lines`).
 * @example emptyBodyOf("a.md", "---\nname: a\n---\n## Notes\n", ["## Notes"]) // { path: "a.md", chars: 25, header: true, headings: 1, comments: 0 }
 */
export function emptyBodyOf(
  path: string,
  text: string,
  lines: readonly string[],
): EmptyBody | undefined {
  const body = lines.join("\n");
  const comments = body.match(HTML_COMMENT)?.length ?? 0;
  const left = body.replace(HTML_COMMENT, "").split("\n");
  if (left.some((line) => line.trim() !== "" && !HEADING.test(line))) return undefined;
  const headings = left.filter((line) => HEADING.test(line)).length;
  return { path, chars: text.length, header: frontMatterBodyStart(text) > 0, headings, comments };
}

/**
 * Reads once the lines the line checks look at, for `check()` to share: the fact lines of every
 * file memfiles can edit, in file order, and with them a body's other non-blank lines (a
 * fact-layout body, an undated line a person typed). A file list() left unread (13 MB, a hostile
 * header) is not read and parsed here either.
 *
 * @param read - Reads a memory file's text by path (`undefined` when it cannot be read).
 * @param rows - The rows of `store.list()`.
 * @returns `{ dated, all, emptyBody }` (see {@link FactLines}), lines trimmed.
 * @example const lines = await factLines((path) => readText(path), await store.list());
 */
export async function factLines(
  read: (path: string) => Promise<string | undefined>,
  rows: readonly MemoryRow[],
): Promise<FactLines> {
  const lines: FactLines = { dated: [], all: [], emptyBody: [] };
  for (const row of rows) {
    if (notEditableProblem(row) !== undefined) continue;
    const text = await read(row.path);
    if (text === undefined) continue;
    const parsed = safeParseMemoryFile(text, { path: row.path });
    if (!parsed.success) continue;
    const empty = emptyBodyOf(
      row.path,
      text,
      parsed.value.lines.map((line) => line.text),
    );
    if (empty !== undefined) lines.emptyBody.push(empty);
    for (const line of parsed.value.lines) {
      if (line.kind === "dated") {
        const entry = { path: row.path, line: line.text };
        lines.dated.push(entry);
        lines.all.push(entry);
      } else if (line.text.trim() !== "") {
        lines.all.push({ path: row.path, line: line.text.trim() });
      }
    }
  }
  return lines;
}

// How many pairs of one group `check()` lists, and how many pairs of lines of one file it compares
// one by one: a file is read up to 16x the size cap, and 7,000 lines of one pattern make 24 million
// pairs. A group of one-number lines is counted without comparing them.
export const MAX_LISTED_PAIRS = 8;
const MAX_COMPARED_PAIRS_PER_FILE = 200_000;

/**
 * Files that keep a line and its updated value side by side (`check().updatedValueKept`): two
 * lines of one file where one updates the other by `updatesLine`, grouped by file and pattern (the
 * lines' `valueSkeleton`, or the other polarity). A warning, never an error.
 *
 * @param lines - Lines in file order ({@link factLines}`.all`).
 * @returns One group per file and pattern (see {@link UpdatedValueGroup}), in file order.
 * @example updatedValueKept((await factLines(read, rows)).all)
 * // [{ path: "topics/health.md", lines: ["takes 50 mg of sertraline", "takes 100 mg of sertraline"],
 * //    pairs: 1, listed: [[...]], allCounted: true }]
 */
export function updatedValueKept(lines: readonly FactLineAt[]): UpdatedValueGroup[] {
  const byFile = new Map<string, FactLineAt[]>();
  for (const entry of lines) {
    const list = byFile.get(entry.path);
    if (list === undefined) byFile.set(entry.path, [entry]);
    else list.push(entry);
  }
  const found: UpdatedValueGroup[] = [];
  for (const [path, entries] of byFile) found.push(...fileGroups(path, entries));
  return found;
}

type Traits = ReturnType<typeof updateTraits> & { at: number };

// The groups of one file: lines of one skeleton are compared among themselves, lines of one
// polarity with those of the other; nothing else can update a line (`updatesByTraits`).
function fileGroups(path: string, entries: readonly FactLineAt[]): UpdatedValueGroup[] {
  const bySkeleton = new Map<string, Traits[]>();
  const byPolarity: [Traits[], Traits[]] = [[], []];
  entries.forEach((entry, at) => {
    const traits = { ...updateTraits(entry.line), at };
    if (traits.skeleton !== undefined) {
      const list = bySkeleton.get(traits.skeleton);
      if (list === undefined) bySkeleton.set(traits.skeleton, [traits]);
      else list.push(traits);
    }
    byPolarity[statedFactWords(entry.line).holds ? 0 : 1].push(traits);
  });
  const budget = { left: MAX_COMPARED_PAIRS_PER_FILE };
  const groups: Array<UpdatedValueGroup & { order: [number, number] }> = [];
  const add = (group: (UpdatedValueGroup & { order: [number, number] }) | undefined) => {
    if (group !== undefined) groups.push(group);
  };
  for (const list of bySkeleton.values()) {
    add(
      (list[0] as Traits).numbers.length < 2
        ? oneNumberGroup(path, list)
        : comparedGroup(path, list, list, budget),
    );
  }
  add(comparedGroup(path, byPolarity[0], byPolarity[1], budget));
  groups.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
  return groups.map(({ order: _order, ...group }) => group);
}

// One-number lines of one skeleton: every two with different keys update one another, so the
// count is all pairs less those of equal keys, and listing stops at MAX_LISTED_PAIRS.
function oneNumberGroup(
  path: string,
  list: readonly Traits[],
): (UpdatedValueGroup & { order: [number, number] }) | undefined {
  const sameKey = new Map<string, number>();
  for (const traits of list) sameKey.set(traits.key, (sameKey.get(traits.key) ?? 0) + 1);
  let pairs = (list.length * (list.length - 1)) / 2;
  for (const count of sameKey.values()) pairs -= (count * (count - 1)) / 2;
  if (pairs === 0) return undefined;
  const listed: Array<[Traits, Traits]> = [];
  for (let one = 0; one < list.length && listed.length < MAX_LISTED_PAIRS; one++) {
    const first = list[one] as Traits;
    let any = false;
    for (let other = one + 1; other < list.length && listed.length < MAX_LISTED_PAIRS; other++) {
      const second = list[other] as Traits;
      if (second.key !== first.key) {
        listed.push([first, second]);
        any = true;
      }
    }
    // Every later line has this line's key, so none pairs with another.
    if (!any) break;
  }
  return grouped(path, listed, pairs, true);
}

// Lines compared one pair at a time (a pair of `left` and `right`, or two of `left` when they are
// one list), while the file's budget lasts.
function comparedGroup(
  path: string,
  left: readonly Traits[],
  right: readonly Traits[],
  budget: { left: number },
): (UpdatedValueGroup & { order: [number, number] }) | undefined {
  const same = left === right;
  const listed: Array<[Traits, Traits]> = [];
  let pairs = 0;
  let allCounted = true;
  compare: for (let one = 0; one < left.length; one++) {
    const a = left[one] as Traits;
    for (let other = same ? one + 1 : 0; other < right.length; other++) {
      if (budget.left-- <= 0) {
        allCounted = false;
        break compare;
      }
      const b = right[other] as Traits;
      const [first, second] = a.at < b.at ? [a, b] : [b, a];
      if (!updatesByTraits(second, first)) continue;
      pairs += 1;
      if (listed.length < MAX_LISTED_PAIRS) listed.push([first, second]);
    }
  }
  return pairs === 0 ? undefined : grouped(path, listed, pairs, allCounted);
}

function grouped(
  path: string,
  listed: Array<[Traits, Traits]>,
  pairs: number,
  allCounted: boolean,
): UpdatedValueGroup & { order: [number, number] } {
  listed.sort(([a, b], [c, d]) => a.at - c.at || b.at - d.at);
  const [first, second] = listed[0] as [Traits, Traits];
  return {
    path,
    lines: [first.text, second.text],
    pairs,
    listed: listed.map(([one, other]) => [one.text, other.text]),
    allCounted,
    order: [first.at, second.at],
  };
}
