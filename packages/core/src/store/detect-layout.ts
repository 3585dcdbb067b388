import { type Dirent, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isAutoMemoryFolder, type LocationOptions } from "../claude-code-location.js";

/** Where Claude Code's configuration is (`CLAUDE_CONFIG_DIR`, home), to know its auto memory. */
type AutoMemoryOptions = Omit<LocationOptions, "cwd">;

/** Options of {@link detectLayout} on a folder path. */
type FolderLayoutOptions = AutoMemoryOptions & {
  /** The folder's own entries, when the caller already read them (`MemoryStoreOptions.rootEntries`). */
  rootEntries?: readonly Dirent[];
};

import { DATED_LINE_START as DATED_LINE } from "../format/dated-line.js";
import { MEMORY_INDEX_HEADER } from "./memory-index.js";
import type { MemoryRow, ReadResult, StoreLayout } from "./types.js";

// At most this many memory files are opened to decide (a folder of thousands decides on these).
const MAX_FILES_READ = 200;
// Folders deeper than this below the root are not looked into (subject files sit one level down).
const MAX_DEPTH = 2;
// A `type:` field inside the opening YAML front matter.
const FRONT_MATTER_TYPE =
  /^\uFEFF?---[ \t]*(?:\r\n|\r|\n)(?:(?!---)[^\r\n]*(?:\r\n|\r|\n))*?type[ \t]*:/;
const INDEX_LINK = /^\s*[-*]\s+\[[^\]]*\]\([^)\s]+\.md\)/im;
const GENERATED_MARK = MEMORY_INDEX_HEADER.trim().split("\n").at(-1) ?? "\u0000";

/** What {@link detectLayout} needs of a store that is not a folder path (a `MemoryStore` fits). */
export type LayoutProbe = {
  list(): Promise<Array<Pick<MemoryRow, "path">>>;
  read(path: string): Promise<ReadResult>;
};

/**
 * Which layout a memory is written in, when the user did not say (`--layout`); the one rule for
 * the CLI, the MCP server and the eval runner (decision 0032, "Telling the layouts apart"): `fact`
 * when no file has a dated line and a file opens with front matter holding `type:` or `MEMORY.md`
 * is a hand-made link index; `fact` too for Claude Code's auto-memory folder (`isAutoMemoryFolder`)
 * without dated lines, as Claude Code writes fact files there; else `subject`. File names never
 * decide. Reads at most 200 `.md` files, two folder levels down; an unreadable file counts for
 * neither.
 *
 * @param source - The memory folder (absolute path; a missing folder is `subject`, or `fact` for
 *   an auto-memory folder), read at once;
 *   or a store (`{ list, read, root? }`, e.g. a `MemoryStore` on PostgreSQL), read through its API. A
 *   store's `MEMORY.md` is not read: memfiles generates it, so it never marks a hand-made folder.
 * @param location - `{ env?, home? }`: where Claude Code's configuration is (default: this
 *   process's `CLAUDE_CONFIG_DIR` and home), for the auto-memory rule; with a folder path also
 *   `rootEntries?` (the folder's `Dirent`s already read, so it is not read again).
 * @returns `"subject"` or `"fact"` (a promise of it for a store).
 * @example detectLayout("/home/me/project/.memory") // "fact"
 * @example await detectLayout(pgMemoryStore(sql, "alice")) // "subject"
 */
export function detectLayout(source: string, location?: FolderLayoutOptions): StoreLayout;
export function detectLayout(
  source: LayoutProbe,
  location?: AutoMemoryOptions,
): Promise<StoreLayout>;
export function detectLayout(
  source: string | LayoutProbe,
  location: FolderLayoutOptions = {},
): StoreLayout | Promise<StoreLayout> {
  const { rootEntries, ...autoMemory } = location;
  if (typeof source !== "string") return detectStoreLayout(source, autoMemory);
  const paths: string[] = [];
  const visit = (folder: string, prefix: string, depth: number) => {
    let entries: readonly Dirent[];
    try {
      entries =
        (depth === 0 ? rootEntries : undefined) ?? readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith(".")) continue;
      const path = prefix === "" ? name : `${prefix}/${name}`;
      // Only a link needs a stat (to see what it points at); a plain entry's type is known.
      const stats = entry.isSymbolicLink()
        ? statSync(join(folder, name), { throwIfNoEntry: false })
        : entry;
      if (stats?.isDirectory() && depth < MAX_DEPTH) visit(join(folder, name), path, depth + 1);
      else if (stats?.isFile() && /\.md$/i.test(name) && path !== "MEMORY.md") paths.push(path);
    }
  };
  visit(source, "", 0);
  const texts = firstPaths(paths).map((path) => readText(join(source, path)));
  return layoutOf(texts, readText(join(source, "MEMORY.md")), source, autoMemory);
}

async function detectStoreLayout(
  store: LayoutProbe,
  location: AutoMemoryOptions,
): Promise<StoreLayout> {
  const paths = (await store.list())
    .map((row) => row.path)
    .filter(
      (path) =>
        path.split("/").length <= MAX_DEPTH + 1 &&
        !path.split("/").some((segment) => segment.startsWith(".")),
    );
  const texts: string[] = [];
  for (const path of firstPaths(paths)) {
    const read = await store.read(path).catch(() => undefined);
    texts.push(read?.exists ? read.content : "");
  }
  const root = (store as { root?: unknown }).root;
  return layoutOf(texts, "", typeof root === "string" ? root : undefined, location);
}

function firstPaths(paths: readonly string[]): string[] {
  return [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, MAX_FILES_READ);
}

function layoutOf(
  texts: readonly string[],
  index: string,
  folder: string | undefined,
  location: AutoMemoryOptions,
): StoreLayout {
  if (texts.some((text) => DATED_LINE.test(text))) return "subject";
  if (texts.some((text) => FRONT_MATTER_TYPE.test(text))) return "fact";
  if (folder !== undefined && isAutoMemoryFolder(folder, location)) return "fact";
  return !index.includes(GENERATED_MARK) && INDEX_LINK.test(index) ? "fact" : "subject";
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
