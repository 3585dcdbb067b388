// The list item markers memfiles reads at a line's start, said once. Two readings, on purpose:
// a fact file's body keeps CommonMark's markers only (a "• " line stays in its fact's text, the
// text tombstones already hashed: decision 0059), while a subject file's dated line and a typed
// line also take "•", which people type outside Markdown, and an ordinal of at most three digits,
// so "2026. war ein gutes Jahr" is no list item (decision 0101).

/** CommonMark's bullet and ordered list markers, as a regex source: `-`, `*`, `+`, `1.`, `2)`. */
const MARKDOWN_MARKER = String.raw`[-*+]|\d+[.)]`;

/** A line's list marker in a subject file or a typed line, as a regex source (decision 0101). */
export const LINE_MARKER_SOURCE = String.raw`[-*+\u2022]|\d{1,3}[.)]`;

/** A bullet or numbered list marker at a fact body line's start (`- `, `* `, `1. `, `2) `), with its indent and the space after it. */
export const LIST_MARKER = new RegExp(String.raw`^\s*(?:${MARKDOWN_MARKER})\s+`);

/** A subject file's or typed line's list marker at the line's start (`- `, `• `, `12. `), with its indent and the space after it. */
export const LINE_MARKER = new RegExp(String.raw`^\s*(?:${LINE_MARKER_SOURCE})\s+`, "u");
