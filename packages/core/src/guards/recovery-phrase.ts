import { lazy, lazyRegExp } from "../text/lazy.js";
import { allMatches } from "./secret-patterns.js";

// A wallet's recovery phrase (BIP-39 "mnemonic": 12 to 24 words of a fixed list of 2,048) is the
// whole key to the wallet: said after a label that names it ("my wallet seed: legal winner thank
// ...", "the recovery phrase is ...", "mnemonic: ...", "my bitcoin recovery words are ..."), the
// words of the list that follow are the secret, all of them (a new user's trial saved such lines,
// or masked only their first word; decision 0116). Only words of the list count, so a label
// before a description ("the seed phrase is in the safe", "my recovery phrase is written on
// paper") finds nothing: "in", "the", "on" and "written" are not on it. The lists are BIP-39's
// (bitcoin/bips bip-0039/*.txt, through @scure/bip39): wallets show the English one unless set
// otherwise, and after a label in Spanish, French, Italian, Portuguese, Czech, Japanese, Korean or
// Chinese the words of that language's list count too (a new user's trial; decision 0117).
const LABEL =
  "(?:(?:secret\\s+)?(?:recovery|seed|backup|mnemonic|wallet)[\\s-]+(?:phrase|words|seed)|mnemonic|(?:wallet|bitcoin|btc|crypto|ethereum|eth|ledger|trezor|metamask|exodus)\\s+(?:seed|recovery\\s+(?:phrase|words)))";
// Labels that name a phrase loosely ("seed: …", "my 12 words: …", "Geheimwörter: …", "secret
// words are …"): a garden's seeds or a list of words may follow them, so the words after them are
// a phrase only when there are as many as the shortest phrase, 12 (a new user's trial saved
// these; decision 0123).
const LOOSE_LABEL =
  "(?:seed|(?:12|15|18|21|24|twelve|fifteen|eighteen|twenty[\\s-]one|twenty[\\s-]four)[\\s-]+(?:words|word\\s+(?:phrase|seed))|secret\\s+words|geheimw(?:ö|oe)rter|geheime\\s+w(?:ö|oe)rter)";

// The label's words in the other languages BIP-39 has a list for (the wallets' own words for
// "recovery phrase", "seed phrase", "mnemonic": Trezor's, Ledger's and MetaMask's translations,
// Wiktionary), each with its language's "is"/"are" and the lists its words are read from: that
// language's and English, which a wallet in any language may show.
const OTHER_LANGUAGE_LABELS: ReadonlyArray<{
  lists: readonly WordListName[];
  label: string;
  links: string;
}> = [
  {
    lists: ["spanish"],
    label:
      "frase\\s+(?:secreta\\s+)?(?:de\\s+)?(?:recuperaci[óo]n|semilla|respaldo)|frase\\s+mnem[óo]nica|palabras\\s+de\\s+(?:recuperaci[óo]n|respaldo)|semilla\\s+de\\s+(?:la\\s+|mi\\s+)?(?:billetera|cartera)",
    links: "es|son|era|eran",
  },
  {
    lists: ["french"],
    label:
      "phrase\\s+(?:secrète\\s+)?de\\s+(?:récupération|recuperation|restauration|sauvegarde)|phrase\\s+(?:mn[ée]monique|seed)|mots\\s+de\\s+(?:récupération|recuperation|restauration)",
    links: "est|sont|était|étaient",
  },
  {
    lists: ["italian"],
    label:
      "frase\\s+(?:segreta\\s+)?di\\s+(?:recupero|ripristino|backup)|frase\\s+(?:seed|mnemonica)|parole\\s+di\\s+(?:recupero|ripristino)",
    links: "è|sono|era|erano",
  },
  {
    lists: ["portuguese"],
    label:
      "frase\\s+(?:secreta\\s+)?de\\s+(?:recupera[çc][ãa]o|backup|seguran[çc]a)|frase\\s+(?:semente|seed|mnem[ôo]nica)|palavras\\s+de\\s+recupera[çc][ãa]o",
    links: "é|são|era|eram",
  },
  {
    lists: ["czech"],
    label:
      "(?:obnovovací|záchranná|seed)\\s+(?:fráze|slova)|(?:fráze|slova)\\s+pro\\s+obnov(?:u|ení)|mnemotechnická\\s+fráze",
    links: "je|jsou|byla|byl|byly",
  },
  {
    lists: ["japanese"],
    label:
      "(?:秘密の)?(?:リカバリー|シード|復元|バックアップ)(?:フレーズ|ワード)|ニーモニック(?:フレーズ)?",
    links: "は|が",
  },
  {
    lists: ["korean"],
    label: "(?:복구|시드|백업)\\s*(?:구문|문구|단어)|니모닉(?:\\s*(?:구문|문구))?",
    links: "는|은|이|가",
  },
  {
    lists: ["simplified-chinese", "traditional-chinese"],
    label: "助[记記][词詞]|(?:恢复|恢復|备份|備份)(?:短语|短語|词|詞)|种子[词短]语?|種子[詞短]語?",
    links: "是|为|為",
  },
];

