import { createHash } from "node:crypto";

/**
 * sha256 of a text as lowercase hex; tombstones store these instead of the forgotten words.
 *
 * @param text - Any text, hashed as UTF-8.
 * @returns 64 hex chars.
 * @example hashText("loves thai food")
 */
export function hashText(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * sha1 of a text as lowercase hex (version tokens take the first 12 chars; the seed design).
 *
 * @param text - Any text, hashed as UTF-8.
 * @returns 40 hex chars.
 * @example sha1Hex("") // "da39a3ee5e6b4b0d3255bfef95601890afd80709"
 */
export function sha1Hex(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}
