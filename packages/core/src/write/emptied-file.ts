import { safeParseMemoryFile } from "../format/index.js";
import { describeNewFile } from "./allowed-path.js";

// The header lines memfiles itself writes into a subject file; anything else is a person's.
const OWN_HEADER_LINE = /^(?:---|(?:name|description|updated)[ \t]*:.*)?[ \t]*\r?$/;

/**
 * Whether a memory file a forget took lines out of holds nothing a person could have written, so
 * it may be deleted rather than left empty and listed in `MEMORY.md`: only the header lines
 * memfiles writes (`---`, `name`, `description`, `updated`, each once) and blank lines, and a
 * description that is empty or the one memfiles gives a new file at `path` (`describeNewFile`). A
 * description in other words may be a person's (the memory page edits it), so it keeps the file.
 * The one rule for a forget and for finishing a forget that was killed midway.
 *
 * @param text - The file's text after the forget's edit (any line breaks, a BOM).
 * @param path - Its memory path, e.g. `topics/pets.md`.
 * @returns `true` when deleting the file loses nothing but memfiles' own header.
 * @example emptiedByForget("---\nname: pets\ndescription: Katze Mia, Hund Bello\n---\n", "topics/pets.md") // false
 */
export function emptiedByForget(text: string, path: string): boolean {
  const parsed = safeParseMemoryFile(text);
  if (!parsed.success) return false;
  const lines = text.split("\n");
  const bodyLine = parsed.value.lineMap.bodyLine - 1;
  const header = lines.slice(0, bodyLine).map((line) => line.replace(/^\uFEFF/, ""));
  const fields = header.filter((line) => !/^(?:---)?[ \t]*\r?$/.test(line));
  // A field written twice is a person's header, kept as written.
  const once = new Set(fields.map((line) => line.split(":")[0])).size === fields.length;
  const description = parsed.value.header.description?.trim() ?? "";
  return (
    once &&
    header.every((line) => OWN_HEADER_LINE.test(line)) &&
    (description === "" || description === describeNewFile(path).description) &&
    lines.slice(bodyLine).every((line) => line.trim() === "")
  );
}
