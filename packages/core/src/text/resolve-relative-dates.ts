import { createRequire } from "node:module";
import type { ParsedResult } from "chrono-node";
import { MONTH_NAMES } from "./month-names.js";
import {
  dayOfWord,
  findListedDayWords,
  parseOtherLanguages,
  placedPhraseOf,
  sinceWeekday,
  timeOfDayOf,
} from "./relative-dates-other-languages.js";

type ParseEnglish = (
  text: string,
  reference: { instant: Date; timezone: number },
) => ParsedResult[];

const require = createRequire(import.meta.url);
let parseEnglish: ParseEnglish | undefined;

// Loaded on the first date to resolve: chrono-node costs ~140 ms to import, which a process that
// only recalls (a prompt hook) never needs.
function englishParser(): ParseEnglish {
  parseEnglish ??= (require("chrono-node/en") as { parse: ParseEnglish }).parse;
  return parseEnglish;
}

/** One relative time expression found in a text, and what it was resolved to. */
export type ResolvedDate = {
  /** The words as written, e.g. `next week`. */
  text: string;
  /** What replaced them, e.g. `in the week of 2026/09/14`. */
  replacement: string;
};

/** Result of {@link resolveRelativeDates}. */
export type ResolveRelativeDatesResult =
  | {
      ok: true;
      /** The text with every relative time replaced by an absolute date (unchanged when there was none). */
      text: string;
      /** What was replaced, in order; empty when the text had no relative time. */
      resolved: ResolvedDate[];
    }
  | {
      ok: false;
      /** `relative_date`: a relative time that cannot be pinned to a day, month or year; `no_session_date`: no valid date to resolve against. */
      code: "relative_date" | "no_session_date";
      /** The words refused. */
      found: string;
      /** What failed and how to fix it. */
      message: string;
    };

// Words before the expression that already say how the date relates ("until tomorrow"): the
// replacement then gets no "on"/"in" of its own.
const PREPOSITION_BEFORE =
  /\b(?:on|in|by|until|till|since|from|before|after|for|to|of|during|at)\s+$/i;

// "week", "month", "year" in the languages of `parseOtherLanguages` (Wiktionary), to tell
// "la semaine prochaine" (a week) from "demain" (a day) as the English checks do.
const WEEK_WORDS = /semaine|woche|semana|settimana|week|週|周|星期|недел|тижд|أسبوع|اسبوع/iu;
// Russian and Ukrainian "год"/"рок" are whole words: "сегодня"/"сьогодні" (today) hold "год".
const YEAR_WORDS =
  /\ban\b|année|jahr|año|\bano\b|anno|jaar|年|(?<!\p{L})(?:год(?:а|у|ом)?|рок(?:у|ом)?)(?!\p{L})|рік|سنة|عام/iu;
const MONTH_OR_YEAR_WORDS = new RegExp(
  `${YEAR_WORDS.source}|mois|monat|\\bmes\\b|mês|mese|maand|月|месяц|місяц|شهر`,
  "iu",
);

// Casual words chrono reads as times but that are not dates a memory must pin down ("now").
const NOT_A_DATE = new Set(["now", "right now"]);

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

// The span's words without the line break chrono may take after them.
function written(result: ParsedResult): string {
  return result.text.trimEnd();
}

