import { forgottenItems, type ShownLayout } from "./forgotten-items.js";
import {
  type IndexedTombstone,
  storedTombstones,
  TOMBSTONES_FILE,
  TombstoneIndex,
} from "./tombstone-index.js";

export type { ShownLayout } from "./forgotten-items.js";

/**
 * Whether a text (a line's fact, a fact body, a description) holds a fact the user asked to
 * forget, by the tombstone rules (`TombstoneIndex.find`, decisions 0005, 0084); `stated` is the
 * day a stored text was stated (`YYYY/MM/DD`: a line's tag, a fact file's `updated:`), which rule 3
 * asks (a line stated by the forget's day was kept by it). `field`: the text is a file's `name:`
 * or `description:`, which names what a file is about, not a fact: only a removed line's own
 * words match it (rules 1 and 3), never a forget query's (rule 2), or "forget where I deploy"
 * would hide every file described as holding "deploy questions".
 */
export type ForgottenCheck = (text: string, stated?: string, field?: boolean) => boolean;

// The last tombstone file read, its index and the answers given for it: a warm process indexes it
// again, and asks again of a text it saw, only once the file changes.
let last: { text: string; check: ForgottenCheck } | undefined;
const MAX_SEEN = 20_000;

/**
 * The check of {@link ForgottenCheck} for a tombstone file's text, built once per text (a warm
 * process asks again of a text it saw only when the file changed).
 *
 * @param text - `.memfiles/tombstones.json` as read; `undefined` when there is none (an empty
 *   file is not none: it goes to `parse`, decision 0115).
 * @param parse - Reads a file `storedTombstones` does not (format 1, a broken file, a key given
 *   twice) by the one reader, `readTombstoneFile`: returns the tombstones or throws (what a model
 *   reads passes `parseTombstones`, which refuses any problem; `MEMORY.md`, what can be read).
 * @returns The check, or `undefined` when nothing was forgotten (a clean memory asks nothing).
 * @throws Whatever `parse` throws (`TombstoneFileError` for a malformed file).
 * @example const forgotten = await forgottenCheckOf(await store.readInternal("tombstones.json"), parseTombstones);
 */
export async function forgottenCheckOf(
  text: string | undefined,
  parse: (text: string) => readonly IndexedTombstone[] | Promise<readonly IndexedTombstone[]>,
): Promise<ForgottenCheck | undefined> {
  // Only a missing file forgot nothing: a blank one is read, and refused, as `check` reports it.
  if (text === undefined) return undefined;
  if (last?.text === text) return last.check;
  const stored = storedTombstones(text);
  // Format 1 or a broken file: read by `parse` each time, so every caller gets its own answer.
  const tombstones = stored ?? (await parse(text));
  if (tombstones.length === 0) return undefined;
  const index = new TombstoneIndex(tombstones);
  const seen = new Map<string, boolean>();
  const check: ForgottenCheck = (fact, stated, field) => {
    const key = `${field === true ? "field" : ""}\n${stated ?? ""}\n${fact}`;
    let forgotten = seen.get(key);
    if (forgotten === undefined) {
      forgotten = index.find(fact, stated, field === true) !== undefined;
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.set(key, forgotten);
    }
    return forgotten;
  };
  if (stored !== undefined) last = { text, check };
  return check;
}

/**
 * What a view that numbers lines shows for a line left out: like `[redacted]`, a text the memory
 * tool's `str_replace` finds in no file, so a model echoing it cannot edit the line.
 */
export const FORGOTTEN_LINE = "[forgotten]";

/** A memory file as shown to a model: forgotten lines left out ({@link shownWithoutForgotten}). */
export type ShownFile = {
  /** The text to show: the file without the lines a tombstone matches. */
  content: string;
  /** 1-based lines of the file left out; empty when the text is the file's, byte for byte. */
  hidden: number[];
};

/**
 * The one rule for what a model is shown of a memory file a person may have put a forgotten fact
 * back into (a `git checkout`, a backup, an editor's undo): every line of the file's items a
 * tombstone matches is left out, and the header's `name:` or `description:` line when it does. A
 * subject file's item is a body line (its date tag dropped); a fact file's is its body, and of a
 * body of several facts only the facts a tombstone matches are left out (`bodyFacts`, as `forget`
 * takes them out, decision 0059), the whole body when no one fact matches: the items of
 * `forgottenItems`, the walk `check` reports by too. The file on disk is left as it is; `check`
 * reports the lines (`forgotten_line`).
 *
 * @param content - The file's text.
 * @param layout - The memory's layout (what an item is).
 * @param forgotten - The tombstone check ({@link forgottenCheckOf}); `undefined` shows the text as it is.
 * @param options - `lineLeftOut`: a view that numbers lines shows each line left out as this text
 *   (the memory tool's `view`: {@link FORGOTTEN_LINE}; search: ""), so the numbers stay the file's.
 * @returns The text to show and the lines left out.
 * @example shownWithoutForgotten("[stated 2026/12/01] lives at 12 Elm Street\n", "subject", forgotten) // { content: "", hidden: [1] }
 */
