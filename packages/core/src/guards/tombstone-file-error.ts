import { MemfilesError } from "@memfiles/errors";

/**
 * `.memfiles/tombstones.json` exists but cannot be read as tombstones (broken JSON or a wrong
 * shape). Writes stop rather than risk bringing a forgotten fact back.
 *
 * @example
 * try { await readTombstones(store); } catch (error) {
 *   if (error instanceof TombstoneFileError) console.error(error.message);
 * }
 */
export class TombstoneFileError extends MemfilesError {
  override readonly name = "TombstoneFileError";
  /** The file, relative to the memory folder. */
  readonly path: string;

  constructor(path: string, problem: string, options?: { cause?: unknown }) {
    super(
      `Cannot read ${path}: ${problem}. Fix it by hand or restore it from git; until then no write ` +
        "can check whether a fact was forgotten, so writes stop.",
      { code: "tombstone_file_invalid", userFixable: true, cause: options?.cause },
    );
    this.path = path;
  }
}
