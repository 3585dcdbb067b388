/** The encodings a memory file is read and written in. */
export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be";

/** Result of {@link decodeText}. */
export type DecodeTextResult =
  | {
      ok: true;
      /** The text; a byte order mark is kept as a leading U+FEFF, so it is written back. */
      text: string;
      encoding: TextEncoding;
      /**
       * `cr` when the file breaks lines with CR only (classic Mac OS): `text` then has LF line
       * breaks, and a write turns them back into CR (see `restoreLineBreaks`).
       */
      lineBreaks?: "cr";
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
 * rewrites a file in an encoding it was not in. Read leniently: a text whose only line breaks are
 * CR (classic Mac OS) comes back with LF ones and `lineBreaks: "cr"`, so its `---` header reads.
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
    if (text.includes("\r") && !text.includes("\n")) {
      return { ok: true, text: text.replaceAll("\r", "\n"), encoding, lineBreaks: "cr" };
    }
    return { ok: true, text, encoding };
  }
  // For display only: NULs dropped, so UTF-16 saved without a byte order mark still reads.
  const shown = (text ?? leniently(bytes)).replaceAll("\u0000", "");
  const reason =
    encoding === "utf-8" && bytes.includes(0)
      ? "it holds NUL bytes: UTF-16 saved without a byte order mark, or not a text file. Save it as UTF-8 in your editor"
      : `it is not valid ${encoding === "utf-8" ? "UTF-8" : encoding.toUpperCase()} text. Save it as UTF-8 (or UTF-16 with a byte order mark) in your editor`;
  return { ok: false, text: shown, reason };
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
 * Writes a text read from a CR-only file (see {@link decodeText}) back with CR line breaks.
 *
 * @param text - The text to write, with LF or CRLF line breaks.
 * @param lineBreaks - The file's `lineBreaks` as read; absent leaves the text as it is.
 * @returns The text to encode.
 * @example restoreLineBreaks("a\nb\n", "cr") // "a\rb\r"
 */
export function restoreLineBreaks(text: string, lineBreaks: "cr" | undefined): string {
  return lineBreaks === "cr" ? text.replace(/\r?\n/g, "\r") : text;
}
