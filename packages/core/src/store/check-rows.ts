import { basename } from "node:path";
import { safeParseMemoryFile } from "../format/memory-file.js";
import { factSlug } from "../text/fact-slug.js";
import { factValues } from "../text/fact-values.js";
import { foldFileName } from "../text/fold-file-name.js";
import { sameFactOtherLanguage } from "../text/same-fact-other-language.js";
import { updatesLine } from "../text/value-skeleton.js";
import { formatMemoryIndexLine, parseMemoryIndex } from "./memory-index.js";
import { notEditableProblem } from "./memory-row.js";
import type { CheckResult, MemoryRow } from "./types.js";

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
    known.add(foldFileName(basename(row.path, ".md")));
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
 * `sameFactOtherLanguage`); a warning, never an error. Only lines sharing a value (number,
 * identifier, date, proper name) are compared; `notEditable` files are not read.
 *
 * @param read - Reads a memory file's text by path (`undefined` when it cannot be read).
 * @param rows - The rows of `store.list()`.
 * @returns The pairs, each `{ first, second }` with the file and the line as written.
 * @example await sameFactTwoLanguages((path) => readText(path), await store.list())
 */
export async function sameFactTwoLanguages(
  read: (path: string) => Promise<string | undefined>,
  rows: readonly MemoryRow[],
): Promise<Array<{ first: FactLineAt; second: FactLineAt }>> {
  const lines = await factLines(read, rows);
  const byValue = new Map<string, number[]>();
  lines.forEach((entry, index) => {
    const { exact, names } = factValues(entry.line);
    for (const value of new Set([...exact, ...names])) {
      const list = byValue.get(value) ?? [];
      list.push(index);
      byValue.set(value, list);
    }
  });
  const seen = new Set<string>();
  const pairs: Array<{ first: FactLineAt; second: FactLineAt }> = [];
  for (const indexes of byValue.values()) {
    for (let one = 0; one < indexes.length; one++) {
      for (let two = one + 1; two < indexes.length; two++) {
        const [a, b] = [indexes[one] as number, indexes[two] as number];
        const key = `${a}:${b}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const [first, second] = [lines[a] as FactLineAt, lines[b] as FactLineAt];
        if (sameFactOtherLanguage(first.line, second.line)) pairs.push({ first, second });
      }
    }
  }
  return pairs;
}

// The fact lines of every file memfiles can edit, in file order; with `bodyText`, a body's other
// non-blank lines too (a fact-layout body, an undated line a person typed). A file list() left
// unread (13 MB, a hostile header) is not read and parsed here either.
async function factLines(
  read: (path: string) => Promise<string | undefined>,
  rows: readonly MemoryRow[],
  bodyText = false,
): Promise<FactLineAt[]> {
  const lines: FactLineAt[] = [];
  for (const row of rows) {
    if (notEditableProblem(row) !== undefined) continue;
    const text = await read(row.path);
    if (text === undefined) continue;
    const parsed = safeParseMemoryFile(text, { path: row.path });
    if (!parsed.success) continue;
    for (const line of parsed.value.lines) {
      if (line.kind === "dated") lines.push({ path: row.path, line: line.text });
      else if (bodyText && line.text.trim() !== "") {
        lines.push({ path: row.path, line: line.text.trim() });
      }
    }
  }
  return lines;
}

/**
 * Files that keep a line and its updated value side by side (`check().updatedValueKept`): two
 * lines of one file where one updates the other by `updatesLine`. A warning, never an error.
 *
 * @param read - Reads a memory file's text by path (`undefined` when it cannot be read).
 * @param rows - The rows of `store.list()`.
 * @returns `[{ path, lines }]`, the two lines as written, in file order.
 * @example await updatedValueKept((path) => readText(path), await store.list())
 * // [{ path: "topics/health.md", lines: ["takes 50 mg of sertraline", "takes 100 mg of sertraline"] }]
 */
export async function updatedValueKept(
  read: (path: string) => Promise<string | undefined>,
  rows: readonly MemoryRow[],
): Promise<Array<{ path: string; lines: [string, string] }>> {
  const byFile = new Map<string, FactLineAt[]>();
  for (const entry of await factLines(read, rows, true)) {
    byFile.set(entry.path, [...(byFile.get(entry.path) ?? []), entry]);
  }
  const found: Array<{ path: string; lines: [string, string] }> = [];
  for (const [path, entries] of byFile) {
    entries.forEach((first, one) => {
      for (const second of entries.slice(one + 1)) {
        if (updatesLine(second.line, first.line)) {
          found.push({ path, lines: [first.line, second.line] });
        }
      }
    });
  }
  return found;
}
