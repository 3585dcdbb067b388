/// <reference path="../../types/stopword.d.ts" />
import {
  ara,
  dan,
  deu,
  eng,
  fra,
  ita,
  jpn,
  kor,
  nld,
  nob,
  pol,
  por,
  rus,
  spa,
  swe,
  ukr,
} from "stopword/dist/stopword.esm.mjs";
import zho from "stopwords-zh/stopwords-zh.json" with { type: "json" };
import { foldSearchText } from "./fold-accents.js";

const words = (list: string): ReadonlySet<string> => new Set(list.split(" "));

/**
 * Words that say nothing about what a fact is about, left out of {@link contentWords} by default:
 * function words, and the words people use to ask for a memory change ("please forget about my
 * ..."). Negations are here too: "doesn't eat pork" and "does not eat pork" must match the same
 * forget request.
 */
export const STOP_WORDS = words(
  "a an the this that these those it its i me my mine myself we us our ours you your yours he him " +
    "his she her hers they them their theirs user users is am are was were be been being do does " +
    "did doing have has had having will would shall should can could may might must of to in on at " +
    "by for with from into onto about as than then so and or but if because while also too very " +
    "just now anymore still again not no never dont doesnt didnt isnt arent wasnt werent cant wont " +
    "havent hasnt hadnt couldnt wouldnt shouldnt mustnt neednt aint " +
    "what where when who whom whose which why how there here all any anything everything something " +
    "some stuff thing things info information fact facts detail details line lines memory memories " +
    "please forget remember delete remove erase drop note said say told tell mention mentioned know " +
    "regarding re",
);

/**
 * Words a consolidation may write without their being in its input: function words and the few
 * connectives a merge needs ("deploys on Fly.io (previously Heroku)"). They carry no fact alone.
 */
export const MERGE_WORDS = words(
  "a an the and or but nor so yet of in on at to for from by with without into onto about as than then " +
    "is are was were be been being am has have had do does did not no yes it its this that these those " +
    "there here which who whom whose what when where while also both either neither each all any some " +
    "still now currently previously formerly earlier before after since until instead longer anymore " +
    "moved switched changed replaced later prior via per i me my we our they them their he him his she her you your",
);

/**
 * The stop word lists that memfiles reads, each an array of words, named by ISO 639-3 code:
 * English, the languages the write pass reads relative dates in (chrono-node's locales), and
 * Korean (its pronouns and adverbs: 제 "my", 같이 "together"). All but Chinese are the `stopword`
 * package's (fergiemcdowall/stopword), named imports of its ES module, so a bundle (the Claude
 * Code hook's, core's own entries) carries these lists, not all 62. Chinese is the `stopwords-zh`
 * package's (stopwords-iso, 794 words): the `stopword` package's 78 lack the function words a
 * question is made of ("关于" about, "怎么" how), and hold none it does not.
 */
export const STOP_WORD_LISTS = {
  eng,
  deu,
  fra,
  spa,
  por,
  ita,
  nld,
  jpn,
  zho,
  kor,
  rus,
  ukr,
  ara,
} as const satisfies Record<string, readonly string[]>;

/**
 * The `stopword` package's lists of the languages the secret check reads a password word in
 * beside {@link STOP_WORD_LISTS}' (Swedish, Danish, Norwegian Bokmål, Polish), by ISO 639-3 code:
 * a passphrase is no clause of them ("lösenordet är lätt att glömma"; decision 0124). Search does
 * not read them.
 */
export const PASSWORD_LANGUAGE_STOP_WORD_LISTS = {
  swe,
  dan,
  nob,
  pol,
} as const satisfies Record<string, readonly string[]>;

/**
 * Words a search query carries that match nothing useful in a memory index: the English list of
 * the `stopword` package (its `eng`, 108 words: "about", "like", "because"...) and the few a
 * memory query adds ("md", "why", "when"...), as search folds them. Recall drops them from every
 * indexed text and every query, and so does its pre-filter.
 */
export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set([
  ...words(
    "a an and are as at be but by can do does for from how i in is it me my of on or our so that the this to was we what when where which who why will with you your md",
  ),
  ...STOP_WORD_LISTS.eng.map(foldStopWord),
]);

