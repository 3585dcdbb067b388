import { createHash } from "node:crypto";
import { type MemoryIndexRecord, RECORD_FORMAT } from "./memory-index-record-format.js";
import type { StoreLayout } from "./types.js";

/** The record's name inside `.memfiles/` (or a backend's internal files). */
export const MEMORY_INDEX_RECORD_FILE = "memory-index.json";

/** The store's rules a record is written under; a record of other rules does not match. */
export type MemoryIndexRules = { layout: StoreLayout; maxChars: number };

/**
 * The record's text for the `MEMORY.md` text memfiles is writing (UTF-8, as it is written).
 *
 * @param text - The whole index text written (chars; a byte order mark and CRLF kept as written).
 * @param rules - The store's layout and size cap (chars per file).
 * @returns One line of JSON (`MemoryIndexRecordSchema`) and a line break.
 * @example memoryIndexRecordText("# Memory index\n", { layout: "subject", maxChars: 6000 })
 */
export function memoryIndexRecordText(text: string, rules: MemoryIndexRules): string {
  const bytes = Buffer.from(text, "utf8");
  const record: MemoryIndexRecord = {
    format: RECORD_FORMAT,
    layout: rules.layout,
    maxChars: rules.maxChars,
    bytes: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
  return `${JSON.stringify(record)}\n`;
}

/**
 * How many bytes the `MEMORY.md` a record names holds, so a reader reads no more than that (an
 * index longer than the too-large limit of memory files is still read when memfiles wrote it).
 *
 * @param record - The record file's text, or `undefined` when there is none.
 * @param rules - The store's layout and size cap (chars per file).
 * @returns Resolves the size in bytes, or `undefined` when the record is missing, damaged or of
 *   other rules.
 * @example recordedIndexBytes(record, { layout: "subject", maxChars: 12_000 }) // 1_288_410
 */
export async function recordedIndexBytes(
  record: string | undefined,
  rules: MemoryIndexRules,
): Promise<number | undefined> {
  return (await recordOf(record, rules))?.bytes;
}

async function recordOf(
  record: string | undefined,
  rules: MemoryIndexRules,
): Promise<MemoryIndexRecord | undefined> {
  if (record === undefined || record === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return undefined;
  }
  const { MemoryIndexRecordSchema } = await import("./memory-index-record-schema.js");
  const parsed = MemoryIndexRecordSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { layout, maxChars } = parsed.data;
  return layout === rules.layout && maxChars === rules.maxChars ? parsed.data : undefined;
}

/**
 * Whether `MEMORY.md`'s bytes are exactly the ones the record was written for, under the same
 * rules: the one test that lets a write patch one line of an index it did not write in this
 * process. Anything else is `false`, so the caller rebuilds the whole index: no record, an empty
 * or damaged one, another format, other rules, another size or hash (a person's edit, another
 * tool's write, a crash between the index and its record).
 *
 * @param record - The record file's text, or `undefined` when there is none.
 * @param index - `MEMORY.md`'s bytes as stored (a backend's index text is its UTF-8).
 * @param rules - The store's layout and size cap (chars per file).
 * @returns Resolves `true` only when the record parses and names these bytes and rules.
 * @example indexMatchesRecord(await readRecord(), await readFile("MEMORY.md"), rules) // false after a hand edit
 */
export async function indexMatchesRecord(
  record: string | undefined,
  index: Uint8Array | string,
  rules: MemoryIndexRules,
): Promise<boolean> {
  const wanted = await recordOf(record, rules);
  if (wanted === undefined) return false;
  const bytes = typeof index === "string" ? Buffer.from(index, "utf8") : index;
  if (bytes.length !== wanted.bytes) return false;
  return createHash("sha256").update(bytes).digest("hex") === wanted.sha256;
}
