import { readdir, stat } from "node:fs/promises";
import { isMissing } from "../file-system/index.js";
import { foldFileName } from "../text/fold-file-name.js";

// Printable ASCII: other names (controls included) are folded in full.
const PRINTABLE_ASCII = /^[ -~]*$/;

/**
 * The one entry whose name folds like `name` (see `foldFileName`); with several (made by hand on
 * a case-sensitive disk), none is picked: the name stays as given, and `check()` reports them.
 *
 * @param entries - The names in one folder.
 * @param name - The missing name sought.
 * @returns The one look-alike, or `undefined`.
 */
export function findLookAlike(entries: readonly string[], name: string): string | undefined {
  const folded = foldFileName(name);
  // An ASCII name folds to its lower case, of the same length: no need to fold the 10,000 names
  // of a large folder one by one.
  const alike = entries.filter((entry) =>
    PRINTABLE_ASCII.test(entry)
      ? entry.length === folded.length && entry.toLowerCase() === folded
      : foldFileName(entry) === folded,
  );
  return alike.length === 1 ? alike[0] : undefined;
}

/** A folder's names as read, with the stat they were read under and the look-alikes found. */
type Listing = {
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  names: string[];
  found: Map<string, string | undefined>;
};

/**
 * Coarsest folder timestamp a listing is kept against, in ms (FAT's 2 s): a folder changed within
 * this long before it was listed could change again under the same times, so its listing is not
 * kept (git's "racily clean" rule).
 */
const SETTLED_MS = 2000;

/**
 * The look-alikes of missing names in a memory folder's folders. A listing is kept while the
 * folder's own stat (mtime, ctime, inode) is the one it was read under, so reading an absent file
 * (`profile.md` on every request) costs a `stat` of its folder, not a listing of 10,000 entries;
 * any entry added, removed or renamed changes those times and the folder is listed again.
 */
export class FolderNames {
  readonly #listings = new Map<string, Listing>();

  /**
   * The one entry of `folder` whose name folds like `name` (see {@link findLookAlike}).
   *
   * @param folder - An absolute folder path; a missing folder has no entries.
   * @param name - The missing name sought.
   * @returns The look-alike, or `undefined`.
   * @throws file-system errors other than a missing folder (such as `EACCES`).
   */
  async lookAlike(folder: string, name: string): Promise<string | undefined> {
    let stats: Awaited<ReturnType<typeof stat>>;
    try {
      stats = await stat(folder);
    } catch (error) {
      if (!isMissing(error)) throw error;
      this.#listings.delete(folder);
      return undefined;
    }
    let listing = this.#listings.get(folder);
    if (
      listing === undefined ||
      listing.mtimeMs !== stats.mtimeMs ||
      listing.ctimeMs !== stats.ctimeMs ||
      listing.ino !== stats.ino
    ) {
      const listedAt = Date.now();
      listing = {
        mtimeMs: stats.mtimeMs,
        ctimeMs: stats.ctimeMs,
        ino: stats.ino,
        names: await namesIn(folder),
        found: new Map(),
      };
      if (listedAt - Math.max(stats.mtimeMs, stats.ctimeMs) > SETTLED_MS) {
        this.#listings.set(folder, listing);
      } else {
        this.#listings.delete(folder);
      }
    }
    if (listing.found.has(name)) return listing.found.get(name);
    const alike = findLookAlike(listing.names, name);
    listing.found.set(name, alike);
    return alike;
  }
}

/**
 * The names in `folder`; `[]` when it is missing.
 *
 * @throws file-system errors other than a missing folder.
 */
export async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}
