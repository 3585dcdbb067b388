import { dated, type FileItem, type ItemWalk, itemWalkOf } from "../format/file-items.js";
import { safeParseMemoryFile } from "../format/memory-file.js";

export type { FileItem, ItemWalk } from "../format/file-items.js";

/**
 * A memory's layout as the guards take it: its item walk (`Layout.items.walk`), or the store's
 * layout name, whose walk `itemWalkOf` gives. The guards sit below the layouts and know none.
 */
export type ShownLayout = ItemWalk | string;

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
 * The one walk of which lines of a memory file a tombstone matches, for every surface: what a
 * model is shown (`shownWithoutForgotten`), what `check` and the memory page report and what an
 * import drops (`findForgottenLines`, `dropForgottenLines`). Items: the header's `name:` and
 * `description:`, then the body's items as the layout's walk gives them (`ItemWalk`: a subject
 * file's lines, a fact file's facts or its whole body).
 *
 * @param content - The file's text (any line breaks; a header that cannot be parsed is body).
 * @param layout - The layout's item walk, or the store's layout name (see {@link ShownLayout}).
 * @param find - Asks one item's text (`TombstoneIndex.find`, or a check built on it).
 * @returns The matched items in file order, header fields first, each with `find`'s answer.
 * @example forgottenItems(text, "subject", (fact, stated) => index.find(fact, stated)) // [{ lines: [6], text: "lives in Berlin", stated: "2026/12/01", match: { rule: "same_fact", date: "2026/12/07" } }]
 */
export function forgottenItems<Match>(
  content: string,
  layout: ShownLayout,
  find: FindForgotten<Match>,
): Array<ForgottenItem<Match>> {
  const walk = typeof layout === "string" ? itemWalkOf(layout) : layout;
  const parsed = safeParseMemoryFile(content);
  const found: Array<ForgottenItem<Match>> = [];
  const ask = (item: FileItem, field = false) => {
    const match = find(item.text, item.stated, field);
    if (match === undefined || match === false) return false;
    found.push({ ...item, match });
    return true;
  };
  const body = bodyOf(content, parsed);
  if (parsed.success) {
    const { header, lineMap } = parsed.value;
    for (const field of ["name", "description"] as const) {
      const value = header[field]?.trim();
      const line = lineMap.fieldLines[field];
      if (value === undefined || value === "" || line === undefined) continue;
      ask(dated({ lines: [line], text: value, field }, body.updated), true);
    }
  }
  walk.bodyItems(body, (item) => ask(item));
  return found;
}

function bodyOf(content: string, parsed: ReturnType<typeof safeParseMemoryFile>) {
  return {
    lines: content.split(/\r\n|\n|\r/),
    bodyLine: parsed.success ? parsed.value.lineMap.bodyLine : 1,
    updated: parsed.success ? parsed.value.header.updated : undefined,
  };
}
