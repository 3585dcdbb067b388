import { updatedDay } from "../format/memory-file.js";
import { type ForgottenCheck, forgottenRow } from "../guards/forgotten-shown.js";
import { compareCodeUnits } from "../text/compare-code-units.js";
import { applyTextLayout, readTextLayout } from "../text/text-layout.js";
import {
  formatMemoryIndex,
  formatMemoryIndexLine,
  handWrittenIndexLines,
  isMoreFilesLine,
  MEMORY_INDEX_HEADER,
  type MemoryIndexEntry,
  memoryIndexWithin,
  moreFilesLine,
  parseMemoryIndex,
} from "./memory-index.js";
import { notEditableProblem } from "./memory-row.js";
import { newestFirst } from "./newest-first.js";
import { STORE_LAYOUT_RULES } from "./store-layout-rules.js";
import type { MemoryRow, StoreLayout } from "./types.js";

/**
 * The rows a layout's `MEMORY.md` lists, and how many it leaves out: in the fact layout with a
 * person's words kept ({@link keepIndexDescriptions}) and cut to the lines Claude Code loads
 * (`STORE_LAYOUT_RULES`), a file whose name or description a tombstone matches left out
 * (`forgottenRow`, `forgotten` from `storedForgottenCheck`). The one rule for every store engine
 * and for `check()`.
 */
export function indexRows(
  rows: MemoryRow[],
  index: string,
  layout: StoreLayout,
  forgotten?: ForgottenCheck,
): { rows: MemoryRow[]; omitted: number } {
  const rules = STORE_LAYOUT_RULES[layout];
  return memoryIndexWithin(
    describedRows(rows, index, layout, forgotten),
    index,
    rules.maxIndexLines,
  );
}

// Each row as its line lists it: a function of the row and its own line in `index` alone, which
// is what lets a write patch one line (`patchedMemoryIndex`). A row whose name or description a
// tombstone matches is not listed (`forgottenRow`): Claude Code loads the index into every session.
function describedRows(
  rows: MemoryRow[],
  index: string,
  layout: StoreLayout,
  forgotten: ForgottenCheck | undefined,
): MemoryRow[] {
  const kept = keepUnreadFileLines(rows, index);
  const described = STORE_LAYOUT_RULES[layout].keepsIndexDescriptions
    ? keepIndexDescriptions(kept, index)
    : kept;
  return forgotten === undefined
    ? described
    : described.filter((row) => !forgottenRow(row, forgotten));
}

/**
 * One file written (`row`, as `list()` gives it) or removed (no `row`), for
 * {@link patchedMemoryIndex}; `before`: the written file's row before the write, when it existed
 * and `MEMORY.md` could list it (what lets an index cut to its line budget be patched); `listed`:
 * for a file the write made (none was on its path), the rows of the files an index cut to its line
 * budget lists ({@link cutIndexPaths}), as `list()` gives them now (what lets the patch find the
 * file the new one pushes out); `changedSince`: with `listed`, the paths of listed files changed
 * since the index was last in step (their day may have moved, so none may be the oldest listed).
 */
export type MemoryIndexChange = {
  path: string;
  row?: MemoryRow;
  before?: MemoryRow;
  listed?: readonly MemoryRow[];
  changedSince?: readonly string[];
};

/**
 * The paths an index cut to its line budget lists, for a new file's {@link MemoryIndexChange}
 * `listed`; `undefined` for an index that is not cut (its patch needs no other row).
 *
 * @param index - The current `MEMORY.md` text, as memfiles wrote it.
 * @returns The link lines' paths in their order (at most the layout's line budget, 200), or
 *   `undefined`.
 * @example cutIndexPaths(current) // ["fact-9990.md", ...] in a fact folder of 10,000 files
 */
