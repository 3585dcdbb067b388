import { MemoryFormatError } from "./memory-format-error.js";
import { grayMatterLibrary, yamlLibrary } from "./yaml-library.js";

/** What {@link readFrontMatter} found at the top of a text. */
export type FrontMatterResult =
  | { present: false; body: string; bodyLine: 1 }
  | {
      present: true;
      /**
       * The YAML mapping; every scalar is a string (failsafe schema: no dates, numbers or
       * booleans). Empty when the block is not YAML (see `yamlError`).
       */
      data: Record<string, unknown>;
      /**
       * Why the block between the `---` lines is not a YAML mapping (a hand-written header such as
       * `description: Dev setup: editor, shell` or a line of prose), when it is not; the caller
       * reads such a header line by line.
       */
      yamlError?: string;
      /** The lines between the two `---` lines, without line breaks. */
      headerLines: string[];
      /** The text after the closing `---` line. */
      body: string;
      /** 1-based line number where `body` starts in the original text. */
      bodyLine: number;
    };

/**
 * The most front matter read, in chars: far above a real header (name, a description of at most
 * 300 chars, updated, type), far below what stalls YAML parsing (10,000 keys take seconds; deep
 * nesting overflows the stack). Longer front matter is reported, not parsed.
 */
export const MAX_FRONT_MATTER_CHARS = 2_048;

const ALLOWED_LANGUAGES = new Set(["", "yaml", "yml"]);

// Front matter blocks parsed lately and their mappings: a command reads a file's header more
// than once (`list()`'s row, then `ls`'s lines or `check`'s line checks), and YAML parsing was
// most of a listing's cost. Parsing is a pure function of the block, so a kept mapping is the
// parse's answer. Bounded in entries (a block is at most MAX_FRONT_MATTER_CHARS): a folder of
// up to this many files parses each header once per command.
const PARSED_BLOCKS = 20_000;
const parsedBlocks = new Map<string, Record<string, unknown>>();

function parseYamlMapping(source: string): Record<string, unknown> {
  const kept = parsedBlocks.get(source);
  if (kept !== undefined) {
    // Most recently used last, so the oldest is the first to go.
    parsedBlocks.delete(source);
    parsedBlocks.set(source, kept);
    // Callers may change what they get; what is kept stays as parsed.
    return structuredClone(kept);
  }
  // failsafe: every scalar stays a string, so `updated: 2026-09-26` is never turned into a Date.
  const value: unknown = yamlLibrary().parse(source.replace(/\r\n?/g, "\n"), {
    schema: "failsafe",
    uniqueKeys: true,
  });
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new Error("front matter is not a mapping of `key: value` lines");
  }
  parsedBlocks.set(source, structuredClone(value as Record<string, unknown>));
  if (parsedBlocks.size > PARSED_BLOCKS) {
    parsedBlocks.delete(parsedBlocks.keys().next().value as string);
  }
  return value as Record<string, unknown>;
}

function refuseEngine(language: string) {
  return () => {
    throw new Error(`front matter language "${language}" is refused`);
  };
}

// Every engine gray-matter ships (and their aliases) is replaced: only YAML parses, through `yaml`.
const ENGINES = {
  yaml: { parse: parseYamlMapping, stringify: (data: object) => yamlLibrary().stringify(data) },
  yml: { parse: parseYamlMapping, stringify: (data: object) => yamlLibrary().stringify(data) },
  javascript: refuseEngine("javascript"),
  js: refuseEngine("js"),
  json: refuseEngine("json"),
  coffee: refuseEngine("coffee"),
  coffeescript: refuseEngine("coffeescript"),
  cson: refuseEngine("cson"),
  toml: refuseEngine("toml"),
};

function lineCount(text: string): number {
  let count = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) count++;
  return count;
}

// Where the block after the opening `---` line starts, where its closing `---` line starts, and
// where that line ends; undefined when the block is not closed.
function closingFence(
  source: string,
  firstLineEnd: number,
): { afterOpening: number; closeAt: number; bodyStart: number } | undefined {
  const afterOpening = firstLineEnd + (source[firstLineEnd] === "\r" ? 2 : 1);
  const closeMatch = /^---[ \t]*\r?$/m.exec(source.slice(afterOpening));
  // gray-matter ends the block at the first "\n---"; insist it is the same line we split on.
  if (!closeMatch || source.indexOf("\n---", 3) !== afterOpening + closeMatch.index - 1) {
    return undefined;
  }
  const closeAt = afterOpening + closeMatch.index;
  return { afterOpening, closeAt, bodyStart: closeAt + closeMatch[0].length };
}

/**
 * Where the body of a memory file starts, after its front matter's closing `---` line (the line
 * break after it is the body's), found as {@link readFrontMatter} finds it but without reading the
 * YAML; 0 when the text opens with no front matter or with a block that is not closed.
 *
 * @param text - The whole file text (a leading BOM counts in the offset).
 * @returns An offset in `text`, in UTF-16 code units.
 * @example frontMatterBodyStart("---\nname: tools\n---\nuses Neovim\n") // 20
 */
