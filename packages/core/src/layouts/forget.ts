import { dateTag } from "../format/index.js";
import { forgottenItems, type ItemWalk } from "../guards/forgotten-items.js";
import { makeTombstone, TombstoneIndex, writeTombstones } from "../guards/tombstones.js";
import { scopeOf, storeRecallIndexAfterForget } from "../recall/index.js";
import { MEMORY_INDEX_FILE, type MemoryStore } from "../store/index.js";
import { factKey } from "../text/index.js";
import type { ForgetPreviewFile, NotRemovedLine } from "../write/forget-query.js";
import {
  FORGET_NOTHING_MATCHED,
  FORGET_QUERY_WITHOUT_WORDS,
  type ForgetOptions,
  type ForgetPreview,
  type ForgetResult,
  forgetQueryText,
  forgetQueryTooLong,
  matchesForgetQuery,
  readTombstones,
  type WriteStore,
} from "../write/index.js";
import { indexHandLines, keepLinesLeft } from "../write/tombstone-kept.js";
import { type ForgetState, forgetFailure, readForgetState } from "./forget-failure.js";
import { layoutOf } from "./layout-of.js";

/**
 * Forgets at once (the seed design: "forget that" deletes the line at once and confirms): removes
 * every line or fact file that matches `query` (`matchesForgetQuery`) and leaves a tombstone of
 * hashes, never text, so no later write adds it back (decision 0005). The tombstone is written
 * first, under the store lock, and also when nothing matched. Only the removed lines and
 * `updated:` change; a file memfiles cannot edit is reported, never hidden. The rules are in
 * `docs/memory-folder.md`.
 *
 * @param options - `{ store, query, now?, timeZone?, only? }`: `query` in the user's words; `only`
 *   a {@link previewForget} result's `files`, so no more is removed than was shown.
 * @returns `removed` (`{ path, line }` each, maybe with `notRemoved`), `nothing_matched` (with a
 *   `message`), `version_conflict`, `too_long`, `not_text`, `unparsable_file` (`notRemoved`:
 *   `{ path, line, reason }`) or `query_too_long`.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @throws {MemoryWriteError} when a write is refused; its message says what was saved (the
 *   tombstone, the journal) and which files still hold the lines, read back after the call.
 * @example
 * await forget({ store, query: "where I deploy" });
 * // { ok: true, code: "removed", removed: [{ path: "topics/hosting.md", line: "[stated 2026/09/12] deploys on Fly.io" }] }
 */
export async function forget(options: ForgetOptions): Promise<ForgetResult> {
  const tooLong = forgetQueryTooLong(options.query);
  if (tooLong !== undefined) return tooLong;
  const query = forgetQueryText(options.query);
  if (factKey(query) === "") {
    return { ok: true, code: "nothing_matched", removed: [], message: FORGET_QUERY_WITHOUT_WORDS };
  }
  const shownIndex = options.only?.find((file) => file.path === MEMORY_INDEX_FILE);
  const only = options.only?.filter((file) => file.path !== MEMORY_INDEX_FILE);
  // One lock over both: the files' forget rebuilds `MEMORY.md`, so its version is checked first.
  let before: ForgetState | undefined;
  const section = options.store.withLock(async () => {
    before = await readForgetState(options.store);
    const tombstonesBefore = (await readTombstones(options.store)).length;
    // Every file the layout's walk read, as the forget leaves it: `kept` is asked of these.
    const left = new Map<string, string | undefined>();
    if (shownIndex !== undefined) {
      const index = await matchingIndexLines(options.store, query);
      if (index?.version !== shownIndex.version) {
        return {
          ok: false,
          code: "version_conflict",
          removed: [],
          message: `Refused to forget: ${MEMORY_INDEX_FILE} changed since it was shown (version ${shownIndex.version}). Nothing was removed; show what would be removed again.`,
        } satisfies ForgetResult;
      }
    }
    const layoutResult = await layoutOf(options.store).forget({
      ...options,
      query,
      left,
      ...(only === undefined ? {} : { only }),
    });
    const result =
      layoutResult.ok && (options.only === undefined || shownIndex !== undefined)
        ? await forgetIndexLines(options, query, layoutResult, shownIndex)
        : layoutResult;
    // What the forget saw and left: a line of its own day not among them came after it.
    await keepLinesLeft(options.store, tombstonesBefore, { files: left, complete: true });
    return result;
  });
  // Told once the section has ended: a server rolled all of it back, a folder kept what landed.
  const result = await section.catch(async (error: unknown) => {
    throw await forgetFailure(options.store, error, before, (store) =>
      previewForget({ store, query }),
    );
  });
  // The recall index keeps each line's words: the forgotten ones leave it before this returns.
  if (result.removed.length > 0) await storeRecallIndexAfterForget(options.store);
  const removedFrom = new Map<string, string[]>();
  for (const { path, line } of result.removed) {
    removedFrom.set(path, [...(removedFrom.get(path) ?? []), line]);
  }
  const files = [...removedFrom].map(([path, lines]) => ({ path, lines }));
  const hidden = await fieldsHidden(
    options.store,
    layoutOf(options.store).items.walk,
    query,
    files,
  );
  if (hidden.length > 0)
    return { ...result, notRemoved: [...(result.notRemoved ?? []), ...hidden] };
  // Both layouts tombstone the query's words when nothing matched; the user is told so here, once.
  if (result.code === "nothing_matched" && result.message === undefined) {
    return { ...result, message: FORGET_NOTHING_MATCHED };
  }
  return result;
}

