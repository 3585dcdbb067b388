import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";

/**
 * Writes a scenario's seed files into a memory folder as they are (no checks: a seed is a folder
 * as the user already has it).
 *
 * @param root - Absolute path of the memory folder.
 * @param files - Memory path (`topics/tools.md`) -> full text.
 * @returns Resolves when written.
 * @example await writeSeedFiles(root, { "profile.md": "---\nname: profile\n---\n" });
 */
export async function writeSeedFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    const target = join(root, ...path.split("/"));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text, "utf8");
  }
}

/**
 * Reads every memory file of a folder, leaving out the generated `MEMORY.md` and hidden folders
 * (`.memfiles`, `.git`).
 *
 * @param root - Absolute path of the memory folder.
 * @returns Memory path (with `/`) -> text, paths in code-point order.
 * @example await readMemoryFiles(root) // { "topics/tools.md": "---\n..." }
 */
export async function readMemoryFiles(root: string): Promise<Record<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name)).split(sep).join("/");
    if (path === "MEMORY.md" || path.split("/").some((part) => part.startsWith("."))) continue;
    paths.push(path);
  }
  paths.sort();
  const files: Record<string, string> = {};
  for (const path of paths) files[path] = await readFile(join(root, ...path.split("/")), "utf8");
  return files;
}
