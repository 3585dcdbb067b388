/** The encodings a memory file is read and written in. */
export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be";

/**
 * A file's line breaks when they are not LF or CRLF alone (see {@link decodeText}): `cr` for CR
 * only, `mixed` for lone CRs beside LF or CRLF ends.
 */
export type LineBreaks = "cr" | "mixed";

/** Result of {@link decodeText}. */
export type DecodeTextResult =
  | {
      ok: true;
      /** The text; a byte order mark is kept as a leading U+FEFF, so it is written back. */
      text: string;
      encoding: TextEncoding;
      /**
       * `cr` when the file breaks lines with CR only (classic Mac OS), `mixed` when some of its
       * lines end in a lone CR and others in LF or CRLF: `text` then has LF where the file has a
       * lone CR, and a write puts the CR back (see `restoreLineBreaks`).
       */
      lineBreaks?: LineBreaks;
      /** With `mixed`: the lines of `text` (0-based) that end in a lone CR in the file. */
      crLines?: number[];
    }
  | {
      ok: false;
      /** The bytes decoded as UTF-8 with U+FFFD for what is not, to show; never written back. */
      text: string;
      /** Why the bytes are not text memfiles will edit, and how to fix it. */
      reason: string;
    };

const BOM = "\uFEFF";

function startsWith(bytes: Uint8Array, ...prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * Decodes a memory file's bytes, validating them with the WHATWG `TextDecoder` (`fatal: true`):
 * UTF-16 LE or BE when the bytes open with that byte order mark (a common editor "Unicode"
 * option), else UTF-8 (with or without a BOM). Refused: bytes that are not valid in that encoding
 * (Latin-1, a cut-off character), text holding NUL characters (UTF-16 without a byte order
 * mark, or not a text file), and UTF-32 (by its byte order mark; shown, never read). Only a BOM decides the encoding; no guessing, so an edit never
 * rewrites a file in an encoding it was not in. Read leniently: a lone CR (one not before an LF)
 * is a line end, as in every editor, read as LF, so every reader splits lines on LF alone. A text
 * whose only line breaks are CR (classic Mac OS) comes back with LF ones and `lineBreaks: "cr"`,
 * so its `---` header reads; one with lone CRs beside LF or CRLF ends with `lineBreaks: "mixed"`
 * and the lines that had them (`crLines`), so a write keeps them (decision 0126).
 *
 * @param bytes - The file's bytes.
 * @returns `{ ok: true, text, encoding }`, or `{ ok: false, text, reason }` with the bytes decoded
 *   leniently for display.
 * @example decodeText(Buffer.from("\uFEFFhi", "utf16le")) // { ok: true, text: "\uFEFFhi", encoding: "utf-16le" }
 */
export function decodeText(bytes: Uint8Array): DecodeTextResult {
  // UTF-32's byte order marks, checked first: FF FE 00 00 also opens like UTF-16LE.
  const utf32 = startsWith(bytes, 0xff, 0xfe, 0, 0) || startsWith(bytes, 0, 0, 0xfe, 0xff);
  if (utf32) {
    return {
      ok: false,
      text: utf32Text(bytes, bytes[0] === 0xff),
      reason:
        "it is UTF-32 text (its byte order mark says so), which memfiles does not read. Save it as UTF-8 in your editor, or convert it: iconv -f UTF-32 -t UTF-8",
    };
  }
  const encoding: TextEncoding = startsWith(bytes, 0xff, 0xfe)
    ? "utf-16le"
    : startsWith(bytes, 0xfe, 0xff)
      ? "utf-16be"
      : "utf-8";
  let text: string | undefined;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = undefined;
  }
  if (text !== undefined && !text.includes("\u0000")) {
    if (!text.includes("\r")) return { ok: true, text, encoding };
    if (!text.includes("\n")) {
      return { ok: true, text: text.replaceAll("\r", "\n"), encoding, lineBreaks: "cr" };
    }
    const crLines = loneCrLines(text);
    if (crLines.length === 0) return { ok: true, text, encoding };
    const lf = text.replace(/\r(?!\n)/g, "\n");
    return { ok: true, text: lf, encoding, lineBreaks: "mixed", crLines };
  }
  // For display only: NULs dropped, so UTF-16 saved without a byte order mark still reads.
  const shown = (text ?? leniently(bytes)).replaceAll("\u0000", "");
  const reason =
    encoding === "utf-8" && bytes.includes(0)
      ? "it holds NUL bytes: UTF-16 saved without a byte order mark, or not a text file. Save it as UTF-8 in your editor"
      : `it is not valid ${encoding === "utf-8" ? "UTF-8" : encoding.toUpperCase()} text. Save it as UTF-8 (or UTF-16 with a byte order mark) in your editor`;
  return { ok: false, text: shown, reason };
}

