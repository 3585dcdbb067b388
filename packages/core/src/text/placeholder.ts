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
 * Whether a fact is a placeholder, not a value: `undefined`, `null`, `N/A`, `...`, `<fact>`,
 * `TODO` and the like (case, quotes and brackets ignored), or only dots, dashes and question marks.
 */
export function isPlaceholder(text: string): boolean {
  const folded = text.normalize("NFKC").trim().toLowerCase();
  if (/^[.…\-–—?!_*]*$/u.test(folded)) return true;
  const bare = folded.replace(/^["'`<[({]+|["'`>\])}]+$/g, "").trim();
  return PLACEHOLDERS.has(bare) || PLACEHOLDERS.has(bare.replace(/[.…]+$/u, ""));
}
