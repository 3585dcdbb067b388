import { parseMemoryIndex } from "./memory-index.js";
import type { MemoryRow } from "./types.js";

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
