import { dateTag, safeParseFactFile } from "../../format/index.js";
import type { MemoryStore } from "../../store/index.js";
import { contentWordList, factKey, sameWord } from "../../text/index.js";
import type {
  ForgetPreview,
  ForgetPreviewFile,
  ForgetResult,
  NotRemovedLine,
  RemovedLine,
} from "../../write/forget-query.js";
import { finishPendingForget } from "../../write/pending-forget.js";
import { makeTombstone, readTombstones, writeTombstones } from "../../write/tombstones.js";
import type { WriteStore } from "../../write/write-pipeline.js";

/** What forgetting in the fact layout needs of a store (a `MemoryStore` fits). */
export type ForgetFactStore = WriteStore & Pick<MemoryStore, "delete">;

/**
 * The fact layout's forget: deletes every fact file the query is about, by name, description or
 * body ({@link factIsAbout}), each with its version token, under the store lock, after a hash-only
 * tombstone of the bodies and the query (left even when nothing matched: the fact may still be in
 * the session's transcript). A file that only mentions the query, or does not parse, is kept and
 * listed in `notRemoved` with the reason.
 *
 * @param options - `{ store, query, now?, matches }`.
 * @returns `removed` (`line` is the file's body), `nothing_matched`, or `version_conflict`.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 */
export async function forgetFactFiles(options: {
  store: ForgetFactStore;
  query: string;
  now?: Date | undefined;
  timeZone?: string | undefined;
  matches: (text: string, query: string) => boolean;
  /** Delete no more than a preview showed: only these files, at these version tokens. */
  only?: ForgetPreviewFile[];
}): Promise<ForgetResult> {
  const { store, query } = options;
  const today = dateTag(options.now ?? new Date(), options.timeZone);
  if (factKey(query) === "") return { ok: true, code: "nothing_matched", removed: [] };
  return store.withLock(async () => {
    await finishPendingForget(store);
    const tombstones = await readTombstones(store);
    const { found: matched, notRemoved } = await findFactFiles(store, query, options.matches);
    let found = matched;
    if (options.only !== undefined) {
      const shown = new Map(options.only.map((file) => [file.path, file.version]));
      for (const [path, version] of shown) {
        if ((await store.read(path)).version !== version) {
          return {
            ok: false,
            code: "version_conflict",
            removed: [],
            message: `Refused to forget: ${path} changed since it was shown (version ${version}). Nothing was removed; show what would be removed again.`,
          };
        }
      }
      found = matched.filter((file) => shown.get(file.path) === file.version);
    }
    const tombstone = makeTombstone(
      query,
      found.map((file) => file.body),
      today,
    );
    if (tombstone.facts.length > 0 || tombstone.query.length > 0) {
      await writeTombstones(store, [...tombstones, tombstone]);
    }
    const removed: RemovedLine[] = [];
    for (const file of found) {
      const deleted = await store.delete(file.path, file.version);
      if (!deleted.ok) {
        return {
          ok: false,
          code: "version_conflict",
          removed,
          message: `${deleted.message} ${file.path} was not deleted.`,
        };
      }
      removed.push({ path: file.path, line: file.body });
    }
    const also = notRemoved.length > 0 ? { notRemoved } : {};
    if (removed.length === 0) return { ok: true, code: "nothing_matched", removed: [], ...also };
    return { ok: true, code: "removed", removed, ...also };
  });
}

/** What {@link forgetFactFiles} would delete now, each file's body shown as its one "line". */
export async function previewForgetFactFiles(options: {
  store: WriteStore;
  query: string;
  matches: (text: string, query: string) => boolean;
}): Promise<ForgetPreview> {
  const { found, notRemoved } = await findFactFiles(options.store, options.query, options.matches);
  return {
    files: found.map((file) => ({ path: file.path, version: file.version, lines: [file.body] })),
    ...(notRemoved.length > 0 ? { notRemoved } : {}),
  };
}

// The fact files a forget query is about (to delete) and those whose body only mentions it.
async function findFactFiles(
  store: WriteStore,
  query: string,
  matches: (text: string, query: string) => boolean,
): Promise<{
  found: Array<{ path: string; version: string; body: string }>;
  notRemoved: NotRemovedLine[];
}> {
  const found: Array<{ path: string; version: string; body: string }> = [];
  const notRemoved: Array<{ path: string; line: string; reason: string }> = [];
  for (const row of await store.list()) {
    const read = await store.read(row.path);
    if (!read.exists) continue;
    const parsed = safeParseFactFile(read.content, row.path);
    const about = parsed.success
      ? `${parsed.value.name}\n${parsed.value.description}`
      : `${row.name}\n${row.description}`;
    const body = parsed.success ? parsed.value.body : "";
    const aboutMatches = matches(about, query);
    if (!aboutMatches && !factIsAbout(body, query, matches)) {
      if (body.trim() !== "" && matches(body, query)) {
        notRemoved.push({
          path: row.path,
          line: body.trim(),
          reason: `only mentioned in the body of "${parsed.success ? parsed.value.name || row.name : row.name}", a fact about something else; forget it by that name, or quote the fact, to delete the file`,
        });
      }
      continue;
    }
    if (!parsed.success || read.notText !== undefined) {
      notRemoved.push({
        path: row.path,
        line: row.name,
        reason: "memfiles cannot read this file",
      });
      continue;
    }
    found.push({ path: row.path, version: read.version, body: parsed.value.body.trim() });
  }
  return { found, notRemoved };
}

/**
 * Whether a fact file's body says what the query names, so the whole file may go (decision
 * 0025-fact-layout, "forget in the fact layout"): the query restates the fact or the fact the
 * query, or two or more of the query's content words stand in the body side by side ("use Neovim"
 * in "Uses Neovim for everything"), or they are half or more of the body's. A word only mentioned
 * ("deploy" in "..., including deploy scripts") is not enough.
 */
function factIsAbout(
  body: string,
  query: string,
  matches: (text: string, query: string) => boolean,
): boolean {
  if (body.trim() === "") return false;
  if (matches(body, query) && matches(query, body)) return true;
  const wanted = contentWordList(query);
  if (!matches(body, query)) return false;
  const have = contentWordList(body);
  // A short fact that is mostly the query's words ("Uses Neovim." for "neovim"): half or more of
  // the body's content words are the query's.
  const covered = have.filter((word) => wanted.some((want) => sameWord(want, word))).length;
  if (have.length > 0 && covered * 2 >= have.length) return true;
  if (wanted.length < 2) return false;
  for (let start = 0; start + wanted.length <= have.length; start++) {
    if (wanted.every((word, offset) => sameWord(word, have[start + offset] ?? ""))) return true;
  }
  return false;
}
