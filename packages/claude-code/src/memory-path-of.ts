import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** The most symbolic links followed while resolving one path (as the kernel's ELOOP limit). */
const MAX_LINKS = 40;

/**
 * A path with every symbolic link resolved, as the file system will see it when the file is
 * written: the real path of the nearest existing ancestor with the rest appended (the file may
 * not exist yet), and a dangling link followed to where it points (writing it creates its
 * target).
 *
 * @param path - Any path.
 * @returns An absolute path.
 * @example realPathOf("/project/notes/new.md") // "/project/memory/new.md" when notes -> memory
 */
export function realPathOf(path: string): string {
  let target = resolve(path);
  for (let links = 0; links < MAX_LINKS; links++) {
    try {
      return realpathSync(target);
    } catch {
      // Does not exist (yet), or a dangling link: below.
    }
    let isLink = false;
    try {
      isLink = lstatSync(target).isSymbolicLink();
    } catch {
      // Does not exist.
    }
    if (isLink) {
      target = resolve(dirname(target), readlinkSync(target));
      continue;
    }
    const parent = dirname(target);
    if (parent === target) return target;
    return join(realPathOf(parent), basename(target));
  }
  return target;
}

/**
 * A file's path inside the memory folder (`/` separators), or `undefined` outside it (the folder
 * itself included). Both paths are compared as the file system resolves them (symbolic links
 * followed, {@link realPathOf}), so a link into the memory folder is inside it. Kept apart from
 * the edit check, which loads the whole write pipeline: a PreToolUse hook runs on every Write and
 * Edit in the project and loads it only for the memory folder's files.
 *
 * @param root - The memory folder.
 * @param filePath - The file (absolute, as Claude Code's tools give it).
 * @returns The relative path, or `undefined`.
 * @example memoryPathOf("/m", "/m/deploy.md") // "deploy.md"
 */
export function memoryPathOf(root: string, filePath: string): string | undefined {
  const path = relative(realPathOf(root), realPathOf(filePath));
  if (path === "" || path.startsWith("..") || isAbsolute(path)) return undefined;
  return path.split(sep).join("/");
}
