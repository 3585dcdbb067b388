import { contentWords } from "./content-words.js";
import { foldText } from "./fold.js";
import { foldSearchText } from "./fold-accents.js";
import { lazy } from "./lazy.js";
import { shareWritingSystem } from "./writing-systems.js";

/**
 * The words a person uses to ask a memory to forget something or not to keep it, by language
 * (the languages of a forget query's request words, `forgetQueryText`, and English), folded as
 * {@link foldForRequest} folds a text (lower case, typographic apostrophes straight, Latin and Cyrillic accents dropped, ı as i). Entries
 * are separated by `|`; the words of one entry follow each other ("ne retiens pas"). Scripts
 * written without spaces, and Korean whose verbs take endings, are matched inside words.
 */
export const FORGET_REQUEST_VERBS: Readonly<Record<string, string>> = {
  en: "forget|don't remember|do not remember|don't keep|do not keep|don't save|do not save|don't store|do not store|don't note|do not note|stop remembering",
  zh: "忘记|忘掉|忘了|别记|不要记|删除|删掉",
  ja: "忘れて|忘れる|忘れろ|覚えないで|削除して|消して",
  ko: "잊어줘|잊어주세요|잊어버려|잊어|지워줘|삭제해줘|기억하지 마",
  fr: "oublie|oubliez|ne retiens pas|ne retenez pas|ne garde pas|ne gardez pas|ne note pas|ne notez pas|n'enregistre pas|n'enregistrez pas|efface|effacez",
  de: "vergiss|vergesst|vergessen sie|merk dir das nicht|merke dir das nicht|speicher das nicht|losche",
  es: "olvida|olvide|olviden|no recuerdes|no guardes|no anotes|borra",
  pt: "esqueca|esquece|nao guarde|nao guardes|nao anote|apague|apaga",
  it: "dimentica|dimenticate|non ricordare|non salvare|non annotare|cancella",
  nl: "vergeet|onthoud niet|onthoud dat niet|sla niet op|verwijder",
  ru: "забудь|забудьте|не запоминаи|не запоминаите|не сохраняи|удали|удалите|сотри",
  uk: "забудь|забудьте|не запам'ятовуи|не зберігаи|видали|видаліть",
  ar: "انس|انسى|لا تتذكر|لا تحفظ|احذف|امسح",
  tr: "unut|unutun|hatirlama|kaydetme|sil|silin",
  pl: "zapomnij|zapomnijcie|nie zapamietuj|nie zapisuj|usun",
  sv: "glom|kom inte ihag|spara inte|radera",
  hi: "भूल जाओ|भूल जाइए|याद मत रखो|मिटा दो|हटा दो",
};

/**
 * The words that ask a memory to keep something by saying not to forget it ("don't forget I'm
 * vegetarian", "vergiss nicht", "别忘了"), written as {@link FORGET_REQUEST_VERBS} is: a quote's
 * spans that match them are not a forget request.
 */
export const KEEP_REQUEST_VERBS: Readonly<Record<string, string>> = {
  en: "don't forget|do not forget|never forget|not to forget",
  zh: "不要忘记|不要忘了|别忘了|别忘记|不要忘掉|别忘掉",
  ja: "忘れないで|忘れるな",
  ko: "잊지 마|잊지마|잊지 말아",
  fr: "n'oublie pas|n'oubliez pas|oublie pas|oubliez pas",
  de: "vergiss nicht|vergiss bitte nicht|vergessen sie nicht|vergesst nicht|nicht vergessen",
  es: "no olvides|no olvide|no te olvides|no se olvide",
  pt: "nao esqueca|nao esquece|nao se esqueca|nao te esquecas",
  it: "non dimenticare|non dimenticate|non scordare",
  nl: "vergeet niet|niet vergeten",
  ru: "не забудь|не забудьте|не забываи",
  uk: "не забудь|не забудьте|не забуваи",
  ar: "لا تنس|لا تنسى",
  tr: "unutma|unutmayin",
  pl: "nie zapomnij|nie zapominaj",
  sv: "glom inte",
  hi: "मत भूलना|भूलना मत|भूलो मत",
};

// Languages whose verbs are matched inside a longer word: no spaces (zh, ja) or endings joined to
// the verb (ko).
const INSIDE_WORDS = new Set(["zh", "ja", "ko"]);

