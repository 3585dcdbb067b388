import { createRequire } from "node:module";
import type { ParsedResult } from "chrono-node";

type Parse = (text: string, reference: { instant: Date; timezone: number }) => ParsedResult[];

const require = createRequire(import.meta.url);

// chrono-node 2.10's locale parsers (its README, "Locales": ja, fr, de, es, pt, nl, zh, ru, uk,
// it, ar beyond en; sv, fi, id and vi are left out: their weekday abbreviations "on", "ma", "la"
// match English words and they find no casual dates in our tests). The first that finds a
// relative date at a place wins; Japanese before Chinese (both read 明日). Each is loaded the
// first time a text holds its script or one of its relative words (the cue), so an English fact
// pays for no other parser and the CLI does not load eleven locales at start.
const PARSERS: ReadonlyArray<[locale: string, cue: RegExp]> = [
  ["ja", /[\u3040-\u30ff\u4e00-\u9fff]/u],
  ["zh", /[\u4e00-\u9fff]/u],
  ["fr", /demain|hier|aujourd|prochain|derni[eè]r|il y a|semaine|mois|ann[ée]e|lendemain|veille/iu],
  ["de", /heute|morgen|gestern|n[äa]chst|letzt|vor \d|woche|monat|jahr/iu],
  ["es", /\bhoy\b|mañana|ayer|pr[óo]xim|pasad|hace |semana|\bmes\b|\baño/iu],
  ["pt", /hoje|amanh[ãa]|ontem|pr[óo]xim|passad|\bh[áa] |semana|\bm[êe]s\b|\bano\b/iu],
  ["it", /\boggi\b|domani|\bieri\b|prossim|scors|settimana|\bmese\b|\banno\b/iu],
  ["nl", /vandaag|morgen|gisteren|volgende|vorige|geleden|\bweek\b|maand|jaar/iu],
  ["ru", /[\u0400-\u04ff]/u],
  ["uk", /[\u0400-\u04ff]/u],
  ["ar", /[\u0600-\u06ff]/u],
];

const loaded = new Map<string, Parse>();

function parserOf(locale: string): Parse {
  let parse = loaded.get(locale);
  if (parse === undefined) {
    parse = (require(`chrono-node/${locale}`) as { parse: Parse }).parse;
    loaded.set(locale, parse);
  }
  return parse;
}

// The tags of a relative date: a casual day word or an offset (times of day are habits).
const CASUAL_TAG =
  /^(?:casualReference\/(?:today|tomorrow|yesterday)|result\/relativeDate|parser\/\w+CasualDateParser)$/;
// The German and Chinese parsers tag nothing: their casual day words, from chrono's
// DECasualDateParser and ZHHans/ZHHantCasualDateParser.
const UNTAGGED_CASUAL =
  /^(?:heute|morgen|übermorgen|gestern|vorgestern|今天|明天|昨天|后天|後天|前天|今日|明日|昨日)$/iu;

function isRelative(result: ParsedResult): boolean {
  if ([...result.tags()].some((tag) => CASUAL_TAG.test(tag))) return true;
  return UNTAGGED_CASUAL.test(result.text.trim());
}

/**
 * Relative dates in languages other than English, by chrono-node's locale parsers (ja, zh, fr, de,
 * es, pt, it, nl, ru, uk, ar): a casual day word ("明日", "demain") or an offset ("la semaine
 * prochaine"); weekdays and absolute dates are left out, as in English. A result overlapping one
 * in `found` (English, or an earlier locale) is dropped.
 *
 * @example parseOtherLanguages("je commence demain", new Date("2026-09-12T12:00:00Z"), [])[0]?.text // "demain"
 */
export function parseOtherLanguages(
  text: string,
  instant: Date,
  found: readonly ParsedResult[],
): ParsedResult[] {
  const taken: Array<[number, number]> = found.map((r) => [r.index, r.index + r.text.length]);
  const added: ParsedResult[] = [];
  for (const [locale, cue] of PARSERS) {
    if (!cue.test(text)) continue;
    for (const result of parserOf(locale)(text, { instant, timezone: 0 })) {
      const start = result.index;
      const end = start + result.text.length;
      if (!isRelative(result) || /\b(?:every|each)\s+$/i.test(text.slice(0, start))) continue;
      if (taken.some(([from, to]) => start < to && from < end)) continue;
      taken.push([start, end]);
      added.push(result);
    }
  }
  return added;
}

/**
 * Day words of languages chrono has no parser for, with their offset in days from the session
 * date, or `null` when the word means both yesterday and tomorrow (Hindi कल, परसों: the tense of
 * the verb decides, so the fact is refused as `relative_date` rather than guessed). Sources:
 * Wiktionary entries of each word (ko 오늘/내일/어제/모레, tr bugün/yarın/dün, pl dziś/dzisiaj/
 * jutro/wczoraj, sv i dag/idag/i morgon/imorgon/i går/igår, hi आज/कल/परसों).
 */
export const LISTED_DAY_WORDS: ReadonlyArray<[word: string, days: number | null]> = [
  ["오늘", 0],
  ["내일", 1],
  ["어제", -1],
  ["모레", 2],
  ["bugün", 0],
  ["yarın", 1],
  ["dün", -1],
  ["dzisiaj", 0],
  ["dziś", 0],
  ["jutro", 1],
  ["wczoraj", -1],
  ["i dag", 0],
  ["idag", 0],
  ["i morgon", 1],
  ["imorgon", 1],
  ["i går", -1],
  ["igår", -1],
  ["आज", 0],
  ["कल", null],
  ["परसों", null],
];

// A listed word, not inside a longer word; a Korean word may carry a particle (내일은) but
// 오늘날 ("nowadays") is not a day. Hangul and Devanagari words only need a start boundary.
const LISTED = new RegExp(
  `(?<![\\p{L}\\p{M}])(?<word>${LISTED_DAY_WORDS.map(([word]) => word.replace(" ", "\\s+")).join("|")})(?!날)(?![a-zà-ɏ])`,
  "giu",
);

/** A day word of {@link LISTED_DAY_WORDS} found in a text. */
export type ListedDayWord = { index: number; text: string; days: number | null };

/**
 * The {@link LISTED_DAY_WORDS} in a text, in order, each with its UTF-16 index and offset in days.
 *
 * @example findListedDayWords("내일 치과에 간다") // [{ index: 0, text: "내일", days: 1 }]
 */
export function findListedDayWords(text: string): ListedDayWord[] {
  return [...text.matchAll(LISTED)].map((match) => {
    const written = match[0].toLowerCase().replace(/\s+/g, " ");
    const days = LISTED_DAY_WORDS.find(([word]) => word === written)?.[1] ?? null;
    return { index: match.index, text: match[0], days };
  });
}
