/** The recall index's file inside `.memfiles/` (or the database's internal files, on PostgreSQL). */
export const RECALL_INDEX_FILE = "recall-index.json";

/**
 * The recall index's log beside {@link RECALL_INDEX_FILE}: one JSON line per file changed or
 * removed since the index was last stored whole, folded in when the index is read.
 */
export const RECALL_INDEX_LOG = "recall-index.log";

/**
 * The log line a store appends when it wrote or deleted a memory file: `{"changed":"<path>"}`,
 * the path alone (no stamp, no units), so the writer neither reads the file back nor loads the
 * index. A reader re-reads the file (docs/decisions/0060). A reader of an older release finds no
 * `path` and rebuilds the index, never misreads it.
 *
 * @param path - The memory path written or deleted, e.g. `people/marta.md`.
 * @returns One line, with its line break.
 * @example changedLogLine("people/marta.md") // '{"changed":"people/marta.md"}\n'
 */
export function changedLogLine(path: string): string {
  return `${JSON.stringify({ changed: path })}\n`;
}