export function cutIndexPaths(index: string): string[] | undefined {
  const text = readTextLayout(index);
  const lines = text.body.split(text.eol);
  let end = MEMORY_INDEX_HEADER.split("\n").length - 1;
  while (end < lines.length && (lines[end] ?? "").startsWith("- [")) end++;
  if (!isMoreFilesLine(lines[end] ?? "")) return undefined;
  return parseMemoryIndex(lines.slice(0, end).join("\n")).map((entry) => entry.path);
}

/**
 * The `MEMORY.md` a rebuild ({@link rebuiltMemoryIndex}) gives after one file changed, from the
 * current text alone: its line added, replaced or removed in path order, without listing the
 * folder. `index` must be a rebuild's (or this function's) output, unchanged since: the caller
 * knows it wrote it. `undefined` when only a rebuild gives the text: an index cut to its line
 * budget that the change may cut elsewhere (a new or removed file, one that moved across the cut:
 * see `change.before`), a result over the budget, or a file memfiles does not read.
 *
 * @param index - The current `MEMORY.md` text, as memfiles wrote it.
 * @param change - The path written or removed, and its row when written.
 * @param layout - The store's layout (`STORE_LAYOUT_RULES`).
 * @param forgotten - The tombstone check (`storedForgottenCheck`): a row it matches gets no line.
 * @returns The new text, or `undefined` when only a rebuild gives it.
 * @example patchedMemoryIndex(current, { path: "a.md", row }, "subject") // current with a.md's line
 */
export function patchedMemoryIndex(
  index: string,
  change: MemoryIndexChange,
  layout: StoreLayout,
  forgotten?: ForgottenCheck,
): string | undefined {
  if (change.row !== undefined && notEditableProblem(change.row) !== undefined) return undefined;
  const text = readTextLayout(index);
  const lines = text.body.split(text.eol);
  // The generated header's lines, then one link line per file, sorted by path.
  const first = MEMORY_INDEX_HEADER.split("\n").length - 1;
  let end = first;
  while (end < lines.length && (lines[end] ?? "").startsWith("- [")) end++;
  const cut = isMoreFilesLine(lines[end] ?? "");
  const pathAt = (at: number) => parseMemoryIndex(lines[at] ?? "")[0]?.path ?? "";
  let low = first;
  let high = end;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (pathAt(middle) < change.path) low = middle + 1;
    else high = middle;
  }
  const old = low < end && pathAt(low) === change.path ? (lines[low] ?? "") : undefined;
  if (cut && old === undefined && change.row !== undefined && change.listed !== undefined) {
    const patched = newFileInCut(lines, { first, end, at: low }, change, layout, forgotten);
    return patched === undefined ? undefined : applyTextLayout(patched.join("\n"), text);
  }
  if (cut && !keepsCut(change, old !== undefined, forgotten)) return undefined;
  // Left out of a cut index, and still out: the index is as it was.
  if (cut && old === undefined) return index;
  const added: string[] = [];
  if (change.row !== undefined) {
    const [row] = describedRows([change.row], old ?? "", layout, undefined);
    if (row === undefined) return undefined;
    if (!forgottenRow(row, forgotten)) added.push(formatMemoryIndexLine(row));
    else if (cut) return undefined;
  }
  lines.splice(low, old === undefined ? 0 : 1, ...added);
  const maxLines = STORE_LAYOUT_RULES[layout].maxIndexLines;
  if (maxLines !== undefined && lines.length - 1 > maxLines) return undefined;
  return applyTextLayout(lines.join("\n"), text);
}

// Whether an index cut to its line budget lists the same files after `change` (decision 0102):
// the cut keeps the newest files by their `updated` day, then path (`newestFirst`), so a written
// file that was listed and is not older now, or was left out and is not newer now, leaves every
// other file where it was and the count of those left out as it was. A new file, a removal, or a
// file a tombstone hides before or after (it was not counted, or would no longer be) is a rebuild.
function keepsCut(change: MemoryIndexChange, listed: boolean, forgotten?: ForgottenCheck): boolean {
  const { row, before } = change;
  if (row === undefined || before === undefined) return false;
  if (notEditableProblem(before) !== undefined) return false;
  if (forgottenRow(before, forgotten) || forgottenRow(row, forgotten)) return false;
  const order = compareCodeUnits(
    updatedDay(row.updated ?? "") ?? "",
    updatedDay(before.updated ?? "") ?? "",
  );
  return listed ? order >= 0 : order <= 0;
}

