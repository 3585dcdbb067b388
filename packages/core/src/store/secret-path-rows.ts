import type { MemoryRow } from "./types.js";

/**
 * The rows `MEMORY.md` may list: every row but those whose link line would show a secret, in a
 * folder or file name (a hand-made `topics/ghp_….md`) or in the header's `name:` or `description:`
 * (a hand-written "description: Home wifi; password hunter2tiger."). The one masking rule of a
 * listing finds it (`maskRows`, what `memfiles ls` and MCP `list` print): a row it would change
 * gets no link line. Claude Code loads `MEMORY.md` into every session as it is, unmasked, and a
 * link masked as `[redacted]` would name no file. `check()` keeps reporting the file
 * (`secret_in_path`, or the header line as `secret`) until the person renames or edits it
 * (decisions 0088, 0100). The one rule for every store engine's rebuild and one-line patch,
 * `renderIndex` and `check()`'s index comparison.
 *
 * @param rows - Rows of `store.list()`.
 * @returns `{ rows, hidden }`: the rows to list, in order, and the paths left out.
 * @example (await indexableRows(rows)).hidden // ["topics/ghp_….md", "topics/wifi.md"]
 */
export async function indexableRows(
  rows: readonly MemoryRow[],
): Promise<{ rows: MemoryRow[]; hidden: string[] }> {
  if (rows.length === 0) return { rows: [], hidden: [] };
  // Loaded here: a process that only recalls never rebuilds the index and needs no check.
  const { maskRows } = await import("../guards/mask-paths.js");
  // `maskRows` returns a clean row as given, and a new object for a row it masked.
  const masked = await maskRows(rows);
  const hidden = rows.flatMap((row, at) => (masked[at] === row ? [] : [row.path]));
  if (hidden.length === 0) return { rows: [...rows], hidden };
  const left = new Set(hidden);
  return { rows: rows.filter((row) => !left.has(row.path)), hidden };
}

/**
 * Whether a file written through the store may get its `MEMORY.md` line patched in: neither its
 * path nor its header's name or description holds a secret by {@link indexableRows}' rule. A
 * removed file (no `row`) always may.
 *
 * @param change - The path written and its row, or removed.
 * @returns `false` when the index must be rebuilt through {@link indexableRows} instead.
 */
export async function patchable(change: { path: string; row?: MemoryRow }): Promise<boolean> {
  return change.row === undefined || (await indexableRows([change.row])).hidden.length === 0;
}
