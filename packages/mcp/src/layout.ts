import type { MemoryRow, StoreLayout } from "@memfiles/core";
import { McpOptionsError } from "./options-error.js";

// The subject layout's top-level files (the seed design); every other file of it sits in a folder.
const SUBJECT_TOP_LEVEL = new Set(["profile.md", "preferences.md"]);

/**
 * The layout a folder is kept in, read from its files: `fact` when it holds memory files and every
 * one is a top-level file other than `profile.md` / `preferences.md` (issue 13's one fact per file,
 * Claude Code's `.memory/`: `MEMORY.md` of link lines beside front-matter files); `subject`
 * otherwise, an empty folder included (the seed design's default).
 *
 * @param rows - The folder's `store.list()` rows (`MEMORY.md` is never a row).
 * @returns `fact` or `subject`.
 * @example detectLayout([{ path: "deploy-host.md", ... }]) // "fact"
 */
export function detectLayout(rows: readonly Pick<MemoryRow, "path">[]): StoreLayout {
  if (rows.length === 0) return "subject";
  return rows.every((row) => !row.path.includes("/") && !SUBJECT_TOP_LEVEL.has(row.path))
    ? "fact"
    : "subject";
}

/**
 * Reads a `--layout` value.
 *
 * @param value - `subject`, `fact`, `auto` or undefined (= `auto`).
 * @returns The layout, or `auto` (read it from the folder with {@link detectLayout}).
 * @throws {McpOptionsError} `invalid_server_options` for any other value.
 */
export function parseLayoutOption(value: string | undefined): StoreLayout | "auto" {
  if (value === undefined || value === "auto") return "auto";
  if (value === "subject" || value === "fact") return value;
  throw new McpOptionsError(
    `Refused --layout ${JSON.stringify(value)}: a memory folder is laid out as "subject" (one subject per file, the seed design) or "fact" (one fact per file, MEMORY.md of links), or "auto" to read it from the folder. Pass --layout fact, for example.`,
  );
}
