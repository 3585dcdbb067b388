import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { MEMORY_INDEX_HEADER } from "./memory-index.js";
import type { StoreLayout } from "./types.js";

// At most this many memory files are opened to decide (a folder of thousands decides on these).
const MAX_FILES_READ = 200;
// A subject-layout memory line: `[stated 2026/09/12] ...` (the seed design's date tag).
const DATED_LINE = /^\s*\[stated \d{4}\/\d{2}\/\d{2}\]/m;
// A `type:` field inside the opening YAML front matter.
const FRONT_MATTER_TYPE =
  /^\uFEFF?---[ \t]*(?:\r\n|\r|\n)(?:(?!---)[^\r\n]*(?:\r\n|\r|\n))*?type[ \t]*:/;
const INDEX_LINK = /^\s*[-*]\s+\[[^\]]*\]\([^)\s]+\.md\)/im;

/**
 * Which layout a memory folder is written in, when the user did not say (`memfiles --layout`).
 * The rule (decision 0025-fact-layout, "telling the layouts apart"):
 * - `fact` (Claude Code's `.memory/`, one fact per file) when no memory file has a dated line
 *   (`[stated YYYY/MM/DD] ...`, the subject layout's mark) and either a file opens with YAML
 *   front matter holding `type:`, or `MEMORY.md` holds `- [name](file.md)` link lines and is not
 *   memfiles' own generated index (its header comment);
 * - `subject` otherwise: a new or empty folder, a folder of dated lines, a folder of other files.
 * Reads at most 200 `.md` files (a folder's top level, then its subfolders), leniently: a file that
 * cannot be read counts for neither.
 *
 * @param root - The memory folder (absolute path); a missing folder is `subject`.
 * @returns `"subject"` or `"fact"`.
 * @example detectLayout("/home/me/project/.memory") // "fact"
 */
export function detectLayout(root: string): StoreLayout {
  const texts: string[] = [];
  const visit = (folder: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(folder).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (texts.length >= MAX_FILES_READ || name.startsWith(".")) continue;
      const path = join(folder, name);
      const stats = statSync(path, { throwIfNoEntry: false });
      if (stats?.isDirectory() && depth < 2) visit(path, depth + 1);
      else if (stats?.isFile() && /\.md$/i.test(name) && !(depth === 0 && name === "MEMORY.md")) {
        texts.push(readText(path));
      }
    }
  };
  visit(root, 0);
  if (texts.some((text) => DATED_LINE.test(text))) return "subject";
  if (texts.some((text) => FRONT_MATTER_TYPE.test(text))) return "fact";
  const index = readText(join(root, "MEMORY.md"));
  const generated = index.includes(MEMORY_INDEX_HEADER.trim().split("\n").at(-1) ?? "\u0000");
  return !generated && INDEX_LINK.test(index) ? "fact" : "subject";
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
