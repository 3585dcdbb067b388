const BOM = "\uFEFF";

/**
 * Gives text written by code the line endings and byte order mark of the file it replaces, so an
 * edit to a CRLF or BOM file (written on Windows, say) changes only the lines it means to: the
 * formatter writes LF without a BOM, and the parser reads both.
 *
 * @param original - The file's current text.
 * @param next - The new text, as formatted (LF, no BOM).
 * @returns `next` with CRLF line breaks when most of `original`'s are CRLF, and with a leading BOM
 *   when `original` has one.
 * @example keepTextStyle("\uFEFFa\r\nb\r\n", "a\nc\n") // "\uFEFFa\r\nc\r\n"
 */
export function keepTextStyle(original: string, next: string): string {
  const crlf = original.split("\r\n").length - 1;
  const lf = original.split("\n").length - 1 - crlf;
  let text = crlf > lf ? next.replace(/\r?\n/g, "\r\n") : next;
  if (original.startsWith(BOM) && !text.startsWith(BOM)) text = BOM + text;
  return text;
}
