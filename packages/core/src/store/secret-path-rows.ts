import type { MemoryRow } from "./types.js";

/**
 * The rows `MEMORY.md` may list: every row but those whose path holds a secret in a folder or
 * file name (a hand-made `topics/ghp_….md`; `maskPathsOfEach`, the one path rule, finds it). Claude
 * Code loads `MEMORY.md` into every session as it is, unmasked, so such a file gets no link line:
 * a link masked as `[redacted]` would name no file. `check()` keeps reporting the file
 * (`secret_in_path`) until it is renamed (decision 0088). The one rule for every store engine's
 * rebuild, `renderIndex` and `check()`'s index comparison.
 *
 * @param rows - Rows of `store.list()`.
 * @returns `{ rows, hidden }`: the rows to list, in order, and the paths left out.
 * @example (await indexableRows(rows)).hidden // ["topics/ghp_….md"]
 */
export async function indexableRows(
  rows: readonly MemoryRow[],
): Promise<{ rows: MemoryRow[]; hidden: string[] }> {
  if (rows.length === 0) return { rows: [], hidden: [] };
  // Loaded here: a process that only recalls never rebuilds the index and needs no check.
  const { maskPathsOfEach } = await import("../guards/mask-paths.js");
  const masked = await maskPathsOfEach(rows.map((row) => row.path));
  const hidden = rows.flatMap((row, at) => ((masked[at]?.kinds.length ?? 0) > 0 ? [row.path] : []));
  if (hidden.length === 0) return { rows: [...rows], hidden };
  const left = new Set(hidden);
  return { rows: rows.filter((row) => !left.has(row.path)), hidden };
}

/**
 * Whether a file written through the store may get its `MEMORY.md` line patched in: its path holds
 * no secret by {@link indexableRows}' rule. A removed file (no `row`) always may.
 *
 * @param change - The path written and its row, or removed.
 * @returns `false` when the index must be rebuilt through {@link indexableRows} instead.
 */
export async function patchable(change: { path: string; row?: MemoryRow }): Promise<boolean> {
  return change.row === undefined || (await indexableRows([change.row])).hidden.length === 0;
}
