import { describe, expect, it } from "vitest";
import { decodeText, encodeText, type TextEncoding } from "./text-encoding.js";

const SENOR =
  "\uFEFF---\r\ndescription: Cómo hablarle\r\n---\r\n[stated 2026/11/01] wants to be called señor 東京\r\n";

describe("decodeText and encodeText (issue 10, item 4)", () => {
  it.each<[string, Buffer, TextEncoding]>([
    ["UTF-16LE with a BOM", Buffer.from(SENOR, "utf16le"), "utf-16le"],
    ["UTF-16BE with a BOM", Buffer.from(SENOR, "utf16le").swap16(), "utf-16be"],
    ["UTF-8 with a BOM", Buffer.from(SENOR, "utf8"), "utf-8"],
    ["UTF-8 without a BOM", Buffer.from(SENOR.slice(1), "utf8"), "utf-8"],
  ])("reads %s and writes the same bytes back", (_name, bytes, encoding) => {
    const decoded = decodeText(bytes);
    expect(decoded).toEqual({
      ok: true,
      text: encoding === "utf-8" && bytes[0] !== 0xef ? SENOR.slice(1) : SENOR,
      encoding,
    });
    if (decoded.ok) expect(encodeText(decoded.text, encoding).equals(bytes)).toBe(true);
  });

  it.each([
    ["Latin-1", Buffer.from("[stated 2026/11/01] se\xf1or\n", "latin1"), "not valid UTF-8"],
    ["UTF-16LE without a BOM", Buffer.from("[stated 2026/11/01] x\n", "utf16le"), "NUL bytes"],
    ["a cut-off UTF-8 character", Buffer.from("tea \xe6\x9d", "latin1"), "not valid UTF-8"],
    [
      "UTF-16LE of odd length",
      Buffer.concat([Buffer.from("\uFEFFab", "utf16le"), Buffer.from([0x41])]),
      "not valid UTF-16LE",
    ],
    ["UTF-32LE with a BOM", utf32("\uFEFFcafé\n", true), "UTF-32 text"],
    ["UTF-32BE with a BOM", utf32("\uFEFFcafé\n", false), "iconv -f UTF-32 -t UTF-8"],
    [
      "a binary file",
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      "not a text file",
    ],
  ])("refuses %s, with the reason", (_name, bytes, reason) => {
    const decoded = decodeText(bytes);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.reason).toContain(reason);
  });

  it.each([
    // Latin-1 (Windows-1252) text reads as what it says, for list(), the index and search.
    ["Latin-1", Buffer.from("Caf\xe9 cr\xe8me", "latin1"), "Café crème"],
    // Mostly UTF-8 with one cut-off character: the valid characters stay as they are.
    [
      "UTF-8 with a cut-off character",
      Buffer.concat([Buffer.from("café tea ", "utf8"), Buffer.from([0xe6, 0x9d])]),
      "café tea \uFFFD",
    ],
    ["UTF-32LE", utf32("\uFEFFcafé 茶 🍵", true), "café 茶 🍵"],
    ["UTF-32BE", utf32("\uFEFFcafé 茶 🍵", false), "café 茶 🍵"],
  ])("shows %s, never written back, as its text", (_name, bytes, shown) => {
    expect(decodeText(bytes)).toEqual({ ok: false, text: shown, reason: expect.any(String) });
  });

  it("gives UTF-16 text without a BOM one, so it reads back as UTF-16", () => {
    expect(decodeText(encodeText("señor", "utf-16le"))).toEqual({
      ok: true,
      text: "\uFEFFseñor",
      encoding: "utf-16le",
    });
  });
});

/** `text` as UTF-32 bytes, one 4-byte code point each. */
function utf32(text: string, littleEndian: boolean): Buffer {
  const points = [...text].map((char) => char.codePointAt(0) ?? 0);
  const bytes = Buffer.alloc(points.length * 4);
  points.forEach((point, index) => {
    if (littleEndian) bytes.writeUInt32LE(point, index * 4);
    else bytes.writeUInt32BE(point, index * 4);
  });
  return bytes;
}
