import { createRequire } from "node:module";
import type { ParsedResult } from "chrono-node";
import { memoizeText } from "./memo.js";
import { RELATIVE_DATE_PHRASES } from "./relative-date-phrases.js";

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
  [
    "fr",
    /demain|hier|aujourd|prochain|derni[eè]r|il y a|depuis|semaine|mois|ann[ée]e|lendemain|veille/iu,
  ],
  [
    "de",
    /heute|morgen|gestern|n[äa]chst|letzt|vorig|kommend|vor \d|seit|\btagen?\b|woche|monat|jahr/iu,
  ],
  ["es", /\bhoy\b|mañana|ayer|pr[óo]xim|pasad|hace |desde|semana|\bmes\b|\baño/iu],
  ["pt", /hoje|amanh[ãa]|ontem|pr[óo]xim|passad|\bh[áa] |desde|semana|\bm[êe]s\b|\bano\b/iu],
  ["it", /\boggi\b|domani|\bieri\b|prossim|scors|settimana|\bmese\b|\banno\b|giorn[oi]|\bfa\b/iu],
  [
    "nl",
    /vandaag|morgen|gisteren|volgende|vorige|afgelopen|komende|geleden|sinds|\bweek\b|maand|jaar/iu,
  ],
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

// A short text parsed alone (the English phrase a row stands for, a day word tried alone) is the
// same few texts again and again: one chrono parse each per locale and session instant. A result
// is read, never changed (`placedResult` makes a new object over it). Keyed by locale, instant and
// text; 10,000 keys are a long import's worth of sessions.
const parsedAlone = memoizeText((key) => {
  const [locale = "en", instant = "", text = ""] = key.split("\u0000");
  return parserOf(locale)(text, { instant: new Date(instant), timezone: 0 });
}, 10_000);

function parseAlone(locale: string, text: string, instant: Date): ParsedResult[] {
  return parsedAlone(`${locale}\u0000${instant.toISOString()}\u0000${text}`);
}

/**
 * Whether chrono reads `word` alone, as a whole, as a day in English or in a locale whose cue it
 * holds, and which: the UTC date (`YYYY-MM-DD`) of that day, or `undefined`. No context rule of
 * {@link parseOtherLanguages} applies: the caller has the context (the day word of a span chrono
 * read with a time of day, decision 0123). Parses are kept per word and instant.
 *
 * @param word - One word or a span without spaces (chars).
 * @param instant - The session instant.
 * @example dayOfWord("hier", new Date("2026-12-08T12:00:00Z")) // "2026-12-07"
 */
export function dayOfWord(word: string, instant: Date): string | undefined {
  const locales = ["en", ...PARSERS.filter(([, cue]) => cue.test(word)).map(([locale]) => locale)];
  for (const locale of locales) {
    const alone = parseAlone(locale, word, instant).find((result) => result.text.trim() === word);
    if (alone !== undefined) return alone.start.date().toISOString().slice(0, 10);
  }
  return undefined;
}

// The tags of a relative date: a casual day word or an offset (times of day are habits).
const CASUAL_TAG =
  /^(?:casualReference\/(?:today|tomorrow|yesterday)|result\/relativeDate|parser\/\w+CasualDateParser)$/;
// The German and Chinese parsers tag nothing: their casual day words, from chrono's
// DECasualDateParser and ZHHans/ZHHantCasualDateParser.
const UNTAGGED_DAY_WORDS = "heute|morgen|übermorgen|gestern|vorgestern";
const UNTAGGED_CJK_DAY_WORDS = "今天|明天|昨天|后天|後天|前天|今日|明日|昨日";
const UNTAGGED_CASUAL = new RegExp(`^(?:${UNTAGGED_DAY_WORDS}|${UNTAGGED_CJK_DAY_WORDS})$`, "iu");
// The same words first in a span chrono read with a time of day ("gestern Abend", tagged only
// as an evening; 昨天晚上, tagged nothing).
const UNTAGGED_CASUAL_FIRST = new RegExp(
  `^(?:(?:${UNTAGGED_DAY_WORDS})\\s|${UNTAGGED_CJK_DAY_WORDS})`,
  "iu",
);

function isRelative(result: ParsedResult): boolean {
  if ([...result.tags()].some((tag) => CASUAL_TAG.test(tag))) return true;
  const written = result.text.trim();
  return UNTAGGED_CASUAL.test(written) || UNTAGGED_CASUAL_FIRST.test(written);
}

