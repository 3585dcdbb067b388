import { foldSearchText } from "./fold-accents.js";
import { segmenterOf } from "./segmenter.js";
import { splitWords } from "./split-words.js";
import { stemWord } from "./stem-word.js";
import { QUERY_STOP_WORDS } from "./stop-words.js";

// A symbol or pictograph outside ASCII ("🎸", "☕", "★", "€"): ASCII signs ("+", "$", "=") sit in
// code and prices on every other line, and "C++" / "C#" are words already (see splitWords).
const SYMBOL = /(?![\0-\x7f])[\p{S}\p{Extended_Pictographic}]/u;
const VARIATION_SELECTOR = /\uFE0F/g;
// Ideographs, kana and hangul: one character can be a word ("狗", "개"), and ICU's dictionary
// cuts a line and a query differently ("猫叫" in "我的猫叫小白", "猫" alone in a query).
const CJK_SCRIPTS = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}";
const CJK_CHAR = new RegExp(`[${CJK_SCRIPTS}]`, "u");
// Only an ideograph carries a meaning of its own: a kana or hangul character is a syllable, and
// as a term it would tie unrelated words ("ン" of "ペリカン" and of "ドキュメント").
const IDEOGRAPHS = /\p{Script=Han}/gu;
const HANGUL_WORD = /^\p{Script=Hangul}+$/u;

// Hangul syllables (U+AC00-U+D7A3) are 28 final consonants (the first: none) per initial and
// vowel; the 9th final is ㄹ (Unicode 15, section 3.12 "Conjoining Jamo Behavior").
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const FINALS = 28;
const FINAL_RIEUL = 8;

// What a particle's preceding syllable must end in.
type ParticleAfter = "vowel" | "consonant" | "vowel-or-rieul" | "consonant-not-rieul" | "any";

/**
 * Particles (josa) a Korean noun carries glued on, longest first, each with the sound it follows:
 * the case particles and the common special particles of Yeon & Brown, "Korean: A Comprehensive
 * Grammar" (Routledge, 2011), chapter 3. A pair such as 는/은 is chosen by whether the noun's last
 * syllable ends in a consonant; 로 follows a vowel or ㄹ, 으로 any other consonant. A particle of
 * one syllable not so chosen (에, 의, 만) is taken off only a noun of two syllables or more,
 * since many nouns end in that syllable (회의 "meeting"). The subject 이 and 도 "also" are not
 * taken off at all: so many nouns end in them that the rest is often another word (고양이 "cat"
 * is no 고양, a city; 길이 "length" no 길 "road"; 경기도, a province, no 경기 "match").
 */
const HANGUL_PARTICLES: ReadonlyArray<readonly [particle: string, after: ParticleAfter]> = [
  ["에서", "any"],
  ["에게", "any"],
  ["한테", "any"],
  ["까지", "any"],
  ["부터", "any"],
  ["처럼", "any"],
  ["보다", "any"],
  ["으로", "consonant-not-rieul"],
  ["로", "vowel-or-rieul"],
  ["는", "vowel"],
  ["은", "consonant"],
  ["를", "vowel"],
  ["을", "consonant"],
  ["가", "vowel"],
  ["와", "vowel"],
  ["과", "consonant"],
  ["에", "any"],
  ["의", "any"],
  ["만", "any"],
];

// At most this many particles are taken off one word: 서울에서는 is 서울 + 에서 + 는.
const MOST_PARTICLES = 2;

function follows(syllable: number, after: ParticleAfter): boolean {
  if (syllable < HANGUL_FIRST || syllable > HANGUL_LAST) return false;
  const final = (syllable - HANGUL_FIRST) % FINALS;
  switch (after) {
    case "vowel":
      return final === 0;
    case "consonant":
      return final !== 0;
    case "vowel-or-rieul":
      return final === 0 || final === FINAL_RIEUL;
    case "consonant-not-rieul":
      return final !== 0 && final !== FINAL_RIEUL;
    case "any":
      return true;
  }
}

// The word without one particle of HANGUL_PARTICLES, or `undefined` when it ends in none.
function withoutParticle(word: string): string | undefined {
  for (const [particle, after] of HANGUL_PARTICLES) {
    if (!word.endsWith(particle)) continue;
    const stem = word.slice(0, -particle.length);
    const shortest = particle.length === 1 && after === "any" ? 2 : 1;
    if (stem.length < shortest) continue;
    if (follows(stem.charCodeAt(stem.length - 1), after)) return stem;
  }
  return undefined;
}

/**
 * The nouns a hangul word may be with its particles taken off, one particle at a time (at most
 * two: 서울에서는, 서울에서, 서울), from {@link HANGUL_PARTICLES}; `[]` for a word of no particle.
 *
 * @param word - One word of hangul (a word of another script gives `[]`).
 * @returns Each shorter form in turn, the word itself left out.
 * @example hangulStems("김민수는") // ["김민수"]
 */
export function hangulStems(word: string): string[] {
  const stems: string[] = [];
  let rest = word;
  for (let taken = 0; taken < MOST_PARTICLES; taken++) {
    const stem = withoutParticle(rest);
    if (stem === undefined) break;
    stems.push(stem);
    rest = stem;
  }
  return stems;
}

