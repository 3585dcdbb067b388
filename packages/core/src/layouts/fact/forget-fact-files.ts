import { dateTag, editFactText, type FactFile, safeParseFactFile } from "../../format/index.js";
import { makeTombstone, readTombstones, writeTombstones } from "../../guards/tombstones.js";
import type { MemoryStore } from "../../store/index.js";
import { contentWordList, factKey, factValues, sameWord } from "../../text/index.js";
import {
  type ForgetPreview,
  type ForgetPreviewFile,
  type ForgetResult,
  forgetLanguage,
  forgetNotTextReason,
  type NotRemovedLine,
  type RemovedLine,
} from "../../write/forget-query.js";
import { finishPendingForget } from "../../write/pending-forget.js";
import type { WriteStore } from "../../write/write-pipeline.js";
import { bodyFacts } from "./body-facts.js";
import { factDescription } from "./fact-description.js";

/** What forgetting in the fact layout needs of a store (a `MemoryStore` fits). */
export type ForgetFactStore = WriteStore & Pick<MemoryStore, "delete">;

/**
 * The fact layout's forget: deletes every fact file the query is about, by name, description or
 * body ({@link factIsAbout}), each with its version token, under the store lock, after a hash-only
 * tombstone of the bodies and the query (left even when nothing matched: the fact may still be in
 * the session's transcript). A body of several facts (lines or bullets, decision 0059) loses only
 * the facts holding the query's words, unless the query names the file. A file that only mentions
 * the query, or does not parse, is kept and listed in `notRemoved` with the reason.
 *
 * @param options - `{ store, query, now?, matches }`.
 * @returns `removed` (`line` is the file's body, or the one fact taken out of it),
 *   `nothing_matched`, or `version_conflict`.
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
  /** Filled with each file read, as the forget leaves it (see `Layout.forget`). */
  left?: Map<string, string | undefined>;
}): Promise<ForgetResult> {
  const { store, query } = options;
  const today = dateTag(options.now ?? new Date(), options.timeZone);
  if (factKey(query) === "") return { ok: true, code: "nothing_matched", removed: [] };
  return store.withLock(async () => {
    await finishPendingForget(store);
    const tombstones = await readTombstones(store);
    const {
      found: matched,
      notRemoved,
      unremovable,
    } = await findFactFiles(store, query, options.matches, today, options.left);
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
    // A fact matched but left (a file memfiles does not write back) is kept out by its own hash:
    // the query's words hide no line stated by today (decision 0095).
    const tombstone = makeTombstone(
      query,
      [
        ...found.flatMap((file) =>
          file.body !== undefined && !file.removed.includes(file.body)
            ? [...file.removed, file.body]
            : file.removed,
        ),
        ...unremovable,
      ],
      today,
    );
    if (tombstone.facts.length > 0 || tombstone.query.length > 0) {
      await writeTombstones(store, [...tombstones, tombstone]);
    }
    const removed: RemovedLine[] = [];
    for (const file of found) {
      if (file.content !== undefined) {
        const written = await store.write(file.path, file.content, file.version);
        if (!written.ok) {
          return {
            ok: false,
            code: written.code,
            removed,
            message: `${written.message} Lines of ${file.path} were not removed.`,
          };
        }
      } else {
        const deleted = await store.delete(file.path, file.version);
        if (!deleted.ok) {
          return {
            ok: false,
            code: "version_conflict",
            removed,
            message: `${deleted.message} ${file.path} was not deleted.`,
          };
        }
      }
      options.left?.set(file.path, file.content);
      removed.push(...file.removed.map((line) => ({ path: file.path, line })));
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
  const { found, notRemoved } = await findFactFiles(
    options.store,
    options.query,
    options.matches,
    dateTag(new Date()),
  );
  return {
    files: found.map((file) => ({
      path: file.path,
      version: file.version,
      lines: file.removed,
      ...(file.content === undefined ? { deletesFile: true as const } : {}),
    })),
    ...(notRemoved.length > 0 ? { notRemoved } : {}),
  };
}

/**
 * A fact file a forget changes: deleted (`content` undefined) or written without the facts in
 * `removed` (their text, as the tombstone and the result name them).
 */
type FoundFact = {
  path: string;
  version: string;
  removed: string[];
  content?: string;
  /** The body of a file deleted whole, tombstoned beside its facts. */
  body?: string;
};

// The fact files a forget query is about (to delete or to take facts out of) and those whose body
// only mentions it.
async function findFactFiles(
  store: WriteStore,
  query: string,
  matches: (text: string, query: string) => boolean,
  today: string,
  left?: Map<string, string | undefined>,
): Promise<{
  found: FoundFact[];
  notRemoved: NotRemovedLine[];
  /** Facts the query matched that memfiles cannot take out of their file: tombstoned by hash. */
  unremovable: string[];
}> {
  const found: FoundFact[] = [];
  const notRemoved: Array<{ path: string; line: string; reason: string }> = [];
  const unremovable: string[] = [];
  for (const row of await store.list()) {
    const read = await store.read(row.path);
    if (!read.exists) continue;
    if (read.notText === undefined) left?.set(row.path, read.content);
    const parsed = safeParseFactFile(read.content, row.path);
    const about = parsed.success
      ? `${parsed.value.name}\n${parsed.value.description}`
      : `${row.name}\n${row.description}`;
    const body = parsed.success ? parsed.value.body : "";
    // Not text memfiles writes (Latin-1, NUL bytes) but read leniently: such a file can be deleted
    // whole, never written back without some of its facts.
    const notText = read.notText;
    if (parsed.success && !matches(parsed.value.name, query)) {
      const some = withoutFacts(read.content, parsed.value, query, matches, today);
      if (some !== undefined) {
        if (some.content === undefined || notText !== undefined) {
          const reason =
            notText !== undefined
              ? forgetNotTextReason(notText)
              : "memfiles cannot edit this file's front matter (it is not plain `key: value` YAML); remove the line by hand";
          notRemoved.push(...some.removed.map((line) => ({ path: row.path, line, reason })));
          unremovable.push(...some.removed);
        } else {
          found.push({ path: row.path, version: read.version, ...some, content: some.content });
        }
        continue;
      }
    }
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
    // Not read at all (over the size limit: no text to judge by) or front matter that is no YAML.
    if (!parsed.success || (notText !== undefined && read.content === "")) {
      notRemoved.push({
        path: row.path,
        line: row.name,
        reason:
          notText !== undefined
            ? forgetNotTextReason(notText)
            : "memfiles cannot read this file's front matter; fix it (`memfiles check` says how), then forget again",
      });
      continue;
    }
    // Each fact of the body is named, so a surface counts what goes (the query named the file).
    const whole = parsed.value.body.trim();
    const facts = bodyFacts(whole).map((item) => item.text);
    found.push({
      path: row.path,
      version: read.version,
      removed: facts.length > 1 ? facts : [whole],
      body: whole,
    });
  }
  return { found, notRemoved, unremovable };
}

/**
 * A body of several facts without those holding the query's words (decision 0059): `undefined`
 * when the body is one fact, or none or all of its facts match (the whole file is then judged as
 * one fact). The description goes with a fact it quotes (memfiles writes the first fact there).
 * Only the fact's own lines go, so the rest keeps its layout (the blank line after the front
 * matter, line breaks, the last line's end); a fact between blank lines takes one along.
 */
function withoutFacts(
  content: string,
  fact: FactFile,
  query: string,
  matches: (text: string, query: string) => boolean,
  today: string,
): { removed: string[]; content: string | undefined } | undefined {
  const facts = bodyFacts(fact.body);
  if (facts.length < 2) return undefined;
  const hit = facts.filter((item) => matches(item.text, query));
  if (hit.length === 0 || hit.length === facts.length) return undefined;
  const lines = content.split(/(?<=\n)/);
  const start = fact.file.lineMap.bodyLine - 1;
  const gone = new Set(hit.flatMap((item) => item.lines.map((at) => start + at)));
  const keptLines: string[] = [];
  let cut = false;
  let lastBlank = false;
  for (const [at, line] of lines.entries()) {
    if (gone.has(at)) {
      cut = true;
      continue;
    }
    const blank = at >= start && line.trim() === "";
    // The blank line after a removed fact, when one stands before it too.
    if (blank && cut && lastBlank) continue;
    keptLines.push(line);
    cut = false;
    lastBlank = blank;
  }
  // A fact removed from the end leaves no blank line last.
  if (cut && lastBlank) keptLines.pop();
  const kept = keptLines.join("");
  const firstKept = facts.find((item) => !hit.includes(item))?.text ?? "";
  const set: { updated: string; description?: string } = { updated: today };
  if (matches(fact.description, query)) set.description = factDescription(firstKept);
  const parsed = safeParseFactFile(kept);
  return {
    removed: hit.map((item) => item.text),
    content: parsed.success ? editFactText(kept, parsed.value, { set }) : undefined,
  };
}

/**
 * Whether a fact file's body says what the query names, so the whole file may go (decision
 * 0025-fact-layout, "forget in the fact layout"): the query restates the fact or the fact the
 * query, or two or more of the query's content words stand in the body side by side ("use Neovim"
 * in "Uses Neovim for everything"), or they are half or more of the body's, or the query names
 * every value of the fact (`factValues`: "Render" in "The user deploys on Render.") and a quarter
 * or more of its words. A word only mentioned ("deploy" in "..., including deploy scripts",
 * "Berlin" of a trip's three cities, "Neovim" in a fact of five other words) is not enough.
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
  // The query has lost its language's stop words (`forgetQueryText`); the body's ("der", "zur",
  // "de", "la") say nothing it is about either, nor stand between two words of the query.
  const have = contentWordList(body, { ownLanguage: true });
  const language = forgetLanguage(body, query);
  // A short fact that is mostly the query's words ("Uses Neovim." for "neovim"): half or more of
  // the body's content words are the query's.
  const covered = have.filter((word) =>
    wanted.some((want) => sameWord(want, word, language)),
  ).length;
  if (have.length > 0 && covered * 2 >= have.length) return true;
  // A short fact's values are what it says: a query naming them all names the fact. In a longer
  // one ("Uses Neovim for everything, including deploy scripts") they are one of several things.
  const { exact, names } = factValues(body);
  const values = [...exact, ...names].filter((value) => contentWordList(value).length > 0);
  const named = values.length > 0 && values.every((value) => matches(query, value));
  if (named && covered * 4 >= have.length) return true;
  if (wanted.length < 2) return false;
  for (let start = 0; start + wanted.length <= have.length; start++) {
    if (wanted.every((word, offset) => sameWord(word, have[start + offset] ?? "", language)))
      return true;
  }
  return false;
}
