import { STATED_TAG } from "../text/fact-key.js";
import { localDay } from "../text/local-day.js";
import { MemoryFormatError } from "./memory-format-error.js";

/** One dated line of a subject file: the UTC date the user said it (`YYYY/MM/DD`) and the text. */
export type DatedLine = {
  /** Date tag as written, `YYYY/MM/DD` (the seed design's `[stated YYYY/MM/DD]`). */
  stated: string;
  /** The line's words, without the date tag. */
  text: string;
};

// `s`: a lone \r, U+2028 or U+2029 inside the text is part of the line (files split on \n only),
// and without it `.` stops there and the dated line reads as a mistyped tag.
const DATED_LINE = /^\s*\[stated (\d{4})\/(\d{2})\/(\d{2})\][ \t]+(\S.*?)\s*$/s;
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
 * Read one dated line of the form `[stated YYYY/MM/DD] text` (the seed design's line format).
 *
 * @param line - One line of a memory file, without its line break; surrounding spaces are ignored.
 * @returns `{ stated, text }`, or `undefined` when the line is not a dated line or its date is not a
 *   real calendar date (e.g. `2026/02/30`).
 * @example parseDatedLine("[stated 2026/09/12] uses Neovim") // { stated: "2026/09/12", text: "uses Neovim" }
 */
export function parseDatedLine(line: string): DatedLine | undefined {
  const match = DATED_LINE.exec(line);
  if (!match) return undefined;
  const [, year, month, day, text] = match;
  if (!isCalendarDate(Number(year), Number(month), Number(day)) || text === undefined) {
    return undefined;
  }
  return { stated: `${year}/${month}/${day}`, text };
}

/**
 * Write one dated line, `[stated YYYY/MM/DD] text`. Runs of white space in the text (line breaks
 * included) become one space, so the line never breaks.
 *
 * @param line - `{ stated: "YYYY/MM/DD", text }`; the text must not be blank.
 * @returns The line, without a line break.
 * @throws {MemoryFormatError} `invalid_fact_line` when `stated` is not a real `YYYY/MM/DD` date or
 *   the text is blank.
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
  return `[stated ${line.stated}] ${text}`;
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