// A new file in an index cut to its line budget, from the rows of the files it lists (decision
// 0122): the cut keeps the newest files (`newestFirst`), and every file it leaves out is older
// than every file it lists, so the new file either takes the place of the oldest listed one or
// stays out with them; either way one more file is left out. The index must be the rebuild's: a
// listed file's line that is not its row's line now, a listed file gone or hidden by a tombstone,
// links that do not fill the room the budget leaves, or a listed file changed since the index was
// in step that is now the oldest listed (it may have moved below a file left out) give
// `undefined` (a rebuild). A listed file changed since that is not the oldest still ranks above
// the oldest, an unchanged file, so above every file left out.
function newFileInCut(
  lines: string[],
  at: { first: number; end: number; at: number },
  change: MemoryIndexChange,
  layout: StoreLayout,
  forgotten: ForgottenCheck | undefined,
): string[] | undefined {
  const maxLines = STORE_LAYOUT_RULES[layout].maxIndexLines;
  const [row] = describedRows(change.row === undefined ? [] : [change.row], "", layout, undefined);
  const count = /^\((\d+) more files? /.exec((lines[at.end] ?? "").trim());
  if (maxLines === undefined || row === undefined || count === null) return undefined;
  // A file a tombstone hides gets no line and is not counted.
  if (forgottenRow(row, forgotten)) return lines;
  const byPath = new Map((change.listed ?? []).map((listed) => [listed.path, listed]));
  const listed: MemoryRow[] = [];
  for (let line = at.first; line < at.end; line++) {
    const text = lines[line] ?? "";
    const now = byPath.get(parseMemoryIndex(text)[0]?.path ?? "");
    const [described] = now === undefined ? [] : describedRows([now], text, layout, forgotten);
    if (described === undefined || formatMemoryIndexLine(described) !== text) return undefined;
    listed.push(described);
  }
  const index = lines.join("\n");
  const fixed = formatMemoryIndex([], index, 0).split("\n").length - 1;
  if (listed.length !== Math.max(0, maxLines - fixed - 1)) return undefined;
  const oldest = newestFirst(listed).at(-1);
  if (oldest !== undefined && change.changedSince?.includes(oldest.path)) return undefined;
  const out = listed.length === 0 ? row : newestFirst([...listed, row]).at(-1);
  const next = [...lines];
  next[at.end] = moreFilesLine(Number(count[1]) + 1, maxLines, listed.length === 0);
  if (out === row) return next;
  const gone = listed.findIndex((each) => each.path === out?.path);
  next.splice(at.first + gone, 1);
  next.splice(at.at - (at.first + gone < at.at ? 1 : 0), 0, formatMemoryIndexLine(row));
  return next;
}

/** The text of a rebuilt `MEMORY.md` from the rows of {@link indexRows} and the current index. */
export function rebuiltMemoryIndex(
  rows: MemoryRow[],
  index: string,
  layout: StoreLayout,
  forgotten?: ForgottenCheck,
): string {
  const listed = indexRows(rows, index, layout, forgotten);
  return formatMemoryIndex(
    listed.rows,
    index,
    listed.omitted,
    STORE_LAYOUT_RULES[layout].maxIndexLines,
  );
}

/**
 * The rows for a rebuilt `MEMORY.md` in the fact layout, keeping a person's words: a file with no
 * `description:` takes the text its line in the current `MEMORY.md` gives after the link
 * (`- [name](file.md) — what it holds`, the separator `—`, `-`, `:` or a space dropped), so
 * rebuilding Claude Code's hand-made index never drops it. A file with a description keeps its
 * own (the file is the truth; the index is generated from it).
 *
 * @param rows - Rows of `store.list()`.
 * @param index - The current `MEMORY.md` text ("" when none).
 * @returns The rows, with descriptions filled in where the index had words for them.
 * @example keepIndexDescriptions([{ path: "a.md", name: "a", description: "", chars: 9 }], "- [a](a.md) — Alpha.")[0].description // "Alpha."
 */
export function keepIndexDescriptions(rows: MemoryRow[], index: string): MemoryRow[] {
  if (index === "" || rows.every((row) => row.description !== "")) return rows;
  const words = indexWords(index);
  return rows.map((row) => {
    const text = row.description === "" ? words.get(row.path.normalize("NFC")) : undefined;
    return text?.description === undefined ? row : { ...row, description: text.description };
  });
}

// A file memfiles does not read (too large, hard-linked, unreadable: `notEditableProblem`) has no
// name or description of its own to list: in every layout its line keeps the words it has, so a
// rebuild (`check --fix`) neither drops nor blanks it.
function keepUnreadFileLines(rows: MemoryRow[], index: string): MemoryRow[] {
  if (index === "" || rows.every((row) => notEditableProblem(row) === undefined)) return rows;
  const words = indexWords(index);
  return rows.map((row) => {
    const text =
      notEditableProblem(row) === undefined ? undefined : words.get(row.path.normalize("NFC"));
    return text === undefined ? row : { ...row, ...text };
  });
}

// The link text and the words after the link of each `MEMORY.md` line (`- [name](file.md) — what
// it holds`, the separator `—`, `-`, `:` or a space dropped; "(no description)" is no words).
function indexWords(index: string): Map<string, { name: string; description?: string }> {
  const words = new Map<string, { name: string; description?: string }>();
  for (const entry of parseMemoryIndex(index)) {
    const { name, text } = linkWords(entry);
    words.set(
      entry.path.replace(/^\.\//, "").normalize("NFC"),
      text !== "" && text !== "(no description)" ? { name, description: text } : { name },
    );
  }
  return words;
}

// A link line's link text and the words after the link (the separator `—`, `-`, `:` or a space
// dropped).
function linkWords(entry: MemoryIndexEntry): { name: string; text: string } {
  const open = entry.line.indexOf("[");
  const link = entry.line.indexOf("](");
  // A target in `<...>` may hold `)` (`<c d (x).md>`): the link ends at `>)`.
  const close =
    entry.line[link + 2] === "<"
      ? entry.line.indexOf(">)", link) + 1
      : entry.line.indexOf(")", link);
  const name = entry.line.slice(open + 1, link).replace(/\\(.)/g, "$1");
  const text = entry.line
    .slice(close + 1)
    .replace(/^[\s—–:-]+/, "")
    .trim();
  return { name, text };
}

/**
 * How far a layout's `MEMORY.md` passes its line budget (the fact layout's 200 lines Claude Code
 * loads, `STORE_LAYOUT_RULES`): a rebuild never cuts a person's lines, so they alone can pass it.
 *
 * @param index - The current `MEMORY.md` text ("" when none).
 * @param layout - The store's layout.
 * @returns `{ lines, maxLines, handWritten }` when the text has more lines than the budget, else
 *   `null` (also for a layout without a budget).
 * @example overIndexBudget(current, "fact")?.lines // 257
 */
export function overIndexBudget(
  index: string,
  layout: StoreLayout,
): { lines: number; maxLines: number; handWritten: number } | null {
  const maxLines = STORE_LAYOUT_RULES[layout].maxIndexLines;
  if (maxLines === undefined || index === "") return null;
  const lines = index.split(/\r\n|\n|\r/).length - (/[\r\n]$/.test(index) ? 1 : 0);
  if (lines <= maxLines) return null;
  return { lines, maxLines, handWritten: handWrittenIndexLines(index).length };
}