/**
 * The words of a text as a lexical search reads them ({@link splitWords}), each in a group with
 * what is searched for it beside itself:
 * its ideographs (Unicode `Script=Han`), so "猫" finds "我的猫叫小白" (ICU cuts `猫叫`); for a hangul
 * word, its forms without a particle ({@link hangulStems}), so "개" finds "개를" and "김민수"
 * finds "김민수는". A kana or hangul word is not cut into characters (one such character is a
 * syllable, not a word: "ペリカン" and "ドキュメント" share no term "ン"). Then every emoji or other
 * symbol outside ASCII as a group of its own, as `Intl.Segmenter` cuts them (UAX #29: a ZWJ
 * sequence, a flag or a skin-toned emoji stays one term), the emoji presentation selector
 * (U+FE0F) dropped, so "❤️" and "❤" are the same term.
 *
 * @param text - Any text: an indexed line, name or description, or a query.
 * @returns The groups in order, words first, then symbols; with repeats.
 * @example searchTermGroups("猫叫 개를 🎸") // [["猫叫", "猫", "叫"], ["개를", "개"], ["🎸"]]
 */
export function searchTermGroups(text: string): string[][] {
  const groups = splitWords(text).map(withCharacters);
  for (const symbol of symbolsOf(text)) groups.push([symbol]);
  return groups;
}

/**
 * The terms a lexical search indexes and looks up: {@link searchTermGroups}, one after another.
 * So a query made only of emoji ("🎸") finds "plays 🎸 on weekends", which a split into words
 * alone reads as no term, and "개" finds "우리 개를 봐".
 *
 * @param text - Any text: an indexed line, name or description, or a query.
 * @returns The words in order, each CJK word followed by its characters or its forms without a
 *   particle, then the symbols in order, with repeats.
 * @example splitSearchTerms("plays 🎸 on weekends") // ["plays", "on", "weekends", "🎸"]
 * @example splitSearchTerms("猫叫小白") // ["猫叫", "猫", "叫", "小白", "小", "白"]
 */
export function splitSearchTerms(text: string): string[] {
  // Most indexed text is words alone: no array per word on that path.
  const words = splitWords(text);
  const terms = CJK_CHAR.test(text) ? words.flatMap(withCharacters) : words;
  if (SYMBOL.test(text)) terms.push(...symbolsOf(text));
  return terms;
}

function symbolsOf(text: string): string[] {
  const symbols: string[] = [];
  if (!SYMBOL.test(text)) return symbols;
  for (const segment of segmenterOf("word").segment(text)) {
    if (segment.isWordLike || !SYMBOL.test(segment.segment)) continue;
    symbols.push(segment.segment.replace(VARIATION_SELECTOR, ""));
  }
  return symbols;
}

function withCharacters(word: string): string[] {
  if (!CJK_CHAR.test(word)) return [word];
  const chars = word.match(IDEOGRAPHS);
  if (chars !== null) return chars[0] === word ? [word] : [word, ...chars];
  return HANGUL_WORD.test(word) ? [word, ...hangulStems(word)] : [word];
}

/** Whether a search term is a symbol (emoji, sign), which counts even one char long ("★"). */
export function isSymbolTerm(term: string): boolean {
  return SYMBOL.test(term);
}

/**
 * Whether a (folded) term is too short to search: one char that is not a symbol ("★"), an
 * ideograph, kana or hangul ("狗"). The one length rule of recall's terms and the pre-filter's.
 */
export function isTooShortTerm(term: string): boolean {
  return term.length < 2 && !isSymbolTerm(term) && !CJK_CHAR.test(term);
}

// Each term's stemmed form, as terms recur: a file indexed again after a write, its old text
// removed and each query are mostly words seen before, and folding and stemming them was a third
// of re-indexing one file. Emptied when full, so a long process holds at most this many.
const stemmedTerms = new Map<string, string | null>();
/** Most terms {@link stemmedSearchTerm} keeps the stemmed form of. */
export const KEPT_STEMMED_TERMS = 50_000;

/**
 * The form under which budgeted recall indexes and looks up a term: folded as search folds it
 * (`foldSearchText`: case, Latin accents, `ß`), Porter-stemmed
 * (`stemWord`), and dropped (`null`) when it is a query stop word or {@link isTooShortTerm}. One rule for recall and for anything measured against it (the LoCoMo bench's tuned
 * BM25 baselines), so the two normalize alike.
 *
 * @param term - One term of {@link splitSearchTerms}.
 * @returns The stemmed term, or `null` when it is not searched.
 * @example stemmedSearchTerm("Adopted") // "adopt"
 */
export function stemmedSearchTerm(term: string): string | null {
  const known = stemmedTerms.get(term);
  if (known !== undefined) return known;
  const lower = foldSearchText(term);
  const stemmed = isTooShortTerm(lower) || QUERY_STOP_WORDS.has(lower) ? null : stemWord(lower);
  if (stemmedTerms.size >= KEPT_STEMMED_TERMS) stemmedTerms.clear();
  stemmedTerms.set(term, stemmed);
  return stemmed;
}

/** Shortest query term (chars) matched as a prefix too ("adop" finds "adoption"). */
const PREFIX_MIN_CHARS = 4;

/** Whether a query term also matches the indexed terms it begins: terms of 4+ chars. */
export function isPrefixSearchTerm(term: string): boolean {
  return term.length >= PREFIX_MIN_CHARS;
}
