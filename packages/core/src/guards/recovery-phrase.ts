// A wallet's recovery phrase (BIP-39 "mnemonic": 12 to 24 words of a fixed list of 2,048) is the
// whole key to the wallet: said after a label that names it ("my wallet seed: legal winner thank
// ...", "the recovery phrase is ...", "mnemonic: ...", "my bitcoin recovery words are ..."), the
// words of the list that follow are the secret, all of them (a new user's trial saved such lines,
// or masked only their first word; decision 0116). Only words of the list count, so a label
// before a description ("the seed phrase is in the safe", "my recovery phrase is written on
// paper") finds nothing: "in", "the", "on" and "written" are not on it. The list is BIP-39's
// English one (bitcoin/bips bip-0039/english.txt, through @scure/bip39): wallets show that list
// unless set otherwise.
const LABEL =
  "(?:(?:secret\\s+)?(?:recovery|seed|backup|mnemonic|wallet)[\\s-]+(?:phrase|words|seed)|mnemonic|(?:wallet|bitcoin|btc|crypto|ethereum|eth|ledger|trezor|metamask|exodus)\\s+(?:seed|recovery\\s+(?:phrase|words)))";
// Labels that name a phrase loosely ("seed: …", "my 12 words: …", "Geheimwörter: …", "secret
// words are …"): a garden's seeds or a list of words may follow them, so the words after them are
// a phrase only when there are as many as the shortest phrase, 12 (a new user's trial saved
// these; decision 0123).
const LOOSE_LABEL =
  "(?:seed|(?:12|15|18|21|24|twelve|fifteen|eighteen|twenty[\\s-]one|twenty[\\s-]four)[\\s-]+(?:words|word\\s+(?:phrase|seed))|secret\\s+words|geheimw(?:ö|oe)rter|geheime\\s+w(?:ö|oe)rter)";

/**
 * A label naming a recovery phrase, up to five words on what it is for ("for the Ledger"), and
 * "is"/"are"/"was"/"were", a colon or "=": where {@link findRecoveryPhrases} looks for the words.
 * Every text it finds something in matches it (the secret screen is made of it).
 */
export const RECOVERY_PHRASE_LABEL = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${LABEL}|(?<loose>${LOOSE_LABEL}))s?(?![\\p{L}\\p{N}])(?:\\s+(?:for|of|on|to|from)\\s+(?:[^\\s:=]+\\s+){0,4}?)?[^\\S\\r\\n]*(?:\\b(?:is|are|was|were)\\b|[:=])[^\\S\\r\\n]*`,
  "giu",
);

/** Fewest words of the list after a label that make a (partial) phrase; a phrase has 12 to 24. */
export const RECOVERY_PHRASE_MIN_WORDS = 3;

/** Fewest words of the list after a loose label ("seed:", "my 12 words:"): a whole phrase (BIP-39). */
export const RECOVERY_PHRASE_LOOSE_MIN_WORDS = 12;

// Words of the list follow each other separated by spaces, tabs or a comma; a line break, other
// punctuation or a word not on the list ends the phrase.
const WORD = /[^\S\r\n]*,?[^\S\r\n]*([A-Za-z]+)/y;
let words: ReadonlySet<string> | undefined;
const LABEL_ANYWHERE = new RegExp(RECOVERY_PHRASE_LABEL.source, "iu");

/**
 * Loads BIP-39's English list (2,048 words) when one of the texts names a recovery phrase
 * ({@link RECOVERY_PHRASE_LABEL}), once per process: a process that never meets such a label (a
 * prompt hook's recall) never imports it. {@link findRecoveryPhrases} needs it loaded.
 */
export async function loadRecoveryWordsFor(texts: readonly string[]): Promise<void> {
  if (words !== undefined || !texts.some((text) => LABEL_ANYWHERE.test(text))) return;
  const { wordlist } = await import("@scure/bip39/wordlists/english.js");
  words = new Set(wordlist);
}

const onList = (word: string) => {
  if (words === undefined) {
    throw new Error("findRecoveryPhrases: call loadRecoveryWordsFor on the texts first");
  }
  return words.has(word.toLowerCase());
};

/**
 * Where a recovery phrase is said after a label naming it: from the first word of BIP-39's
 * English list after the label ({@link RECOVERY_PHRASE_LABEL}) to the last of the run of such
 * words, when the run has {@link RECOVERY_PHRASE_MIN_WORDS} (3) or more, or after a loose label
 * ("seed:", "my 12 words:") {@link RECOVERY_PHRASE_LOOSE_MIN_WORDS} (12) or more.
 *
 * @param text - The text to search; {@link loadRecoveryWordsFor} must have been given it.
 * @returns `[start, end)` ranges in UTF-16 code units, one per phrase, in text order.
 * @throws Error when a label is found and the list was never loaded (a caller's mistake).
 * @example findRecoveryPhrases("seed phrase: legal winner thank year") // [[13, 36]]
 */
export function findRecoveryPhrases(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const label of text.matchAll(RECOVERY_PHRASE_LABEL)) {
    let at = label.index + label[0].length;
    let start = -1;
    let end = at;
    let count = 0;
    for (;;) {
      WORD.lastIndex = at;
      const word = WORD.exec(text);
      const next = text.charAt(WORD.lastIndex);
      if (!word?.[1] || !onList(word[1]) || /[\p{L}\p{N}'’]/u.test(next)) break;
      if (start < 0) start = WORD.lastIndex - word[1].length;
      end = WORD.lastIndex;
      at = end;
      count++;
    }
    const least =
      label.groups?.loose === undefined
        ? RECOVERY_PHRASE_MIN_WORDS
        : RECOVERY_PHRASE_LOOSE_MIN_WORDS;
    if (count >= least) found.push([start, end]);
  }
  return found;
}