// "last" and "next" beside a weekday or the weekend in the languages forget knows besides English
// (German, French, Spanish, Portuguese, Italian, Dutch, Russian: decision 0089), each on the side
// it is written (Wiktionary): "letzten Freitag", "lundi prochain", "el viernes pasado", "в прошлую
// пятницу". A weekday alone ("Freitag ist mein Lieblingstag", "le lundi au soleil", "viernes
// negro") has none, and stays as written, as in English (decision 0101). One word list per side
// and place: a weekday reads the place it is written in, the weekend either place of a side
// ("letztes Wochenende", "el fin de semana que viene").
const PLACE_WORDS = {
  last: {
    before: ["letzte[nrs]?", "vorige[nrs]?", "afgelopen", "прошл\\p{L}*"],
    after: ["derni[eè]re?", "pasad[oa]", "passad[oa]", "scors[oa]"],
  },
  next: {
    before: [
      "n[äa]chste[nrs]?",
      "kommende[nrs]?",
      "volgende",
      "komende",
      "следующ\\p{L}*",
      "будущ\\p{L}*",
      "pr[óo]xim[oa]",
      "prossim[oa]",
      "prochaine?",
    ],
    after: ["prochaine?", "pr[óo]xim[oa]", "prossim[oa]", "que\\s+viene", "que\\s+vem"],
  },
} as const;
const oneWord = (words: readonly string[]) => new RegExp(`^(?:${words.join("|")})$`, "iu");
const LAST_BEFORE = oneWord(PLACE_WORDS.last.before);
const LAST_AFTER = oneWord(PLACE_WORDS.last.after);
const NEXT_BEFORE = oneWord(PLACE_WORDS.next.before);
const NEXT_AFTER = oneWord(PLACE_WORDS.next.after);
const eitherPlace = (side: { before: readonly string[]; after: readonly string[] }) =>
  [...new Set([...side.before, ...side.after])].join("|");
const LAST_WORDS = eitherPlace(PLACE_WORDS.last);
const NEXT_WORDS = eitherPlace(PLACE_WORDS.next);
const WEEKEND_WORDS =
  "wochenende|week-?end|fin\\s+de\\s+semana|fim\\s+de\\s+semana|fine\\s+settimana|выходн\\p{L}*";
const PLACED_WEEKEND = new RegExp(
  `(?<![\\p{L}-])(?:(?<last>${LAST_WORDS})\\s+(?:${WEEKEND_WORDS})|(?<next>${NEXT_WORDS})\\s+(?:${WEEKEND_WORDS})|(?:${WEEKEND_WORDS})\\s+(?:(?<lastAfter>${LAST_WORDS})|(?<nextAfter>${NEXT_WORDS})))(?![\\p{L}-])`,
  "giu",
);
// Day words chrono's parsers miss or read a part of, each with its offset in days from the
// session and, for a word that holds a time of day, that time as its language writes it after a
// date. The day before yesterday and the day after tomorrow, as one word or a fixed phrase, in
// the languages chrono reads but whose parsers miss them or read their last word alone
// ("avant-hier" as "hier", "pasado mañana" as "mañana", "depois de amanhã" as "amanhã": a new
// user's trial saved "avant-2026/12/06"; decision 0116). Wiktionary's entries for each word;
// German "vorgestern" and "übermorgen" and Italian "dopodomani" are chrono's own. Japanese 一昨日
// holds 昨日, which chrono's ja parser read alone ("一2026/12/06"), and 一昨昨日 holds both:
// longest first (decision 0123). Chinese 大前天 and 大后天 are three days off. Last night and
// tonight as one word (Spanish "anoche", Chinese 昨晚 and 今晚, Japanese 昨夜 and 今夜, Dutch
// "gisteravond" and "vanavond", Italian "stasera"): their day is replaced and their time of day
// written beside it as their language says it ("anoche" is "2026/12/07 por la noche"), as 0123
// keeps "hier soir" as "2026/12/07 soir" (decision 0129).
const DAY_WORDS: ReadonlyArray<[phrase: string, days: -3 | -2 | -1 | 0 | 2 | 3, time?: string]> = [
  ["一昨昨日", -3],
  ["一昨日", -2],
  ["大前天", -3],
  ["大后天", 3],
  ["avant-hier", -2],
  ["après-demain", 2],
  ["anteayer", -2],
  ["antier", -2],
  ["antes\\s+de\\s+ayer", -2],
  ["pasado\\s+mañana", 2],
  ["anteontem", -2],
  ["depois\\s+de\\s+amanh[ãa]", 2],
  ["l['’]\\s*altro\\s*ieri", -2],
  ["ieri\\s+l['’]altro", -2],
  ["eergisteren", -2],
  ["overmorgen", 2],
  ["позавчера", -2],
  ["послезавтра", 2],
  ["позавчора", -2],
  ["післязавтра", 2],
  ["anoche", -1, " por la noche"],
  ["昨晚", -1, "晚上"],
  ["今晚", 0, "晚上"],
  ["昨夜", -1, "の夜"],
  ["今夜", 0, "の夜"],
  ["gisteravond", -1, " 's avonds"],
  ["vanavond", 0, " 's avonds"],
  ["stasera", 0, " sera"],
];
// Words of scripts written without spaces (一昨日自転車を買った) have no letter boundary.
const DAY_WORD_PATTERN = new RegExp(
  `(?<![\\p{Script=Latin}\\p{Script=Cyrillic}-])(?:${DAY_WORDS.map(([phrase]) => `(${phrase})`).join("|")})(?![\\p{Script=Latin}\\p{Script=Cyrillic}-])`,
  "giu",
);
// A part of a word joined by a hyphen is no date of its own ("sous-demain" is not "demain").
const IN_COMPOUND_BEFORE = /\p{L}-$/u;
const IN_COMPOUND_AFTER = /^-\p{L}/u;
// A word for tomorrow that is also the noun for morning is the morning after an article, a
// determiner or a preposition that takes a noun (Wiktionary): Spanish "por la mañana", "esta
// mañana", "cada mañana"; German "am Morgen", "jeden Morgen", "Guten Morgen", "den ganzen
// Morgen"; Dutch "de morgen", "elke morgen". A time of day, it stays as written as "this morning"
// does (decisions 0116, 0129). German writes the noun with a capital: "Morgen" after a word that
// ends as an inflected adjective does ("ein schöner Morgen", "an einem kalten Morgen") is the
// noun too, where "morgen" after a verb ("wir gehen morgen") is tomorrow.
const MORNING_NOUNS: Readonly<
  Record<"es" | "de" | "nl", { word: RegExp; before: RegExp; capitalBefore?: RegExp }>
