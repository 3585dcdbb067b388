import { MemfilesError } from "@memfiles/errors";
import type { TombstoneProblem } from "./tombstone-file.js";

/**
 * How to put right a tombstone file that cannot be read, true of a folder and of a database
 * (whose file is a row: no git there), and never "delete it": it is what keeps forgotten facts out.
 */
export const TOMBSTONE_FIX =
  "correct it by hand or restore it from a backup or the memory's history, and never delete it: it is what keeps forgotten facts out";

/**
 * `.memfiles/tombstones.json` exists but cannot be read whole as tombstones (broken JSON, a wrong
 * shape, a hash or a date that is not one): a tombstone it could not read might hide any line, so
 * nothing a tombstone is asked of is shown to a model or written until it is fixed (decision 0107).
 * `memfiles check` lists every problem (`tombstones_unreadable`).
 *
 * @example
 * try { await readTombstones(store); } catch (error) {
 *   if (error instanceof TombstoneFileError) console.error(error.message, error.problems);
 * }
 */
export class TombstoneFileError extends MemfilesError {
  override readonly name = "TombstoneFileError";
  /** The file, relative to the memory folder. */
  readonly path: string;
  /** What could not be read, each with its 1-based line (see `readTombstoneFile`). */
  readonly problems: readonly TombstoneProblem[];

  constructor(
    path: string,
    problems: readonly TombstoneProblem[] | string,
    options?: { cause?: unknown },
  ) {
    const list = typeof problems === "string" ? [{ line: 1, problem: problems }] : problems;
    const [first] = list;
    const more =
      list.length > 1 ? ` (and ${list.length - 1} more: \`memfiles check\` lists them)` : "";
    const fix = first?.fix ?? TOMBSTONE_FIX;
    super(
      `Cannot read ${path}${first === undefined ? "" : `:${first.line}`}: ${first?.problem ?? "unknown"}${more}. ` +
        `${fix.charAt(0).toUpperCase()}${fix.slice(1)}. ` +
        "Until then memfiles shows no memory to a model and writes none: a tombstone it cannot read might hide any fact.",
      { code: "tombstone_file_invalid", userFixable: true, cause: options?.cause },
    );
    this.path = path;
    this.problems = list;
  }
}
