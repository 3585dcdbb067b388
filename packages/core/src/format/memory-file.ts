import { type DatedLine, formatDatedLine, hasStatedTag, parseDatedLine } from "./dated-line.js";
import { formatFrontMatter, readFrontMatter } from "./front-matter.js";
import { MemoryFormatError } from "./memory-format-error.js";
import type { MemoryProblem, MemoryType } from "./memory-problem.js";
import { readTypedLine } from "./typed-line.js";

/** Claude Code's memory types, accepted in a `type:` header field. */
export const MEMORY_TYPES = [
  "user",
  "feedback",
  "project",
  "reference",
] as const satisfies readonly MemoryType[];

/** The header fields of a memory file. */
export type MemoryHeader = {
  name?: string;
  /** What is inside and when to read it: the retrieval surface (seed design). */
  description?: string;
  /**
   * The day of the last change: the `updated:` field as written, e.g. `2026/09/26`, never coerced
   * to a Date; the day Claude Code's own front matter gives (`metadata:`, as `YYYY/MM/DD`) when
   * there is none or when that day is later (compared by {@link updatedDay}).
   */
  updated?: string;
  /**
   * Claude Code `type:` (`user` | `feedback` | `project` | `reference`); without one, the type
   * Claude Code's own front matter keeps under `metadata:`.
   */
  type?: MemoryType;
  /**
   * `scope:` as written: absent or `global` means the memory holds everywhere; any other value is
   * the name of the one project it belongs to (the second write-up's "global vs one
   * project"). Recall with a `project` loads global memories and that project's, never another's.
   */
  scope?: string;
  /** Other front matter fields, kept so formatting a parsed file does not drop them. */
  extra?: Record<string, unknown>;
};

/** One body line: a dated line, or any other text (blank lines and headings included). */
export type MemoryLine = ({ kind: "dated" } & DatedLine) | { kind: "text"; text: string };

/** A dated line with its 1-based line number in the file. */
export type LocatedLine = DatedLine & { line: number };

/** How the header was written: YAML front matter, the seed article's unfenced lines, or none. */
export type HeaderStyle = "front_matter" | "unfenced" | "none";

/**
 * Where the parts of a memory file sit, as 1-based line numbers of the file (a BOM is not a line),
 * so an edit can change only the lines it means to (see `editMemoryText`).
 */
export type MemoryLineMap = {
  /** Line of the first body line (one past the end of the file when there is no body). */
  bodyLine: number;
  /** Lines of the header's `name:`, `description:`, `updated:`, `type:` and `scope:` fields, when on one line. */
  fieldLines: Partial<Record<"name" | "description" | "updated" | "type" | "scope", number>>;
  /**
   * Line before which a new header field goes (the closing `---`, or the line after the last
   * unfenced header line); absent when the header is not a plain `key: value` block (a line of
   * prose, broken YAML), which an edit then leaves exactly as it is.
   */
  fieldInsertLine?: number;
};

/** A parsed memory file. */
export type MemoryFile = {
  header: MemoryHeader;
  headerStyle: HeaderStyle;
  /** Line numbers of the header fields and the body, for edits (see {@link MemoryLineMap}). */
  lineMap: MemoryLineMap;
  /** Body lines after the header, in order, without line breaks. */
  lines: MemoryLine[];
  /** The dated lines of `lines`, with line numbers. */
  facts: LocatedLine[];
  /** No description, undated lines, bad date tags, unknown `type:`; empty when the file is clean. */
  problems: MemoryProblem[];
};

/** Options of {@link parseMemoryFile}. */
export type ParseMemoryFileOptions = {
  /** Memory path, for messages (e.g. `topics/tools.md`). */
  path?: string;
};

/** Result of {@link safeParseMemoryFile}. */
export type SafeParseMemoryFileResult =
  | { success: true; value: MemoryFile }
  | { success: false; error: MemoryFormatError };

