import { safeParseMemoryFile } from "../format/index.js";
import { keepTextStyle } from "../format/keep-text-style.js";
import { formatMemoryFile } from "../format/memory-file.js";
import type { WriteStore } from "./apply-proposal.js";
import { MAX_DESCRIPTION_CHARS } from "./propose-memories-tool.js";

/** Options of {@link editDescription}. */
export type EditDescriptionOptions = {
  store: WriteStore;
  /** Memory path, e.g. `topics/tools.md`. */
  file: string;
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
  | "invalid_description";

/** Result of {@link editDescription}. */
export type EditDescriptionResult =
  | { ok: true; file: string; version: string; before: string }
  | {
      ok: false;
      code: EditDescriptionFailureCode;
      file: string;
      message: string;
      current?: string;
    };

/**
 * Replaces a memory file's `description:` (a person fixing the retrieval surface by hand), only
 * if the file is still at `ifVersion`. Lines and other header fields are kept; the file keeps its
 * line endings and BOM.
 *
 * @param options - `{ store, file, description, ifVersion }`.
 * @returns `{ ok: true, file, version, before }` (`before` the file's text, for an undo), or
 *   `{ ok: false, code, file, message, current? }` with `current` the file's text now on a
 *   `version_conflict`.
 * @throws {MemoryPathError} when the path is not allowed.
 * @example
 * const { version } = await store.read("topics/tools.md");
 * await editDescription({ store, file: "topics/tools.md", description: "Dev tools.", ifVersion: version });
 */
export async function editDescription(
  options: EditDescriptionOptions,
): Promise<EditDescriptionResult> {
  const { store, file, ifVersion } = options;
  const description = options.description.trim();
  if (
    description === "" ||
    /[\r\n]/.test(description) ||
    description.length > MAX_DESCRIPTION_CHARS
  ) {
    return {
      ok: false,
      code: "invalid_description",
      file,
      message: `Refused the description of ${file}: it must be one non-empty line of at most ${MAX_DESCRIPTION_CHARS} chars.`,
    };
  }
  const read = await store.read(file);
  if (!read.exists) {
    return { ok: false, code: "missing_file", file, message: `${file} does not exist.` };
  }
  if (read.version !== ifVersion) {
    return {
      ok: false,
      code: "version_conflict",
      file,
      message: `Refused to change ${file}: it changed since version ${ifVersion} was shown. Nothing was overwritten; here is its text now.`,
      current: read.content,
    };
  }
  const parsed = safeParseMemoryFile(read.content, { path: file });
  if (!parsed.success) {
    return {
      ok: false,
      code: "unparsable_file",
      file,
      message: `${parsed.error.message} Fix the header by hand first.`,
    };
  }
  const next = keepTextStyle(
    read.content,
    formatMemoryFile({
      header: { ...parsed.value.header, description },
      lines: parsed.value.lines,
    }),
  );
  const written = await store.write(file, next, ifVersion);
  if (written.ok) return { ok: true, file, version: written.version, before: read.content };
  return {
    ok: false,
    code: written.code,
    file,
    message: written.message,
    ...(written.current?.exists ? { current: written.current.content } : {}),
  };
}
