import { readTextLayout } from "../text/text-layout.js";
import { formatFrontMatter } from "./front-matter.js";
import { MEMORY_TYPES, type MemoryFile, parseMemoryFile } from "./memory-file.js";
import type { MemoryFormatError } from "./memory-format-error.js";
import type { MemoryType } from "./memory-problem.js";
import { yamlLibrary } from "./yaml-library.js";

const BOM = "\uFEFF";

// `[[name]]` in a body: a link to another memory by its name (the second write-up's links).
const WIKI_LINK = /\[\[([^[\]\n|]+)(?:\|[^[\]\n]*)?\]\]/g;

/**
 * One fact file of the fact layout (the second and third write-ups, Claude Code's `.memory/`):
 * front matter `name`, `description`, `type`, `updated`, optional `scope` and `links`, then the
 * fact as prose.
 */
export type FactFile = {
  /** `name:`; empty when missing. */
  name: string;
  /** `description:`, the retrieval line (when to open the file); empty when missing. */
  description: string;
  /** `type:` when it is one of `user` | `feedback` | `project` | `reference`. */
  type?: MemoryType;
  /** `updated:` as written (`YYYY/MM/DD`), never coerced to a Date. */
  updated?: string;
  /** `scope:` as written (`global` or a project name), when present. */
  scope?: string;
  /** Names this file links to: `links:` in front matter, then `[[name]]` in the body, deduplicated, in order. */
  links: string[];
  /** The text after the front matter, line breaks as written. */
  body: string;
  /** The parse of the same text by `parseMemoryFile`, for line-level edits. */
  file: MemoryFile;
};

/** Result of {@link safeParseFactFile}. */
export type SafeParseFactFileResult =
  | { success: true; value: FactFile }
  | { success: false; error: MemoryFormatError };

function linkNames(value: unknown): string[] {
  if (typeof value === "string") return value.trim() === "" ? [] : [value.trim()];
  if (Array.isArray(value)) {
    return value.flatMap((item) => (typeof item === "string" ? linkNames(item) : []));
  }
  return [];
}

/**
 * The names a memory links to: `links:` in front matter (a string or a list), then every
 * `[[name]]` (or `[[name|label]]`) in the body; trimmed, deduplicated, in order.
 *
 * @param links - The front matter `links` value, as parsed (a string, a list, or absent).
 * @param body - The body text.
 * @returns The linked names.
 * @example factLinks(["deploy host"], "See [[editor]].") // ["deploy host", "editor"]
 */
export function factLinks(links: unknown, body: string): string[] {
  const names = linkNames(links);
  for (const match of body.matchAll(WIKI_LINK)) names.push((match[1] ?? "").trim());
  return [...new Set(names.filter((name) => name !== ""))];
}

/**
 * Parses a fact file leniently: any YAML front matter (unknown keys kept in `file.header.extra`),
 * CRLF or LF, a byte order mark, and a body of prose (no date tags needed).
 *
 * @param text - The whole file text.
 * @param path - Memory path, for messages (e.g. `deploy-host.md`).
 * @returns The fields, links and body; see {@link FactFile}.
 * @throws {MemoryFormatError} when the front matter cannot be read (see `parseMemoryFile`).
 * @example parseFactFile("---\nname: deploy host\ndescription: Where the user deploys.\ntype: project\n---\nDeploys on Fly.io.\n").name // "deploy host"
 */
export function parseFactFile(text: string, path?: string): FactFile {
  return factFileOf(text, parseMemoryFile(text, path === undefined ? {} : { path }));
}

/**
 * A fact file from its text and that text's parse, for a caller that has parsed it already.
 *
 * @param text - The whole file text.
 * @param file - `parseMemoryFile(text, { path })`.
 * @returns As {@link parseFactFile}.
 */
export function factFileOf(text: string, file: MemoryFile): FactFile {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const lines = source.split(/(?<=\n)/);
  const body = lines.slice(file.lineMap.bodyLine - 1).join("");
  const extra = file.header.extra ?? {};
  const fact: FactFile = {
    name: file.header.name ?? "",
    description: file.header.description ?? "",
    links: factLinks(extra.links, body),
    body,
    file,
  };
  if (file.header.type !== undefined) fact.type = file.header.type;
  if (file.header.updated !== undefined) fact.updated = file.header.updated;
  if (typeof extra.scope === "string") fact.scope = extra.scope.trim();
  return fact;
}

/**
 * Parses a fact file without throwing: the twin of {@link parseFactFile}.
 *
 * @param text - The whole file text.
 * @param path - Memory path, for messages.
 * @returns `{ success: true, value }` or `{ success: false, error }`.
 * @example safeParseFactFile("---js\n{}\n---\n").success // false
 */
export function safeParseFactFile(text: string, path?: string): SafeParseFactFileResult {
  try {
    return { success: true, value: parseFactFile(text, path) };
  } catch (error) {
    if (error instanceof Error && error.name === "MemoryFormatError") {
      return { success: false, error: error as MemoryFormatError };
    }
    throw error;
  }
}

/** Input of {@link formatFactFile}. */
export type FormatFactFileOptions = {
  name: string;
  description: string;
  type: MemoryType;
  /** `YYYY/MM/DD`. */
  updated: string;
  /** `global` or a project name; omitted when absent. */
  scope?: string;
  /** Names of linked memories; omitted when absent or empty. */
  links?: readonly string[];
  /** The fact as prose, optionally with `**Why:**` and `**How to apply:**` lines. */
  body: string;
};

