import { type Stats, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { basename, dirname } from "node:path";
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
  /** Brought up to date by this store's own write instead of read (see `whileWriting`). */
  updated: boolean;
};

/** The entries one write of this store added (or replaced) and removed, by folder. */
type OwnChanges = Map<string, { added: Set<string>; removed: Set<string> }>;

/**
 * Coarsest folder timestamp a listing is kept against, in ms (FAT's 2 s): a folder changed within
 * this long before it was listed could change again under the same times, so its listing is not
 * kept (git's "racily clean" rule).
 */
const SETTLED_MS = 2000;

function sameStat(listing: Listing, stats: Pick<Stats, "mtimeMs" | "ctimeMs" | "ino">): boolean {
  return (
    listing.mtimeMs === stats.mtimeMs &&
    listing.ctimeMs === stats.ctimeMs &&
    listing.ino === stats.ino
  );
}

function settled(stats: Pick<Stats, "mtimeMs" | "ctimeMs">, at: number): boolean {
  return at - Math.max(stats.mtimeMs, stats.ctimeMs) > SETTLED_MS;
}

function statOrUndefined(folder: string): Stats | undefined {
  try {
    return statSync(folder, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * The look-alikes of missing names in a memory folder's folders. A listing is kept while the
 * folder's own stat (mtime, ctime, inode) is the one it was read under, so reading an absent file
 * (`profile.md` on every request) costs a `stat` of its folder, not a listing of 10,000 entries;
 * any entry added, removed or renamed changes those times and the folder is listed again.
 *
 * The store's own writes run inside {@link FolderNames.whileWriting} and report what they added
 * and removed: a kept listing whose folder was unchanged just before takes those names and the
 * folder's new stat, so the first read after a write does not list the folder again. An entry
 * made by someone else during that write, or within the same tick of a coarse folder clock, is
 * invisible to the stat; such an updated listing is read again once its folder has settled
 * ({@link SETTLED_MS}), the window in which the plain rule would not keep a listing either.
 */
export class FolderNames {
  readonly #listings = new Map<string, Listing>();
  #writing: OwnChanges | undefined;

  /**
   * Runs one write of this store (under its lock), keeping the listings it changes up to date.
   *
   * @param write - The write; it reports each entry it makes or removes with
   *   {@link FolderNames.wrote} and {@link FolderNames.removed}.
   * @returns What `write` returns; a kept folder changed in a way not reported, or a failed
   *   `write`, drops that folder's listing (listed again when next asked).
   */
  async whileWriting<T>(write: () => Promise<T>): Promise<T> {
    if (this.#writing !== undefined) return write();
    const unchanged = new Map<string, Listing>();
    for (const [folder, listing] of this.#listings) {
      const stats = statOrUndefined(folder);
      if (stats !== undefined && sameStat(listing, stats)) unchanged.set(folder, listing);
    }
    const changes: OwnChanges = new Map();
    this.#writing = changes;
    let done = false;
    try {
      const result = await write();
      done = true;
      return result;
    } finally {
      this.#writing = undefined;
      this.#afterWrite(unchanged, done ? changes : new Map());
    }
  }

  /** During {@link FolderNames.whileWriting}: an entry at the absolute `path` made or replaced. */
  wrote(path: string): void {
    this.#changesOf(path)?.added.add(basename(path));
  }

  /** During {@link FolderNames.whileWriting}: the entry at the absolute `path` removed. */
  removed(path: string): void {
    const changes = this.#changesOf(path);
    if (changes === undefined) return;
    changes.added.delete(basename(path));
    changes.removed.add(basename(path));
  }

  #changesOf(path: string): { added: Set<string>; removed: Set<string> } | undefined {
    if (this.#writing === undefined) return undefined;
    const folder = dirname(path);
    let changes = this.#writing.get(folder);
    if (changes === undefined) {
      changes = { added: new Set(), removed: new Set() };
      this.#writing.set(folder, changes);
    }
    return changes;
  }

  #afterWrite(unchanged: ReadonlyMap<string, Listing>, changes: OwnChanges): void {
    for (const [folder, listing] of this.#listings) {
      const stats = statOrUndefined(folder);
      if (stats !== undefined && sameStat(listing, stats)) continue;
      const own = changes.get(folder);
      if (stats === undefined || own === undefined || unchanged.get(folder) !== listing) {
        this.#listings.delete(folder);
        continue;
      }
      const touched = new Set([...own.added, ...own.removed].map(foldFileName));
      const names = listing.names.filter((name) => !own.removed.has(name));
      for (const name of own.added) if (!names.includes(name)) names.push(name);
      const found = new Map(
        [...listing.found].filter(([name]) => !touched.has(foldFileName(name))),
      );
      this.#listings.set(folder, {
        mtimeMs: stats.mtimeMs,
        ctimeMs: stats.ctimeMs,
        ino: stats.ino,
        names,
        found,
        updated: true,
      });
    }
  }

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
      !sameStat(listing, stats) ||
      (listing.updated && settled(stats, Date.now()))
    ) {
      const listedAt = Date.now();
      listing = {
        mtimeMs: stats.mtimeMs,
        ctimeMs: stats.ctimeMs,
        ino: stats.ino,
        names: await namesIn(folder),
        found: new Map(),
        updated: false,
      };
      if (settled(stats, listedAt)) {
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
