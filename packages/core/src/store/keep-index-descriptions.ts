import { formatMemoryIndex, parseMemoryIndex } from "./memory-index.js";
import { STORE_LAYOUT_RULES } from "./store-layout-rules.js";
import type { MemoryRow, StoreLayout } from "./types.js";

/**
 * The rows a layout's `MEMORY.md` lists: in the fact layout with a person's words kept (see
 * {@link keepIndexDescriptions}), in the subject layout as they are. The one rule for every store
 * engine (a folder, PostgreSQL) and for `check()`, so an index kept in a database keeps the same
 * words as the folder's file.
 *
 * @param rows - Rows of `store.list()`.
 * @param index - The current `MEMORY.md` text ("" when none).
 * @param layout - The store's layout.
 * @returns The rows the index is written from.
 * @example indexRows(await store.list(), current, "fact")
 */
export function indexRows(rows: MemoryRow[], index: string, layout: StoreLayout): MemoryRow[] {
  return STORE_LAYOUT_RULES[layout].keepsIndexDescriptions
    ? keepIndexDescriptions(rows, index)
    : rows;
}

/**
 * The text of a rebuilt `MEMORY.md` (see `formatMemoryIndex`) from the rows of {@link indexRows},
 * keeping the lines a person wrote in the current index.
 *
 * @param rows - Rows of `store.list()`.
 * @param index - The current `MEMORY.md` text ("" when none).
 * @param layout - The store's layout.
 * @returns The whole index text.
 * @example rebuiltMemoryIndex(await store.list(), current, store.layout)
 */
export function rebuiltMemoryIndex(rows: MemoryRow[], index: string, layout: StoreLayout): string {
  return formatMemoryIndex(indexRows(rows, index, layout), index);
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
  const words = new Map<string, string>();
  for (const entry of parseMemoryIndex(index)) {
    const close = entry.line.indexOf(")", entry.line.indexOf("]("));
    const text = entry.line
      .slice(close + 1)
      .replace(/^[\s—–:-]+/, "")
      .trim();
    if (text !== "" && text !== "(no description)") {
      words.set(entry.path.replace(/^\.\//, "").normalize("NFC"), text);
    }
  }
  return rows.map((row) => {
    const text = row.description === "" ? words.get(row.path.normalize("NFC")) : undefined;
    return text === undefined ? row : { ...row, description: text };
  });
}
