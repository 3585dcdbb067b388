// What code and models write when they have no value: JavaScript's and JSON's empty values, form
// fillers, and ellipses. Compared folded, with surrounding brackets, quotes and end dots dropped.
const PLACEHOLDERS = new Set([
  "undefined",
  "null",
  "nil",
  "none",
  "nan",
  "n/a",
  "na",
  "tbd",
  "todo",
  "unknown",
  "placeholder",
  "fact",
  "empty",
  "object object",
  "...",
  "…",
  "-",
  "?",
]);

/**
 * Whether a text is a placeholder rather than a value: `undefined`, `null`, `N/A`, `...`,
 * `<fact>`, `TODO` and the like (case, quotes and brackets around it ignored), or nothing but
 * dots, dashes and question marks. The write checks refuse such facts.
 *
 * @param text - A fact's text.
 * @returns `true` for a placeholder.
 * @example isPlaceholder("undefined") // true
 * @example isPlaceholder("uses Neovim") // false
 */
export function isPlaceholder(text: string): boolean {
  const folded = text.normalize("NFKC").trim().toLowerCase();
  if (/^[.…\-–—?!_*]*$/u.test(folded)) return true;
  const bare = folded.replace(/^["'`<[({]+|["'`>\])}]+$/g, "").trim();
  return PLACEHOLDERS.has(bare) || PLACEHOLDERS.has(bare.replace(/[.…]+$/u, ""));
}
