// A name's extension stays: `topics/[redacted].md` still reads as a memory file of `topics/`.
const EXTENSION = /\.md$/i;

/**
 * The names of a memory path that the path rule (`maskPathsOfEach`, `mask-paths.ts`) masks, each alone: every folder name and
 * the file name without `.md` (`topics/ghp_….md` -> `["topics", "ghp_…"]`). What the recall index
 * screens of a path, so a path it cleared is one this rule leaves as it is.
 *
 * @param path - A memory path relative to the folder.
 * @returns The names, in order.
 * @example namesOfPath("people/ana.md") // ["people", "ana"]
 */
export function namesOfPath(path: string): string[] {
  return path.split("/").map((name) => name.replace(EXTENSION, ""));
}
