import { MemfilesError } from "@memfiles/errors";
import { TombstoneFileError } from "./tombstone-file-error.js";
import { TOMBSTONES_FILE } from "./tombstone-index.js";

/**
 * The text of `.memfiles/tombstones.json`, by the one rule of what stands in its place: a missing
 * file (or a `.memfiles` that is a plain file, where memfiles never wrote one) holds no
 * tombstones; a link, a folder, a pipe in the file's place, or a `.memfiles` that is a link, may
 * stand for tombstones memfiles will not read through it, so it is refused as a damaged file is,
 * on line 1, with the store's words on how to put it right (never "remove it": decision 0121).
 * Every reader of the file starts here: the strict ones (`readTombstones`, recall), and the
 * lenient one of `check` and the memory page, which reports the refusal as a problem.
 *
 * @param store - Anything with `readInternal` (a `MemoryStore`, a recall view).
 * @returns The text, or `undefined` when there is no file.
 * @throws {TombstoneFileError} when something other than a file is in its place (one problem,
 *   line 1, its `cause` the store's `MemoryPathError`).
 * @example const text = await readTombstoneText(store);
 */
export async function readTombstoneText(store: {
  readInternal(relativePath: string): Promise<string | undefined>;
}): Promise<string | undefined> {
  try {
    return await store.readInternal(TOMBSTONES_FILE);
  } catch (error) {
    // The store's MemoryPathError (store/ sits above guards/): `path` is the name read, or
    // `.memfiles` when the folder itself is a plain file.
    if (!(error instanceof MemfilesError) || error.code !== "path_refused") throw error;
    const { path, reason, hint } = error as MemfilesError & {
      path?: string;
      reason?: string;
      hint?: string;
    };
    if (path === ".memfiles") return undefined;
    if (path !== TOMBSTONES_FILE && path !== `.memfiles/${TOMBSTONES_FILE}`) throw error;
    throw new TombstoneFileError(
      `.memfiles/${TOMBSTONES_FILE}`,
      [
        {
          line: 1,
          problem: reason ?? "it is not a file",
          ...(hint === undefined ? {} : { fix: hint.replace(/\.$/, "") }),
        },
      ],
      { cause: error },
    );
  }
}