/** Folds a text as {@link FORGET_REQUEST_VERBS} is written: `foldText`, then `foldSearchText`. */
export function foldForRequest(text: string): string {
  return foldSearchText(foldText(text));
}

const asLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const verbsPattern = (table: Readonly<Record<string, string>>) => {
  const edge = (entries: string[]) =>
    `(?<![\\p{L}\\p{N}\\p{M}])(?:${entries.join("|")})(?![\\p{L}\\p{N}\\p{M}])`;
  const parts = Object.entries(table).map(([language, list]) => {
    const entries = list
      .split("|")
      .map((entry) => asLiteral(entry).replace(/ /g, "\\s+").replace(/'/g, "'?"));
    return INSIDE_WORDS.has(language) ? `(?:${entries.join("|")})` : edge(entries);
  });
  return new RegExp(parts.join("|"), "gu");
};

const REQUEST = lazy(() => verbsPattern(FORGET_REQUEST_VERBS));
const KEEP = lazy(() => verbsPattern(KEEP_REQUEST_VERBS));

// The part of a request word a fact about forgetting also holds ("forget" in "forgets names",
// "vergi" in "vergisst oft Namen", 忘 in 忘れっぽい): the longest word of the match, at most 5 chars
// (1 in a script without spaces).
function rootOf(match: string): string {
  const words = match.replace(/'/g, "").split(/\s+/);
  const longest = words.reduce((best, word) => (word.length >= best.length ? word : best), "");
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(longest)
    ? longest.slice(0, 1)
    : longest.slice(0, 5);
}

const sentences = lazy(() => new Intl.Segmenter(undefined, { granularity: "sentence" }));

/**
 * Whether a quote asks the memory to forget the fact (or not to keep it) rather than states it:
 * "Please forget that my sister lives in Lyon", "Oublie que j'aime les sushis", "忘记我喜欢咖啡".
 * A sentence of the quote holds a word of {@link FORGET_REQUEST_VERBS} and shares a content word
 * with the fact (any sentence when the two are in different scripts), and the fact itself is not
 * about forgetting (it does not hold the request word's root: "I always forget names" backs
 * "forgets names"). The model proposes and code decides (the seed design): a quote that asks
 * to forget is never the evidence that saves it.
 *
 * @param quote - The evidence quote, as the user said it.
 * @param fact - The proposed fact.
 * @returns `true` when the quote asks to forget rather than states.
 * @example asksToForget("Please forget that my sister lives in Lyon.", "the user's sister lives in Lyon") // true
 * @example asksToForget("I always forget people's names", "forgets people's names") // false
 */
export function asksToForget(quote: string, fact: string): boolean {
  const foldedFact = foldForRequest(fact);
  const factWords = new Set(contentWords(fact));
  for (const { segment } of sentences().segment(quote)) {
    const folded = blankKeepRequests(foldForRequest(segment));
    const matches = [...folded.matchAll(REQUEST())].filter(
      (match) => !foldedFact.includes(rootOf(match[0])),
    );
    if (matches.length === 0) continue;
    // A request in the fact's script must name the fact by one of its words; one in another
    // script cannot share them.
    if (!shareWritingSystem(segment, fact)) return true;
    if (contentWords(segment).some((word) => factWords.has(word))) return true;
  }
  return false;
}

/**
 * A quote without its requests to keep something ("don't forget that I'm vegetarian" says "I'm
 * vegetarian", not a denial): the quote folded as {@link foldForRequest} folds it, each match of
 * {@link KEEP_REQUEST_VERBS} blanked; `undefined` when the quote holds none (read it as it is).
 *
 * @param quote - An evidence quote.
 * @returns The folded quote without its keep requests, or `undefined`.
 * @example withoutKeepRequests("Don't forget that I'm vegetarian!") // "              that i'm vegetarian!"
 */
export function withoutKeepRequests(quote: string): string | undefined {
  const folded = foldForRequest(quote);
  const kept = blankKeepRequests(folded);
  return kept === folded ? undefined : kept;
}

// A folded text with each keep request blanked, its length kept.
function blankKeepRequests(folded: string): string {
  return folded.replace(KEEP(), (keep) => " ".repeat(keep.length));
}
