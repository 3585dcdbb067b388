import { safeParseMemoryFile } from "../format/memory-file.js";
import type { MemoryRow } from "../store/types.js";
import { LINE_MARKER } from "../text/list-marker.js";
import { oneLine } from "./fence.js";

/** A recall unit as a file holds it, before any request scores it. */
export type FileUnit = {
  /** The file it sits in. */
  path: string;
  /** The fact as stored, one line, without its date tag. */
  text: string;
  /** `[stated YYYY/MM/DD]` of a line, or `updated:` of a fact file; absent when unknown. */
  date?: string;
  /** `line`: one of several dated lines of a file; `body`: a file that holds one fact. */
  kind: "line" | "body";
};

/**
 * The recall units of one memory file: each dated line (subject layout) and each line a person
 * wrote beside them without a tag (dated by `updated:`), or else the whole body as one unit (a
 * fact file, or a file with no dated lines), dated by `updated:`. Headings and blank lines are no
 * unit. A file a person broke by hand (front matter that does not parse) is still recalled, as
 * plain text, never refused.
 *
 * @param row - The file's row (as `store.list()` gives it).
 * @param content - The file's text.
 * @returns The units in file order; `[]` for an empty body.
 * @example unitsOfFile(row, "---\nname: pets\n---\n[stated 2026/05/08] adopted a beagle\n")
 */
export function unitsOfFile(row: MemoryRow, content: string): FileUnit[] {
  const parsed = safeParseMemoryFile(content, { path: row.path });
  const facts = parsed.success ? parsed.value.facts : [];
  if (parsed.success && facts.length > 0) {
    return parsed.value.lines.flatMap((line): FileUnit[] => {
      if (line.kind === "dated")
        return [{ path: row.path, text: oneLine(line.text), date: line.stated, kind: "line" }];
      const text = oneLine(line.text.replace(LINE_MARKER, ""));
      if (text === "" || text.startsWith("#") || text === "---") return [];
      return row.updated === undefined
        ? [{ path: row.path, text, kind: "line" }]
        : [{ path: row.path, text, date: row.updated, kind: "line" }];
    });
  }
  const bodyLines = parsed.success
    ? parsed.value.lines.flatMap((line) => (line.kind === "text" ? [line.text] : []))
    : [content];
  const body = oneLine(bodyLines.join(" "));
  if (body === "") return [];
  return [
    {
      path: row.path,
      text: body,
      kind: "body",
      ...(row.updated === undefined ? {} : { date: row.updated }),
    },
  ];
}