export function frontMatterBodyStart(text: string): number {
  const bom = text.startsWith("\uFEFF") ? 1 : 0;
  const source = text.slice(bom);
  const firstLineEnd = source.search(/\r?\n|$/);
  const firstLine = source.slice(0, firstLineEnd);
  if (!firstLine.startsWith("---") || firstLine.startsWith("----")) return 0;
  if (firstLineEnd === source.length) return 0;
  const fence = closingFence(source, firstLineEnd);
  return fence === undefined ? 0 : bom + fence.bodyStart;
}

/**
 * Split YAML front matter from a memory file. This is the one place memfiles calls gray-matter:
 * any language tag other than YAML (`---js`, `---json`, `---coffee`, ...) is refused before
 * gray-matter sees the text, because gray-matter evaluates `---js` front matter by default
 * (CVE-2022-25863), and the YAML is read with the failsafe schema so dates stay strings.
 *
 * @param text - The whole file text (a leading BOM is ignored).
 * @param path - Memory path for error messages, e.g. `topics/tools.md`.
 * @returns `{ present: false, body }` when the text does not open with a `---` line, else the
 *   parts (see {@link FrontMatterResult}).
 * @throws {MemoryFormatError} `refused_front_matter_language` for a non-YAML language tag;
 *   `unparsable_header` for unclosed front matter.
 * @example readFrontMatter("---\nname: tools\n---\n[stated 2026/09/12] uses Neovim\n")
 */
export function readFrontMatter(text: string, path?: string): FrontMatterResult {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const where = path === undefined ? "the memory file" : path;
  const firstLineEnd = source.search(/\r?\n|$/);
  const firstLine = source.slice(0, firstLineEnd);
  if (!firstLine.startsWith("---") || firstLine.startsWith("----")) {
    return { present: false, body: source, bodyLine: 1 };
  }
  const language = firstLine.slice(3).trim().toLowerCase();
  if (!ALLOWED_LANGUAGES.has(language)) {
    throw new MemoryFormatError({
      code: "refused_front_matter_language",
      message: `Refused to read ${where}: its front matter is marked "${firstLine.slice(3).trim()}", and only YAML front matter is read (other languages can run code, CVE-2022-25863). Replace the first line with "---".`,
      ...(path === undefined ? {} : { path }),
      line: 1,
    });
  }
  if (firstLineEnd === source.length) throw unclosed(where, path);
  const fence = closingFence(source, firstLineEnd);
  if (fence === undefined) throw unclosed(where, path);
  const { afterOpening, closeAt, bodyStart } = fence;
  let body = source.slice(bodyStart);
  if (body.startsWith("\r\n")) body = body.slice(2);
  else if (body.startsWith("\n")) body = body.slice(1);
  const block = source.slice(afterOpening, closeAt);
  if (block.length > MAX_FRONT_MATTER_CHARS) {
    throw new MemoryFormatError({
      code: "header_too_long",
      message: `Cannot read the front matter of ${where}: it is ${block.length} chars, over the ${MAX_FRONT_MATTER_CHARS}-char limit (a memory header holds a name, a description of at most 300 chars and a date). It was not parsed: a huge or deeply nested header can stall or crash a YAML parser. Shorten it by hand.`,
      ...(path === undefined ? {} : { path }),
      line: 1,
    });
  }
  const headerLines = block === "" ? [] : block.replace(/\r?\n$/, "").split(/\r?\n/);
  const bodyLine = lineCount(source.slice(0, source.length - body.length)) + 1;
  try {
    // Passing options also keeps gray-matter's unbounded module-level cache out of the way.
    const parsed = grayMatterLibrary()(source, { language: "yaml", engines: ENGINES });
    return {
      present: true,
      data: parsed.data as Record<string, unknown>,
      headerLines,
      body,
      bodyLine,
    };
  } catch (error) {
    // People write headers by hand; YAML is strict where they are not (`a: b: c`, a line of
    // prose). Such a block is read line by line by the caller, never rewritten.
    const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
    return { present: true, data: {}, yamlError: reason, headerLines, body, bodyLine };
  }
}

function unclosed(where: string, path: string | undefined): MemoryFormatError {
  return new MemoryFormatError({
    code: "unparsable_header",
    message: `Cannot read the front matter of ${where}: the opening "---" line has no closing "---" line. Add a line with only "---" after the header.`,
    ...(path === undefined ? {} : { path }),
    line: 1,
  });
}

/**
 * Write a front matter block (`---`, YAML, `---`) for the given fields, in the order given.
 * Values that YAML would read as something other than the same string are quoted.
 *
 * @param data - Field names to string values (or nested YAML values kept from a parsed file).
 * @returns The block, ending in a line break; `""` when `data` has no fields.
 * @example formatFrontMatter({ name: "tools" }) // "---\nname: tools\n---\n"
 */
export function formatFrontMatter(data: Record<string, unknown>): string {
  if (Object.keys(data).length === 0) return "";
  const yaml = yamlLibrary().stringify(data, { schema: "core", lineWidth: 0 });
  return `---\n${yaml}---\n`;
}
