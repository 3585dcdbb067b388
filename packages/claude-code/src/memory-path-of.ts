import { isAbsolute, relative, resolve, sep } from "node:path";

/**
 * A file's path inside the memory folder (`/` separators), or `undefined` outside it (the folder
 * itself included). Kept apart from the edit check, which loads the whole write pipeline: a
 * PreToolUse hook runs on every Write and Edit in the project and loads it only for the memory
 * folder's files.
 *
 * @param root - The memory folder.
 * @param filePath - The file (absolute, as Claude Code's tools give it).
 * @returns The relative path, or `undefined`.
 * @example memoryPathOf("/m", "/m/deploy.md") // "deploy.md"
 */
export function memoryPathOf(root: string, filePath: string): string | undefined {
  const path = relative(resolve(root), resolve(filePath));
  if (path === "" || path.startsWith("..") || isAbsolute(path)) return undefined;
  return path.split(sep).join("/");
}
