import { sha1Hex } from "../text/hash-text.js";

/** The version token of a file that does not exist (seed design). */
export const NEW_VERSION = "new";

/**
 * The version token of a file's text: the first 12 hex chars of the SHA-1 of the exact text
 * (UTF-8), or `"new"` for a missing file (seed design, "Version token").
 *
 * @param text - The exact file text, or `undefined` for a missing file.
 * @returns 12 lowercase hex chars, or `"new"`.
 * @example versionToken("") // "da39a3ee5e6b"
 */
export function versionToken(text: string | undefined): string {
  if (text === undefined) return NEW_VERSION;
  return sha1Hex(text).slice(0, 12);
}
