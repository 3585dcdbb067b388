import { foldSearchText } from "../text/index.js";
import { formatDatedLine } from "./dated-line.js";
import { safeParseMemoryFile } from "./memory-file.js";

/** One body line of a memory file as search and the memory page show it. */
export type BodyLine = {
  /** 1-based line number in the file. */
  line: number;
  /** `YYYY/MM/DD` from the `[stated ...]` tag; absent on an undated line written by hand. */
  stated?: string;
  /** The fact (without its date tag), or the undated line's text. */
  text: string;
  /** The line as written, date tag included: what `forget({ only })` takes. */
  written: string;
};

/**
 * A line that holds every searched word: its 1-based line number in the file, as an editor numbers
 * it. A match of the file's description carries the line its `description:` key is written on
 * ({@link memoryFileLines}), or 0 when the file's text has no such line.
 */
export type SearchMatch = { line: number; text: string };

/**
 * The body lines of a memory file: its dated lines and the lines a person wrote without a date,
 * never its front matter, blank lines or `#` headings. A BOM, CRLF line ends and a file without
 * front matter are read as the parser reads them.
 *
 * @param content - The file's text.
 * @param path - Its memory path (for the parser's messages).
 * @returns The lines in file order; none when the file cannot be parsed.
 * @example
 * memoryBodyLines("---\nname: food\n---\n[stated 2026/01/02] likes tea\n", "topics/food.md")
 * // [{ line: 4, stated: "2026/01/02", text: "likes tea", written: "[stated 2026/01/02] likes tea" }]
 */
export function memoryBodyLines(content: string, path: string): BodyLine[] {
  return memoryFileLines(content, path).lines;
}

/**
 * {@link memoryBodyLines} and the line the file's `description:` key is on, from one parse: the
 * parser's own field lines (`lineMap.fieldLines`, 1-based as an editor numbers them; a BOM and
 * CRLF read as it reads them).
 *
 * @param content - The file's text.
 * @param path - Its memory path (for the parser's messages).
 * @returns The body lines, and `descriptionLine` (0 when the file has no such line or cannot be
 *   parsed).
 * @example memoryFileLines("---\nname: food\ndescription: Food.\n---\n", "topics/food.md").descriptionLine // 3
 */
export function memoryFileLines(
  content: string,
  path: string,
): { lines: BodyLine[]; descriptionLine: number } {
  const parsed = safeParseMemoryFile(content, { path });
  if (!parsed.success) return { lines: [], descriptionLine: 0 };
  const bodyStart =
    content.split(/\r?\n/).length - (content.endsWith("\n") ? 1 : 0) - parsed.value.lines.length;
  const lines: BodyLine[] = [];
  parsed.value.lines.forEach((line, index) => {
    const number = bodyStart + index + 1;
    if (line.kind === "dated") {
      lines.push({
        line: number,
        stated: line.stated,
        text: line.text,
        // As formatDatedLine writes it (list marker included), so it equals what forget removes.
        written: formatDatedLine(line),
      });
    } else {
      const text = line.text.trim();
      if (text !== "" && !text.startsWith("#")) lines.push({ line: number, text, written: text });
    }
  });
  return { lines, descriptionLine: parsed.value.lineMap.fieldLines.description ?? 0 };
}

/**
 * Search's one rule, for every surface: a file's description (at `descriptionLine`) and each of its body
 * lines ({@link memoryBodyLines}) that hold every word, case and accents ignored
 * (`foldSearchText`), a word matching inside a longer one.
 *
 * @param file - The file's description, the line it is on ({@link memoryFileLines}; 0 when
 *   not given) and its body lines.
 * @param words - The words to look for, each may hold several separated by spaces.
 * @returns The matches in file order; none when the words hold no word.
 * @example
 * searchMemoryLines({ description: "Food", lines: [{ line: 4, text: "likes tea", written: "likes tea" }] }, ["TEA"])
 * // [{ line: 4, text: "likes tea" }]
 */
export function searchMemoryLines(
  file: { description: string; descriptionLine?: number; lines: readonly BodyLine[] },
  words: readonly string[],
): SearchMatch[] {
  const wanted = wantedWords(words);
  if (wanted.length === 0) return [];
  const holdsAll = (text: string) => {
    const folded = foldSearchText(text);
    return wanted.every((word) => folded.includes(word));
  };
  return [
    ...(holdsAll(file.description)
      ? [{ line: file.descriptionLine ?? 0, text: `description: ${file.description}` }]
      : []),
    ...file.lines
      .filter((line) => holdsAll(line.written))
      .map((line) => ({ line: line.line, text: line.written })),
  ];
}

// The words search looks for: folded (`foldSearchText`), split at spaces, none empty.
function wantedWords(words: readonly string[]): string[] {
  return words.flatMap((word) => foldSearchText(word).split(/\s+/)).filter(Boolean);
}

/**
 * Whether a file's text may hold a body line {@link searchMemoryLines} matches: it holds every
 * word somewhere (case and accents ignored). A body line is a line of the text, its whitespace
 * runs made one space and a date tag written back as it was read, and a word holds no space: a
 * line holding every word lies in a text holding every word, so a text that does not is not
 * parsed into lines at all (most files of a large folder, for a rare word).
 *
 * @param content - The file's whole text, front matter included.
 * @param words - The words as given to {@link searchMemoryLines}.
 * @returns `false` only when no body line of `content` can match.
 * @example mayMatchBodyLines("---\nname: food\n---\n[stated 2026/01/02] likes Tea\n", ["tea"]) // true
 */
export function mayMatchBodyLines(content: string, words: readonly string[]): boolean {
  const wanted = wantedWords(words);
  if (wanted.length === 0) return false;
  const folded = foldSearchText(content);
  return wanted.every((word) => folded.includes(word));
}
