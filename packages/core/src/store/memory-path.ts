import type { Dirent } from "node:fs";
import { lstat, realpath, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { isInsideOrSame, isMissing } from "../file-system/index.js";
import { headOfText } from "../text/cut-text.js";
import { foldFileName } from "../text/fold-file-name.js";
import { type FolderNames, findLookAlike, namesIn } from "./folder-names.js";
import { TEMP_SUFFIX_BYTES } from "./inside-root.js";
import { MemoryPathError } from "./memory-path-error.js";

/** The generated index at the root of the memory folder; never a memory path. */
export const MEMORY_INDEX_FILE = "MEMORY.md";

/**
 * Whether a path names the generated index (`MEMORY.md` at the root, in any case): what readers
 * send to `store.readIndex()`, since {@link parseMemoryPath} refuses it as a memory path.
 *
 * @param path - A path relative to the memory root.
 * @returns `true` for `MEMORY.md`, `memory.md`; `false` for `topics/MEMORY.md`.
 * @example isMemoryIndexPath("MEMORY.md") // true
 */
export function isMemoryIndexPath(path: string): boolean {
  return !path.includes("/") && foldFileName(path) === foldFileName(MEMORY_INDEX_FILE);
}

/** Result of {@link safeParseMemoryPath}. */
export type SafeParseMemoryPathResult =
  | { success: true; value: string }
  | { success: false; error: MemoryPathError };

const MAX_PATH_CHARS = 1024;
// 255 bytes is the name limit of ext4, APFS and NTFS; the temp file of an atomic write adds a
// suffix to the name, so a name must leave room for it or every write of it fails.
const MAX_SEGMENT_BYTES = 255 - TEMP_SUFFIX_BYTES;
// Names Windows reserves for devices, with any extension (`con.md` opens the console there),
// `CONIN$`, `CONOUT$` and `CLOCK$` among them, and with spaces before the extension, which Windows
// drops (`CON .md` is the console too).
const WINDOWS_DEVICE =
  /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$|clock\$) *(?:\.|$)/i;
// Characters drawn like a slash or a back slash (division and fraction slashes, full-width and
// small forms): a person reads `topics∕tools.md` as a folder and a file.
const LOOK_ALIKE_SLASH =
  /[\u2044\u2215\u2216\u2571\u2572\u27CB\u27CD\u29F5\u29F8\u29F9\uFE68\uFF0F\uFF3C]/u;
