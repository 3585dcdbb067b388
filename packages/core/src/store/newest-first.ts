import { updatedDay } from "../format/memory-file.js";
import { compareCodeUnits } from "../text/compare-code-units.js";

/**
 * Rows newest first by the day their `updated:` names (`updatedDay`, the one rule that reads a
 * file's day: `2026/05/01`, `2026-05-01` and `2026-05-01T10:00:00Z` are one day, though their text
 * sorts apart), then by path; rows without a day last.
 *
 * @param rows - Rows with `path` and `updated?` as `list()` gives them.
 * @returns A new array, newest first.
 * @example newestFirst(await store.list())[0]?.path
 */
export function newestFirst<Row extends { path: string; updated?: string }>(
  rows: readonly Row[],
): Row[] {
  // Few distinct values: each is parsed once (a SessionStart sorts 10,000 rows).
  const days = new Map<string, string>();
  const dayOf = (value = "") => {
    let day = days.get(value);
    if (day === undefined) {
      day = updatedDay(value) ?? "";
      days.set(value, day);
    }
    return day;
  };
  return rows
    .map((row) => ({ row, day: dayOf(row.updated) }))
    .sort((a, b) => compareCodeUnits(b.day, a.day) || compareCodeUnits(a.row.path, b.row.path))
    .map(({ row }) => row);
}