// The lines (0-based) of a text that end in a lone CR, one not before an LF.
function loneCrLines(text: string): number[] {
  const lines: number[] = [];
  let line = 0;
  for (let at = text.indexOf("\r"), from = 0; at !== -1; at = text.indexOf("\r", at + 1)) {
    for (let lf = text.indexOf("\n", from); lf !== -1 && lf < at; lf = text.indexOf("\n", lf + 1)) {
      line++;
      from = lf + 1;
    }
    if (text[at + 1] !== "\n") {
      lines.push(line);
      line++;
    }
  }
  return lines;
}

// Bytes that are not UTF-8, for display: as UTF-8 with U+FFFD for each bad byte when some
// multi-byte character in them is valid (a cut-off character), else as Windows-1252, the superset
// of Latin-1 that older editors save in and `memfiles export` reads ("Caf\xe9" shows "Café", not
// "Caf\uFFFD", in `list()`, the index and search).
function leniently(bytes: Uint8Array): string {
  const utf8 = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return /[^\p{ASCII}\ufffd]/u.test(utf8) ? utf8 : new TextDecoder("windows-1252").decode(bytes);
}

// UTF-32 for display (the encoding `TextDecoder` lacks): U+FFFD for what is no code point.
function utf32Text(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const points: string[] = [];
  for (let offset = 4; offset + 4 <= bytes.length; offset += 4) {
    const point = view.getUint32(offset, littleEndian);
    const valid = point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) && point !== 0;
    points.push(valid ? String.fromCodePoint(point) : "\uFFFD");
  }
  return points.join("");
}

/**
 * Encodes text for a memory file in the encoding it was read in (see {@link decodeText}); a UTF-16
 * file always starts with its byte order mark, so it reads back as UTF-16.
 *
 * @param text - The text; a leading U+FEFF is written as the encoding's byte order mark.
 * @param encoding - `utf-8` (default for new files), `utf-16le` or `utf-16be`.
 * @returns The bytes.
 * @example encodeText("hi", "utf-16le") // <Buffer ff fe 68 00 69 00>
 */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  if (encoding === "utf-8") return Buffer.from(text, "utf8");
  const bytes = Buffer.from(text.startsWith(BOM) ? text : BOM + text, "utf16le");
  return encoding === "utf-16be" ? bytes.swap16() : bytes;
}

/**
 * Writes a text read from a file with CR line breaks (see {@link decodeText}) back with them: a
 * CR-only file gets CR at every line end; in a `mixed` file each line kept from the text as read
 * (`before.content`) ends as it did there, a lone CR where `before.crLines` says. Kept lines are
 * matched in order: the lines the texts share at the start and at the end, then each line to the
 * next line of the same text left in `before`. A line the write added or changed ends as the
 * writer wrote it (LF, or CRLF where the writer used the file's CRLF).
 *
 * @param text - The text to write, with LF or CRLF line breaks.
 * @param lineBreaks - The file's `lineBreaks` as read; absent leaves the text as it is.
 * @param before - With `mixed`: the file as read, its `content` and `crLines`.
 * @returns The text to encode.
 * @example restoreLineBreaks("a\nb\n", "cr") // "a\rb\r"
 * @example restoreLineBreaks("a\nb\nc\n", "mixed", { content: "a\nb\n", crLines: [0] }) // "a\rb\nc\n"
 */
export function restoreLineBreaks(
  text: string,
  lineBreaks: LineBreaks | undefined,
  before?: { content: string; crLines?: readonly number[] | undefined },
): string {
  if (lineBreaks === "cr") return text.replace(/\r?\n/g, "\r");
  const cr = new Set(before?.crLines ?? []);
  if (lineBreaks !== "mixed" || before === undefined || cr.size === 0) return text;
  const bare = (line: string) => line.replace(/\r?\n$/, "");
  const old = before.content.split(/(?<=\n)/).map(bare);
  const lines = text.split(/(?<=\n)/);
  const kept = new Array<number | undefined>(lines.length);
  let head = 0;
  while (head < lines.length && head < old.length && bare(lines[head] ?? "") === old[head]) {
    kept[head] = head;
    head++;
  }
  let tail = 0;
  while (
    tail < lines.length - head &&
    tail < old.length - head &&
    bare(lines[lines.length - 1 - tail] ?? "") === old[old.length - 1 - tail]
  ) {
    kept[lines.length - 1 - tail] = old.length - 1 - tail;
    tail++;
  }
  let from = head;
  for (let at = head; at < lines.length - tail; at++) {
    const found = old.indexOf(bare(lines[at] ?? ""), from);
    if (found === -1 || found >= old.length - tail) continue;
    kept[at] = found;
    from = found + 1;
  }
  return lines
    .map((line, at) => {
      const was = kept[at];
      const lf = line.endsWith("\n") && !line.endsWith("\r\n");
      return was !== undefined && cr.has(was) && lf ? `${line.slice(0, -1)}\r` : line;
    })
    .join("");
}
