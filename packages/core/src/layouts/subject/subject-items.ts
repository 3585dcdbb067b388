import {
  appendedListMarker,
  editMemoryText,
  formatDatedLine,
  formatFrontMatter,
  parseDatedLine,
  safeParseMemoryFile,
} from "../../format/index.js";
import { STATED_TAG } from "../../text/index.js";
import { LINE_MARKER, LINE_MARKER_SOURCE } from "../../text/list-marker.js";
import {
  ALLOWED_PATHS_RULE,
  allowedPathsRule,
  describeNewFile,
  explainRefusedPath,
  isAllowedWritePath,
} from "../../write/allowed-path.js";
import { readCandidateFolder } from "../../write/candidate-files.js";
import { memoryFileState } from "../../write/memory-files.js";
import { isNoItem, type MemoryToolEdits } from "../layout.js";
import { heldLine, subjectLineShape } from "./add-line.js";

// A line that is only a date tag, what a dated line is once its text is replaced by nothing.
const ONLY_A_TAG = new RegExp(
  String.raw`^(?:(?:${LINE_MARKER_SOURCE})\s+)?\[stated [^\]]*\]$`,
  "u",
);

/** The text of each dated line, without its tag. */
function lineTexts(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    const fact = parseDatedLine(line);
    return fact ? [fact.text] : [];
  });
}

/** The subject layout's line count: its dated lines (0 for a file that cannot be parsed). */
export function subjectLineCount(path: string, content: string): number {
  const parsed = safeParseMemoryFile(content, { path });
  return parsed.success ? parsed.value.facts.length : 0;
}

/**
 * The memory tool in the subject layout: every body line the model adds or changes gets
 * `[stated <today>]` (a date tag it sent replaced; in a list file the list's marker), a created file without a header gets `name`, `description`,
 * `updated`, and removing fact lines without adding any forgets them.
 */
export const subjectMemoryTool: MemoryToolEdits = {
  createRule(relative) {
    if (isAllowedWritePath(relative)) return undefined;
    const reason = explainRefusedPath(relative);
    // The explainer names memory paths ("projects/my-app.md"); the tool's are under /memories/.
    return `this memory keeps one subject per file. ${
      reason === ALLOWED_PATHS_RULE
        ? allowedPathsRule("/memories/")
        : reason.replace(/"((?:topics|projects|people)\/[^"]*)"/g, '"/memories/$1"')
    }`;
  },
  dateAdded(lines, added, today) {
    const parsed = safeParseMemoryFile(`${lines.join("\n")}\n`);
    // Front matter that opens but cannot be read (`name: [N/A]`) stays as sent, so the parse error
    // refuses the write; dated, its `---` and `name:` lines would be saved as facts.
    const opened = lines.find((line) => line.trim() !== "")?.trim() === "---";
    if (!parsed.success && opened) return [...lines];
    const bodyLine = parsed.success ? parsed.value.lineMap.bodyLine : 1;
    // A list file's new line takes the list's marker by `remember`'s rule (`appendedListMarker`,
    // decision 0101), or the marker it was sent with; a file that is no list gets none.
    const listed = lines.flatMap((line, index) =>
      added.has(index) || index + 1 < bodyLine ? [] : [parseDatedLine(line)?.marker],
    );
    const fileMarker = listed.length === 0 ? undefined : appendedListMarker(listed);
    return lines.map((line, index) => {
      if (!added.has(index) || index + 1 < bodyLine) return line;
      const text = line.trim().replace(LINE_MARKER, "");
      if (text === "" || text.startsWith("#")) return line;
      // Every line the model writes is stated today (decision 0022): a date tag it sent or kept
      // on a line whose words it changed is replaced by today's, so no edit sets its own date
      // (a future one would win "an older session never overwrites a newer fact").
      const words = STATED_TAG.test(text) ? (parseDatedLine(text)?.text ?? text) : text;
      const sent = LINE_MARKER.exec(line)?.[0].replace(/\s+$/u, " ");
      const marker = fileMarker === undefined ? undefined : (sent ?? fileMarker);
      return formatDatedLine(
        marker === undefined
          ? { stated: today, text: words }
          : { stated: today, text: words, marker },
      );
    });
  },
  addedItems(lines, added) {
    // A line added inside the header (an insert above the closing `---`) is not dated, but it
    // is checked all the same: a forgotten fact must not come back in any line.
    return lines.flatMap((line, index) => {
      if (!added.has(index)) return [];
      const text = parseDatedLine(line)?.text ?? line.trim();
      return text === "" || text === "---" ? [] : [text];
    });
  },
  forgottenItems({ before, after, replaced, addedItems }) {
    if (addedItems.length > 0) return [];
    const removed = lineTexts(
      replaced === undefined
        ? before
        : before.slice(replaced.first, replaced.first + replaced.count),
    );
    const kept = new Set(after === undefined ? [] : lineTexts(after));
    return removed.filter((fact) => !kept.has(fact));
  },
  isLeftOfItem(line) {
    return ONLY_A_TAG.test(line);
  },
  created(lines, relative, _memoryPath, today) {
    const parsed = safeParseMemoryFile(`${lines.join("\n")}\n`);
    if (!parsed.success) return { problem: parsed.error.message.replace(/\.$/, "") };
    if (parsed.value.headerStyle !== "none") return { lines };
    const { name, description } = describeNewFile(relative);
    const header = formatFrontMatter({ name, description, updated: today });
    return { lines: [...header.replace(/\n$/, "").split("\n"), ...lines] };
  },
  stamped(content, { today }) {
    const parsed = safeParseMemoryFile(content);
    if (!parsed.success || parsed.value.headerStyle === "none") return { content };
    return { content: editMemoryText(content, parsed.value, { updated: today }) };
  },
  checked(lines, own) {
    return own.flatMap((index) => {
      const line = (lines[index] ?? "").trim().replace(LINE_MARKER, "");
      const text = (parseDatedLine(line)?.text ?? line).trim();
      return isNoItem(text) ? [] : [text];
    });
  },
  lineShape: subjectLineShape,
  async held({ store, path, kept, texts }) {
    if (texts.length === 0) return undefined;
    // The files the recall index names for the lines, else every file (decision 0103).
    const files = await readCandidateFolder(store, { path, texts });
    files.set(path, memoryFileState(path, kept, ""));
    for (const text of texts) {
      const held = heldLine(files, text, path);
      if (held !== undefined) return held;
    }
    return undefined;
  },
  // A subject file keeps many facts: its subject is its name alone (`findSameSubject`).
  keptElsewhere: async () => undefined,
};
