import {
  asksToForget,
  contentWords,
  countGraphemes,
  foldText,
  reversesFact,
  shareWritingSystem,
  statedFactWords,
  withoutKeepRequests,
} from "../text/index.js";

/**
 * Shortest evidence accepted, in graphemes (folded; see `countGraphemes`), when it has fewer than
 * two content words.
 */
export const MIN_EVIDENCE_CHARS = 12;

/** Fewest content words an evidence quote of under {@link MIN_EVIDENCE_CHARS} chars must have. */
export const MIN_EVIDENCE_WORDS = 2;

/** Result of {@link checkEvidenceSupport}. */
export type CheckEvidenceSupportResult =
  | { ok: true; code: "supported" }
  | { ok: false; code: "evidence_too_short" | "evidence_unrelated" | "evidence_contradicts" };

// A clause ends at a sentence end (Intl.Segmenter, any language) or at a comma, semicolon, colon,
// dash or "but": "I don't eat meat, I'm vegetarian" says two things of opposite polarity.
const CLAUSE_BREAK =
  /[,;:\u2013\u2014\uFF0C\u3001\uFF1B]|(?<![\p{L}\p{N}])(?:but|though|although|while|whereas)(?![\p{L}\p{N}])/iu;
const sentences = new Intl.Segmenter(undefined, { granularity: "sentence" });

function clausesOf(text: string): string[] {
  return [...sentences.segment(text)]
    .flatMap((sentence) => sentence.segment.split(CLAUSE_BREAK))
    .filter((clause) => clause.trim() !== "");
}

/**
 * Whether the evidence denies the fact: a clause of the evidence says the fact with the other
 * polarity, negated or ended, and no clause sharing a word with the fact says it with the fact's
 * polarity. A clause says the fact when `reversesFact` holds (the test the duplicate check uses),
 * or when it holds every content word of the fact as it was said ({@link saysEveryWord}: "Je ne
 * fume plus" holds "fume", "Ich wohne nicht mehr in Hamburg" holds "wohnt in Hamburg"), so a
 * denial in a language without a stemmer, or one longer than the fact ("I quit smoking last
 * year" of "smokes"), is caught too. `I'm not a Python developer` denies `is a Python
 * developer`; `I don't eat meat, I'm vegetarian` backs `is vegetarian`.
 */
function deniesFact(evidence: string, fact: string): boolean {
  const stated = statedFactWords(fact);
  if (stated.words.size === 0) return false;
  const clauses = clausesOf(evidence);
  const factWords = contentWords(fact);
  const denies = (clause: string) =>
    reversesFact(fact, clause) ||
    (statedFactWords(clause).holds !== stated.holds && saysEveryWord(clause, factWords));
  if (!clauses.some(denies)) return false;
  return !clauses.some((clause) => {
    const said = statedFactWords(clause);
    return said.holds === stated.holds && [...said.words].some((word) => stated.words.has(word));
  });
}

/**
 * Whether a clause holds every one of a fact's content words, the same or the same but for its
 * ending (the stemmer is English's: "wohne" and "wohnt", "uso" and "usa" share all but their
 * last letter, and at least two letters).
 */
function saysEveryWord(clause: string, factWords: readonly string[]): boolean {
  const said = contentWords(clause);
  const sameWord = (a: string, b: string) => {
    if (a === b) return true;
    const shorter = Math.min(a.length, b.length);
    if (shorter < 3) return false;
    let shared = 0;
    while (shared < shorter && a[shared] === b[shared]) shared++;
    return shared >= Math.max(2, shorter - 1);
  };
  return (
    factWords.length > 0 && factWords.every((word) => said.some((other) => sameWord(word, other)))
  );
}

/**
 * Checks that a proposal's evidence, once `checkEvidence` found it verbatim in a user turn, can
 * back its fact (the seed design: the user said it directly): at least {@link MIN_EVIDENCE_WORDS}
 * content words or {@link MIN_EVIDENCE_CHARS} graphemes (Unicode-aware words, so any script), at
 * least one content word shared with the fact, and the fact's polarity (a denial or a double
 * negative is refused: a lost fact costs less than a stored denial), and a quote that asks to
 * forget it or not to keep it (`asksToForget`: "Please forget that my sister lives in Lyon") is
 * refused as a denial is. Evidence in another writing
 * system than the fact needs {@link MIN_EVIDENCE_WORDS} words; whether a translation is faithful
 * is left to the model (decision 0011). Codes and messages: the rows of `WRITE_CHECKS`.
 *
 * @param evidence - The quote from the proposal.
 * @param fact - The proposed fact, e.g. `likes green tea`.
 * @returns `supported`, `evidence_too_short`, `evidence_unrelated` or `evidence_contradicts`.
 * @example checkEvidenceSupport("I", "likes tea") // { ok: false, code: "evidence_too_short" }
 * @example checkEvidenceSupport("我住在柏林", "lives in Berlin") // { ok: true, code: "supported" }
 * @example checkEvidenceSupport("I'm not a Python developer", "is a Python developer") // { ok: false, code: "evidence_contradicts" }
 */
export function checkEvidenceSupport(evidence: string, fact: string): CheckEvidenceSupportResult {
  const words = contentWords(evidence);
  const crossScript = !shareWritingSystem(evidence, fact);
  const tooShort = crossScript
    ? words.length < MIN_EVIDENCE_WORDS
    : words.length < MIN_EVIDENCE_WORDS && countGraphemes(foldText(evidence)) < MIN_EVIDENCE_CHARS;
  if (tooShort) {
    return { ok: false, code: "evidence_too_short" };
  }
  // A quote that asks to forget the fact is never what saves it (the seed design: the model
  // proposes, code decides), in whatever script it is.
  if (asksToForget(evidence, fact)) return { ok: false, code: "evidence_contradicts" };
  if (crossScript) return { ok: true, code: "supported" };
  const factWords = new Set(contentWords(fact));
  // A fact without a content word ("...", "<fact>") has nothing to back: the shape check, next in
  // WRITE_CHECKS, refuses it for what it is.
  if (factWords.size === 0) return { ok: true, code: "supported" };
  if (!words.some((word) => factWords.has(word))) {
    return { ok: false, code: "evidence_unrelated" };
  }
  // "Don't forget that I'm vegetarian" is no denial: its negation asks to keep the fact.
  if (deniesFact(withoutKeepRequests(evidence) ?? evidence, fact))
    return { ok: false, code: "evidence_contradicts" };
  return { ok: true, code: "supported" };
}
