/** Typographic apostrophes and quotes folded to ASCII so `you’ve` matches `you've`. */
export function foldQuotes(text: string): string {
  return text.replace(/[\u2018\u2019\u02BC]/g, "'").replace(/[\u201C\u201D]/g, '"');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A case-insensitive matcher for a term in answer text. Where the term starts or ends with a
 * letter or digit, the match needs a word boundary there, so `ham` does not match `graham` and
 * `fly` does not match `flyctl`; a plain plural (`s`, `es`) is allowed at the end, so `chicken`
 * matches `chickens`.
 */
export function termPattern(term: string): RegExp {
  const folded = foldQuotes(term.trim());
  const start = /^\w/.test(folded) ? "\\b" : "";
  const end = /\w$/.test(folded) ? "(?:s|es)?\\b" : "";
  const body = escapeRegExp(folded).replace(/\s+/g, "\\s+");
  return new RegExp(`${start}${body}${end}`, "i");
}

/** The terms of `terms` found in `text` (answer-style matching, see {@link termPattern}). */
export function termsFound(text: string, terms: readonly string[]): string[] {
  const folded = foldQuotes(text);
  return terms.filter((term) => termPattern(term).test(folded));
}

/** Case-insensitive substring test (file graders: memory lines are short and exact). */
export function includesFolded(text: string, needle: string): boolean {
  return text.toLowerCase().includes(needle.toLowerCase());
}

/** Quotes a string for a grader name or reason, e.g. `"Fly.io"`. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}