/**
 * What {@link forget} would remove now, without removing anything or leaving a tombstone. Pass
 * `files` back as `forget`'s `only`, so a change made in between aborts the forget instead of
 * removing more than was shown; matching lines `forget` would keep are in `notRemoved`, with why.
 *
 * @param options - `{ store, query }` as for `forget`.
 * @returns `{ files: [{ path, version, lines }], notRemoved? }`; `files` empty when nothing matches.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` cannot be read whole, before
 *   anything is shown (the forget would refuse it: decision 0121).
 * @example
 * const preview = await previewForget({ store, query: "where I deploy" });
 * await forget({ store, query: "where I deploy", only: preview.files });
 */
export async function previewForget(
  options: Pick<ForgetOptions, "store" | "query">,
): Promise<ForgetPreview> {
  // Refuse first, as the forget would: no preview of lines a damaged tombstone file stops.
  await readTombstones(options.store);
  if (forgetQueryTooLong(options.query) !== undefined) return { files: [] };
  const query = forgetQueryText(options.query);
  if (factKey(query) === "") return { files: [] };
  const layout = layoutOf(options.store);
  const found = await layout.previewForget({ store: options.store, query });
  const hidden = await fieldsHidden(options.store, layout.items.walk, query, found.files);
  const notRemoved = [...(found.notRemoved ?? []), ...hidden];
  const preview = notRemoved.length > 0 ? { ...found, notRemoved } : found;
  const index = await matchingIndexLines(options.store, query);
  if (index === undefined) return preview;
  return { ...preview, files: [...preview.files, index] };
}

/** Why a kept `name:` or `description:` is named by a forget's preview (decision 0108). */
export const FIELD_HIDDEN_REASON =
  "its header line holds the forgotten words: no surface shows it after this forget (edit the line to show the rest)";

// A file's `name:` or `description:` written by hand that the forget's tombstone will match (it
// holds the query's words and part of a removed line: "Cello practice on Sundays, and other
// music." after `forget cello`) stays in the file, and every surface hides it from then on: the
// preview names it, so no one is told the fact is gone while a header still says it. Asked of the
// one walk every surface takes (`forgottenItems`) with the tombstone the forget would leave.
async function fieldsHidden(
  store: WriteStore,
  layout: ItemWalk,
  query: string,
  files: ReadonlyArray<Pick<ForgetPreviewFile, "path" | "lines" | "deletesFile">>,
): Promise<NotRemovedLine[]> {
  const hidden: NotRemovedLine[] = [];
  for (const file of files) {
    if (file.deletesFile === true || file.path === MEMORY_INDEX_FILE) continue;
    const read = await store.read(file.path);
    if (!read.exists) continue;
    const removed = file.lines.map((line) => line.replace(/^\[stated [^\]]*\]\s*/, ""));
    const index = new TombstoneIndex([makeTombstone(query, removed, "")]);
    const items = forgottenItems(read.content, layout, (text, _stated, field) =>
      field ? index.find(text, undefined, true) : undefined,
    );
    for (const item of items) {
      hidden.push({
        path: file.path,
        line: `${item.field}: ${item.text}`,
        reason: FIELD_HIDDEN_REASON,
      });
    }
  }
  return hidden;
}