> = {
  es: {
    word: /^mañana$/iu,
    before: /(?:^|[^\p{L}])(?:la|las|esta|una|cada|media|toda|de)\s+$/iu,
  },
  de: {
    word: /^morgen$/iu,
    before:
      /(?:^|[^\p{L}])(?:am|im|vom|zum|beim|jeden|jedem|jeder|den|der|dem|des|die|das|ein|eines|einen|einem|diesen|diesem|dieser|dieses|jenen|jenem|welchen|guten|ganzen|am\s+nächsten|bis\s+zum)\s+$/iu,
    capitalBefore: /\p{Ll}(?:e|en|er|es|em)\s+$/u,
  },
  nl: {
    word: /^morgen$/iu,
    before: /(?:^|[^\p{L}])(?:de|een|deze|die|elke|iedere|hele|goede|goeie)\s+$/iu,
  },
};

// Whichever parser read the word: German and Dutch both read "morgen".
function isMorningNoun(written: string, before: string): boolean {
  return Object.values(MORNING_NOUNS).some(
    (noun) =>
      noun.word.test(written) &&
      (noun.before.test(before) ||
        (/^\p{Lu}/u.test(written) && noun.capitalBefore?.test(before) === true)),
  );
}
// French "hier" is German and Dutch "here" ("ich wohne hier seit 2020" was saved "ich wohne
// 2026/12/08 seit 2020"): it is yesterday only in a text with a French word besides it (pronouns,
// verbs "être" and "avoir", articles, prepositions; none of them a German or Dutch word).
const FRENCH_WORDS =
  /(?<![\p{L}])(?:j['’]|c['’]|qu['’]|il|elle|nous|vous|ils|elles|suis|est|sommes|êtes|sont|ai|avons|avez|ont|était|été|le|la|les|une|des|du|au|aux|et|à|chez|avec|dans|pour)(?![\p{L}])/iu;

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** The English phrase a placed day found in another language is resolved as ("last friday"). */
const placedPhrases = new WeakMap<ParsedResult, string>();
/** The time of day a day word of {@link DAY_WORDS} holds, as its language writes it after a date. */
const timesOfDay = new WeakMap<ParsedResult, string>();

/**
 * The time of day a result of {@link parseOtherLanguages} holds in its one word, written as its
 * language writes it after the date ("anoche": `" por la noche"`; 昨晚: `"晚上"`), or `undefined`.
 */
export function timeOfDayOf(result: ParsedResult): string | undefined {
  return timesOfDay.get(result);
}

/**
 * The English phrase ("last friday", "next weekend") a result of {@link parseOtherLanguages}
 * stands for, when it is a weekday or weekend placed by "last"/"next" in its language.
 */
export function placedPhraseOf(result: ParsedResult): string | undefined {
  return placedPhrases.get(result);
}

// The English result for `phrase` (or chrono's `locale` result for it), at the span the other
// language wrote it. `kind` is the English phrase the resolution reads ("last friday" for 上周五).
function placedResult(
  phrase: string,
  index: number,
  text: string,
  instant: Date,
  locale = "en",
  kind = phrase,
): ParsedResult | undefined {
  const parsed = parseAlone(locale, phrase, instant)[0];
  if (parsed === undefined || parsed.text !== phrase) return undefined;
  const result = Object.assign(Object.create(parsed) as ParsedResult, { index, text });
  placedPhrases.set(result, kind);
  return result;
}

const PHRASE_ROWS = RELATIVE_DATE_PHRASES.map(
  ([source, reading]) => [new RegExp(source, "giu"), reading] as const,
);
// Every row at once: one scan tells a text that holds none (most facts) from one to read row by
// row.
const ANY_PHRASE = new RegExp(RELATIVE_DATE_PHRASES.map(([source]) => source).join("|"), "iu");

// The rows of `RELATIVE_DATE_PHRASES` found in `text`, each as the result of what it stands for.
function phraseResults(text: string, instant: Date): ParsedResult[] {
  const results: ParsedResult[] = [];
  if (!ANY_PHRASE.test(text)) return results;
  for (const [pattern, reading] of PHRASE_ROWS) {
    for (const match of text.matchAll(pattern)) {
      const read = reading(match.slice(1).filter((group) => group !== undefined));
      if (read === undefined) continue;
      const kind = read.kind ?? read.phrase;
      const result = placedResult(read.phrase, match.index, match[0], instant, read.locale, kind);
      if (result !== undefined) results.push(result);
    }
  }
  return results;
}

// "since"/"seit"/"depuis"/"desde (el)"/"sinds" right before a weekday: the latest one before the
// session ("since Monday" said on a Wednesday is two days ago), and the word stays as written.
const SINCE_BEFORE = /(?:^|[^\p{L}])(?:since|seit|depuis|desde|sinds)\s+(?:(?:el|o|a)\s+)?$/iu;
// A weekday that is part of a name: "Monday.com", "Friday-Software", "Mondays".
const NAME_AFTER = /^(?:[.-]?\p{L})/u;

/**
 * A weekday alone that "since" (or its word in German, French, Spanish, Portuguese or Dutch)
 * places, read as the latest such day before the session: the result of "last <weekday>" at the
 * weekday's span, or `undefined`.
 *
 * @example sinceWeekday("since Monday", monday, instant)?.text // "Monday", resolved as "last monday"
 */
export function sinceWeekday(
  text: string,
  result: ParsedResult,
  instant: Date,
): ParsedResult | undefined {
  if (!result.start.isCertain("weekday") || result.start.isCertain("day")) return undefined;
  const weekday = WEEKDAYS[result.start.get("weekday") ?? -1];
  if (weekday === undefined) return undefined;
  const written = result.text.trimEnd();
  if (!SINCE_BEFORE.test(text.slice(0, result.index))) return undefined;
  if (NAME_AFTER.test(text.slice(result.index + written.length))) return undefined;
  return placedResult(`last ${weekday}`, result.index, written, instant, "en", `last ${weekday}`);
}

// A weekday chrono's locale parser found, with "last"/"next" inside it or beside it: the span
// grown to take that word, and the English phrase.
function placedWeekday(
  text: string,
  result: ParsedResult,
): { index: number; text: string; phrase: string } | undefined {
  if (!result.start.isCertain("weekday") || result.start.isCertain("day")) return undefined;
  const weekday = WEEKDAYS[result.start.get("weekday") ?? -1];
  if (weekday === undefined) return undefined;
  const inside = result.text.split(/\s+/u);
  const before = /(\p{L}+)\s+$/u.exec(text.slice(0, result.index));
  const after = /^\s+(\p{L}+(?:\s+(?:viene|vem))?)/u.exec(
    text.slice(result.index + result.text.length),
  );
  const place = (words: string[], last: RegExp, next: RegExp) =>
    words.some((word) => last.test(word))
      ? "last"
      : words.some((word) => next.test(word))
        ? "next"
        : undefined;
  const within = place(inside, LAST_BEFORE, NEXT_BEFORE) ?? place(inside, LAST_AFTER, NEXT_AFTER);
  if (within !== undefined) {
    // The parser's span may end in the line break after its words ("lundi prochain\n"): the
    // span is the words, so a replacement keeps the break.
    return { index: result.index, text: result.text.trimEnd(), phrase: `${within} ${weekday}` };
  }
  const ahead = before ? place([before[1] ?? ""], LAST_BEFORE, NEXT_BEFORE) : undefined;
  if (ahead !== undefined && before) {
    const index = result.index - before[0].length;
    return { index, text: `${before[0]}${result.text}`, phrase: `${ahead} ${weekday}` };
  }
  const behind = after ? place([after[1] ?? ""], LAST_AFTER, NEXT_AFTER) : undefined;
  if (behind !== undefined && after) {
    return {
      index: result.index,
      text: `${result.text}${after[0]}`,
      phrase: `${behind} ${weekday}`,
    };
  }
  return undefined;
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
  const take = (result: ParsedResult) => {
    const start = result.index;
    const end = start + result.text.length;
    if (taken.some(([from, to]) => start < to && from < end)) return;
    taken.push([start, end]);
    added.push(result);
  };
  for (const match of text.matchAll(DAY_WORD_PATTERN)) {
    const at = match.slice(1).findIndex((group) => group !== undefined);
    const [, days = -2, time] = DAY_WORDS[at] ?? [];
    const phrase =
      days === 0
        ? "today"
        : days === -1
          ? "yesterday"
          : days > 0
            ? `in ${days} days`
            : `${-days} days ago`;
    const result = placedResult(phrase, match.index, match[0], instant);
    if (result === undefined) continue;
    if (time !== undefined) timesOfDay.set(result, time);
    take(result);
  }
  for (const match of text.matchAll(PLACED_WEEKEND)) {
    const { last, lastAfter } = match.groups ?? {};
    const phrase = last !== undefined || lastAfter !== undefined ? "last weekend" : "next weekend";
    const result = placedResult(phrase, match.index, match[0], instant);
    if (result !== undefined) take(result);
  }
  for (const result of phraseResults(text, instant)) take(result);
  for (const [locale, cue] of PARSERS) {
    if (!cue.test(text)) continue;
    for (const result of parserOf(locale)(text, { instant, timezone: 0 })) {
      const before = text.slice(0, result.index);
      if (/\b(?:every|each)\s+$/i.test(before)) continue;
      if (IN_COMPOUND_BEFORE.test(before)) continue;
      if (IN_COMPOUND_AFTER.test(text.slice(result.index + result.text.length))) continue;
      if (isMorningNoun(result.text.trim(), before)) continue;
      if (locale === "fr" && /^hier$/iu.test(result.text.trim()) && !FRENCH_WORDS.test(text)) {
        continue;
      }
      if (isRelative(result)) {
        take(result);
        continue;
      }
      const placed = placedWeekday(text, result);
      const english =
        (placed && placedResult(placed.phrase, placed.index, placed.text, instant)) ??
        sinceWeekday(text, result, instant);
      if (english) take(english);
    }
  }
  return added;
}

/**
 * Day words of languages chrono has no parser for, with their offset in days from the session
 * date, or `null` when the word means both yesterday and tomorrow (Hindi कल, परसों: the tense of
 * the verb decides, so the fact is refused as `relative_date` rather than guessed). Sources:
 * Wiktionary entries of each word (ko 오늘/내일/어제/모레, tr bugün/yarın/dün, pl dziś/dzisiaj/
 * jutro/wczoraj, sv i dag/idag/i morgon/imorgon/i går/igår, hi आज/कल/परसों; ko 내일모레 and
 * 그저께, which hold 내일 and 어제's neighbours and were written "2026/12/08모레": decision 0123).
 */
export const LISTED_DAY_WORDS: ReadonlyArray<[word: string, days: number | null]> = [
  ["오늘", 0],
  ["내일", 1],
  ["어제", -1],
  ["모레", 2],
  ["내일모레", 2],
  ["그저께", -2],
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
// 오늘날 ("nowadays") and 어제오늘 ("these days") are not days. Hangul and Devanagari words only
// need a start boundary; the longest word is tried first (내일모레 before 내일).
const LISTED = new RegExp(
  `(?<![\\p{L}\\p{M}])(?<word>${[...LISTED_DAY_WORDS]
    .sort(([a], [b]) => b.length - a.length)
    .map(([word]) => word.replace(" ", "\\s+"))
    .join("|")})(?!날|오늘)(?![a-zà-ɏ])`,
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
