import { editFactText, safeParseFactFile, safeParseMemoryFile } from "../../format/index.js";
import { MEMORY_INDEX_FILE, type SameSubject } from "../../store/index.js";
import { factSlug } from "../../text/index.js";
import { LINE_MARKER } from "../../text/list-marker.js";
import { candidateFiles } from "../../write/candidate-files.js";
import type { FolderReadStore } from "../../write/memory-files.js";
import { isNoItem, type MemoryToolEdits } from "../layout.js";
import { factKeptElsewhere } from "./fact-kept-elsewhere.js";
import {
  bodyHolds,
  factBodyShape,
  heldBody,
  keptFiles,
  readFactFiles,
  readFactFolder,
} from "./fact-write-pass.js";

/** A name for a fact file from its path: `deploy-host.md` -> `deploy host`. */
function nameOfPath(relative: string): string {
  return relative.replace(/\.md$/, "").replace(/-/g, " ");
}

/** A fact file's body (trimmed), name and description from its lines; all of it when unparsable. */
function factOf(lines: readonly string[]): { body: string; name: string; description: string } {
  const text = `${lines.join("\n")}\n`;
  const parsed = safeParseFactFile(text);
  if (!parsed.success) return { body: text.trim(), name: "", description: "" };
  const { body, name, description } = parsed.value;
  return { body: body.trim(), name, description };
}

/** The fact layout's fact count: 1 when the body has a line of text (not only headings). */
export function factCount(path: string, content: string): number {
  const parsed = safeParseMemoryFile(content, { path });
  if (!parsed.success) return 0;
  const hasText = parsed.value.lines.some((line) => {
    if (line.kind === "dated") return true;
    const text = line.text.trim();
    return text !== "" && !text.startsWith("#");
  });
  return Number(hasText);
}

/**
 * The memory tool in the fact layout: the body is prose kept as written, the front matter's
 * `updated:` is set to today on every write (`name` and `description` added when missing), and a
 * body left empty or a deleted file forgets its fact.
 */
export const factMemoryTool: MemoryToolEdits = {
  createRule(relative) {
    if (isFactFilePath(relative)) return undefined;
    return `this memory keeps one fact per file, each a top-level file named after the fact in lowercase letters or digits joined by "-", such as "/memories/deploy-host.md". MEMORY.md is generated.`;
  },
  dateAdded(lines) {
    return [...lines];
  },
  // The body the added lines make (one fact per file, as the fact write pass: a fact split over
  // several lines is one fact), and each added line too: a line put in the header (a note under
  // `description:`) is no body. A body line a person wrote is not the model's, so not checked.
  addedItems(lines, added) {
    if (added.size === 0) return [];
    const parsed = safeParseFactFile(`${lines.join("\n")}\n`);
    const bodyLine = parsed.success ? parsed.value.file.lineMap.bodyLine : 1;
    const { body } = factOf(
      lines.filter((_line, index) => index + 1 < bodyLine || added.has(index)),
    );
    const each = lines.flatMap((line, index) => {
      const text = line.trim();
      return added.has(index) && text !== "" && text !== "---" ? [text] : [];
    });
    return [...(body === "" ? [] : [body]), ...each];
  },
  // A body left empty or a deleted file forgets its body and its name and description (as
  // `forget` does).
  forgottenItems({ before, after }) {
    const old = factOf(before);
    if (old.body === "" || (after !== undefined && factOf(after).body !== "")) return [];
    return [old.body, `${old.name} ${old.description}`.trim()].filter((fact) => fact !== "");
  },
  isLeftOfItem() {
    return false;
  },
  created(lines) {
    return { lines };
  },
  stamped(content, { relative, created, today }) {
    const parsed = safeParseFactFile(content, relative);
    const edited = parsed.success
      ? editFactText(content, parsed.value, {
          set: {
            ...(parsed.value.name === "" ? { name: nameOfPath(relative) } : {}),
            ...(parsed.value.description === ""
              ? { description: `${parsed.value.name || nameOfPath(relative)}.` }
              : {}),
            updated: today,
          },
        })
      : undefined;
    if (edited !== undefined) return { content: edited };
    if (!created) return { content };
    return {
      problem: `its front matter is not plain "key: value" YAML${parsed.success ? "" : ` (${parsed.error.message})`}; start the file with "---", "name: ...", "description: ...", "---", then the fact`,
    };
  },
  checked(lines, own) {
    const parsed = safeParseMemoryFile(`${lines.join("\n")}\n`);
    const bodyStart = parsed.success ? parsed.value.lineMap.bodyLine - 1 : 0;
    const mine = new Set(own);
    const texts = own.flatMap((index) => {
      const text = (lines[index] ?? "").trim().replace(LINE_MARKER, "");
      return isNoItem(text) ? [] : [text];
    });
    // A file whose every body line is the model's (a create): its body is the one fact.
    const whole = lines.every(
      (line, index) => index < bodyStart || mine.has(index) || isNoItem(line.trim()),
    );
    const { body } = factOf(lines);
    return whole && texts.length > 0 && body !== "" ? [body] : texts;
  },
  lineShape: factBodyShape,
  // A line the edited file keeps (its text without the model's lines) that says the same, or
  // another fact file with the same body: the edited file's own body is the fact being written.
  async held({ store, path, kept, texts }) {
    if (texts.length === 0) return undefined;
    const { body } = factOf(kept.split(/\r?\n/));
    if (texts.some((text) => bodyHolds(body, text))) return { path };
    const folder = await candidateFolder(store, texts, path);
    for (const text of texts) {
      const held = heldBody(folder, text);
      if (held !== undefined) return held;
    }
    return undefined;
  },
  keptElsewhere,
};

// The fact files other than `path` that may hold the texts: the files the recall index names for
// them, else every file (decision 0103).
async function candidateFolder(store: FolderReadStore, texts: readonly string[], path: string) {
  const found = await candidateFiles(store, { texts });
  const folder =
    found === undefined
      ? await readFactFolder(store)
      : await readFactFiles(store, found.rows(), found.paths);
  folder.files.delete(path);
  return folder;
}

// The file whose fact a created fact file updates (see `factKeptElsewhere`).
async function keptElsewhere({
  store,
  path,
  texts,
}: {
  store: FolderReadStore;
  path: string;
  texts: readonly string[];
}): Promise<SameSubject | undefined> {
  if (texts.length === 0) return undefined;
  const folder = await candidateFolder(store, texts, path);
  for (const text of texts) {
    const kept = factKeptElsewhere(keptFiles(folder), text);
    if (kept !== undefined) return kept;
  }
  return undefined;
}

/**
 * Whether a path is a fact file the model may create in the fact layout: a top-level `<slug>.md`
 * whose stem is already a slug (`factSlug`, the fact write pass's file names), and not
 * `MEMORY.md` in any case (the generated index).
 */
function isFactFilePath(relative: string): boolean {
  if (relative.includes("/") || !relative.endsWith(".md")) return false;
  if (relative.toLowerCase() === MEMORY_INDEX_FILE.toLowerCase()) return false;
  const stem = relative.slice(0, -".md".length);
  return factSlug(stem) === stem && stem !== "";
}