/**
 * The texts of the files a forget names, as they are now, for `forgetLinesShown` to show their
 * lines as the files are masked: read before the forget removes them.
 *
 * @param store - The store (a folder, a tenant, a scoped boundary).
 * @param paths - Memory paths, e.g. a {@link previewForget} result's files' paths; `MEMORY.md`
 *   is read as the index.
 * @returns Memory path -> text, for each file that exists and is text.
 * @example forgetLinesShown(lines, await forgetFileTexts(store, preview.files.map((file) => file.path)))
 */
export async function forgetFileTexts(
  store: WriteStore,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const path of new Set(paths)) {
    const read =
      path === MEMORY_INDEX_FILE ? await indexStoreOf(store)?.readIndex() : await store.read(path);
    if (read?.exists === true) texts.set(path, read.content);
  }
  return texts;
}

type IndexStore = Pick<MemoryStore, "readIndex" | "rebuildIndex">;

// `MEMORY.md` is one file for every scope: its lines are read and rebuilt on the store itself.
function indexStoreOf(store: WriteStore): IndexStore | undefined {
  const whole = scopeOf(store).store as Partial<IndexStore>;
  return whole.readIndex !== undefined && whole.rebuildIndex !== undefined
    ? (whole as IndexStore)
    : undefined;
}

/**
 * The hand-written lines of `MEMORY.md` holding every word of the query (`matchesForgetQuery`, the
 * rule of every memory line): Claude Code loads that file into every session, so they are memory.
 */
async function matchingIndexLines(
  store: WriteStore,
  query: string,
): Promise<ForgetPreviewFile | undefined> {
  const index = await indexStoreOf(store)?.readIndex();
  if (index === undefined || !index.exists) return undefined;
  const lines = indexHandLines(index.content)
    .filter((hand) => matchesForgetQuery(hand.fact, query))
    .map((hand) => hand.text);
  return lines.length === 0
    ? undefined
    : { path: MEMORY_INDEX_FILE, version: index.version, lines };
}

/**
 * Takes the query's hand-written lines out of `MEMORY.md` after the layout's forget (its rebuild
 * keeps a person's lines, so it is rebuilt from the text without them), adds them to the tombstones
 * and to the result. With a preview's `shown` (its version token checked before), only those lines.
 */
async function forgetIndexLines(
  options: ForgetOptions,
  query: string,
  result: ForgetResult,
  shown: ForgetPreviewFile | undefined,
): Promise<ForgetResult> {
  const { store } = options;
  const indexStore = indexStoreOf(store);
  if (indexStore === undefined) return result;
  return store.withLock(async () => {
    const found = await matchingIndexLines(store, query);
    const lines = (found?.lines ?? []).filter(
      (line) => shown === undefined || shown.lines.includes(line),
    );
    if (lines.length === 0) return result;
    const today = dateTag(options.now ?? new Date(), options.timeZone);
    const tombstone = makeTombstone("", lines, today);
    await writeTombstones(store, [...(await readTombstones(store)), tombstone]);
    const index = await indexStore.readIndex();
    const gone = new Set(lines);
    const kept = index.exists
      ? index.content
          .split(/(?<=\n)/)
          .filter((line) => !gone.has(line.replace(/\r?\n$/, "")))
          .join("")
      : "";
    await indexStore.rebuildIndex(kept);
    const removed = [
      ...result.removed,
      ...lines.map((line) => ({ path: MEMORY_INDEX_FILE, line })),
    ];
    const notRemoved = result.notRemoved === undefined ? {} : { notRemoved: result.notRemoved };
    return { ok: true, code: "removed", removed, ...notRemoved };
  });
}