// A list word as search terms are held: folded as search folds (`Über` is `uber`), apostrophes
// dropped as `splitWords` drops them (`don't` is `dont`). Most words are lower-case ASCII already:
// folding those (NFKC, NFD) would cost most of a prompt hook's first query.
function foldStopWord(word: string): string {
  return /^[a-z0-9]+$/.test(word) ? word : foldSearchText(word).replace(/['’]/g, "");
}

/**
 * The languages whose stop words a query may be in, beside English, each with the script a
 * query's term must be in for its list to be read.
 */
export const QUERY_LANGUAGES: ReadonlyArray<
  [language: Exclude<keyof typeof STOP_WORD_LISTS, "eng">, script: RegExp]
> = [
  ["deu", /[a-z]/],
  ["fra", /[a-z]/],
  ["spa", /[a-z]/],
  ["por", /[a-z]/],
  ["ita", /[a-z]/],
  ["nld", /[a-z]/],
  ["jpn", /[\u3040-\u30ff\u4e00-\u9fff]/u],
  ["zho", /[\u4e00-\u9fff]/u],
  ["kor", /[\uac00-\ud7a3]/u],
  ["rus", /[\u0400-\u04ff]/u],
  ["ukr", /[\u0400-\u04ff]/u],
  ["ara", /[\u0600-\u06ff]/u],
];

/**
 * Words a query language's list gains, as {@link QUERY_STOP_WORDS} adds a few to English's.
 * Korean: degree adverbs and 그냥 "just", each an adverb (부사) of the National Institute of
 * Korean Language's *한국어 학습용 어휘 목록* (2003; its frequency rank in brackets), none a noun
 * there that a memory would hold: 정말 "really" [349], 진짜 "really" [1431], 너무 "too" [225],
 * 아주 "very" [274], 매우 "very" [393], 많이 "a lot" [98], 더 "more" [46], 꽤 "quite" [1608],
 * 훨씬 "far (more)" [642], 그냥 "just" [303]. The package's own list has 조금, 좀 and 거의.
 * Frequency adverbs (보통, 항상, 자주, 가끔, 주로) and 요즘 stay searched: a habit question often
 * shares only that word with its line, its verb's ending differing (decision 0067, amendment 2).
 */
export const QUERY_LIST_ADDITIONS: Partial<
  Record<Exclude<keyof typeof STOP_WORD_LISTS, "eng">, readonly string[]>
> = {
  kor: ["정말", "진짜", "너무", "아주", "매우", "많이", "더", "꽤", "훨씬", "그냥"],
};

/**
 * The stop words that can end a sentence: additive adverbs, "The user likes jazz too", "as well",
 * "Der Nutzer mag Jazz auch" (decision 0068, amended). Any other stop word at the end of a line
 * (an article, a preposition, a conjunction: "with", "mit dem", "en", "à") asks for a word after
 * it, so a hard-wrapped line may go on with a capital letter there; after one of these it may not.
 * One row per language of {@link STOP_WORD_LISTS} written in a script with capital letters (the
 * only ones the wrap rule asks), holding that list's additive adverbs: "too", "also", "well" of
 * "as well" (English's "either" is no stop word there, nor French "aussi" / "également", Spanish
 * "tampoco" or Russian "также": a content word at the end of a line already ends a fact). Each
 * word is in its language's list (`stop-words.test.ts`).
 */
export const SENTENCE_FINAL_STOP_WORDS = {
  eng: ["too", "also", "well"],
  deu: ["auch", "ebenso"],
  fra: [],
  spa: ["también"],
  por: ["também"],
  ita: ["anche"],
  nld: ["ook"],
  rus: ["тоже"],
  ukr: ["також"],
} as const satisfies Partial<Record<keyof typeof STOP_WORD_LISTS, readonly string[]>>;

const sentenceFinal: ReadonlySet<string> = new Set(
  Object.values(SENTENCE_FINAL_STOP_WORDS).flatMap((list) => list.map(foldStopWord)),
);

/**
 * Whether a stop word can end a sentence ({@link SENTENCE_FINAL_STOP_WORDS}), as search folds it.
 *
 * @param word - A word folded as search folds it (`foldSearchText`, apostrophes dropped).
 * @returns `true` for "too", "auch", "tambien"; `false` for "with", "dem", or a content word.
 * @example endsSentence("tambien") // true
 */
export function endsSentence(word: string): boolean {
  return sentenceFinal.has(word);
}

const otherLists = new Map<string, ReadonlySet<string>>();

function listOf(language: Exclude<keyof typeof STOP_WORD_LISTS, "eng">): ReadonlySet<string> {
  let list = otherLists.get(language);
  if (list === undefined) {
    const words = [...STOP_WORD_LISTS[language], ...(QUERY_LIST_ADDITIONS[language] ?? [])];
    list = new Set(words.map(foldStopWord));
    otherLists.set(language, list);
  }
  return list;
}

/**
 * The stop words of a query's language: {@link QUERY_STOP_WORDS}, and the list of the other
 * language ({@link QUERY_LANGUAGES}, read only when a query term is in its script) holding more
 * of the query's terms than English does (ties stay English), so "Erzähl mir etwas über meinen
 * Pelikan" drops "mir", "etwas", "über", "meinen" while an English "war" or "die" is searched.
 * Each list is one of {@link STOP_WORD_LISTS}, with its {@link QUERY_LIST_ADDITIONS}.
 *
 * @param terms - The query's terms, folded as search folds them (`foldSearchText`).
 * @returns The words the query's search leaves out.
 * @example queryStopWords(["erzahl", "mir", "etwas", "uber", "pelikan"]).has("uber") // true
 */
export function queryStopWords(terms: readonly string[]): ReadonlySet<string> {
  const best = otherLanguageStopWords(terms);
  return best === undefined ? QUERY_STOP_WORDS : new Set([...QUERY_STOP_WORDS, ...best]);
}

/**
 * The stop words of the language a text's terms are in when it is not English: the list of
 * {@link QUERY_LANGUAGES} holding more of the terms than English does (ties stay English), the
 * choice {@link queryStopWords} makes for a query.
 *
 * @param terms - The text's words, folded as search folds them (`foldSearchText`).
 * @returns That language's list with its additions, or `undefined` for English.
 * @example otherLanguageStopWords(["der", "nutzer", "fahrt", "mit", "dem", "zug"])?.has("mit") // true
 */
export function otherLanguageStopWords(terms: readonly string[]): ReadonlySet<string> | undefined {
  const language = textLanguage(terms);
  return language === "eng" ? undefined : listOf(language);
}

/**
 * The language a text's terms are in, by its stop words: the one of {@link QUERY_LANGUAGES}
 * whose list holds more of the terms than English's does (ties stay English), the choice
 * {@link otherLanguageStopWords} and {@link queryStopWords} make.
 *
 * @param terms - The text's words, folded as search folds them (`foldSearchText`).
 * @returns The language's code of {@link STOP_WORD_LISTS} (ISO 639-3), `"eng"` when no other wins.
 * @example textLanguage(["der", "nutzer", "wohnt", "in", "berlin"]) // "deu"
 */
export function textLanguage(terms: readonly string[]): keyof typeof STOP_WORD_LISTS {
  let best: keyof typeof STOP_WORD_LISTS = "eng";
  let most = terms.filter((term) => QUERY_STOP_WORDS.has(term)).length;
  for (const [language, script] of QUERY_LANGUAGES) {
    if (!terms.some((term) => script.test(term))) continue;
    const held = terms.filter((term) => listOf(language).has(term)).length;
    if (held > most) {
      most = held;
      best = language;
    }
  }
  return best;
}

/**
 * The negations among {@link STOP_WORDS} (apostrophes dropped, as `splitWords` does): a fact and
 * its negation share every other word, so `restatesFact` tells them apart by these.
 */
export const NEGATION_WORDS = words(
  "not no never dont doesnt didnt isnt arent wasnt werent cant wont havent hasnt hadnt couldnt " +
    "wouldnt shouldnt mustnt neednt aint anymore longer",
);