const UNFENCED_FIELD = /^(name|description|updated|type|scope)[ \t]*:[ \t]*(.*?)\s*$/i;
// A value YAML reads differently from its text: quoted, a block scalar, a flow list or mapping, an
// anchor, alias or tag. Other values are taken as written, so `#540` or `a: b` in a hand-written
// description is not cut at a YAML comment or refused.
const YAML_SYNTAX_VALUE = /^["'|>[{&*!]/;
// A value in quotes, the closing one optional: `"Dev tools"`, `"unterminated`.
const QUOTED_VALUE = /^(["'])(.*?)\1?$/;
// What `updated:` holds: a calendar date, `YYYY/MM/DD` as memfiles writes it or ISO `YYYY-MM-DD`
// (a time after it allowed, as other tools write it).
const UPDATED_DATE = /^(\d{4})([/-])(\d{2})\2(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether an `updated:` value is a date: `YYYY/MM/DD` or `YYYY-MM-DD` (a time may follow) naming a
 * real calendar day. `list()` rows carry only such a value, as recall orders files by it.
 *
 * @param value - The value as written, e.g. `2026/09/26`.
 * @returns `true` for `2026/09/26`, `2026-09-26T10:00:00Z`; `false` for `yes`, `2026/02/30`.
 * @example isUpdatedDate("2026/09/26") // true
 */
export function isUpdatedDate(value: string): boolean {
  const match = UPDATED_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[3]), Number(match[4])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The day a date or ISO 8601 time names, as `YYYY/MM/DD`: the calendar date as written in it, in
 * the offset it was written with (Claude Code writes UTC, `…Z`), not in the reader's time zone. A
 * file's text then gives every reader, process and stored recall index the same day; a time written
 * near midnight may name the day before or after the user's own. The one rule for a file's day:
 * whatever orders files by `updated:` compares these, never the values as written.
 *
 * @param value - `2026-12-06T17:21:39.792Z`, `2026/12/06` or `2026-12-06`.
 * @returns `2026/12/06`, or `undefined` when the value is no date ({@link isUpdatedDate}).
 * @example updatedDay("2026-12-06T23:30:00-05:00") // "2026/12/06"
 */
export function updatedDay(value: unknown): string | undefined {
  if (typeof value !== "string" || !isUpdatedDate(value.trim())) return undefined;
  const [, year, , month, day] = UPDATED_DATE.exec(value.trim()) as RegExpExecArray;
  return `${year}/${month}/${day}`;
}

/**
 * The type and day of the last change Claude Code (2.1) keeps in its own front matter, under
 * `metadata:` (`type: user`, `updated: 2026/12/06` when the model wrote one, `modified:` the time
 * of the write): the type when the file has no top-level `type:`, which wins. The day is the later
 * of `updated:` and `modified:`: a rewrite keeps an older `updated:` the model copied, and a day
 * the model wrote in the user's zone may be ahead of the UTC time.
 */
function fromMetadata(extra: Record<string, unknown>): { type?: string; updated?: string } {
  const metadata = extra.metadata;
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return {};
  const { type, updated, modified } = metadata as Record<string, unknown>;
  const days = [updatedDay(updated), updatedDay(modified)].filter((day) => day !== undefined);
  const day = days.sort().at(-1);
  return {
    ...(typeof type === "string" && (MEMORY_TYPES as readonly string[]).includes(type.trim())
      ? { type: type.trim() }
      : {}),
    ...(day === undefined ? {} : { updated: day }),
  };
}

/**
 * The file's day from its top-level `updated:` (as written) and the day of Claude Code's
 * `metadata:`: the later of the two by {@link updatedDay}, as Claude Code may rewrite a file after
 * memfiles set its `updated:`, and a later memfiles write sets a later `updated:`. A top-level
 * value that is no date is kept as written (its problem is reported).
 */
function laterDay(top: string | undefined, metadata: string | undefined): string | undefined {
  if (!top) return metadata;
  const topDay = updatedDay(top);
  if (topDay === undefined || metadata === undefined) return top;
  return metadata > topDay ? metadata : top;
}

type FieldName = keyof MemoryLineMap["fieldLines"];

// Known fields as written on their own top-level line: `{ key: { value, offset } }`.
function lenientFields(
  lines: readonly string[],
): Map<FieldName, { value: string; offset: number }> {
  const fields = new Map<FieldName, { value: string; offset: number }>();
  lines.forEach((line, offset) => {
    const match = UNFENCED_FIELD.exec(line);
    if (!match) return;
    const key = (match[1] ?? "").toLowerCase() as FieldName;
    if (!fields.has(key)) fields.set(key, { value: match[2] ?? "", offset });
  });
  return fields;
}
const KNOWN_FIELDS = new Set(["name", "description", "updated", "type", "scope"]);

function headerFromFrontMatter(
  data: Record<string, unknown>,
  where: string,
  path: string | undefined,
  asWritten: ReadonlySet<string>,
): { fields: Record<string, string | undefined>; extra: Record<string, unknown> } {
  const fields: Record<string, string | undefined> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!KNOWN_FIELDS.has(key)) {
      extra[key] = value;
      continue;
    }
    if (asWritten.has(key) || value === null) continue;
    if (typeof value !== "string") {
      throw new MemoryFormatError({
        code: "unparsable_header",
        message: `Cannot read the front matter of ${where}: "${key}" must be one line of text, not a list or mapping. Write it as "${key}: ..." on one line.`,
        ...(path === undefined ? {} : { path }),
        line: 1,
      });
    }
    fields[key] = value.trim();
  }
  return { fields, extra };
}

/**
 * Parse a memory file: YAML front matter (or the seed article's unfenced `name:` /
 * `description:` / `updated:` lines, or Claude Code's `type:` field), then one fact per line as
 * `[stated YYYY/MM/DD] text`. Problems that leave the file usable are returned in `problems`.
 *
 * @param text - The whole file text.
 * @param options - `{ path? }`: the memory path, used in messages.
 * @returns The header, the body lines, the facts with line numbers, and the problems found.
 * @throws {MemoryFormatError} when the header cannot be read: front matter in a language other
 *   than YAML (`refused_front_matter_language`), unclosed front matter or broken YAML
 *   (`unparsable_header`). Use {@link safeParseMemoryFile} to get these as values.
 * @example
 * parseMemoryFile("---\nname: tools\ndescription: Editor and dev tools.\n---\n[stated 2026/09/12] uses Neovim\n")
 * // { header: { name: "tools", description: "Editor and dev tools." }, facts: [{ stated: "2026/09/12", text: "uses Neovim", line: 5 }], ... }
 */
export function parseMemoryFile(text: string, options: ParseMemoryFileOptions = {}): MemoryFile {
  const { path } = options;
  const where = path ?? "the memory file";
  const frontMatter = readFrontMatter(text, path);
  const problems: MemoryProblem[] = [];
  let fields: Record<string, string | undefined> = {};
  let extra: Record<string, unknown> = {};
  let headerStyle: HeaderStyle = "none";
  let bodyLines: string[];
  let firstBodyLine: number;

  const lineMap: MemoryLineMap = { bodyLine: 1, fieldLines: {} };

  if (frontMatter.present) {
    headerStyle = "front_matter";
    // A known field on one plain line is read as written where YAML reads it otherwise: a `#`
    // YAML takes for a comment (`PR #532`, `#41 notes`), or a block YAML refuses. Quoted, block
    // and folded values, and plain ones YAML reads as written, are YAML's.
    const asWritten = new Map<string, string>();
    for (const [key, field] of lenientFields(frontMatter.headerLines)) {
      lineMap.fieldLines[key] = field.offset + 2;
      const plain = field.value !== "" && !YAML_SYNTAX_VALUE.test(field.value);
      const yamlDiffers =
        frontMatter.yamlError !== undefined ||
        typeof frontMatter.data[key] !== "string" ||
        /(^|\s)#/.test(field.value);
      if (plain && yamlDiffers) asWritten.set(key, field.value);
      // YAML read nothing of this header: a quoted value (an unclosed quote is what broke it,
      // most of the time) is taken without its quotes rather than lost.
      const quoted = QUOTED_VALUE.exec(field.value)?.[2];
      if (frontMatter.yamlError !== undefined && quoted !== undefined && quoted.trim() !== "") {
        asWritten.set(key, quoted.trim());
      }
    }
    ({ fields, extra } = headerFromFrontMatter(
      frontMatter.data,
      where,
      path,
      new Set(asWritten.keys()),
    ));
    for (const [key, value] of asWritten) fields[key] = value;
    if (frontMatter.yamlError === undefined) {
      lineMap.fieldInsertLine = frontMatter.headerLines.length + 2;
    } else {
      problems.push({
        code: "header_not_yaml",
        message: `${where}'s header is not YAML (${frontMatter.yamlError}); it was read line by line and is kept as written. To let memfiles add fields to it, write one "key: value" a line and quote values that contain ": ".`,
        line: 1,
      });
    }
    bodyLines = splitLines(frontMatter.body);
    firstBodyLine = frontMatter.bodyLine;
  } else {
    const all = splitLines(frontMatter.body);
    let index = 0;
    for (; index < all.length; index++) {
      const match = UNFENCED_FIELD.exec(all[index] ?? "");
      if (!match) break;
      const key = (match[1] ?? "").toLowerCase() as FieldName;
      if (fields[key] === undefined) {
        fields[key] = match[2] ?? "";
        lineMap.fieldLines[key] = index + 1;
      }
    }
    if (index > 0) {
      headerStyle = "unfenced";
      lineMap.fieldInsertLine = index + 1;
    }
    bodyLines = all.slice(index);
    firstBodyLine = index + 1;
  }
  lineMap.bodyLine = firstBodyLine;

  const header: MemoryHeader = {};
  const written = fromMetadata(extra);
  if (fields.name) header.name = fields.name;
  if (fields.description) header.description = fields.description;
  const updated = laterDay(fields.updated, written.updated);
  if (updated !== undefined) header.updated = updated;
  if (fields.updated) {
    if (!isUpdatedDate(fields.updated)) {
      problems.push({
        code: "invalid_updated",
        message: `${where} has "updated: ${fields.updated}", which is not a date. Write the day of the last change as "updated: 2026/09/12", or remove the line (memfiles sets it on the next edit).`,
        ...(lineMap.fieldLines.updated === undefined ? {} : { line: lineMap.fieldLines.updated }),
      });
    }
  }
  if (fields.scope) header.scope = fields.scope;
  if (fields.type !== undefined) {
    if ((MEMORY_TYPES as readonly string[]).includes(fields.type)) {
      header.type = fields.type as MemoryType;
    } else {
      problems.push({
        code: "unknown_type",
        message: `${where} has type "${fields.type}"; the known types are ${MEMORY_TYPES.join(", ")}. Fix or remove the "type:" line.`,
      });
    }
  }
  if (header.type === undefined && written.type !== undefined) {
    header.type = written.type as MemoryType;
  }
  if (Object.keys(extra).length > 0) header.extra = extra;
  if (!header.description) {
    problems.push({
      code: "no_description",
      message: `${where} has no description. Add a "description:" line saying what is inside and when to read it; the index shows it.`,
    });
  }

  const lines: MemoryLine[] = [];
  const facts: LocatedLine[] = [];
  bodyLines.forEach((raw, offset) => {
    const line = firstBodyLine + offset;
    const fact = parseDatedLine(raw);
    if (fact) {
      lines.push({ kind: "dated", ...fact });
      facts.push({ ...fact, line });
      return;
    }
    lines.push({ kind: "text", text: raw });
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith("<!--")) return;
    // A date a person typed in another form is offered back in the canonical one.
    const typed = readTypedLine(raw);
    const fix =
      typed?.canonical !== undefined
        ? `Write it as ${JSON.stringify(typed.canonical)}.`
        : typed?.typed !== undefined && /^\d{1,2}\D\d{1,2}\D\d{4}$/.test(typed.typed)
          ? `"${typed.typed}" reads as two dates (day/month or month/day); write it as "[stated YYYY/MM/DD] ${typed.text}" with the one meant.`
          : undefined;
    if (hasStatedTag(raw) || typed?.typed !== undefined) {
      // A real date in another form or place (`- [stated 2026/12/01] …`, `[stated 2026-12-01]`) is
      // no bad date: what is wrong is where or how it is written.
      const problem =
        typed?.canonical !== undefined
          ? "has a date tag memfiles does not read: a fact line opens with the tag, dated YYYY/MM/DD"
          : "has a date tag that is not a real date in YYYY/MM/DD form";
      problems.push({
        code: "invalid_date",
        message: `${where} line ${line} ${problem}. ${fix ?? 'Write it as "[stated 2026/09/12] ...".'}`,
        line,
      });
    } else {
      problems.push({
        code: "undated_line",
        message: `${where} line ${line} is not a dated fact. Start it with "[stated YYYY/MM/DD] " (the date the user said it), or make it a "#" heading.`,
        line,
      });
    }
  });
  return { header, headerStyle, lineMap, lines, facts, problems };
}

/**
 * Parse a memory file without throwing: the twin of {@link parseMemoryFile}.
 *
 * @param text - The whole file text.
 * @param options - `{ path? }`: the memory path, used in messages.
 * @returns `{ success: true, value }` or `{ success: false, error }` with a {@link MemoryFormatError}.
 * @example
 * const result = safeParseMemoryFile("---js\n{}\n---\n");
 * if (!result.success) console.log(result.error.code); // "refused_front_matter_language"
 */
export function safeParseMemoryFile(
  text: string,
  options: ParseMemoryFileOptions = {},
): SafeParseMemoryFileResult {
  try {
    return { success: true, value: parseMemoryFile(text, options) };
  } catch (error) {
    if (error instanceof MemoryFormatError) return { success: false, error };
    throw error;
  }
}

/** Input of {@link formatMemoryFile}: a header and body lines (a parsed `MemoryFile` fits). */
export type FormatMemoryFileOptions = {
  header: MemoryHeader;
  lines: readonly MemoryLine[];
};

/**
 * Write a memory file: YAML front matter (`name`, `description`, `type`, `updated`, then any
 * other fields kept from parsing), then one line per body line, ending in a line break. An
 * unfenced header is written back as front matter.
 *
 * @param file - `{ header, lines }`; fact lines are written as `[stated YYYY/MM/DD] text`.
 * @returns The file text, ready for `store.write`.
 * @throws {MemoryFormatError} `invalid_fact_line` when a fact's date or text is invalid.
 * @example
 * formatMemoryFile({ header: { name: "tools", description: "Dev tools." }, lines: [{ kind: "dated", stated: "2026/09/12", text: "uses Neovim" }] })
 * // "---\nname: tools\ndescription: Dev tools.\n---\n[stated 2026/09/12] uses Neovim\n"
 */
export function formatMemoryFile(file: FormatMemoryFileOptions): string {
  const { header } = file;
  const data: Record<string, unknown> = {};
  if (header.name !== undefined) data.name = header.name;
  if (header.description !== undefined) data.description = header.description;
  if (header.type !== undefined) data.type = header.type;
  if (header.updated !== undefined) data.updated = header.updated;
  if (header.scope !== undefined) data.scope = header.scope;
  for (const [key, value] of Object.entries(header.extra ?? {})) {
    if (!KNOWN_FIELDS.has(key)) data[key] = value;
  }
  const body = file.lines.map((line) =>
    line.kind === "dated" ? formatDatedLine(line) : line.text,
  );
  return formatFrontMatter(data) + body.map((line) => `${line}\n`).join("");
}

function splitLines(body: string): string[] {
  if (body === "") return [];
  const lines = body.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
