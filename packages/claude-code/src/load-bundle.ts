import { createHash } from "node:crypto";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import * as vm from "node:vm";

/** Options of {@link loadBundle}. */
export type LoadBundleOptions = {
  /**
   * What the process will run (the hook event): each gets a code cache of its own, since V8
   * caches the functions a run compiled, and each event runs other functions.
   */
  variant: string;
  /** The folder of code caches; default {@link codeCacheFolder}. `undefined`: no cache. */
  cacheFolder?: string | undefined;
};

/** What {@link loadBundle} returns. */
export type LoadedBundle<T> = {
  /** The bundle's `module.exports`. */
  exports: T;
  /**
   * The code cache this load found: `"accepted"` by V8, `"rejected"` (made by other flags, or
   * damaged), `"missing"`, or `"off"` (no cache folder).
   */
  codeCache: "accepted" | "rejected" | "missing" | "off";
  /**
   * Writes the code cache of what ran so far when there was none (or V8 refused it), and then
   * removes the caches of all but the most recent other builds; call it once the work is done. Never throws: a cache
   * that cannot be written is only slower.
   */
  saveCodeCache: () => void;
};

/**
 * The private folder of the hook bundle's code caches: `<os.tmpdir()>/memfiles-code-cache-<uid>`,
 * made with mode 0700. V8 runs a code cache's bytecode as it finds it, so a folder another user
 * could write to is never used: it must be a real folder (no symbolic link) owned by this user
 * and closed to group and others.
 *
 * @returns The folder, or `undefined` (no POSIX user id, e.g. Windows; a folder another user made
 *   or opened; a temp folder that cannot be written).
 */
export function codeCacheFolder(): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const folder = join(tmpdir(), `memfiles-code-cache-${uid}`);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch {
    // Already there (checked below), or no temp folder to write in (refused below).
  }
  try {
    const stats = lstatSync(folder);
    const own = stats.isDirectory() && stats.uid === uid && (stats.mode & 0o077) === 0;
    return own ? folder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a CommonJS bundle as Node's `require` would, with V8's code cache kept between processes:
 * a hook process compiles the bundle (0.7 MB) and the functions it calls on every start, which a
 * cache of the last run's compiled code saves (on Node 20, which has no
 * `module.enableCompileCache`). The cache file is named by the SHA-256 of the bundle, Node's
 * version and architecture (the build), then of the variant, so a changed bundle never meets an
 * old cache (V8 checks only the source's length); a cache V8 refuses (other flags) is compiled
 * anew and replaced; saving a cache removes those of other builds. The bundle calls `__memfilesImport(specifier)` where it would call `import()` (relative
 * to the bundle's file): a script run from a code cache loses its own `import()` on Node 20.
 *
 * @param file - Absolute path of the bundle (CommonJS).
 * @param options - `{ variant, cacheFolder? }`.
 * @returns `{ exports, codeCache, saveCodeCache }`.
 * @throws Whatever reading, compiling or running the bundle throws (never the cache's failures).
 * @example const { exports, saveCodeCache } = loadBundle(file, { variant: "session-start" });
 */
export function loadBundle<T>(file: string, options: LoadBundleOptions): LoadedBundle<T> {
  const bytes = readFileSync(file);
  const folder = "cacheFolder" in options ? options.cacheFolder : codeCacheFolder();
  const build = createHash("sha256")
    .update(bytes)
    .update(`\0${process.version}\0${process.arch}`)
    .digest("hex")
    .slice(0, 32);
  const variant = createHash("sha256").update(options.variant).digest("hex").slice(0, 16);
  const cacheFile = folder === undefined ? undefined : join(folder, `${build}-${variant}.bin`);
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile !== undefined) cachedData = readFileSync(cacheFile);
  } catch {
    // No cache yet.
  }
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __memfilesImport) {${bytes.toString("utf8")}\n})`,
    { filename: file, ...(cachedData === undefined ? {} : { cachedData }) },
  );
  const module = { exports: {} as T };
  const base = pathToFileURL(file);
  // The bundle's `import()` calls (rewritten by scripts/bundle-hooks.mjs): a script's own import()
  // fails on Node 20 once it is run from a code cache.
  const importModule = (specifier: string) =>
    import(specifier.startsWith(".") ? new URL(specifier, base).href : specifier);
  script
    .runInThisContext()
    .call(
      module.exports,
      module.exports,
      createRequire(file),
      module,
      file,
      dirname(file),
      importModule,
    );
  const codeCache =
    cacheFile === undefined
      ? "off"
      : cachedData === undefined
        ? "missing"
        : script.cachedDataRejected === true
          ? "rejected"
          : "accepted";
  const wanted = codeCache === "missing" || codeCache === "rejected";
  return {
    exports: module.exports,
    codeCache,
    saveCodeCache: () => {
      if (!wanted || cacheFile === undefined) return;
      // Written aside and renamed: a process starting meanwhile reads a whole cache or none.
      const aside = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(aside, script.createCachedData(), { mode: 0o600, flag: "wx" });
        renameSync(aside, cacheFile);
        if (folder !== undefined) pruneCodeCaches(folder, build);
      } catch {
        try {
          rmSync(aside, { force: true });
        } catch {
          // Left for the temp folder's cleaning.
        }
      }
    },
  };
}

/**
 * A file of the code cache's own naming: `<build>-<variant>.bin` (hex of the bundle + Node
 * version + architecture, hex of the variant), one written aside (`.<pid>`), or the older
 * `<key>.bin`. Group 1 is the build.
 */
const CACHE_FILE = /^([0-9a-f]{32})(?:-[0-9a-f]{16})?\.bin(?:\.[0-9]+)?$/;

// Builds whose caches a save keeps, this one included, newest written first. One user may run
// the hooks under two or three builds at once (two Node versions through nvm, a clone beside an
// npx install): removing every other build made each switch find its cache gone and write it
// again. A count, not an age, bounds the folder however often the bundle is rebuilt.
const KEPT_BUILDS = 3;

/**
 * Removes the caches of all but the {@link KEPT_BUILDS} builds written most recently, this one
 * always among them (another bundle, Node version or architecture; ~430 KB a variant): only files
 * of the cache's own naming in `folder`, on a save, never on a load. A file another process
 * removes or holds first is left.
 */
function pruneCodeCaches(folder: string, build: string): void {
  const files: Array<{ name: string; build: string }> = [];
  const newest = new Map<string, number>();
  for (const name of readdirSync(folder)) {
    const match = CACHE_FILE.exec(name);
    if (match === null || match[1] === undefined || match[1] === build) continue;
    try {
      const stats = lstatSync(join(folder, name));
      if (!stats.isFile()) continue;
      files.push({ name, build: match[1] });
      newest.set(match[1], Math.max(newest.get(match[1]) ?? 0, stats.mtimeMs));
    } catch {
      // Gone already: nothing to prune.
    }
  }
  const kept = new Set(
    [...newest]
      .sort(([, a], [, b]) => b - a)
      .slice(0, KEPT_BUILDS - 1)
      .map(([other]) => other),
  );
  for (const file of files) {
    if (kept.has(file.build)) continue;
    try {
      unlinkSync(join(folder, file.name));
    } catch {
      // Gone already: not a cache this prunes.
    }
  }
}
