import { factKey } from "../text/fact-key.js";
import { LINE_MARKER } from "../text/list-marker.js";

/** A line a person typed in a subject file, read as a dated line: see {@link readTypedLine}. */
export type TypedLine = {
  /** The line's words, without the list marker and the date. */
  text: string;
  /** The date as typed (`2026-11-20`, `12/03/2026`), when the line starts with one. */
  typed?: string;
  /** The date as `YYYY/MM/DD`, when the typed date has one reading and it is a calendar date. */
  stated?: string;
  /** The line in canonical form, `[stated YYYY/MM/DD] text`, when `stated` is known. */
  canonical?: string;
};

// A date at the start, inside `[stated …]`, inside brackets, or bare, then the fact:
// `[stated 2026-11-20] …`, `[2026.11.20] …`, `12/03/2026 …`, `2026-11-20: …`.
const TYPED_DATE =
  /^(?:\[\s*(?:stated\s+)?(?<bracketed>[^\]\n]*?)\s*\]|(?<bare>\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}))\s*[:\u2013\u2014-]?\s+/iu;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const YEAR_LAST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

function calendarDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, "0")}/${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}`;
}

/**
 * The one reading of a typed date as `YYYY/MM/DD`: year first (`2026-11-20`, `2026.11.20`), or
 * year last with day and month in either order when only one order is a date (`20/11/2026`,
 * `11/20/2026`; `12/03/2026` could be 12 March or 3 December, so it has none).
 */
function canonicalDate(typed: string): string | undefined {
  const first = YEAR_FIRST.exec(typed);
  if (first) return calendarDate(Number(first[1]), Number(first[2]), Number(first[3]));
  const last = YEAR_LAST.exec(typed);
  if (!last) return undefined;
  const [a, b, year] = [Number(last[1]), Number(last[2]), Number(last[3])];
  const dayFirst = calendarDate(year, b, a);
  const monthFirst = calendarDate(year, a, b);
  if (dayFirst !== undefined && monthFirst !== undefined && dayFirst !== monthFirst) {
    return undefined;
  }
  return dayFirst ?? monthFirst;
}

/**
 * Reads a line a person typed in a subject file as a dated line: a list marker and a leading date
 * in any usual form are set apart from the fact's words, by which `replaces` and `forget` find it;
 * `check()` offers the canonical `[stated YYYY/MM/DD] …` form.
 *
 * @param raw - One body line as written, without its line break.
 * @returns `{ text, typed?, stated?, canonical? }`, or `undefined` for a heading, comment or blank.
 * @example readTypedLine("[stated 2026-11-20] works at Globex") // { text: "works at Globex", typed: "2026-11-20", stated: "2026/11/20", canonical: "[stated 2026/11/20] works at Globex" }
 * @example readTypedLine("12/03/2026 works at Globex") // { text: "works at Globex", typed: "12/03/2026" }
 */
export function readTypedLine(raw: string): TypedLine | undefined {
  const trimmed = raw.trim();
  if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith("<!--")) return undefined;
  const unlisted = trimmed.replace(LINE_MARKER, "");
  const dated = TYPED_DATE.exec(unlisted);
  if (!dated) return { text: unlisted };
  const typed = (dated.groups?.bracketed ?? dated.groups?.bare ?? "").trim();
  const text = unlisted.slice(dated[0].length).trim();
  // "[note] …" or "[x] …" (a task box) is not a date: the line keeps its words whole.
  if (text === "" || !/\d/.test(typed)) return { text: unlisted };
  const stated = canonicalDate(typed);
  if (stated === undefined) return { text, typed };
  return { text, typed, stated, canonical: `[stated ${stated}] ${text}` };
}

/**
 * The keys `replaces` names a line by, in the order tried (both layouts): its text as given, then
 * its words without a date typed in front ("2026-11-20 works at Globex"), read as a line is read
 * (see {@link readTypedLine}).
 *
 * @param text - What `replaces` says.
 * @returns One or two `factKey`s; `[""]` for blank text.
 * @example replacesKeys("12/03/2026 works at Globex") // ["12/03/2026 works at globex", "works at globex"]
 */
export function replacesKeys(text: string): string[] {
  const key = factKey(text);
  const typed = readTypedLine(text);
  const bare = typed?.typed === undefined ? "" : factKey(typed.text);
  return bare === "" || bare === key ? [key] : [key, bare];
}

/**
 * Whether a stored line is the one `replaces` names by `key` (one of {@link replacesKeys}): the
 * line as written, or its words read without a list marker and a typed date, as `forget` reads them.
 *
 * @param line - A body line as written.
 * @param key - A key of `replacesKeys`.
 * @returns `true` when the line has that key.
 * @example isLineNamed("[stated 2026-11-20] works at Globex", "works at globex") // true
 */
export function isLineNamed(line: string, key: string): boolean {
  if (key === "") return false;
  const words = readTypedLine(line)?.text;
  return factKey(line) === key || (words !== undefined && factKey(words) === key);
}