/**
 * Writes a new fact file: YAML front matter (`name`, `description`, `type`, `updated`, then
 * `scope` and `links` when given), then the body, ending in one line break.
 *
 * @param options - `{ name, description, type, updated, scope?, links?, body }`.
 * @returns The file text, ready for `store.write`.
 * @example formatFactFile({ name: "deploy host", description: "Where the user deploys.", type: "project", updated: "2026/09/12", body: "Deploys on Fly.io." })
 * // "---\nname: deploy host\ndescription: Where the user deploys.\ntype: project\nupdated: 2026/09/12\n---\nDeploys on Fly.io.\n"
 */
export function formatFactFile(options: FormatFactFileOptions): string {
  const data: Record<string, unknown> = {
    name: options.name,
    description: options.description,
    type: options.type,
    updated: options.updated,
  };
  if (options.scope !== undefined) data.scope = options.scope;
  if (options.links !== undefined && options.links.length > 0) data.links = [...options.links];
  return `${formatFrontMatter(data)}${options.body.trim()}\n`;
}

/** What {@link editFactText} changes; every other line stays as it is, byte for byte. */
export type FactTextEdit = {
  /** Header fields to set: a field's line is replaced, or a line is added before the closing `---`. */
  set?: Partial<Record<"name" | "description" | "type" | "updated", string>>;
  /** A new body (the fact as prose): replaces everything after the front matter. */
  body?: string;
  /**
   * Body lines (0-based, as `FactFile.body` splits) replaced by `text`'s lines, written where the
   * first of them stood in that line's line break; with `at` empty, `text` is added after the last
   * line. Every other body line stays byte for byte. Ignored when `body` is given.
   */
  lines?: { at: readonly number[]; text: string };
};

// The body lines (each with its line break) with `edit.at` replaced by `edit.text`'s lines.
function spliceLines(
  lines: readonly string[],
  edit: { at: readonly number[]; text: string },
  eol: string,
): string {
  const given = edit.text.split(/\r?\n/);
  const first = edit.at[0];
  if (first === undefined) {
    const last = lines.at(-1);
    const open = last === undefined || last.endsWith("\n") ? "" : eol;
    return `${lines.join("")}${open}${given.join(eol)}${eol}`;
  }
  const ending = lines[first]?.match(/\r?\n$/)?.[0] ?? "";
  const gone = new Set(edit.at);
  const out: string[] = [];
  lines.forEach((line, at) => {
    if (at === first) out.push(given.join(ending === "" ? eol : ending) + ending);
    else if (!gone.has(at)) out.push(line);
  });
  return out.join("");
}

// One `key: value` header line, written strictly: YAML quotes the value when it needs quotes.
function fieldLine(key: string, value: string): string {
  return yamlLibrary()
    .stringify({ [key]: value }, { schema: "core", lineWidth: 0 })
    .trimEnd();
}

/**
 * Edits a fact file line by line: sets the header fields asked for (their own line replaced, or a
 * line added before the closing `---`) and replaces the body when asked; every other line (unknown
 * keys such as `scope:` or `links:`, comments, odd spacing, a person's prose when the body is kept)
 * stays byte for byte, with the file's own line breaks (CRLF when most are) and its byte order mark.
 *
 * @param text - The file's text, as read.
 * @param fact - The same text parsed ({@link parseFactFile}).
 * @param edit - `{ set?, body?, lines? }`.
 * @returns The new text, or `undefined` when the header is not plain `key: value` YAML (prose,
 *   broken YAML): memfiles never rewrites such a header.
 * @example editFactText(text, parseFactFile(text), { set: { updated: "2026/09/20" }, body: "Deploys on Render." })
 */
export function editFactText(text: string, fact: FactFile, edit: FactTextEdit): string | undefined {
  const { file } = fact;
  const { bom, eol, body: source } = readTextLayout(text);
  const lines = source === "" ? [] : source.split(/(?<=\n)/);
  const set = Object.entries(edit.set ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );

  if (file.headerStyle !== "front_matter") {
    if (set.length === 0 && edit.body === undefined && edit.lines === undefined) return text;
    if (file.headerStyle === "unfenced") return undefined;
    const data = Object.fromEntries(set);
    const body =
      edit.body !== undefined
        ? `${edit.body.trim()}\n`
        : edit.lines === undefined
          ? source
          : spliceLines(lines.slice(file.lineMap.bodyLine - 1), edit.lines, "\n");
    return bom + (formatFrontMatter(data) + body).replace(/\r?\n/g, eol);
  }
  const insertAt = file.lineMap.fieldInsertLine;
  if (set.length > 0 && insertAt === undefined) return undefined;

  const header = lines.slice(0, file.lineMap.bodyLine - 1);
  const added: string[] = [];
  for (const [key, value] of set) {
    const at = file.lineMap.fieldLines[key as keyof typeof file.lineMap.fieldLines];
    if (at === undefined) {
      added.push(fieldLine(key, value) + eol);
      continue;
    }
    const current = header[at - 1] ?? "";
    header[at - 1] = fieldLine(key, value) + (current.match(/\r?\n$/)?.[0] ?? eol);
  }
  if (insertAt !== undefined && added.length > 0) header.splice(insertAt - 1, 0, ...added);
  let head = header.join("");
  if (head !== "" && !head.endsWith("\n")) head += eol;
  const kept = lines.slice(file.lineMap.bodyLine - 1);
  const body =
    edit.body !== undefined
      ? `${edit.body.trim().replace(/\r?\n/g, eol)}${eol}`
      : edit.lines === undefined
        ? kept.join("")
        : spliceLines(kept, edit.lines, eol);
  return bom + head + body;
}

/**
 * Whether a `type:` value is one of the four memory types.
 *
 * @param value - Anything.
 * @returns `true` for `user`, `feedback`, `project` or `reference`.
 * @example isMemoryType("project") // true
 */
export function isMemoryType(value: unknown): value is MemoryType {
  return typeof value === "string" && (MEMORY_TYPES as readonly string[]).includes(value);
}