function dayTag(date: Date): string {
  return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}`;
}

// Spans, not points in time: "married for 5 years", "for three months", "over the last 3 years",
// "the past two years". chrono reads them as offsets ("for 5 years" = in 5 years), which turned
// "has been married for 5 years" into "married in 2028" on LoCoMo; they stay as written.
const DURATION =
  /^(?:for|over|during|throughout)\s|^(?:past|last)\s+(?:\d+|a\s+few|few|several|couple\s+of|a\s+couple\s+of|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s/i;

// A weekday or weekend named by its place to the session ("last Friday", "next Monday", "this
// weekend") is one day. A weekday alone ("on Friday", "every Friday") may be a habit, and "this
// Tuesday" the one past or the one coming ("met Sam this Tuesday"): they stay as written.
const PLACED_DAY =
  /^(?:(?:last|next|past|coming)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:last|next|this|past|coming)\s+(weekend))$/i;

// A time of day chrono read with the day word: a casual time ("tomorrow morning", "hier soir",
// "завтра утром", "ontem à noite") or a clock time ("demain à 15h").
const TIME_TAG = /^casualReference\/(?:morning|afternoon|evening|noon|night|midnight)$/;

// The day word of a result that holds a time of day as well: chrono's span takes both, and
// replacing it all deleted the person's "morning" ("tomorrow morning" saved "on 2026/12/08").
// Only the day word is replaced and the time stays as written, as 0116 kept Spanish "mañana
// por la mañana" (decision 0123). The day word is the first or last word that chrono reads alone
// as the same day (`dayOfWord`: the parsers alone, whose context the span is); in a span written
// without spaces (昨天晚上) the shortest start that does.
function dayWordOf(result: ParsedResult, instant: Date): string | undefined {
  // chrono's German and Chinese parsers tag nothing, not even a time of day (昨天晚上).
  const tags = [...result.tags()];
  const timed =
    result.start.isCertain("hour") || tags.length === 0 || tags.some((tag) => TIME_TAG.test(tag));
  if (!timed) return undefined;
  const span = written(result);
  const day = dayTag(result.start.date()).replaceAll("/", "-");
  const sameDay = (word: string) => word !== "" && dayOfWord(word, instant) === day;
  const words = span.split(/\s+/u);
  if (words.length < 2) {
    const chars = [...span];
    for (let length = 1; length < chars.length; length++) {
      const start = chars.slice(0, length).join("");
      if (sameDay(start)) return start;
    }
    return undefined;
  }
  // The shortest run of the span's first words, then of its last, that the parsers read alone
  // as the same day: "the day after tomorrow" of "the day after tomorrow at 9am", whose clock time
  // stays as written (a longer run may take the time too: "übermorgen um 9" is read alone).
  for (let count = 1; count < words.length; count++) {
    const head = span.slice(0, spanEnd(span, count));
    if (sameDay(head)) return head;
  }
  for (let count = 1; count < words.length; count++) {
    const tail = words.slice(words.length - count).join(" ");
    if (span.endsWith(tail) && sameDay(tail)) return tail;
  }
  return undefined;
}

// Where the span's first `count` words end (its own spaces kept).
function spanEnd(span: string, count: number): number {
  let end = 0;
  for (const match of span.matchAll(/\S+/gu)) {
    end = match.index + match[0].length;
    if (--count === 0) break;
  }
  return end;
}

// English times of day after the day word, said as "the morning of" the date.
const ENGLISH_TIME_OF_DAY = /^\s+(morning|afternoon|evening|night)$/i;
// English casual words that hold a night: "last night" is the night of yesterday, "tonight" of
// today (chrono's ENCasualDateParser reads them as one day word; decision 0129).
const ENGLISH_NIGHT = /^(?:last\s+night|tonight)$/i;

function isRelative(result: ParsedResult): boolean {
  if (PLACED_DAY.test(result.text.trim())) return true;
  if (NOT_A_DATE.has(result.text.trim().toLowerCase())) return false;
  if (DURATION.test(result.text.trim())) return false;
  // Day-level words ("tomorrow", "last night") and offsets ("next week", "3 days ago") are dates;
  // times of day ("every morning", "this evening": chrono's casual *time* parser) are habits.
  const tags = result.tags();
  return tags.has("result/relativeDate") || tags.has("parser/ENCasualDateParser");
}

/**
 * Resolves relative times in a fact ("tomorrow", "next week", "3 days ago") against the session
 * date, so a memory carries absolute dates only (the second write-up). Parsing is chrono-node's,
 * English first, then its other locales (`parseOtherLanguages`), and a word list for languages it
 * lacks (`LISTED_DAY_WORDS`; a word meaning both yesterday and tomorrow, Hindi कल, is refused). A
 * day is written `YYYY/MM/DD` (the seed design's tag), a week as its Monday (another language: its
 * first and last day), a month as `August 2026` (`2026/09`), a year as `2027`; absolute dates,
 * weekdays and clock times stay as written, and so does a time of day said with a day word
 * ("demain matin" is `2026/09/13 matin`, "tomorrow morning" `on the morning of 2026/09/13`;
 * decision 0123) or in it ("last night" is `on the night of 2026/09/11`, "anoche" `2026/09/11 por
 * la noche`; decision 0129). See `docs/memory-folder.md`.
 *
 * @param text - A fact, description or body (chars).
 * @param sessionDate - The day the user said it: an ISO date `YYYY-MM-DD` (UTC).
 * @returns `{ ok: true, text, resolved }`, or `{ ok: false, code, found, message }`:
 *   `relative_date` when an expression cannot be pinned down, `no_session_date` when the text
 *   has a relative time and `sessionDate` is not a valid ISO date.
 * @example resolveRelativeDates("flies to Oslo tomorrow", "2026-09-12")
 * // { ok: true, text: "flies to Oslo on 2026/09/13", resolved: [{ text: "tomorrow", replacement: "on 2026/09/13" }] }
 */
export function resolveRelativeDates(
  text: string,
  sessionDate: string,
): ResolveRelativeDatesResult {
  const reference = /^\d{4}-\d{2}-\d{2}$/.test(sessionDate)
    ? new Date(`${sessionDate}T12:00:00Z`)
    : new Date(Number.NaN);
  const valid = !Number.isNaN(reference.getTime());
  const instant = valid ? reference : new Date(0);
  const results = englishParser()(text, { instant, timezone: 0 });
  // "every Friday", "each morning": a habit, not a date. "since Monday": the latest Monday.
  const english = results.flatMap((result) => {
    if (/\b(?:every|each)\s+$/i.test(text.slice(0, result.index))) return [];
    if (isRelative(result)) return [result];
    return sinceWeekday(text, result, instant) ?? [];
  });
  // "明日は歯医者に行く", "je commence demain": chrono's other parsers, where English found nothing.
  const others = new Set(parseOtherLanguages(text, instant, english));
  const relative = [...english, ...others].sort((a, b) => a.index - b.index);
  const listed = findListedDayWords(text);
  if (relative.length === 0 && listed.length === 0) return { ok: true, text, resolved: [] };
  if (!valid) {
    const found = relative[0]?.text ?? listed[0]?.text ?? "";
    return {
      ok: false,
      code: "no_session_date",
      found,
      message: `"${found}" is a relative time and there is no valid session date (got "${sessionDate}", expected YYYY-MM-DD) to resolve it against. Give the transcript its date.`,
    };
  }
  let output = "";
  let cursor = 0;
  const resolved: ResolvedDate[] = [];
  for (const result of relative) {
    const start = result.start;
    const date = start.date();
    const foreign = others.has(result);
    // "letzten Freitag", "le week-end dernier", "hace dos días", "since Monday": resolved as the
    // English phrase they stand for, read with the English words below.
    const phrase = placedPhraseOf(result);
    const words = (phrase ?? result.text).toLowerCase();
    const foreignWords = foreign && phrase === undefined;
    let absolute: string;
    let preposition: string;
    // The words replaced: the whole span, or its day word when a time of day stays.
    let span = result.text;
    let spanStart = 0;
    const placed = PLACED_DAY.exec(phrase ?? (foreign ? "" : result.text.trim()));
    if (placed?.[2] !== undefined) {
      // A weekend is written as its Saturday: chrono gives a day of it.
      const saturday = new Date(date);
      if (saturday.getUTCDay() === 0) saturday.setUTCDate(saturday.getUTCDate() - 1);
      const sunday = new Date(saturday);
      sunday.setUTCDate(saturday.getUTCDate() + 1);
      // Outside English the weekend is written as its first and last day, as a week is.
      absolute = foreign
        ? `${dayTag(saturday)}-${dayTag(sunday)}`
        : `the weekend of ${dayTag(saturday)}`;
      preposition = "on";
    } else if (placed !== null) {
      absolute = dayTag(date);
      preposition = "on";
    } else if ((foreignWords ? WEEK_WORDS : /\bweeks?\b/).test(words) && start.isCertain("day")) {
      const monday = new Date(date);
      monday.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
      const sunday = new Date(monday);
      sunday.setUTCDate(monday.getUTCDate() + 6);
      // Outside English the week is written as its first and last day: `2026/09/14-2026/09/20`.
      absolute = foreign ? `${dayTag(monday)}-${dayTag(sunday)}` : `the week of ${dayTag(monday)}`;
      preposition = "in";
    } else if (
      start.isCertain("day") &&
      !(foreignWords ? MONTH_OR_YEAR_WORDS : /\b(?:months?|years?)\b/).test(words)
    ) {
      absolute = dayTag(date);
      preposition = "on";
      const time = timeOfDayOf(result);
      const dayWord = dayWordOf(result, instant);
      if (time !== undefined) absolute += time;
      else if (!foreign && ENGLISH_NIGHT.test(dayWord ?? written(result)))
        absolute = `the night of ${absolute}`;
      if (dayWord !== undefined) {
        const time = written(result).slice(dayWord.length);
        const englishTime = foreign ? null : ENGLISH_TIME_OF_DAY.exec(time);
        if (englishTime) {
          absolute = `the ${englishTime[1]} of ${absolute}`;
        } else if (written(result).startsWith(dayWord)) {
          span = dayWord;
        } else {
          spanStart = written(result).length - dayWord.length;
          span = dayWord;
        }
      }
    } else if (
      start.isCertain("month") &&
      !(foreignWords ? YEAR_WORDS : /\byears?\b/).test(words)
    ) {
      // Outside English the month is written as the date tag's month: `2026/09`.
      absolute = foreign
        ? `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}`
        : `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
      preposition = "in";
    } else if (start.isCertain("year")) {
      absolute = String(date.getUTCFullYear());
      preposition = "in";
    } else {
      return {
        ok: false,
        code: "relative_date",
        found: result.text,
        message: `"${result.text}" is a relative time that cannot be pinned to a day, month or year from the session date ${sessionDate}. Restate the fact with an absolute date (YYYY/MM/DD).`,
      };
    }
    const before = text.slice(cursor, result.index + spanStart);
    // In another language the date stands alone ("2026/09/13は歯医者に行く"): no English "on".
    const replacement =
      foreign || PREPOSITION_BEFORE.test(before) ? absolute : `${preposition} ${absolute}`;
    output += before + replacement;
    cursor = result.index + spanStart + span.length;
    resolved.push({ text: span, replacement });
  }
  output += text.slice(cursor);
  return resolveListedDayWords(output, reference, sessionDate, resolved);
}

// The day words of languages chrono has no parser for ("내일", "yarın"), in the text the chrono
// pass left (its replacements are dates, which hold none of these words).
function resolveListedDayWords(
  text: string,
  reference: Date,
  sessionDate: string,
  resolved: ResolvedDate[],
): ResolveRelativeDatesResult {
  let output = "";
  let cursor = 0;
  for (const word of findListedDayWords(text)) {
    if (word.days === null) {
      return {
        ok: false,
        code: "relative_date",
        found: word.text,
        message: `"${word.text}" means both yesterday and tomorrow; the session date ${sessionDate} cannot say which. Restate the fact with an absolute date (YYYY/MM/DD).`,
      };
    }
    const day = new Date(reference);
    day.setUTCDate(reference.getUTCDate() + word.days);
    output += text.slice(cursor, word.index) + dayTag(day);
    cursor = word.index + word.text.length;
    resolved.push({ text: word.text, replacement: dayTag(day) });
  }
  return { ok: true, text: output + text.slice(cursor), resolved };
}
