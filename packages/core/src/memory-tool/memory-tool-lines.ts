import { safeParseMemoryFile } from "../format/index.js";
import { MemoryToolError } from "./memory-tool-error.js";

// The docs' view and str_replace results number lines right-aligned in six columns, then a tab.
const LINE_NUMBER_WIDTH = 6;

/** Lines numbered as the docs' view shows them, from `first` (1-based). */
export function numbered(lines: readonly string[], first: number): string {
  return lines
    .map((line, index) => `${String(index + first).padStart(LINE_NUMBER_WIDTH, " ")}\t${line}`)
    .join("\n");
}

/** A file's text as the model edits it: no byte order mark, `\n` breaks, no final break. */
export type EditableText = { lines: string[]; crlf: boolean; finalBreak: boolean };

/** The text of a file as the model edits it (see {@link EditableText}). */
export function editable(content: string): EditableText {
  const text = content.replace(/^\uFEFF/, "");
  const crlf = text.includes("\r\n");
  const plain = text.replace(/\r\n/g, "\n");
  const finalBreak = plain.endsWith("\n");
  const body = finalBreak ? plain.slice(0, -1) : plain;
  return { lines: body === "" ? [] : body.split("\n"), crlf, finalBreak };
}

/**
 * A file's text with the line breaks the model edits it with (see {@link editable}): what a
 * `str_replace`'s `old_str` is matched against, so a CRLF file is edited with `\n` like any other.
 */
export function editableText(content: string): string {
  const text = editable(content);
  return text.lines.join("\n") + (text.finalBreak ? "\n" : "");
}

/** `lines` written back with the line breaks and final break of `text`. */
export function written(text: EditableText, lines: readonly string[]): string {
  const joined = lines.join("\n") + (text.finalBreak || lines.length > 0 ? "\n" : "");
  return text.crlf ? joined.replace(/\n/g, "\r\n") : joined;
}

/**
 * The result of a `str_replace`: the lines around the change in the file as written, where an
 * `updated:` line added to the header moves the body's lines down by one.
 */
export function snippet(
  content: string,
  lines: readonly string[],
  firstLine: number,
  addedCount: number,
): string {
  const final = editable(content).lines;
  const parsedBefore = safeParseMemoryFile(`${lines.join("\n")}\n`);
  const bodyStart = parsedBefore.success ? parsedBefore.value.lineMap.bodyLine - 1 : 0;
  const shift = firstLine >= bodyStart ? final.length - lines.length : 0;
  const changed = Math.min(firstLine + shift, Math.max(final.length - 1, 0));
  const start = Math.max(0, changed - 2);
  const end = Math.min(final.length, changed + Math.max(addedCount, 1) + 2);
  return `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${numbered(final.slice(start, end), start + 1)}`;
}
/**
 * The indexes of the lines the model wrote: those of `added` below the header, but for the
 * lines it sent as they were (`kept`, the lines a `str_replace` replaced, each once).
 */
export function modelLines(
  lines: readonly string[],
  added: ReadonlySet<number>,
  kept: readonly string[] = [],
): number[] {
  const header = headerLines(lines).count;
  const unchanged = [...kept];
  return [...added]
    .sort((left, right) => left - right)
    .filter((index) => {
      if (index < header) return false;
      const at = unchanged.indexOf(lines[index] ?? "");
      if (at === -1) return true;
      unchanged.splice(at, 1);
      return false;
    });
}

/** The indexes of `added`, header lines too, but for the lines sent as they were (`kept`, each once). */
export function changedLines(
  lines: readonly string[],
  added: ReadonlySet<number>,
  kept: readonly string[],
): Set<number> {
  const unchanged = [...kept];
  const wrote = new Set<number>();
  for (const index of [...added].sort((left, right) => left - right)) {
    const at = unchanged.indexOf(lines[index] ?? "");
    if (at === -1) wrote.add(index);
    else unchanged.splice(at, 1);
  }
  return wrote;
}

/** `lines` with the model's lines (at `indexes`) as the date step resolved them. */
export function resolvedLines(
  lines: readonly string[],
  indexes: readonly number[],
  resolved: readonly string[] | undefined,
): string[] {
  const result = [...lines];
  if (resolved === undefined) return result;
  for (const [order, index] of indexes.entries()) result[index] = resolved[order] ?? "";
  return result;
}

/** The number of header lines (front matter or an unfenced header) before the body, 0 if none. */
export function headerLines(lines: readonly string[]): { count: number; style: string } {
  const parsed = safeParseMemoryFile(`${lines.join("\n")}\n`);
  if (!parsed.success || parsed.value.headerStyle === "none") return { count: 0, style: "none" };
  return { count: parsed.value.lineMap.bodyLine - 1, style: parsed.value.headerStyle };
}

/**
 * Edits stay in the body: a person's header (name, description, dates) stays the file's first
 * lines, else the description leaves the index and the next write adds a second header.
 */
export function headerRefusal(memoryPath: string, count: number, what: string): MemoryToolError {
  return new MemoryToolError(
    `Refused to ${what} in ${memoryPath}: lines 1-${count} are the file's front matter (name, description, dates), which stays the file's first lines. The body's first line is line ${count + 1}: insert at insert_line ${count} or later, or replace text from line ${count + 1} on. Nothing was written.`,
    { code: "invalid_insert_line" },
  );
}

/** The header fields (`name:`, `description:`) of `after` the model wrote: absent or other in `before`. */
export function headerWritten(after: readonly string[], before: readonly string[] = []) {
  const read = (lines: readonly string[]) => {
    const parsed = safeParseMemoryFile(`${lines.join("\n")}\n`);
    if (!parsed.success) return {};
    const header: Partial<Record<"name" | "description", string>> = { ...parsed.value.header };
    // A reader takes a blank field (`name: ""`, `name:`, `name: null`) for a missing one; a
    // writer that sets it blank wrote a field, so the shape check refuses it as blank.
    const headerText = lines.slice(0, parsed.value.lineMap.bodyLine - 1);
    for (const field of ["name", "description"] as const) {
      if (
        header[field] === undefined &&
        headerText.some((line) => line.trimStart().startsWith(`${field}:`))
      ) {
        header[field] = "";
      }
    }
    return header;
  };
  const [now, was] = [read(after), read(before)];
  const written: Partial<Record<"name" | "description", string>> = {};
  for (const field of ["name", "description"] as const) {
    const value = now[field];
    if (value !== undefined && value !== was[field]) written[field] = value;
  }
  return written;
}
