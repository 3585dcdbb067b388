import {
  formatMemoryIndex,
  handWrittenIndexLines,
  memoryIndexWithin,
  parseMemoryIndex,
} from "./memory-index.js";
import { notEditableProblem } from "./memory-row.js";
import { STORE_LAYOUT_RULES } from "./store-layout-rules.js";
import type { MemoryRow, StoreLayout } from "./types.js";

/**
 * The rows a layout's `MEMORY.md` lists, and how many it leaves out: in the fact layout with a
 * person's words kept ({@link keepIndexDescriptions}) and cut to the lines Claude Code loads
 * (`STORE_LAYOUT_RULES`). The one rule for every store engine and for `check()`.
 */
export function indexRows(
  rows: MemoryRow[],
  index: string,
  layout: StoreLayout,
): { rows: MemoryRow[]; omitted: number } {
  const rules = STORE_LAYOUT_RULES[layout];
  const kept = keepUnreadFileLines(rows, index);
  const described = rules.keepsIndexDescriptions ? keepIndexDescriptions(kept, index) : kept;
  return memoryIndexWithin(described, index, rules.maxIndexLines);
}

/** The text of a rebuilt `MEMORY.md` from the rows of {@link indexRows} and the current index. */
export function rebuiltMemoryIndex(rows: MemoryRow[], index: string, layout: StoreLayout): string {
  const listed = indexRows(rows, index, layout);
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
    const open = entry.line.indexOf("[");
    const close = entry.line.indexOf(")", entry.line.indexOf("]("));
    const name = entry.line.slice(open + 1, entry.line.indexOf("](")).replace(/\\(.)/g, "$1");
    const text = entry.line
      .slice(close + 1)
      .replace(/^[\s—–:-]+/, "")
      .trim();
    words.set(
      entry.path.replace(/^\.\//, "").normalize("NFC"),
      text !== "" && text !== "(no description)" ? { name, description: text } : { name },
    );
  }
  return words;
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
