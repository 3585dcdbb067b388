import { contentWords, countGraphemes, foldText, shareWritingSystem } from "../text/index.js";

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
  | { ok: false; code: "evidence_too_short"; message: string }
  | { ok: false; code: "evidence_unrelated"; message: string };

/**
 * Checks that a proposal's evidence can back its fact, once `checkEvidence` found it verbatim in a
 * user turn: any substring of a user turn is a verbatim quote, so "I" would back any fact. The
 * evidence must have at least {@link MIN_EVIDENCE_WORDS} content words or
 * {@link MIN_EVIDENCE_CHARS} graphemes (words are split Unicode-aware, so `我住在柏林` is three
 * words, `我`, `住在`, `柏林`: the floor holds for any script), and share at least one content
 * word with the fact (Porter stems, function words dropped; see `contentWords`). The seed design:
 * the user said it directly, quoted as evidence.
 *
 * A fact and evidence with no writing system in common (`lives in Berlin` from `我住在柏林`; see
 * `shareWritingSystem`) can share no word, so the shared-word test cannot tell a translation from
 * an unrelated quote. Then the evidence must have {@link MIN_EVIDENCE_WORDS} content words, and
 * the other guards stand: it is a verbatim quote of a user turn (`checkEvidence`), and the fact
 * passes every write check. Whether a translation is faithful is left to the model (decision 0011).
 *
 * @param evidence - The quote from the proposal.
 * @param fact - The proposed fact, e.g. `likes green tea`.
 * @returns `supported`, `evidence_too_short` or `evidence_unrelated`, with a message naming the fact.
 * @example checkEvidenceSupport("I", "likes tea") // { code: "evidence_too_short", message: "..." }
 * @example checkEvidenceSupport("I drink green tea every day", "likes green tea") // { ok: true, code: "supported" }
 * @example checkEvidenceSupport("我住在柏林", "lives in Berlin") // { ok: true, code: "supported" }
 */
export function checkEvidenceSupport(evidence: string, fact: string): CheckEvidenceSupportResult {
  const words = contentWords(evidence);
  const crossScript = !shareWritingSystem(evidence, fact);
  const tooShort = crossScript
    ? words.length < MIN_EVIDENCE_WORDS
    : words.length < MIN_EVIDENCE_WORDS && countGraphemes(foldText(evidence)) < MIN_EVIDENCE_CHARS;
  if (tooShort) {
    return {
      ok: false,
      code: "evidence_too_short",
      message: `Refused "${fact}": its evidence ${JSON.stringify(evidence)} is too short to show the user stated it (at least ${MIN_EVIDENCE_WORDS} content words${crossScript ? ", as it is in another script than the fact" : ` or ${MIN_EVIDENCE_CHARS} characters`}). Quote the sentence where the user said it.`,
    };
  }
  if (crossScript) return { ok: true, code: "supported" };
  const factWords = new Set(contentWords(fact));
  if (!words.some((word) => factWords.has(word))) {
    return {
      ok: false,
      code: "evidence_unrelated",
      message: `Refused "${fact}": its evidence ${JSON.stringify(evidence)} shares no content word with the fact. Quote the user's words that state this fact.`,
    };
  }
  return { ok: true, code: "supported" };
}
