import { readTextLayout } from "../text/index.js";
import { formatFrontMatter } from "./front-matter.js";
import type { MemoryFile } from "./memory-file.js";
import { yamlLibrary } from "./yaml-library.js";

/** What {@link editMemoryText} changes; every other line stays as it is, byte for byte. */
export type MemoryTextEdit = {
  /** 1-based line numbers (see `MemoryFile.lineMap` and `LocatedLine.line`) to remove. */
  remove?: ReadonlySet<number>;
  /** A line to add (no line break): before 1-based line `before`, else after the last line. */
  insert?: { line: string; before?: number };
  /** The header's `updated:` value: its line is replaced, or one is added where fields go. */
  updated?: string;
  /**
   * Fields for a file whose header lacks them: a file with no header gets front matter with these
   * and `updated`; a header without a description that takes fields gets the missing ones added.
   * Fields a person wrote are never replaced.
   */
  missing?: { name?: string; description?: string };
  /**
   * A new `description:` (a person's edit, see `editDescription`): its line is replaced, or one is
   * added where fields go. Only for a header of plain `key: value` lines.
   */
  description?: string;
};

// One `key: value` header line, written strictly: YAML quotes the value when it needs quotes.
function fieldLine(key: string, value: string): string {
  return yamlLibrary()
    .stringify({ [key]: value }, { schema: "core", lineWidth: 0 })
    .trimEnd();
}

/**
 * Edits a memory file's text line by line: removes and adds the lines asked for, sets `updated:`
 * and adds missing header fields, and leaves every other line exactly as it was (its bytes, its
 * line break), so a header or line a person wrote survives any edit byte for byte. Added lines take
 * the file's own line break (CRLF when most of its breaks are), and a BOM stays first. A header
 * that is not a plain `key: value` block (`lineMap.fieldInsertLine` absent: a line of prose, broken
 * YAML) is never changed: no `updated:`, no added field.
 *
 * @param text - The file's text, as read.
 * @param file - The same text parsed (`parseMemoryFile`), for line numbers.
 * @param edit - `{ remove?, insert?, updated?, missing?, description? }`.
 * @returns The new text.
 * @example
 * const text = "---\ndescription: d\nupdated: 2026/09/01\n---\n[stated 2026/09/01] a\n";
 * editMemoryText(text, parseMemoryFile(text), { updated: "2026/09/12", insert: { line: "[stated 2026/09/12] b" } })
 * // "---\ndescription: d\nupdated: 2026/09/12\n---\n[stated 2026/09/01] a\n[stated 2026/09/12] b\n"
 */
export function editMemoryText(text: string, file: MemoryFile, edit: MemoryTextEdit): string {
  const { bom, eol, body: source } = readTextLayout(text);
  const lines = source === "" ? [] : source.split(/(?<=\n)/);

  const before = new Map<number, string[]>();
  const add = (line: number, added: string) =>
    before.set(line, [...(before.get(line) ?? []), added]);
  const replace = new Map<number, string>();
  const { lineMap } = file;
  let prefix = "";

  if (file.headerStyle === "none") {
    const data: Record<string, string> = {};
    if (edit.missing?.name !== undefined) data.name = edit.missing.name;
    if (edit.missing?.description !== undefined) data.description = edit.missing.description;
    if (edit.updated !== undefined && Object.keys(data).length > 0) data.updated = edit.updated;
    prefix = formatFrontMatter(data).replace(/\n/g, eol);
  } else if (lineMap.fieldInsertLine !== undefined) {
    const at = lineMap.fieldInsertLine;
    // A header with a description is complete as its author left it; only one without gets fields.
    const fill = file.header.description ? [] : (["name", "description"] as const);
    for (const key of fill) {
      const value = edit.missing?.[key];
      if (value !== undefined && !file.header[key] && lineMap.fieldLines[key] === undefined) {
        add(at, fieldLine(key, value));
      }
    }
    if (edit.description !== undefined) {
      const descriptionLine = lineMap.fieldLines.description;
      if (descriptionLine === undefined) add(at, fieldLine("description", edit.description));
      else replace.set(descriptionLine, fieldLine("description", edit.description));
    }
    if (edit.updated !== undefined) {
      const updatedLine = lineMap.fieldLines.updated;
      if (updatedLine === undefined) add(at, fieldLine("updated", edit.updated));
      else replace.set(updatedLine, fieldLine("updated", edit.updated));
    }
  }
  if (edit.insert) add(edit.insert.before ?? lines.length + 1, edit.insert.line);

  let out = "";
  const emit = (line: string) => {
    if (out !== "" && !out.endsWith("\n")) out += eol;
    out += line;
  };
  for (let number = 1; number <= lines.length + 1; number++) {
    for (const added of before.get(number) ?? []) emit(added + eol);
    const current = lines[number - 1];
    if (current === undefined || edit.remove?.has(number)) continue;
    const replacement = replace.get(number);
    emit(replacement === undefined ? current : replacement + (current.match(/\r?\n$/)?.[0] ?? ""));
  }
  return bom + prefix + out;
}
