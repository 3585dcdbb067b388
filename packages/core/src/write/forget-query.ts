import {
  contentWordList,
  factKey,
  foldSearchText,
  sameWord,
  splitWords,
  textLanguage,
} from "../text/index.js";
import { MAX_FORGET_QUERY_CHARS } from "./forget-request.js";
import type { WriteStore } from "./write-pipeline.js";

/** Options of {@link forget}. */
export type ForgetOptions = {
  store: WriteStore;
  /** What to forget, in the user's words or as a line's text, e.g. `where I deploy`. */
  query: string;
  /** Clock for the tombstone date and `updated:`; default `new Date()`. */
  now?: Date;
  /** The user's IANA time zone (`Asia/Shanghai`) dates are written in; default `UTC`. */
  timeZone?: string;
  /**
   * Remove no more than a preview showed (see {@link previewForget}): only these files, only at
   * these version tokens, only these lines (as the preview wrote them). When any file changed
   * since, nothing is removed and the result is `version_conflict`.
   */
  only?: ForgetPreviewFile[];
};

/**
 * One file of a {@link ForgetPreview}: its version token, the lines `forget` would remove, and
 * `deletesFile` when the file itself goes (nothing a person wrote would be left in it).
 */
export type ForgetPreviewFile = {
  path: string;
  version: string;
  lines: string[];
  deletesFile?: true;
};

/**
 * Result of {@link previewForget}: what `forget` would remove now, file by file, and the matching
 * lines it would keep, with why (present only when there are such lines).
 */
export type ForgetPreview = { files: ForgetPreviewFile[]; notRemoved?: NotRemovedLine[] };

/** A line `forget` removed. */
export type RemovedLine = { path: string; line: string };

/**
 * A matching line `forget` found but could not remove, and why: `reason` never names the file
 * (`path` does), so a surface shows `<path>: <reason>` without parsing a message.
 */
export type NotRemovedLine = { path: string; line: string; reason: string };

/** Result of {@link forget}. `notRemoved` is present only when such lines were found. */
export type ForgetResult = (
  | { ok: true; code: "removed"; removed: RemovedLine[] }
  | {
      ok: true;
      code: "nothing_matched";
      removed: [];
      /** What happened: no line held the query's words (see `FORGET_NOTHING_MATCHED`), or the query has no word to compare. */
      message?: string;
    }
  | { ok: false; code: "unparsable_file" | "query_too_long"; removed: []; message: string }
  | {
      ok: false;
      code: "version_conflict" | "too_long" | "not_text";
      removed: RemovedLine[];
      message: string;
    }
) & { notRemoved?: NotRemovedLine[] };

/**
 * Whether a line matches a forget query: the line has every content word of the query
 * (`contentWords`: function and request words such as "forget", "my" dropped), as whole words or
 * their inflections (`sameWord`: "deploy" forgets "deploys", "organ" never "organic"; in the
 * line's language, by its stop words, its Snowball stem too: "wohne" forgets "wohnt"), accents
 * folded as `memfiles search` folds them (`foldSearchText`: "cafe" forgets "café", "strasse"
 * "Straße"); never on substrings ("tea" is not in "steak").
 *
 * @param factText - A fact's text or line.
 * @param query - The forget query.
 * @returns `true` when the line should be removed.
 * @example matchesForgetQuery("deploys on Fly.io", "where I deploy") // true
 * @example matchesForgetQuery("eats steak every Friday", "tea") // false
 */
export function matchesForgetQuery(factText: string, query: string): boolean {
  // The query's words once per query, not once per line: a forget asks this of every line.
  if (query !== lastQuery.text) lastQuery = { text: query, words: forgetWords(query) };
  const wanted = lastQuery.words;
  if (wanted.length === 0) return false;
  const have = forgetWords(factText);
  const language = forgetLanguage(factText, query);
  return wanted.every((word) => have.some((line) => sameWord(word, line, language)));
}

/**
 * The language a forget compares a fact's words in (`sameWord`): the fact's and the query's words
 * together, by their stop words (`textLanguage`; the query's own were dropped by
 * `forgetQueryText`), so "Der Nutzer wohnt in Berlin" is German and "wohne" is "wohnt".
 *
 * @param factText - A fact's text or line.
 * @param query - The forget query.
 * @returns The language's code (ISO 639-3), `"eng"` when no other holds more of the words.
 * @example forgetLanguage("Der Nutzer wohnt in Berlin", "berlin wohne") // "deu"
 */
export function forgetLanguage(factText: string, query: string): ReturnType<typeof textLanguage> {
  return textLanguage(
    splitWords(factKey(`${factText} ${query}`)).map((word) => foldSearchText(word)),
  );
}

let lastQuery: { text: string; words: string[] } = { text: "", words: [] };

/** Content words folded as search folds them (`foldSearchText`: accents, `ß` as `ss`). */
function forgetWords(text: string): string[] {
  return [...new Set(contentWordList(text).map((word) => foldSearchText(word)))];
}

/**
 * Why a query without content words (emoji, signs, only words such as "the" and "my" or request
 * words such as "forget") removes nothing: `matchesForgetQuery` compares content words only.
 */
export const FORGET_QUERY_WITHOUT_WORDS =
  'The query holds no word forget can match: it compares words of letters or digits, not emoji, signs, words such as "the" and "my", nor the words of a request such as "forget", "please" and "memory". Nothing was removed; search the memory for the line and forget a few of its words.';

/**
 * What a forget that matched no line tells the user: nothing was removed, and the query's words
 * were still tombstoned (decision 0005: the fact may sit in this session's transcript, and the
 * write pass must not save it), which `remember` lifts.
 */
export const FORGET_NOTHING_MATCHED =
  "No memory line matched the query, so nothing was removed. Its words are kept as a tombstone (hashes only), so the write pass does not save them from this session; remember saves them anyway and lifts it.";

/**
 * Why `forget` leaves a matching line in a file that is not text it writes (Latin-1, a cut-off
 * character, NUL bytes, UTF-32): removing a line means writing the rest back, and memfiles never
 * writes a guess at a person's encoding (docs/memory-folder.md). A file the forget removes whole is
 * deleted instead, which damages nothing.
 *
 * @param notText - The store's `notText` (what the bytes are and how to save them as text).
 * @returns The reason a `NotRemovedLine` carries, ending in the fix.
 */
export function forgetNotTextReason(notText: string): string {
  return `${notText}, then forget again`;
}

/**
 * The `query_too_long` result for a forget query over `MAX_FORGET_QUERY_CHARS`, checked before the
 * lock and any read: a query longer than a line can hold matches nothing.
 *
 * @param query - The forget query as the user said it.
 * @returns The refusal, or `undefined` when the query is short enough.
 */
export function forgetQueryTooLong(query: string): ForgetResult | undefined {
  if (query.length <= MAX_FORGET_QUERY_CHARS) return undefined;
  return {
    ok: false,
    code: "query_too_long",
    removed: [],
    message: `Refused to forget: the query is ${query.length} chars, over ${MAX_FORGET_QUERY_CHARS}. A forget query names one fact in a few words, e.g. "where I deploy"; nothing was removed.`,
  };
}
