import {
  contentWordList,
  foldAccents,
  foldSearchText,
  foldText,
  otherLanguageStopWords,
  resolveRelativeDates,
} from "../text/index.js";

/**
 * The longest forget query, in chars: a line matches only when it holds every content word of the
 * query, and a line holds at most `MAX_FACT_CHARS` (300), so a longer query matches nothing.
 * Checked before any work.
 */
export const MAX_FORGET_QUERY_CHARS = 1_000;

// The words of a forget request around what is to be forgotten ("forget that I ...", "please"),
// in the languages the relative-date rules read (chrono's ja, zh, fr, de, es, pt, it, nl, ru, uk,
// ar, and the listed day words' ko, tr, pl, sv, hi); English's are in STOP_WORDS. Only the query
// loses them, never a stored line, so a line that holds one is still found by its other words.
const REQUEST_WORDS: Record<string, string> = {
  zh: "请 忘记 忘掉 忘了 忘 删除 删掉 别记 把 我 我的 这 那 件 事 这件事 关于 说过",
  ja: "忘れ 忘れて 忘れる 忘れろ 削除 消し 消して 私 僕 俺 が を は こと という て ください 下さい",
  ko: "잊어줘 잊어 잊어주세요 잊어버려 지워줘 지워 삭제해줘 걸 것을 제가 내가 나는 저는",
  fr: "oublie oubliez oublier efface effacez supprime supprimez que qu je j moi mon ma mes stp svp plait",
  de: "vergiss vergessen vergesst losch losche loschen entferne bitte dass ich mein meine mich mir",
  es: "olvida olvide olviden olvidar borra borre elimina que yo mi mis por favor",
  pt: "esqueca esquece esquecer apague apaga apagar que eu meu minha por favor",
  it: "dimentica dimenticare dimenticate cancella elimina che io mio mia per favore",
  nl: "vergeet vergeten verwijder wis alsjeblieft dat ik mijn mij",
  ru: "забудь забудьте забыть удали удалите сотри что я мой моя мои меня мне пожалуйста",
  uk: "забудь забудьте забути видали видаліть що я мій моя мої мене мені будь ласка",
  ar: "انس انسى احذف امسح أنني انني أنا انا أن ان فضلك",
  tr: "unut unutun sil silin ki ben benim lutfen",
  pl: "zapomnij zapomnijcie usun ze ja moj moja mnie prosze",
  sv: "glom radera ta bort att jag min mitt mina snalla",
  hi: "भूल जाओ जाइए जाना मिटा हटा दो यह कि मैं मेरा मेरी कृपया हूँ",
};

const fold = (word: string) => foldAccents(foldText(word));

/** Every language's request words, folded as the query's words are (case, accents). */
export const FORGET_REQUEST_WORDS: ReadonlySet<string> = new Set(
  Object.values(REQUEST_WORDS).flatMap((list) => list.split(" ").map(fold)),
);

// French and Italian elision ("j'habite", "qu'il", "l'ufficio"): the apostrophe is dropped by the
// word split, which would make "jhabite" of "j'habite"; split it off first.
const ELISION = /(?<![\p{L}\p{N}])(j|qu|l|d|m|t|s|n|c)['\u2019](?=\p{L})/giu;

/**
 * A forget query without the words of the request itself ("forget that", "please"), in every
 * language the relative-date rules read, without the stop words of its language (the list a
 * recall query drops, `otherLanguageStopWords`: "das", "mit", "le", "lo", "の"), and without its
 * relative times (the write stored them as absolute dates, see `resolveRelativeDates`). A query
 * of nothing but stop words keeps them, and one of nothing but request words keeps those. The
 * words kept are folded and space-joined, so matching and the tombstone read the same words.
 *
 * @param query - The forget query as the user said it.
 * @returns The query's content words minus the request words, space-joined; `""` when none is left.
 * @example forgetQueryText("忘记我住在柏林") // "住在 柏林"
 * @example forgetQueryText("forget that I moved to Berlin yesterday") // "moved berlin"
 */
export function forgetQueryText(query: string): string {
  // A word joined to another by a dot, hyphen, slash, @ or + is part of a name ("Fly.io" is not
  // "fly" plus Italian "io"), and a query of nothing but request words names someone or something
  // ("forget Ben", "Mia"): neither loses its words, or the query would match far more lines.
  const joined = new Set(
    [...query.matchAll(JOINED_WORDS)].flatMap((match) => contentWordList(match[0]).map(fold)),
  );
  const all = (text: string) => contentWordList(text.replace(ELISION, "$1 "));
  // The stop words of the query's language, as a recall query drops them (decisions 0061, 0063;
  // English's are `contentWordList`'s already): "vergiss das mit dem Rad" asks for "Rad", and a
  // line need not hold "das", "mit" and "dem" to match, nor a tombstone keep them.
  const stops = otherLanguageStopWords(all(query).map(foldSearchText)) ?? new Set<string>();
  const words = (text: string, dropStops: boolean) =>
    all(text).filter(
      (word) =>
        joined.has(fold(word)) ||
        (!FORGET_REQUEST_WORDS.has(fold(word)) && !(dropStops && stops.has(foldSearchText(word)))),
    );
  for (const text of [withoutRelativeTimes(query), query]) {
    for (const dropStops of [true, false]) {
      const kept = words(text, dropStops);
      if (kept.length > 0) return kept.join(" ");
    }
  }
  return all(query).join(" ");
}

const JOINED_WORDS = /[\p{L}\p{N}]+(?:[./@+-][\p{L}\p{N}]+)+/gu;

// The query with every relative time the write pass would have resolved cut out (any session
// date does: only which words are a relative time matters, not the day they name).
function withoutRelativeTimes(query: string): string {
  const resolved = resolveRelativeDates(query, "2000-01-01");
  if (!resolved.ok) return query;
  let output = "";
  let cursor = 0;
  for (const { text } of resolved.resolved) {
    const index = query.indexOf(text, cursor);
    if (index < 0) continue;
    output += `${query.slice(cursor, index)} `;
    cursor = index + text.length;
  }
  return output + query.slice(cursor);
}
