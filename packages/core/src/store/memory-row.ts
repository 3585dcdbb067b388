import { factLinks } from "../format/fact-file.js";
import {
  isUpdatedDate,
  type SafeParseMemoryFileResult,
  safeParseMemoryFile,
} from "../format/memory-file.js";
import type { MemoryProblem } from "../format/memory-problem.js";
import { fileStem } from "../text/file-stem.js";
import { foldFileName } from "../text/fold-file-name.js";
import { STORE_LAYOUT_RULES } from "./store-layout-rules.js";
import type { MemoryRow, ReadResult, StoreLayout, WriteResult } from "./types.js";

/** The seed design's size cap per memory file, in chars. */
export const DEFAULT_MAX_CHARS = 12_000;

/**
 * Build the `list()` row of one memory file from its text. Never throws: problems are values.
 *
 * @param path - Memory path, e.g. `topics/tools.md`.
 * @param text - The file text.
 * @param maxChars - Size cap in chars, for the `over_cap` problem.
 * @param layout - The folder's layout (default `subject`); in the `fact` layout a body is prose,
 *   so undated lines are not problems.
 * @param parsed - `safeParseMemoryFile(text, { path })`, when the caller has it already.
 * @returns The row; `problems` and `links` only when there are some.
 * @example rowFromText("topics/tools.md", "---\nname: tools\ndescription: Dev tools.\n---\n", 12_000)
 */
export function rowFromText(
  path: string,
  text: string,
  maxChars: number = DEFAULT_MAX_CHARS,
  layout: StoreLayout = "subject",
  parsed: SafeParseMemoryFileResult = safeParseMemoryFile(text, { path }),
): MemoryRow {
  const row: MemoryRow = { path, name: fileStem(path), description: "", chars: text.length };
  const problems: MemoryProblem[] = [];
  if (parsed.success) {
    const { header } = parsed.value;
    if (header.name) row.name = header.name;
    if (header.description) row.description = header.description;
    // Recall orders files by `updated`: a value that is no date ("yes") is left out of the row.
    if (header.updated && isUpdatedDate(header.updated)) row.updated = header.updated;
    if (header.type) row.type = header.type;
    if (header.scope) row.scope = header.scope;
    const links = factLinks(
      header.extra?.links,
      parsed.value.lines.map((line) => line.text).join("\n"),
    );
    if (links.length > 0) row.links = links;
    const byDesign = STORE_LAYOUT_RULES[layout].bodyProblemsByDesign;
    problems.push(...parsed.value.problems.filter((problem) => !byDesign.has(problem.code)));
  } else {
    problems.push({
      code: parsed.error.code === "header_too_long" ? "header_too_long" : "unparsable_header",
      message: parsed.error.message,
      ...(parsed.error.line === undefined ? {} : { line: parsed.error.line }),
    });
  }
  if (text.length > maxChars) {
    problems.push({
      code: "over_cap",
      message: `${path} is ${text.length} chars, over the ${maxChars}-char cap. Consolidate it or split it by subject.`,
    });
  }
  if (problems.length > 0) row.problems = problems;
  return row;
}

// Problems that make memfiles leave a file as it is (see `CheckResult.notEditable`).
const NOT_EDITABLE = new Set([
  "not_text",
  "unparsable_header",
  "header_too_long",
  "too_large",
  "unreadable",
  "refused",
]);

/**
 * A copy of a row its caller owns, lists and problems included: what every `list()` and
 * `readAll()` hands out, so a caller editing a row changes no store cache or recall index.
 *
 * @param row - A row as a store or the recall index keeps it.
 * @returns A new row with the same fields.
 * @example copyRow(row).links?.push("b.md") // row.links is unchanged
 */
export function copyRow(row: MemoryRow): MemoryRow {
  const copy = { ...row };
  if (row.problems !== undefined) copy.problems = row.problems.map((problem) => ({ ...problem }));
  if (row.links !== undefined) copy.links = [...row.links];
  return copy;
}

/**
 * The problem that makes memfiles leave a row's file as it is (too large, a hostile or unparsable
 * header, not text, unreadable), if any: such a file is not read or parsed again.
 *
 * @param row - A row of `list()`.
 * @returns The first such problem, or `undefined` for a file memfiles edits.
 * @example notEditableProblem(row)?.code // "too_large"
 */
export function notEditableProblem(row: MemoryRow): MemoryProblem | undefined {
  return row.problems?.find((candidate) => NOT_EDITABLE.has(candidate.code));
}

/** Files memfiles will not edit, with why (`CheckResult.notEditable`), from the rows of `list()`. */
export function notEditable(rows: readonly MemoryRow[]): Array<{ path: string; reason: string }> {
  const byName = new Map<string, string[]>();
  for (const row of rows) {
    const key = row.path.split("/").map(foldFileName).join("/");
    byName.set(key, [...(byName.get(key) ?? []), row.path]);
  }
  const found: Array<{ path: string; reason: string }> = [];
  for (const row of rows) {
    const problem = notEditableProblem(row);
    if (problem) found.push({ path: row.path, reason: problem.message });
    const alike = (byName.get(row.path.split("/").map(foldFileName).join("/")) ?? []).filter(
      (path) => path !== row.path,
    );
    if (alike.length > 0 && !problem) {
      found.push({
        path: row.path,
        reason: `${spelled(row.path, alike)} differs from ${alike.map((path) => spelled(path, [row.path])).join(", ")} only in case or Unicode normalization: one file on macOS and Windows, two here. Merge them by hand into one file.`,
      });
    }
  }
  return found;
}

// Names that differ only in normalization print alike; the form tells them apart (NFC `é` is one
// code point, NFD is `e` and a combining accent).
function spelled(path: string, others: readonly string[]): string {
  const looksSame = others.some((other) => other.normalize("NFC") === path.normalize("NFC"));
  if (!looksSame) return path;
  const form =
    path === path.normalize("NFC") ? "NFC" : path === path.normalize("NFD") ? "NFD" : "mixed";
  return `${path} (${form})`;
}

/** The `version_conflict` result of a write or delete made with a stale version token. */
export function versionConflict(path: string, ifVersion: string, current: ReadResult): WriteResult {
  const reason = `it was read at version ${ifVersion} but is now ${current.version}. Read it again, re-apply the change to the current text, and write with the new version token.`;
  return {
    ok: false,
    code: "version_conflict",
    message: `Refused to change ${path}: ${reason}`,
    reason,
    current,
  };
}