// BIP-39's word lists as `@scure/bip39` ships them, each imported on its first use.
const WORD_LISTS = {
  english: () => import("@scure/bip39/wordlists/english.js"),
  spanish: () => import("@scure/bip39/wordlists/spanish.js"),
  french: () => import("@scure/bip39/wordlists/french.js"),
  italian: () => import("@scure/bip39/wordlists/italian.js"),
  portuguese: () => import("@scure/bip39/wordlists/portuguese.js"),
  czech: () => import("@scure/bip39/wordlists/czech.js"),
  japanese: () => import("@scure/bip39/wordlists/japanese.js"),
  korean: () => import("@scure/bip39/wordlists/korean.js"),
  "simplified-chinese": () => import("@scure/bip39/wordlists/simplified-chinese.js"),
  "traditional-chinese": () => import("@scure/bip39/wordlists/traditional-chinese.js"),
} as const;
type WordListName = keyof typeof WORD_LISTS;

const LINK = "[^\\S\\r\\n]*(?:\\b(?:is|are|was|were)\\b|[:=])[^\\S\\r\\n]*";
const ENGLISH_LABEL = `\\b(?:${LABEL}|(?<loose>${LOOSE_LABEL}))s?\\b(?:\\s+(?:for|of|on|to|from)\\s+(?:[^\\s:=]+\\s+){0,4}?)?${LINK}`;
// A label in another language: up to four words on what it is for ("de mi billetera") before
// its "is" or a colon; a label in Latin letters is a whole word, one in kana, hangul or han may
// follow the sentence's own words ("私のリカバリーフレーズは"). Each Latin label starts with an
// ASCII letter after `\b`, not a lookbehind: the check tries this regex at every position of
// every text it is given, and a lookbehind at each costs more than the rest of it.
const otherLabel = ({ label, links }: (typeof OTHER_LANGUAGE_LABELS)[number]) =>
  `${/^[(?:]*[a-z]/.test(label) ? "\\b" : ""}(?:${label})(?:[^\\S\\r\\n]+[^\\s:=：]+){0,4}?[^\\S\\r\\n]*(?:(?<![a-zà-ɏ])(?:${links})(?![a-zà-ɏ])[^\\S\\r\\n]*[:=：]?|[:=：])[^\\S\\r\\n]*`;
// The labels are matched without the `u` flag: case-insensitive Unicode matching tried at every
// position of every text the check and the secret screen search cost about 3 times as much as
// the rest of the label (`i` alone folds the labels' letters, accents and all, the same; none is
// outside the BMP).
// Each label's source with the lists its words are read from; their regexes are built on the
// first text that names a recovery phrase (a cold recall builds no regex it does not run;
// decision 0109).
// An English label is read with every list in Latin letters: a wallet set to Spanish shows its
// words under an English "seed phrase:" as often (a new user's trial masked only the first word,
// which the older word rule took; decision 0124). Lists in other scripts come with their own
// labels.
const LATIN_LISTS: readonly WordListName[] = [
  "spanish",
  "french",
  "italian",
  "portuguese",
  "czech",
];
const LABEL_SOURCES: ReadonlyArray<{ lists: readonly WordListName[]; source: string }> = [
  { lists: ["english", ...LATIN_LISTS], source: ENGLISH_LABEL },
  ...OTHER_LANGUAGE_LABELS.map((entry) => ({
    lists: [...entry.lists, "english"] as const,
    source: otherLabel(entry),
  })),
];
// Every label in one pass: each source its named group (`label0`, `label1`, …), which says whose
// lists a match reads. A text is searched once, not once a label.
const LABELS = lazy(
  () =>
    new RegExp(
      LABEL_SOURCES.map(({ source }, index) => `(?<label${index}>${source})`).join("|"),
      "gi",
    ),
);
// The lists of a match of `LABELS`: its named group's.
const listsOf = (label: RegExpExecArray): readonly WordListName[] =>
  LABEL_SOURCES.find((_, index) => label.groups?.[`label${index}`] !== undefined)?.lists ?? [];

/**
 * A label naming a recovery phrase, in English or another language of BIP-39's lists, up to five
 * words on what it is for ("for the Ledger", "de mi billetera"), and "is"/"are"/"was"/"were" (or
 * the language's own), a colon or "=": where {@link findRecoveryPhrases} looks for the words.
 * Every text it finds something in matches it (the secret screen is made of it). Built on first
 * use: the screen's identity reads its text (decision 0119).
 */
