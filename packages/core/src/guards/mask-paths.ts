import { maskSecretsOfEach } from "./mask-secrets.js";
import { namesOfPath } from "./path-names.js";

/** A memory path as shown to a model or a terminal, and the secret kinds its name held. */
export type MaskedPath = {
  /** The path, each folder or file name holding a secret shown as `[redacted]` (`topics/[redacted].md`). */
  path: string;
  /** snake_case kinds found (`github_token`); empty when the path is clean and shown as it is. */
  kinds: string[];
};

/**
 * Memory paths as they may be printed to a model or a terminal: a secret in a folder or file name
 * (a hand-made `topics/ghp_….md`) replaced by `[redacted]`, name by name, with the one masking rule
 * of memory text ({@link maskSecretsOfEach}: the write guards' check behind the screen, so a clean
 * name loads nothing). Names are masked alone: checked as one text, `topics/ghp_…` is a random
 * token from its first letter and the folder would go too. Every surface that prints a path calls
 * this (recall's "Lines from:", the memory block's index, MCP `list`/`search`/`read`, the memory
 * tool's `view`, the `memfiles` command); a masked path names no file, so such a file is reached
 * by its name on disk, and `memfiles check` reports it (`secret_in_path`) to be renamed
 * (decision 0079).
 *
 * The one shortcut: `cleared`, a path whose names the recall index's secret screen cleared with
 * its file ({@link namesOfPath}, decision 0085), is returned as given, its names not screened.
 *
 * @param paths - Memory paths relative to the folder, e.g. `topics/tools.md`.
 * @param cleared - Optional: whether a path's names were cleared by the screen this build runs
 *   (`clearedPathsOf` of a recall index); such a path is shown as given.
 * @returns One {@link MaskedPath} per path, in order; a clean path is returned as given.
 * @example await maskPathsOfEach(["topics/ghp_…36 chars….md", "topics/tools.md"]) // [{ path: "topics/[redacted].md", kinds: ["github_token"] }, { path: "topics/tools.md", kinds: [] }]
 */
export async function maskPathsOfEach(
  paths: readonly string[],
  cleared?: (path: string) => boolean,
): Promise<MaskedPath[]> {
  const names = paths.map((path) => (cleared?.(path) === true ? [] : namesOfPath(path)));
  // Each distinct name is masked once: a folder's 1,000 paths share `topics` and `people`.
  const distinct = [...new Set(names.flat())];
  const masked = await maskSecretsOfEach(distinct);
  const byName = new Map(distinct.map((name, at) => [name, masked[at]]));
  return paths.map((path, at) => {
    const parts = path.split("/");
    let kinds: string[] = [];
    const shown = (names[at] as string[]).map((name, part) => {
      const found = byName.get(name);
      if (found === undefined || found.kinds.length === 0) return parts[part] as string;
      kinds = [...new Set([...kinds, ...found.kinds])];
      return `${found.text}${(parts[part] as string).slice(name.length)}`;
    });
    return kinds.length === 0 ? { path, kinds } : { path: shown.join("/"), kinds };
  });
}

/**
 * {@link maskPathsOfEach} of one path.
 *
 * @example (await maskPath("people/sk-ant-api03-….md")).path // "people/[redacted].md"
 */
export async function maskPath(path: string): Promise<MaskedPath> {
  const [masked] = await maskPathsOfEach([path]);
  return masked as MaskedPath;
}

/**
 * Replaces each masked path in a text by how it is shown: for a line a surface built with paths in
 * it (a message, a listing), given the {@link MaskedPath} of each path it may name.
 *
 * @param text - The text as built, e.g. `topics/ghp_….md is not listed in MEMORY.md.`
 * @param paths - Each path as given and its mask, from {@link maskPathsOfEach}.
 * @returns The text with every masked path replaced, longest first; as given when none is masked.
 */
export function withMaskedPaths(
  text: string,
  paths: ReadonlyArray<readonly [string, MaskedPath]>,
): string {
  const masked = paths
    .filter(([path, shown]) => shown.path !== path)
    .sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (const [path, shown] of masked) out = out.split(path).join(shown.path);
  return out;
}

/**
 * A listing's rows as they may be printed (MCP `list` and resources, `memfiles ls`): each path
 * masked by {@link maskPathsOfEach}, each name and description by `maskSecretsOfEach`; a row with
 * nothing masked is returned as it is (the same object).
 *
 * The one shortcut, as {@link maskPathsOfEach}'s: a row `cleared` says the recall index's screen
 * cleared (its path's names, name and description, decision 0085) is returned as it is, unscreened.
 *
 * @param rows - Rows with a `path`, `name` and `description` (a `MemoryRow`), in order.
 * @param cleared - Optional: whether the screen this build runs cleared a row (`clearedRowsOf`).
 * @returns The rows in order, masked where a path, name or description holds a secret.
 * @example (await maskRows([{ path: "topics/ghp_….md", name: "ghp_…", description: "" }]))[0].path // "topics/[redacted].md"
 */
export async function maskRows<Row extends { path: string; name: string; description: string }>(
  rows: readonly Row[],
  cleared?: (row: Row) => boolean,
): Promise<Row[]> {
  const asked = cleared === undefined ? rows : rows.filter((row) => !cleared(row));
  const paths = await maskPathsOfEach(asked.map((row) => row.path));
  const texts = await maskSecretsOfEach(asked.flatMap((row) => [row.name, row.description]));
  const maskedOf = new Map(asked.map((row, at) => [row, at]));
  return rows.map((row) => {
    const at = maskedOf.get(row);
    if (at === undefined) return row;
    const path = paths[at] as MaskedPath;
    const name = texts[2 * at];
    const description = texts[2 * at + 1];
    if (path.kinds.length === 0 && !name?.kinds.length && !description?.kinds.length) return row;
    return {
      ...row,
      path: path.path,
      name: name?.text ?? row.name,
      description: description?.text ?? row.description,
    };
  });
}
