import { STATED_TAG } from "../text/fact-key.js";
import { LINE_MARKER_SOURCE } from "../text/list-marker.js";
import { localDay } from "../text/local-day.js";
import { MemoryFormatError } from "./memory-format-error.js";

/** One dated line of a subject file: the UTC date the user said it (`YYYY/MM/DD`) and the text. */
export type DatedLine = {
  /** Date tag as written, `YYYY/MM/DD` (the seed design's `[stated YYYY/MM/DD]`). */
  stated: string;
  /** The line's words, without the date tag. */
  text: string;
  /**
   * The Markdown list marker written before the tag, with its indent (`- `, `  * `, `3. `), when
   * the line is a list item; the line is written back with it (decision 0101).
   */
  marker?: string;
};

// `s`: a lone \r, U+2028 or U+2029 inside the text is part of the line (files split on \n only),
// and without it `.` stops there and the dated line reads as a mistyped tag.
// A list marker before the tag is part of the line's shape, not of its words (decision 0101).
const DATED_LINE = new RegExp(
  String.raw`^(?:(?<marker>[ \t]*(?:${LINE_MARKER_SOURCE})[ \t]+)|\s*)\[stated (\d{4})\/(\d{2})\/(\d{2})\][ \t]+(\S.*?)\s*$`,
  "su",
);
/**
 * The start of a dated line, list marker or not, for a quick look over a whole file (flag `m`).
 */
export const DATED_LINE_START = new RegExp(
  String.raw`^(?:[ \t]*(?:${LINE_MARKER_SOURCE})[ \t]+|[ \t]*)\[stated \d{4}\/\d{2}\/\d{2}\]`,
  "mu",
);
const WHOLE_MARKER = new RegExp(String.raw`^[ \t]*(?:${LINE_MARKER_SOURCE})[ \t]+$`, "u");
const DATE_TAG = /^(\d{4})\/(\d{2})\/(\d{2})$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Whether a line starts with something that looks like a `[stated ...]` tag, valid or not. The file
 * parser uses it to tell a mistyped date tag from a line with no tag at all.
 */
export function hasStatedTag(line: string): boolean {
  return STATED_TAG.test(line);
}

/**
 * Read one dated line of the form `[stated YYYY/MM/DD] text` (the seed design's line format), also
 * as a Markdown list item (`- [stated …] text`, `* …`, `1. …`): the one parse of a dated line every
 * reader uses (decision 0101).
 *
 * @param line - One line of a memory file, without its line break; surrounding spaces are ignored.
 * @returns `{ stated, text, marker? }` (`marker` only for a list item), or `undefined` when the line
 *   is not a dated line or its date is not a real calendar date (e.g. `2026/02/30`).
 * @example parseDatedLine("[stated 2026/09/12] uses Neovim") // { stated: "2026/09/12", text: "uses Neovim" }
 * @example parseDatedLine("- [stated 2026/09/12] uses Neovim") // { stated: "2026/09/12", text: "uses Neovim", marker: "- " }
 */
export function parseDatedLine(line: string): DatedLine | undefined {
  const match = DATED_LINE.exec(line);
  if (!match) return undefined;
  const [, , year, month, day, text] = match;
  if (!isCalendarDate(Number(year), Number(month), Number(day)) || text === undefined) {
    return undefined;
  }
  const marker = match.groups?.marker;
  return marker === undefined
    ? { stated: `${year}/${month}/${day}`, text }
    : { stated: `${year}/${month}/${day}`, text, marker };
}

/**
 * The list marker for a line written after `previous` in the same list, so a new line takes the
 * file's own shape: the same bullet, or the next number (`3. ` after `2. `).
 *
 * @param previous - The marker of the line above (see {@link DatedLine.marker}); `undefined` for
 *   a line that is no list item.
 * @returns The marker for the next line, or `undefined` when `previous` is none.
 * @example nextListMarker("- ") // "- "
 * @example nextListMarker("  9) ") // "  10) "
 */
export function nextListMarker(previous: string | undefined): string | undefined {
  if (previous === undefined) return undefined;
  return previous.replace(/\d+/u, (number) => String(Number(number) + 1));
}

/**
 * The list marker for a line added at the end of a list (`remember`): the next after the last line
 * of the list's outer level, the least indented, so a line after a nested item ("  - " under
 * "- ") is not written as that item's child.
 *
 * @param markers - The markers of the file's dated lines in order (`undefined`: no list item).
 * @returns The marker for the new line, or `undefined` when the last such line has none.
 * @example appendedListMarker(["1. ", "  - ", "2. ", "   - "]) // "3. "
 */
export function appendedListMarker(markers: ReadonlyArray<string | undefined>): string | undefined {
  const indent = (marker: string | undefined) => /^\s*/u.exec(marker ?? "")?.[0].length ?? 0;
  const outer = Math.min(...markers.map(indent));
  return nextListMarker(markers.findLast((marker) => indent(marker) === outer));
}

/**
 * Write one dated line, `[stated YYYY/MM/DD] text`, after its list marker when it has one. Runs of
 * white space in the text (line breaks included) become one space, so the line never breaks.
 *
 * @param line - `{ stated: "YYYY/MM/DD", text, marker? }`; the text must not be blank.
 * @returns The line, without a line break.
 * @throws {MemoryFormatError} `invalid_fact_line` when `stated` is not a real `YYYY/MM/DD` date or
 *   the text is blank, or `marker` is no list marker.
 * @example formatDatedLine({ stated: "2026/09/12", text: "uses Neovim" }) // "[stated 2026/09/12] uses Neovim"
 */
export function formatDatedLine(line: DatedLine): string {
  const match = DATE_TAG.exec(line.stated);
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    throw new MemoryFormatError({
      code: "invalid_fact_line",
      message: `Cannot write the line "${line.text}": its date "${line.stated}" is not a YYYY/MM/DD calendar date. Build it with dateTag(now).`,
    });
  }
  const text = line.text.replace(/\s+/g, " ").trim();
  if (text === "") {
    throw new MemoryFormatError({
      code: "invalid_fact_line",
      message: `Cannot write a line dated ${line.stated} with blank text. Give the line's words.`,
    });
  }
  if (line.marker !== undefined && !WHOLE_MARKER.test(line.marker)) {
    throw new MemoryFormatError({
      code: "invalid_fact_line",
      message: `Cannot write the line "${text}" with the list marker ${JSON.stringify(line.marker)}: a marker is "- ", "* ", "+ ", "• " or "1. ", indented or not.`,
    });
  }
  return `${line.marker ?? ""}[stated ${line.stated}] ${text}`;
}

/**
 * The date tag for a moment: its calendar date in a time zone as `YYYY/MM/DD` (the seed design's
 * tag format), UTC unless a zone is given (see `localDay`).
 *
 * @param now - The moment; callers inject it so scenarios are deterministic.
 * @param timeZone - The user's IANA time zone (default `UTC`).
 * @returns `YYYY/MM/DD` of `now` in `timeZone`.
 * @throws {InvalidArgumentError} when `now` is an invalid Date or `timeZone` is no known time zone.
 * @example dateTag(new Date("2026-09-26T23:30:00-05:00")) // "2026/09/27"
 * @example dateTag(new Date("2026-11-29T23:00:00Z"), "Asia/Shanghai") // "2026/11/30"
 */
export function dateTag(now: Date, timeZone?: string): string {
  return localDay(now, timeZone).replace(/-/g, "/");
}
