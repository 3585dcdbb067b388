import { parseDatedLine } from "../format/dated-line.js";
import { safeParseMemoryFile } from "../format/memory-file.js";
import { bodyFacts } from "../text/body-facts.js";

/**
 * A memory's layout by name (`subject`, `fact`), as the guards take it: they sit below the store,
 * which names the layouts; what is not `subject` is read as the fact layout.
 */
export type ShownLayout = string;

/** One text of a memory file that a tombstone is asked of (see {@link forgottenItems}). */
export type FileItem = {
  /** 1-based lines of the file the item spans, in order (a fact file's fact may span several). */
  lines: number[];
  /** The text asked: a subject line without its date tag, a fact (list marker dropped), a body. */
  text: string;
  /** The day it was stated (`YYYY/MM/DD`: a line's `[stated …]` tag, a fact file's `updated:`). */
  stated?: string;
  /** Set for a header field: a file's `name:` or `description:` names what it is about. */
  field?: "name" | "description";
};

/** A {@link FileItem} a tombstone matches, with what the caller's `find` answered. */
export type ForgottenItem<Match> = FileItem & { match: Match };

/**
 * Asks one text of the tombstones: `stated` is the item's day when the file is in memory, and
 * `field` is `true` for a `name:` or `description:` (only a removed line's own words match it,
 * never a forget query's: decision 0091's amendment). `undefined` or `false` is no match.
 */
export type FindForgotten<Match> = (
  text: string,
  stated: string | undefined,
  field: boolean,
) => Match | undefined | false;

/**
 * The items of a subject file's body: every body line but blank lines and headings, a dated line
 * without its tag and with its day, an undated line written by hand as it is (a forgotten line
 * must not come back in any line).
 *
 * @param content - The file's text (any line breaks).
 * @returns `{ lines: [n], text, stated? }` per item, in file order (1-based lines).
 * @example subjectItems("[stated 2026/12/01] lives in Berlin\n") // [{ lines: [1], text: "lives in Berlin", stated: "2026/12/01" }]
 */
export function subjectItems(content: string): FileItem[] {
  return subjectBodyItems(content, safeParseMemoryFile(content));
}

/**
 * The one walk of which lines of a memory file a tombstone matches, for every surface: what a
 * model is shown (`shownWithoutForgotten`), what `check` and the memory page report and what an
 * import drops (`findForgottenLines`, `dropForgottenLines`). Items: the header's `name:` and
 * `description:`; a subject file's body lines ({@link subjectItems}); a fact file's facts
 * (`bodyFacts`, as `forget` takes them out, decision 0059), and its whole body when no one fact
 * matches (forgotten words that span two facts). A fact file's day is its `updated:`.
 *
 * @param content - The file's text (any line breaks; a header that cannot be parsed is body).
 * @param layout - The memory's layout by name (what an item is).
 * @param find - Asks one item's text (`TombstoneIndex.find`, or a check built on it).
 * @returns The matched items in file order, header fields first, each with `find`'s answer.
 * @example forgottenItems(text, "subject", (fact, stated) => index.find(fact, stated)) // [{ lines: [6], text: "lives in Berlin", stated: "2026/12/01", match: { rule: "same_fact", date: "2026/12/07" } }]
 */
export function forgottenItems<Match>(
  content: string,
  layout: ShownLayout,
  find: FindForgotten<Match>,
): Array<ForgottenItem<Match>> {
  const parsed = safeParseMemoryFile(content);
  const found: Array<ForgottenItem<Match>> = [];
  const ask = (item: FileItem, field = false) => {
    const match = find(item.text, item.stated, field);
    if (match === undefined || match === false) return false;
    found.push({ ...item, match });
    return true;
  };
  const updated = parsed.success ? parsed.value.header.updated : undefined;
  if (parsed.success) {
    const { header, lineMap } = parsed.value;
    for (const field of ["name", "description"] as const) {
      const value = header[field]?.trim();
      const line = lineMap.fieldLines[field];
      if (value === undefined || value === "" || line === undefined) continue;
      ask(dated({ lines: [line], text: value, field }, updated), true);
    }
  }
  if (layout === "subject") {
    for (const item of subjectBodyItems(content, parsed)) ask(item);
    return found;
  }
  const bodyLine = parsed.success ? parsed.value.lineMap.bodyLine : 1;
  const body = content.split(/\r\n|\n|\r/).slice(bodyLine - 1);
  const text = body.join("\n");
  let matched = false;
  for (const fact of bodyFacts(text)) {
    const lines = fact.lines.map((at) => bodyLine + at);
    if (ask(dated({ lines, text: fact.text }, updated))) matched = true;
  }
  if (!matched && text.trim() !== "") {
    ask(dated({ lines: body.map((_line, at) => bodyLine + at), text: text.trim() }, updated));
  }
  return found;
}

function dated(item: FileItem, stated: string | undefined): FileItem {
  return stated === undefined ? item : { ...item, stated };
}

function subjectBodyItems(
  content: string,
  parsed: ReturnType<typeof safeParseMemoryFile>,
): FileItem[] {
  const bodyLine = parsed.success ? parsed.value.lineMap.bodyLine : 1;
  const lines = content.split(/\r\n|\n|\r/);
  const items: FileItem[] = [];
  for (let at = bodyLine - 1; at < lines.length; at += 1) {
    const line = lines[at] ?? "";
    const parsedLine = parseDatedLine(line);
    const text = parsedLine?.text ?? line.trim();
    if (text === "" || text.startsWith("#")) continue;
    items.push(dated({ lines: [at + 1], text }, parsedLine?.stated));
  }
  return items;
}
