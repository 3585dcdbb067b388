import { REDACTED } from "./password-words.js";

/**
 * The most characters (code points) a token may have and still be read by the secret patterns: a
 * longer one is one opaque unit, screened as suspect and masked whole (decision 0125). The
 * patterns look ahead from each start to a run's end, so their work grows with the square of a
 * token's length: one hand-written line of 45,000 chars without a space kept a recall busy for
 * minutes; a text with a token of 1,000 chars costs the screen ~0.1 ms. Keys, tokens and URLs
 * people keep in memory are far shorter (a GitHub token 40 chars, an Anthropic key 108, a JWT a
 * few hundred).
 */
export const LONG_TOKEN_CHARS = 1_000;

// What ends a token: white space, and the letters and punctuation of the scripts written without
// spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese), where a paragraph is one run of
// characters and no key is written. Full-width Latin letters and digits (U+FF01-FF5E) stay in a
// token: NFKC folds them to a key's ASCII (`foldForScan`).
const BREAKS = String.raw`\s\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\u3000-\u303f`;
// A token longer than the limit, whole. The look-behind fails at once inside a run, so a search
// reads each character a bounded number of times: linear in the text's length.
const LONG_TOKEN = new RegExp(
  `(?<![^${BREAKS}])[^${BREAKS}]{${LONG_TOKEN_CHARS + 1}}[^${BREAKS}]*`,
  "gu",
);

/** The kind of a long token's finding (`findSecrets`): no finder read inside it. */
export const LONG_TOKEN_KIND = "long_token";

/** Whether a text holds a token longer than {@link LONG_TOKEN_CHARS}: linear in its length. */
export function hasLongToken(text: string): boolean {
  if (text.length <= LONG_TOKEN_CHARS) return false;
  // `search` leaves the regex's `lastIndex` at 0, where `matchAll` below starts.
  return text.search(LONG_TOKEN) !== -1;
}

/** A text with each long token replaced by `[redacted]`, and the way back to the text's offsets. */
export type OpaqueText = {
  /** The text the secret patterns read. */
  text: string;
  /** Each long token's range in the original text, in UTF-16 code units, in order. */
  tokens: ReadonlyArray<{ start: number; end: number }>;
  /**
   * A range of {@link OpaqueText.text} in the original text; a range that starts or ends inside a
   * token's `[redacted]` covers the whole token.
   */
  original: (range: { start: number; end: number }) => { start: number; end: number };
};

/**
 * A text as the secret patterns read it: each token longer than {@link LONG_TOKEN_CHARS} replaced
 * by `[redacted]`, so no pattern reads past one; `undefined` when the text holds none.
 *
 * @param text - A text to scan for secrets.
 * @returns The text to scan, the long tokens' ranges (UTF-16 code units) and the map back.
 * @example withOpaqueTokens(`key ${"a".repeat(1_001)} here`)?.text // "key [redacted] here"
 */
export function withOpaqueTokens(text: string): OpaqueText | undefined {
  if (!hasLongToken(text)) return undefined;
  const tokens: { start: number; end: number; at: number }[] = [];
  let opaque = "";
  let from = 0;
  for (const match of text.matchAll(LONG_TOKEN)) {
    opaque += text.slice(from, match.index);
    tokens.push({ start: match.index, end: match.index + match[0].length, at: opaque.length });
    opaque += REDACTED;
    from = match.index + match[0].length;
  }
  opaque += text.slice(from);
  const place = (offset: number, side: "start" | "end"): number => {
    let shift = 0;
    for (const token of tokens) {
      if (offset <= token.at) break;
      if (offset < token.at + REDACTED.length) return side === "start" ? token.start : token.end;
      shift = token.end - token.at - REDACTED.length;
    }
    return offset + shift;
  };
  return {
    text: opaque,
    tokens: tokens.map(({ start, end }) => ({ start, end })),
    original: ({ start, end }) => ({ start: place(start, "start"), end: place(end, "end") }),
  };
}