export function shownWithoutForgotten(
  content: string,
  layout: ShownLayout,
  forgotten: ForgottenCheck | undefined,
  options: { lineLeftOut?: string } = {},
): ShownFile {
  if (forgotten === undefined) return { content, hidden: [] };
  // The memory block shows the same inlined files on every request: a file's answer is kept for
  // the check (one per tombstone file text), so its header is not parsed again.
  let kept = shownKept.get(forgotten);
  if (kept === undefined) {
    kept = new Map();
    shownKept.set(forgotten, kept);
  }
  const name = typeof layout === "string" ? layout : layout.layout;
  const key = `${name}\u0000${options.lineLeftOut ?? "\u0001"}\u0000${content}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const shown = shownFile(content, layout, forgotten, options);
  if (kept.size >= MAX_KEPT_FILES) kept.clear();
  kept.set(key, shown);
  return shown;
}

const shownKept = new WeakMap<ForgottenCheck, Map<string, ShownFile>>();
const MAX_KEPT_FILES = 200;

function shownFile(
  content: string,
  layout: ShownLayout,
  forgotten: ForgottenCheck,
  options: { lineLeftOut?: string },
): ShownFile {
  const hidden = new Set(forgottenItems(content, layout, forgotten).flatMap((item) => item.lines));
  // Text and line breaks alternate, so a line left out takes its own break with it.
  const parts = content.split(/(\r\n|\n|\r)/);
  if (hidden.size === 0) return { content, hidden: [] };
  const { lineLeftOut } = options;
  const shown =
    lineLeftOut !== undefined
      ? parts.map((part, at) => (at % 2 === 0 && hidden.has(at / 2 + 1) ? lineLeftOut : part))
      : parts.filter((_part, at) => !hidden.has(Math.floor(at / 2) + 1));
  return { content: shown.join(""), hidden: [...hidden].sort((a, b) => a - b) };
}

/**
 * Whether a file's line in an index (`MEMORY.md`, the memory block's index) would show a forgotten
 * fact: its name or description is matched by a tombstone. Such a line is left out, as the file's
 * matching lines are ({@link shownWithoutForgotten}).
 *
 * @param row - The file's `name` and `description` (chars, as `list()` gives them).
 * @param forgotten - The tombstone check; `undefined` hides nothing.
 * @returns `true` when the line must not be shown.
 * @example forgottenRow({ name: "saab", description: "Drives a blue Saab 900." }, forgotten) // true
 */
export function forgottenRow(
  row: { name: string; description: string; updated?: string },
  forgotten: ForgottenCheck | undefined,
): boolean {
  if (forgotten === undefined) return false;
  return [row.name, row.description].some(
    (text) => text.trim() !== "" && forgotten(text.trim(), row.updated, true),
  );
}

/**
 * The tombstone check a store applies to the `MEMORY.md` it writes and checks (`indexRows`): the
 * tombstones of format 1 or 2, read by the one lenient reader (`readTombstoneFile`, format 1
 * upgraded in memory, the file left as it is), so a row a readable tombstone matches gets no line
 * whatever the file's format. Writing the index never fails for a damaged file: what can be read
 * of it still hides its rows; `check` reports the damage (`tombstones_unreadable`) and `--fix`
 * leaves `MEMORY.md` alone until it is fixed, and every write stops on it (decision 0107).
 *
 * @param store - The store (`readInternal`).
 * @returns The check, or `undefined` when nothing was forgotten.
 * @example await storedForgottenCheck(store)
 */
export async function storedForgottenCheck(store: {
  readInternal(path: string): Promise<string | undefined>;
}): Promise<ForgottenCheck | undefined> {
  const text = await store.readInternal(TOMBSTONES_FILE).catch(() => undefined);
  return forgottenCheckOf(
    text,
    async (stored) => (await import("./tombstone-file.js")).readTombstoneFile(stored).tombstones,
  );
}