// Zero-width and other format characters: invisible in a name, so `MEMO\u200bRY.md` looks like the index.
const INVISIBLE = /[\p{Cf}]/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const PERCENT_ENCODED = /%[0-9a-f]{2}/i;
// Characters Windows refuses in names (`:` also opens an NTFS alternate data stream).
const NOT_PORTABLE = /[<>:"|?*]/;

function refuse(path: string, reason: string, hint?: string): never {
  throw new MemoryPathError({ path, reason, ...(hint === undefined ? {} : { hint }) });
}

/**
 * Check a memory path without touching the disk and return it. Allowed: a relative path with
 * `/` between folders, ending in `.md`. Refused: empty, absolute (`/x`, `C:x`, `~`), `.` or `..`
 * segments, empty segments, NUL and control characters, back slashes, percent-encoded characters
 * (`%2e%2e%2f`), characters Windows cannot store (`<>:"|?*`), names starting with a dot (dot-folders
 * such as `.memfiles/` hold internal state), and the generated `MEMORY.md`. Links are checked
 * later, by the store, against the disk.
 *
 * @param path - A path relative to the memory root, e.g. `topics/tools.md`.
 * @returns The same path (already canonical: nothing is rewritten).
 * @throws {MemoryPathError} naming the path and the rule it breaks.
 * @example parseMemoryPath("topics/tools.md") // "topics/tools.md"
 */
export function parseMemoryPath(path: string): string {
  if (typeof path !== "string") refuse(String(path), "it is not a string");
  if (path === "") refuse(path, "it is empty");
  if (path.length > MAX_PATH_CHARS) refuse(path, `it is longer than ${MAX_PATH_CHARS} chars`);
  if (CONTROL.test(path)) refuse(path, "it contains a NUL or control character");
  if (path.includes("\\")) refuse(path, 'it contains a back slash; use "/" between folders');
  const slash = LOOK_ALIKE_SLASH.exec(path)?.[0];
  if (slash !== undefined) {
    const code = `U+${(slash.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
    refuse(path, `it contains ${code}, drawn like a slash; use "/" between folders`);
  }
  if (PERCENT_ENCODED.test(path)) {
    refuse(path, "it contains a percent-encoded character; write the plain character instead");
  }
  if (path.startsWith("/") || /^[a-z]:/i.test(path) || path.startsWith("~")) {
    refuse(path, "it is absolute; give it relative to the memory folder");
  }
  if (NOT_PORTABLE.test(path)) refuse(path, 'it contains one of < > : " | ? *');
  const segments = path.split("/");
  for (const segment of segments) {
    if (segment === "") refuse(path, 'it has an empty folder name ("//" or a trailing "/")');
    if (segment === "." || segment === "..") refuse(path, `it contains "${segment}"`);
    const folded = segment.normalize("NFKC");
    if (segment.startsWith(".") || folded.startsWith(".")) {
      refuse(
        path,
        `"${segment}" starts with a dot; dot-files and dot-folders such as .memfiles/ are internal`,
      );
    }
    if (/[ .]$/.test(segment)) refuse(path, `"${segment}" ends with a space or a dot`);
    if (WINDOWS_DEVICE.test(folded)) {
      refuse(path, `"${segment}" is a device name on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9)`);
    }
    if (Buffer.byteLength(segment, "utf8") > MAX_SEGMENT_BYTES) {
      refuse(path, `"${headOfText(segment, 20)}..." is longer than ${MAX_SEGMENT_BYTES} bytes`);
    }
  }
  if (!path.endsWith(".md")) refuse(path, 'it does not end in ".md"');
  const lookAlike = foldFileName(path.normalize("NFKC").replace(INVISIBLE, ""));
  if (segments.length === 1 && lookAlike === foldFileName(MEMORY_INDEX_FILE)) {
    refuse(
      path,
      "MEMORY.md is the generated index",
      "The store rewrites it after every write; write the memory files themselves.",
    );
  }
  return path;
}

/**
 * Check a memory path without throwing: the twin of {@link parseMemoryPath}. The write pass uses
 * it to reject a proposal's file with a reason instead of an exception.
 *
 * @param path - A path relative to the memory root.
 * @returns `{ success: true, value }` or `{ success: false, error }` with a {@link MemoryPathError}.
 * @example safeParseMemoryPath("../x.md").success // false
 */
export function safeParseMemoryPath(path: string): SafeParseMemoryPathResult {
  try {
    return { success: true, value: parseMemoryPath(path) };
  } catch (error) {
    if (error instanceof MemoryPathError) return { success: false, error };
    throw error;
  }
}

/** Where a memory path lives on disk, after following links. */
export type ResolvedMemoryPath = {
  /**
   * The memory path as spelled on disk: a segment that differs from an existing name only in case
   * or Unicode normalization takes that name (see {@link resolveMemoryPath}).
   */
  path: string;
  /** `realRoot` joined with the path as given (a link at the end is the link itself). */
  location: string;
  /** The real file the path reads and writes (the link target when the file is a link). */
  target: string;
  /** Whether `target` exists as a file now. */
  exists: boolean;
  /** Set when `keepLink` was asked and the last component is a link: `target` is the link itself. */
  link?: true;
};

/** Options of {@link resolveMemoryPath}. */
export type ResolveMemoryPathOptions = {
  /** Stop at a link in the last component instead of following it (folders are still checked). */
  keepLink?: boolean;
  /**
   * The root's entries as the caller read them (`MemoryStoreOptions.rootEntries`): a look-alike
   * of a missing top-level name is sought among them instead of reading the root again.
   */
  rootEntries?: readonly Dirent[] | undefined;
  /** The store's kept listings: a look-alike is sought there, not by listing the folder again. */
  folderNames?: FolderNames | undefined;
};

/**
 * Follow a lexically valid memory path on disk, component by component, and refuse it when any
 * existing component is a link that resolves outside `realRoot` (or to a dot-folder, `MEMORY.md`,
 * or a non-`.md` file inside it), is a dangling link, or is not a folder / file where one is needed.
 * A missing segment that differs from one existing name of its folder only in case or Unicode
 * normalization (`dgia.md` beside `DGIA.md`; see `foldFileName`) takes that name, so such names
 * address one file on every platform, as a case- or normalization-insensitive disk would.
 *
 * @param realRoot - The memory root after `realpath`.
 * @param path - A path accepted by {@link parseMemoryPath}.
 * @param options - `{ keepLink?, rootEntries?, folderNames? }`: with `keepLink`, a link in the
 *   last component is returned as itself (`link: true`) without being followed, so it can be
 *   removed; `rootEntries`, the root's entries already read, are searched for a top-level
 *   look-alike; `folderNames` keeps folders' listings between calls.
 * @returns `{ path, location, target, exists, link? }`: `path` spelled as on disk.
 * @throws {MemoryPathError} naming the path.
 */
export async function resolveMemoryPath(
  realRoot: string,
  path: string,
  options: ResolveMemoryPathOptions = {},
): Promise<ResolvedMemoryPath> {
  const segments = path.split("/");
  let current = realRoot;
  for (let index = 0; index < segments.length; index++) {
    let segment = segments[index] as string;
    const last = index === segments.length - 1;
    let next = join(current, segment);
    let stats: Awaited<ReturnType<typeof lstat>>;
    try {
      stats = await lstat(next);
    } catch (error) {
      if (!isMissing(error)) throw error;
      // One name on every platform: a case-insensitive or normalization-insensitive file system
      // would open the look-alike anyway, so every platform does.
      const given =
        current === realRoot ? options.rootEntries?.map((entry) => entry.name) : undefined;
      const alike =
        given === undefined && options.folderNames !== undefined
          ? await options.folderNames.lookAlike(current, segment)
          : findLookAlike(given ?? (await namesIn(current)), segment);
      const respelled = segments.map((part, at) => (at === index ? alike : part)).join("/");
      if (alike === undefined || !safeParseMemoryPath(respelled).success) {
        const spelled = segments.join("/");
        return {
          path: spelled,
          location: join(realRoot, spelled),
          target: join(next, ...segments.slice(index + 1)),
          exists: false,
        };
      }
      segment = alike;
      segments[index] = alike;
      next = join(current, segment);
      stats = await lstat(next);
    }
    if (stats.isSymbolicLink() && last && options.keepLink) {
      const spelled = segments.join("/");
      return {
        path: spelled,
        location: join(realRoot, spelled),
        target: next,
        exists: true,
        link: true,
      };
    }
    if (stats.isSymbolicLink()) {
      let real: string;
      try {
        real = await realpath(next);
      } catch (error) {
        throw new MemoryPathError({
          path,
          reason: `"${segments.slice(0, index + 1).join("/")}" is a link that points nowhere`,
          hint: "Remove the link or point it at a file inside the memory folder.",
          cause: error,
        });
      }
      checkRealLocation(realRoot, real, path, last);
      stats = await stat(real);
      current = real;
    } else {
      current = next;
    }
    if (!last && !stats.isDirectory()) {
      refuse(path, `"${segments.slice(0, index + 1).join("/")}" is a file, not a folder`);
    }
    if (last && !stats.isFile()) refuse(path, "it is a folder or special file, not a file");
  }
  const spelled = segments.join("/");
  return { path: spelled, location: join(realRoot, spelled), target: current, exists: true };
}

function checkRealLocation(realRoot: string, real: string, path: string, isFile: boolean): void {
  if (!isInsideOrSame(realRoot, real)) {
    refuse(
      path,
      "it goes through a link that resolves outside the memory folder",
      "Links may only point inside the memory folder.",
    );
  }
  const inside = relative(realRoot, real).split(sep).join("/");
  if (inside === "") {
    // A folder link to the root (`self -> .`) would let `self/MEMORY.md` name the generated index.
    refuse(path, `it goes through a link to the memory folder itself`);
  }
  if (isFile) {
    const check = safeParseMemoryPath(inside);
    if (!check.success) {
      refuse(path, `it is a link to "${inside}", which is not a memory file`);
    }
  } else if (inside.split("/").some((segment) => segment.startsWith("."))) {
    refuse(path, `it goes through a link into the internal folder "${inside}"`);
  }
}
