import { createHash } from "node:crypto";

/** sha256 of a text (UTF-8) as 64 lowercase hex chars; tombstones store these, never the words. */
export function hashText(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** sha1 of a text (UTF-8) as 40 lowercase hex chars (version tokens take 12; the seed design). */
export function sha1Hex(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}