export const RECOVERY_PHRASE_LABEL = lazyRegExp(
  LABEL_SOURCES.map(({ source }) => `(?:${source})`).join("|"),
  "gi",
);

/** Fewest words of the list after a label that make a (partial) phrase; a phrase has 12 to 24. */
export const RECOVERY_PHRASE_MIN_WORDS = 3;

/** Fewest words of the list after a loose label ("seed:", "my 12 words:"): a whole phrase (BIP-39). */
export const RECOVERY_PHRASE_LOOSE_MIN_WORDS = 12;

// Words of a list follow each other separated by white space (an ideographic space too, as
// Japanese wallets write them), a comma or "、"; a line break, other punctuation or a word not on
// the list ends the phrase. A han character is a word of its own (Chinese lists are one character
// a word, written with or without spaces).
const WORD = /[^\S\r\n]*[,、，]?[^\S\r\n]*(?:(?<han>\p{Script=Han})|(?<word>[\p{L}\p{M}]+))/uy;
const words = new Map<WordListName, ReadonlySet<string>>();

// The lists a text's labels name, English first.
const listsFor = (texts: readonly string[]) =>
  new Set(texts.flatMap((text) => allMatches(LABELS(), text).flatMap(listsOf)));

/**
 * Loads the BIP-39 lists (2,048 words each) the labels in the texts name
 * ({@link RECOVERY_PHRASE_LABEL}): English for any label, and the label's language's list, once
 * per process: a process that never meets such a label (a prompt hook's recall) imports none.
 * {@link findRecoveryPhrases} needs them loaded.
 */
export async function loadRecoveryWordsFor(texts: readonly string[]): Promise<void> {
  for (const name of listsFor(texts)) {
    if (words.has(name)) continue;
    const { wordlist } = await WORD_LISTS[name]();
    words.set(name, new Set(wordlist.map((word) => word.normalize("NFKD"))));
  }
}

// BIP-39's lists are in Unicode's NFKD form (bip-0039.mediawiki, "Wordlist"): a word is looked up
// in it, in small letters. The lists of `lists` that hold the word.
const listsHolding = (word: string, lists: readonly WordListName[]) => {
  const key = word.toLowerCase().normalize("NFKD");
  return lists.filter((name) => {
    const list = words.get(name);
    if (list === undefined) {
      throw new Error("findRecoveryPhrases: call loadRecoveryWordsFor on the texts first");
    }
    return list.has(key);
  });
};

/**
 * Where a recovery phrase is said after a label naming it: from the first word of a BIP-39 list
 * after the label ({@link RECOVERY_PHRASE_LABEL}; English, or the label's language's list or
 * English) to the last of the run of such words, when the run has
 * {@link RECOVERY_PHRASE_MIN_WORDS} (3) or more, or after a loose label ("seed:", "my 12
 * words:") {@link RECOVERY_PHRASE_LOOSE_MIN_WORDS} (12) or more.
 *
 * @param text - The text to search; {@link loadRecoveryWordsFor} must have been given it.
 * @returns `[start, end)` ranges in UTF-16 code units, one per phrase, in text order.
 * @throws Error when a label is found and its lists were never loaded (a caller's mistake).
 * @example findRecoveryPhrases("seed phrase: legal winner thank year") // [[13, 36]]
 * @example findRecoveryPhrases("frase de recuperación: ábaco abdomen abeja") // [[23, 42]]
 */
export function findRecoveryPhrases(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const label of allMatches(LABELS(), text)) {
    let at = label.index + label[0].length;
    let start = -1;
    let end = at;
    let count = 0;
    // A phrase is words of one list (BIP-39): the lists that hold every word so far.
    let lists = listsOf(label);
    for (;;) {
      WORD.lastIndex = at;
      const match = WORD.exec(text);
      const word = match?.groups?.han ?? match?.groups?.word;
      if (match === null || word === undefined) break;
      const holding = listsHolding(word, lists);
      if (holding.length === 0) break;
      const next = text.charAt(WORD.lastIndex);
      if (match.groups?.han === undefined && /[\p{L}\p{N}'’]/u.test(next)) break;
      // A word before a colon labels what follows ("… is safe now" + "name: accounts", a
      // file's next field): no word of a phrase (decision 0117).
      if (/^[^\S\r\n]*[:=：]/u.test(text.slice(WORD.lastIndex))) break;
      lists = holding;
      if (start < 0) start = WORD.lastIndex - word.length;
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
  return found.sort((first, second) => first[0] - second[0]);
}
