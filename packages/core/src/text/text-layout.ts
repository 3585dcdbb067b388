const BOM = "\uFEFF";

/** How a text file is laid out around its lines, kept when memfiles writes it back. */
export type TextLayout = {
  /** `"\uFEFF"` when the text opens with a byte order mark, else `""`. */
  bom: string;
  /** The file's line break: CRLF when most of its line breaks are CRLF, else LF. */
  eol: "\r\n" | "\n";
};

/**
 * Reads how a text is laid out (see {@link TextLayout}): the one rule by which an edited memory
 * file, a rebuilt `MEMORY.md` and a rewritten settings file keep a person's byte order mark and
 * line breaks.
 *
 * @param text - The text as decoded (a byte order mark kept as a leading U+FEFF).
 * @returns `{ bom, eol, body }`: `body` is the text without the byte order mark.
 * @example readTextLayout("\uFEFFa\r\nb\r\n") // { bom: "\uFEFF", eol: "\r\n", body: "a\r\nb\r\n" }
 */
export function readTextLayout(text: string): TextLayout & { body: string } {
  const bom = text.startsWith(BOM) ? BOM : "";
  const body = text.slice(bom.length);
  const crlf = body.split("\r\n").length - 1;
  const lf = body.split("\n").length - 1 - crlf;
  return { bom, eol: crlf > lf ? "\r\n" : "\n", body };
}

/** Lays out a text as {@link readTextLayout} found: `layout.eol` breaks, `layout.bom` first. */
export function applyTextLayout(text: string, layout: TextLayout): string {
  return layout.bom + (layout.eol === "\r\n" ? text.replace(/\r?\n/g, "\r\n") : text);
}
