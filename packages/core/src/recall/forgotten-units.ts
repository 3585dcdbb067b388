import {
  type ForgottenCheck,
  forgottenCheckOf,
  forgottenRow,
  shownWithoutForgotten,
} from "../guards/forgotten-shown.js";
import { readTombstoneText } from "../guards/tombstone-text.js";
import { PENDING_FORGET_FILE } from "../store/store-lock.js";
import type { StoreLayout } from "../store/types.js";
import { fileStem } from "../text/file-stem.js";
import type { RecallStore } from "./recall-store.js";
import { scopeOf } from "./scope.js";

/**
 * Whether a recalled unit holds a fact the user asked to forget, by the rule every write and
 * `check` apply (`TombstoneIndex.find`): a forgotten line that came back (a `git checkout`, a
 * backup, an undo) is not shown again. Asked only of the few units recall looks at, so a request
 * reads one small file more, never every memory file.
 *
 * @param store - The store recall reads (a view from `boundaryStore`, or the store itself); one
 *   without `readInternal` has no tombstones.
 * @returns A check of a unit's text, or `undefined` when nothing was forgotten.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed (skipping it would
 *   show forgotten facts).
 * @example const forgotten = await forgottenUnitCheck(store); units.filter((unit) => !forgotten?.(unit))
 */
export async function forgottenUnitCheck(
  store: RecallStore,
): Promise<((unit: { text: string; date?: string }) => boolean) | undefined> {
  const forgotten = await forgottenTextCheck(store);
  return forgotten === undefined ? undefined : (unit) => forgotten(unit.text, unit.date);
}

/**
 * The tombstone check of a text ({@link forgottenUnitCheck}'s, of a text) with the store's layout,
 * for what recall shows whole: the memory block's index lines and inlined files
 * (`shownWithoutForgotten`, `forgottenRow`).
 *
 * @param store - The store recall reads; one without `readInternal` has no tombstones.
 * @returns `{ forgotten, layout }`; `forgotten` is `undefined` when nothing was forgotten.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @example const { forgotten, layout } = await forgottenShownCheck(store);
 */
export async function forgottenShownCheck(
  store: RecallStore,
): Promise<{ forgotten: ForgottenCheck | undefined; layout: StoreLayout }> {
  const layout = (scopeOf(store).store as Partial<{ layout: StoreLayout }>).layout ?? "subject";
  return { forgotten: await forgottenTextCheck(store), layout };
}

/**
 * A memory file's text as a surface shows it to a model: without the lines a tombstone matches
 * (`shownWithoutForgotten`, the one rule). MCP `read` and `search`, `memfiles show` and `search`,
 * chat's `memory_read`, the memory tool's `view` and the side query's files call it before
 * masking secrets.
 *
 * @param store - The store the text was read from (its tombstones and layout).
 * @param content - The file's text.
 * @param options - `lineLeftOut`: each line left out is shown as this text (a numbered view).
 * @returns The text to show; the same string when nothing was forgotten.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @example await showWithoutForgotten(store, file.content)
 */
export async function showWithoutForgotten(
  store: RecallStore,
  content: string,
  options: { lineLeftOut?: string } = {},
): Promise<string> {
  const { forgotten, layout } = await forgottenShownCheck(store);
  return shownWithoutForgotten(content, layout, forgotten, options).content;
}

/**
 * A listing's rows as a surface shows them to a model (`memfiles ls`, MCP `list` and
 * `resources/list`): a `description:` a tombstone matches shown empty, a `name:` it matches shown
 * as the file's name without `.md`, by the rule `MEMORY.md` and the memory block leave such a row
 * out by (`forgottenRow`, decision 0091). The file is still listed: its other lines are facts the
 * user did not ask to forget, and `check` names the header line (`forgotten_line`).
 *
 * @param store - The store the rows were listed from (its tombstones and layout).
 * @param rows - Rows with `path`, `name`, `description` and `updated` (a `MemoryRow`), in order.
 * @returns The rows in order; a row with nothing forgotten is returned as it is (the same object).
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @example await maskRows(await rowsWithoutForgotten(store, await store.list()))
 */
export async function rowsWithoutForgotten<
  Row extends { path: string; name: string; description: string; updated?: string },
>(store: RecallStore, rows: readonly Row[]): Promise<Row[]> {
  const { forgotten } = await forgottenShownCheck(store);
  if (forgotten === undefined) return [...rows];
  return rows.map((row) => {
    const description = forgottenRow({ ...row, name: "" }, forgotten);
    const name = forgottenRow({ ...row, description: "" }, forgotten);
    if (!description && !name) return row;
    return {
      ...row,
      ...(name ? { name: fileStem(row.path) } : {}),
      ...(description ? { description: "" } : {}),
    };
  });
}

async function forgottenTextCheck(store: RecallStore): Promise<ForgottenCheck | undefined> {
  const whole = scopeOf(store).store as Partial<{
    readInternal(path: string): Promise<string | undefined>;
  }>;
  // A `.memfiles` that is a plain file holds no tombstone; a link or a folder in place of the file,
  // or a `.memfiles` that is a link, may stand for tombstones: refused, as a damaged file is
  // (decisions 0115, 0121). Internal state that is not a tombstone is not asked.
  const text =
    whole.readInternal === undefined
      ? undefined
      : await readTombstoneText(whole as Required<typeof whole>);
  // Format 1 or a broken file: the schemas read it, or say what is wrong with it.
  const stored = await forgottenCheckOf(text, async (stored) =>
    (await import("../guards/tombstones.js")).parseTombstones(stored),
  );
  const pending = await pendingForgetCheck(whole);
  if (pending === undefined) return stored;
  if (stored === undefined) return pending;
  return (fact, stated, field) => stored(fact, stated, field) || pending(fact, stated, field);
}

// The lines of a forget killed after its journal (decision 0121) are hidden by its journaled
// tombstone until the next write finishes it: a reader takes no lock and cannot finish it. The
// journal only hides more, so one that cannot be read hides nothing more (the next write clears
// a damaged journal, and `check` names it).
async function pendingForgetCheck(whole: {
  readInternal?(path: string): Promise<string | undefined>;
}): Promise<ForgottenCheck | undefined> {
  if (whole.readInternal === undefined) return undefined;
  const text = await whole.readInternal(PENDING_FORGET_FILE).catch(() => undefined);
  if (text === undefined || text.trim() === "") return undefined;
  const { journaledTombstone } = await import("../guards/pending-forget-journal.js");
  const tombstone = journaledTombstone(text);
  if (tombstone === undefined) return undefined;
  const { TombstoneIndex } = await import("../guards/tombstone-index.js");
  const index = new TombstoneIndex([tombstone]);
  return (fact, stated, field) => index.find(fact, stated, field === true) !== undefined;
}
