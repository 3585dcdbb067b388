import { editMemoryText, safeParseMemoryFile } from "../format/index.js";
import { readTombstones } from "../guards/tombstones.js";
import { oneLineFieldProblem } from "../text/index.js";
import { MAX_DESCRIPTION_CHARS } from "./proposal.js";
import type { WriteStore } from "./write-pipeline.js";

/** Options of {@link editDescription}. */
export type EditDescriptionOptions = {
  store: WriteStore;
  /** Memory path, e.g. `topics/tools.md`. */
  path: string;
  /** The new description: what is inside and when to read it, one line. */
  description: string;
  /** The version token the person saw; a file changed since is not overwritten. */
  ifVersion: string;
};

/** Codes of a refused {@link editDescription}. */
export type EditDescriptionFailureCode =
  | "version_conflict"
  | "too_long"
  | "missing_file"
  | "unparsable_file"
  | "invalid_description"
  | "not_text";

/** Result of {@link editDescription}. */
export type EditDescriptionResult =
  | { ok: true; path: string; version: string; before: string }
  | {
      ok: false;
      code: EditDescriptionFailureCode;
      path: string;
      message: string;
      current?: string;
    };

/**
 * Replaces a memory file's `description:` (a person fixing the retrieval surface by hand), only
 * if the file is still at `ifVersion`. Only the description line changes (see `editMemoryText`): lines and other
 * header fields stay byte for byte, with the file's line endings, BOM and encoding.
 *
 * @param options - `{ store, path, description, ifVersion }`.
 * @returns `{ ok: true, path, version, before }` (`before` the file's text, for an undo), or
 *   `{ ok: false, code, path, message, current? }` with `current` the file's text now on a
 *   `version_conflict`.
 * @throws {MemoryPathError} when the path is not allowed.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` cannot be read whole, as every
 *   write (nothing written; decisions 0107, 0121).
 * @example
 * const { version } = await store.read("topics/tools.md");
 * await editDescription({ store, path: "topics/tools.md", description: "Dev tools.", ifVersion: version });
 */
export async function editDescription(
  options: EditDescriptionOptions,
): Promise<EditDescriptionResult> {
  const { store, path, ifVersion } = options;
  const description = options.description.trim();
  const notOneLine = oneLineFieldProblem(description);
  if (notOneLine !== undefined) {
    return {
      ok: false,
      code: "invalid_description",
      path,
      message: `Refused the description of ${path}: ${notOneLine}. A description is one line of plain text; nothing was written.`,
    };
  }
  if (
    description === "" ||
    /[\r\n]/.test(description) ||
    description.length > MAX_DESCRIPTION_CHARS
  ) {
    return {
      ok: false,
      code: "invalid_description",
      path,
      message: `Refused the description of ${path}: it must be one non-empty line of at most ${MAX_DESCRIPTION_CHARS} chars.`,
    };
  }
  // Refused as every write is while a tombstone file cannot be read (decision 0107).
  await readTombstones(store);
  const read = await store.read(path);
  if (!read.exists) {
    return { ok: false, code: "missing_file", path, message: `${path} does not exist.` };
  }
  if (read.version !== ifVersion) {
    return {
      ok: false,
      code: "version_conflict",
      path,
      message: `Refused to change ${path}: it changed since version ${ifVersion} was shown. Nothing was overwritten; here is its text now.`,
      current: read.content,
    };
  }
  const parsed = safeParseMemoryFile(read.content, { path });
  if (!parsed.success) {
    return {
      ok: false,
      code: "unparsable_file",
      path,
      message: `${parsed.error.message} Fix the header by hand first.`,
    };
  }
  const file = parsed.value;
  if (file.headerStyle !== "none" && file.lineMap.fieldInsertLine === undefined) {
    return {
      ok: false,
      code: "unparsable_file",
      path,
      message: `The header of ${path} is not plain "key: value" lines, and memfiles never rewrites a header it reads leniently. Edit the description by hand.`,
    };
  }
  // Only the description line changes (or front matter is added to a file without a header):
  // every other line a person wrote stays byte for byte.
  const next =
    file.headerStyle === "none"
      ? editMemoryText(read.content, file, { missing: { description } })
      : editMemoryText(read.content, file, { description });
  const written = await store.write(path, next, ifVersion);
  if (written.ok) return { ok: true, path, version: written.version, before: read.content };
  return {
    ok: false,
    code: written.code,
    path,
    message: written.message,
    ...(written.current?.exists ? { current: written.current.content } : {}),
  };
}
