/**
 * Finding a question back to the user: an answer that asks "Which host do you use?" instead of
 * using what memory says (the seed design's remember test: the answer "assumes it without
 * asking").
 *
 * Rules, applied in order:
 * 1. Code is ignored: fenced blocks (``` or ~~~) and inline `code` spans are removed, so a `?` in a
 *    shell glob or a ternary never counts.
 * 2. Quoted text ("…", “…”) is removed: quoting a CLI prompt ("Would you like to deploy now?") is
 *    not asking the user.
 * 3. Markdown headings (`# Why Railway?`) are labels, not questions, and are dropped.
 * 4. The rest is split into sentences (at `.`, `!`, `?` followed by a space, and at line breaks).
 *    A sentence ending in `?` (closing brackets, quotes or `*`/`_` after it allowed) is a question
 *    back when ANY of:
 *    a. it addresses the user: a second-person word (you, your, you're, you've, you'd, you'll,
 *       yours, yourself);
 *    b. it offers or asks permission in the model's voice: it starts with "shall I", "should I",
 *       "can I", "may I", "want me", "would it help", "would you", "need me";
 *    c. it is the last sentence of the answer: ending on a question hands the turn back.
 *    Other questions are rhetorical and answered in place ("Why Fly.io? Its machines start in
 *    seconds.") and are allowed.
 */

const SECOND_PERSON = /\b(?:you|your|you're|you've|you'd|you'll|yours|yourself|yourselves)\b/i;
const OFFER = /^(?:shall I|should I|can I|may I|want me|would it help|would you|need me)\b/i;
const QUESTION_END = /\?[)\]"'*_]*$/;

/** Removes code, quotes and headings (rules 1–3), folding typographic apostrophes first. */
export function proseOf(text: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of text.replace(/[\u2018\u2019\u02BC]/g, "'").split(/\r?\n/)) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) {
        fence = undefined;
      }
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      continue;
    }
    if (/^\s{0,3}#{1,6}\s/.test(line)) continue;
    kept.push(line.replace(/`[^`]*`/g, "").replace(/"[^"]*"|\u201C[^\u201D]*\u201D/g, ""));
  }
  return kept.join("\n");
}

/** Splits prose into trimmed, non-empty sentences (rule 4). */
export function sentencesOf(prose: string): string[] {
  return prose
    .split(/\n+|(?<=[.!?][)\]"'*_]*)\s+/)
    .map((sentence) =>
      sentence
        .replace(/^[\s>*_-]+|^\d+[.)]\s+/g, "")
        .replace(/[*_\s]+$/, "")
        .trim(),
    )
    .filter((sentence) => sentence !== "" && /[\p{L}\p{N}]/u.test(sentence));
}

/**
 * The questions back to the user in an answer, by the rules above.
 *
 * @param text - The answer text (markdown).
 * @returns The offending sentences, in order; empty when there are none.
 * @example findQuestionsBack("Use `fly deploy`. Which region do you want?") // ["Which region do you want?"]
 */
export function findQuestionsBack(text: string): string[] {
  const sentences = sentencesOf(proseOf(text));
  return sentences.filter((sentence, index) => {
    if (!QUESTION_END.test(sentence)) return false;
    return SECOND_PERSON.test(sentence) || OFFER.test(sentence) || index === sentences.length - 1;
  });
}
