import { safeParseMemoryFile } from "../format/memory-file.js";
import type { TombstoneIndex } from "../guards/tombstone-index.js";
import type { ForgottenMatch } from "../guards/tombstones.js";

/**
 * The header lines of a memory file (`name:`, `description:`) a tombstone matches, by the rule every
 * surface leaves them out by (`forgottenRow`, `shownWithoutForgotten`: the removed lines' own words
 * only, `TombstoneIndex.find`'s `factsOnly`, with the file's `updated:` as the day; decision 0091).
 * `check` names them as `forgotten_line`, so a person learns of a forgotten fact in a description.
 *
 * @param index - The memory's tombstones.
 * @param path - The file's memory path.
 * @param content - The file's text.
 * @returns `{ path, line, forgotten, rule }` per matching header line (1-based), in file order.
 * @example forgottenFields(index, "profile.md", "---\ndescription: Lives in Berlin.\n---\n") // [{ path: "profile.md", line: 2, forgotten: "2026/12/07", rule: "same_fact" }]
 */
export function forgottenFields(
  index: TombstoneIndex,
  path: string,
  content: string,
): Array<{ path: string; line: number; forgotten: string; rule: ForgottenMatch["rule"] }> {
  const parsed = safeParseMemoryFile(content);
  if (!parsed.success) return [];
  const { header, lineMap } = parsed.value;
  return (["name", "description"] as const).flatMap((field) => {
    const value = header[field]?.trim();
    const line = lineMap.fieldLines[field];
    if (value === undefined || value === "" || line === undefined) return [];
    const match = index.find(value, header.updated, true);
    return match === undefined ? [] : [{ path, line, forgotten: match.date, rule: match.rule }];
  });
}
