import { bodyFacts } from "../text/body-facts.js";
import { parseDatedLine } from "./dated-line.js";

/** One text of a memory file that a tombstone is asked of (see `forgottenItems`). */
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

/** A file's body as an {@link ItemWalk} reads it. */
export type ItemBody = {
  /** The file's lines (any line breaks split), 0-based. */
  lines: readonly string[];
  /** The 1-based line the body starts at (1 when the header cannot be parsed: all is body). */
  bodyLine: number;
  /** The header's `updated:` (`YYYY/MM/DD`), when it has one. */
  updated: string | undefined;
};

/**
 * What one layout calls an item of a file's body, the texts a tombstone is asked of: `bodyItems`
 * hands each to `ask` in file order; `ask` answers whether a tombstone matched it. The header's
 * `name:` and `description:` are asked by `forgottenItems` itself, the same in every layout.
 */
export type ItemWalk = {
  /** The layout's name, as the store names it (`subject`, `fact`). */
  readonly layout: string;
  bodyItems(body: ItemBody, ask: (item: FileItem) => boolean): void;
};

/**
 * The subject layout's items: every body line but blank lines and headings, a dated line without
 * its tag and with its day, an undated line written by hand as it is (a forgotten line must not
 * come back in any line).
 */
export const SUBJECT_ITEMS: ItemWalk = {
  layout: "subject",
  bodyItems({ lines, bodyLine }, ask) {
    for (let at = bodyLine - 1; at < lines.length; at += 1) {
      const line = lines[at] ?? "";
      const parsedLine = parseDatedLine(line);
      const text = parsedLine?.text ?? line.trim();
      if (text === "" || text.startsWith("#")) continue;
      ask(dated({ lines: [at + 1], text }, parsedLine?.stated));
    }
  },
};

/**
 * The fact layout's items: a fact file's facts (`bodyFacts`, as `forget` takes them out, decision
 * 0059), and its whole body when no one fact matches (forgotten words that span two facts); each
 * stated on the file's `updated:`.
 */
export const FACT_ITEMS: ItemWalk = {
  layout: "fact",
  bodyItems({ lines, bodyLine, updated }, ask) {
    const body = lines.slice(bodyLine - 1);
    const text = body.join("\n");
    let matched = false;
    for (const fact of bodyFacts(text)) {
      const spans = fact.lines.map((at) => bodyLine + at);
      if (ask(dated({ lines: spans, text: fact.text }, updated))) matched = true;
    }
    if (!matched && text.trim() !== "") {
      ask(dated({ lines: body.map((_line, at) => bodyLine + at), text: text.trim() }, updated));
    }
  },
};

const ITEM_WALKS: Readonly<Record<string, ItemWalk>> = {
  subject: SUBJECT_ITEMS,
  fact: FACT_ITEMS,
};

/**
 * The item walk of a layout by name, for code below the layouts that has only the store's layout
 * name (recall, the guards, the tombstones' `kept`); each layout's interface holds the same walk
 * (`Layout.items.walk`). A name of no layout is read as the fact layout, as a store reads it.
 *
 * @param layout - The store's layout name (`subject`, `fact`).
 * @returns The layout's {@link ItemWalk}.
 * @example itemWalkOf("subject") === SUBJECT_ITEMS // true
 */
export function itemWalkOf(layout: string): ItemWalk {
  return ITEM_WALKS[layout] ?? FACT_ITEMS;
}

/** `item` with the day it was stated, when there is one. */
export function dated(item: FileItem, stated: string | undefined): FileItem {
  return stated === undefined ? item : { ...item, stated };
}
