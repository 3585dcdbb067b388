/**
 * A memory path's file name without its folders and `.md` (`people/bob.md` → `bob`): the name a
 * row takes when its file's header has none, and the name the write stage gives a file it
 * creates. As `path.posix.basename(path, ".md")`, but a name that is only `.md` is kept as it is
 * (Node gives `""` for the path `.md` and `.md` for `notes/.md`).
 *
 * @param path - A memory path, `/`-separated.
 * @returns The stem.
 * @example fileStem("projects/atlas-migration.md") // "atlas-migration"
 */
export function fileStem(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.endsWith(".md") && name.length > 3 ? name.slice(0, -3) : name;
}
