import MiniSearch, { type AsPlainObject, type Options } from "minisearch";
import { FolderWatch } from "../file-system/folder-watch.js";
import { frontMatterBodyStart } from "../format/front-matter.js";
import { namesOfPath } from "../guards/path-names.js";
import { mayHoldSecretOfEach } from "../guards/secret-screen.js";
import { secretScreenIdentity } from "../guards/secret-screen-identity.js";
import type { InternalWriteOptions } from "../store/internal-files.js";
import { rowFromText } from "../store/memory-row.js";
import { RECALL_INDEX_FILE, RECALL_INDEX_LOG } from "../store/recall-index-log.js";
import type { FileStamp, MemoryRow, ReadResult, StoreLayout } from "../store/types.js";
import { compareCodeUnits } from "../text/compare-code-units.js";
import { hashText } from "../text/hash-text.js";
import { ALWAYS_LOADED } from "./always-loaded.js";
import {
  type DocumentColumns,
  emptyColumns,
  loadedColumns,
  postingsOf,
} from "./postings-search.js";
import {
  dateWords,
  type FileDocument,
  fileIndexOptions,
  type IndexedUnit,
  indexedFileFields,
  plannedWords,
  RANKING_INDEX_VERSION,
  type RankedUnits,
  rankFoundUnits,
  readsPostings,
  searchUnitHits,
  type UnitColumns,
  type UnitField,
  type UnitSearch,
  unitIndexOptions,
} from "./rank-units.js";
import { type FileUnit, unitsOfFile } from "./recall-units.js";
import { fileScope, inScope } from "./scope-rule.js";
import { UnitTable } from "./unit-table.js";

// The names live beside the store, which appends to the log on every write.
export { RECALL_INDEX_FILE, RECALL_INDEX_LOG } from "../store/recall-index-log.js";

/**
 * The log is written into the stored index (stored whole, the log emptied) once it would pass
 * this share of the stored index's size: a log that long costs a reader more than it saves.
 */
export const RECALL_INDEX_LOG_SHARE = 0.25;

/**
 * Version of the stored recall index's shape. An index of another version (or of another
 * `RANKING_INDEX_VERSION`, layout or size cap) is rebuilt, never read. Also raised when indexes
 * an older version wrote may hold wrong entries: version 11's log could give a file no units.
 * Version 13 stores a search's short ids and ids as runs (decision 0086). Version 14: a dated line
 * written as a list item (`- [stated …] …`) is one dated unit, where version 13 stored a file of
 * them as undated text (decision 0101). Version 15 stores the units' texts and dates as lines of
 * their own after the units' line, not as JSON strings inside it, and strips a line's list marker
 * by `LINE_MARKER` (`•` and `1.` too), which changes stored units (decision 0110). Version 16:
 * a lone CR in a file that also has LF ends is a line end (`decodeText`), so such a file's lines
 * are units of their own where version 15 stored them as one (decision 0126).
 */
export const RECALL_INDEX_FORMAT = 16;

// The one rule for a stored index being readable rather than rebuilt: its files' line says it was
// stored by this format, ranking, secret screen, layout and size cap. Another screen's "cleared"
// flags are not trusted: the index is rebuilt, each file screened again.
function storedByTheseRules(
  stored: Partial<StoredFiles> | null,
  store: { layout: StoreLayout; maxChars: number },
): stored is Partial<StoredFiles> {
  return (
    stored !== null &&
    typeof stored === "object" &&
    stored.format === RECALL_INDEX_FORMAT &&
    stored.ranking === RANKING_INDEX_VERSION &&
    stored.screen === clearedFlagIdentity() &&
    stored.layout === store.layout &&
    stored.maxChars === store.maxChars
  );
}

/**
 * Whether a stored recall index whose text begins with `start` is read by
 * {@link openRecallIndex} rather than rebuilt (stored by this format, ranking, layout and size
 * cap): what a process that must not build it asks first, from the file's first bytes (256 hold
 * the rules). A rest that is corrupt is still found, and rebuilt, by the open.
 *
 * @param start - The stored index's first bytes, or `undefined` when there is none.
 * @param store - `{ layout, maxChars }` of the memory.
 * @returns `false` when the open would build the index from every file.
 * @example recallIndexStartFits(undefined, store) // false
 */
export function recallIndexStartFits(
  start: string | undefined,
  store: { layout: StoreLayout; maxChars: number },
): boolean {
  const end = start?.indexOf(',"nextId":') ?? -1;
  if (start === undefined || end === -1) return false;
  try {
    return storedByTheseRules(JSON.parse(`${start.slice(0, end)}}`), store);
  } catch {
    return false;
  }
}

/** What the recall index needs of a store (a `MemoryStore` fits). */
export type RecallIndexStore = {
  /** The folder, or the backend's label: which memory the index in this process belongs to. */
  readonly root: string;
  readonly layout: StoreLayout;
  readonly maxChars: number;
  listStamps(
    known?: ReadonlySet<string>,
    options?: { only?: ReadonlySet<string> },
  ): Promise<FileStamp[]>;
  read(path: string): Promise<ReadResult>;
  /** `{ firstLine: true }`: the first line will do (a store may return the whole text). */
  readInternal(
    relativePath: string,
    options?: { firstLine?: boolean },
  ): Promise<string | undefined>;
  writeInternal(relativePath: string, text: string, options?: InternalWriteOptions): Promise<void>;
  /**
   * Runs `fn` under the lock the store's writes take: a whole store walks the stamps again under
   * it before it empties the log (without it, a write racing the whole store may lose its line).
   */
  withLock?<T>(fn: () => Promise<T>): Promise<T>;
  /** Appends to an internal file (the log); without it, every save stores the index whole. */
  appendInternal?(
    relativePath: string,
    text: string,
    options?: InternalWriteOptions,
  ): Promise<void>;
};

// The index is kept for reads: stored only into a memory folder that exists, never making one.
const INTO_EXISTING_FOLDER: InternalWriteOptions = { createFolder: false };

/** The project a query is for (`{ project: undefined }`: global memories only). */
export type IndexScope = { project: string | undefined };

/** Ranked recall units read best first, each made when it is read ({@link RecallIndex.ranked}). */
export type RankedRecallUnits = RankedUnits<ScoredRecallUnit>;

const NO_UNITS: RankedRecallUnits = {
  length: 0,
  at: () => {
    throw new RangeError("No recall unit is ranked.");
  },
  shortestFrom: () => 0,
};

/** A recall unit scored for a request. */
export type ScoredRecallUnit = FileUnit & {
  /** Relevance to the request (higher is better). */
  score: number;
};

// An entry read from the files' line alone has no `ids` until the units' line is parsed
// (`#loadUnits`), which everything but `rows`, `holds` and the stamps waits for, and no `version`
// or `fields` until the fields' line is (`#readFields`), which only a change, a fold or a whole
// load needs.
type IndexedFile = {
  /** The file's stamp when it was indexed (`store.listStamps()`); `""` is never trusted. */
  stamp: string;
  /** The version token of the text indexed: a file read again unchanged is not indexed again. */
  version?: string;
  /** The row as `store.list()` gives it. */
  row: MemoryRow;
  /** The project the file belongs to (`fileScope`); absent for a global file. */
  scope?: string;
  /**
   * The identity of the secret screen and of what it covered (`clearedFlagIdentity`) that cleared
   * the body and units indexed and the path's names: nothing in them can need masking. Absent:
   * not cleared.
   */
  screened?: string;
  /** The `file` and `entities` fields its units were indexed with. */
  fields: { file: string; entities: string };
  /** Ids of its units. */
  ids: number[];
};

// Stored as lines of JSON: the files (rows, stamps, scopes: all a listing reads); the units as
// columns (texts, dates, kinds, each one string: they parse many times faster than an object or a
// string per unit, and a query cuts out the units it hits only; no path, which their file's entry
// gives), each file's unit count (in the files' order; a unit's id is its place, renumbered when
// stored), both searches without their terms, and each search's terms (`StoredTerms`); each file's
// fields and version (a change or a whole load reads them, a query does not); one line per term
// of the unit search with its postings; `"files"`; one line per term of the file search; `"end"`.
// A process that only lists (the memory block) parses the first line; a process that makes one
// query parses the units and, of the terms that begin with a query term (all minisearch reads of
// a query without fuzzy match: the term itself and the terms it is a prefix of), only the lines
// whose postings it scores; a second query, or an added, removed or renamed file, parses the rest
// (an edited one is taken in as a folded log is).
type StoredFiles = {
  format: number;
  ranking: number;
  /** The identity of the screen that set `cleared` and of what it covers (`clearedFlagIdentity`). */
  screen: string;
  layout: StoreLayout;
  maxChars: number;
  nextId: number;
  /** An array, not an object by path: a JSON object of 10,000 keys parses slower. */
  files: StoredFile[];
  /** One char a file, in `files` order: `1` cleared by the screen (`IndexedFile.screened`), `0` not. */
  cleared: string;
};

type StoredFile = Pick<IndexedFile, "stamp" | "row" | "scope">;

// A file's `fields.file`, `fields.entities` and version (`null`: none).
type StoredFileFields = [string, string, string | null];

type SearchMeta = Omit<AsPlainObject, "index">;

// A search's documents: their short ids (ascending), and beside each its id (a unit's place) and
// its field lengths (in `fieldIds` order, one run a document). Arrays of numbers parse many times
// faster than objects of as many keys, and a query looks up only the documents it reads.
type PackedSearch = Omit<SearchMeta, "documentIds" | "fieldLength"> & {
  shortIds: Int32Array;
  ids: Int32Array;
  lengths: Array<number | null>;
};

// A packed search as stored: short ids and ids as runs (`runsOf`), a handful where the unit
// search holds its 75,000 ids in a row (decision 0086).
type StoredPackedSearch = Omit<PackedSearch, "shortIds" | "ids"> & {
  shortIds: number[];
  ids: number[];
};

/**
 * A line of the log: the file's entry and units as indexed then, only its path when removed, or
 * `changed` when a store wrote or deleted it (`changedLogLine`: read it again, its stamp unknown).
 */
export type LoggedFile = {
  path: string;
  file?: Omit<IndexedFile, "ids">;
  units?: FileUnit[];
  changed?: true;
};

/**
 * Reads the recall index's log ({@link RECALL_INDEX_LOG}): the entries of its whole lines, in order.
 * A last line without its newline is a torn append (a crash or a write under way): not an entry.
 *
 * @param log - The log's text.
 * @returns The entries and whether a torn line was left out; `undefined` when a whole line is not
 *   one {@link RecallIndex.logLines} wrote.
 */
export function readRecallIndexLog(
  log: string,
): { files: LoggedFile[]; torn: boolean } | undefined {
  const lines = log.split("\n");
  const torn = lines.pop() !== "";
  const files: LoggedFile[] = [];
  try {
    for (const line of lines) {
      const entry = JSON.parse(line) as (Partial<LoggedFile> & { changed?: unknown }) | null;
      if (typeof entry?.changed === "string") {
        files.push({ path: entry.changed, changed: true });
        continue;
      }
      if (typeof entry?.path !== "string") return undefined;
      const { file, units } = entry;
      if (file === undefined) {
        files.push({ path: entry.path });
        continue;
      }
      if (
        typeof file?.stamp !== "string" ||
        file.row?.path !== entry.path ||
        (file.scope !== undefined && typeof file.scope !== "string") ||
        (file.screened !== undefined && typeof file.screened !== "string") ||
        typeof file.fields?.file !== "string" ||
        !Array.isArray(units) ||
        units.some((unit) => typeof unit?.path !== "string" || typeof unit.text !== "string")
      ) {
        return undefined;
      }
      files.push({ path: entry.path, file, units });
    }
  } catch {
    return undefined;
  }
  return { files, torn };
}

type StoredUnits = {
  /**
   * Each unit's text (one line: `unitsOfFile` makes it so), by id, joined by `"\n"`: here only
   * when it holds a lone surrogate, which UTF-8 cannot hold; otherwise the lines after the units'
   * line ({@link UnitColumnChars}).
   */
  texts?: string;
  /** Each unit's date by id, joined by `"\n"`; `""`: none (a date is never empty). As `texts`. */
  dates?: string;
  /** Each unit's kind by id, one letter a unit: {@link KIND_LETTERS}. */
  kinds: string;
  /** Each file's unit count, in the files' line's order: its units are the next ids. */
  files: number[];
  search: StoredPackedSearch;
  fileSearch: StoredPackedSearch;
  /** The unit search's term lines by term. */
  terms: StoredTerms;
  /** The file search's term lines by term. */
  fileTerms: StoredTerms;
};

// A search's term lines by term, so a query finds its lines and the counts the common-word rule
// needs without reading any other line, nor the postings of a word it leaves unread: the terms in
// code-unit order, where each one's line starts in its search's term lines (chars), and by field
// id the units holding it (a unit field: its postings; a file field: its files' units).
type StoredTerms = { terms: string[]; at: number[]; units: number[] };

const KIND_LETTERS = { line: "l", body: "b" } as const;
const KINDS_TEXT = /^[lb]*$/;

// The stored units' columns not made objects yet: unit `id` is line `id` of each, in the file at
// `paths[id]`.
class UnreadUnits {
  readonly count: number;
  readonly #texts: string;
  readonly #textAt: Int32Array;
  readonly #dates: string;
  readonly #dateAt: Int32Array;
  readonly #kinds: string;
  readonly #paths: readonly string[];

  private constructor(
    texts: string,
    textAt: Int32Array,
    dates: string,
    dateAt: Int32Array,
    kinds: string,
    paths: readonly string[],
  ) {
    this.count = paths.length;
    this.#texts = texts;
    this.#textAt = textAt;
    this.#dates = dates;
    this.#dateAt = dateAt;
    this.#kinds = kinds;
    this.#paths = paths;
  }

  /** The columns for the units of `paths`; `undefined` when a column holds another count. */
  static of(
    texts: string,
    dates: string,
    kinds: string,
    paths: readonly string[],
  ): UnreadUnits | undefined {
    const textAt = lineStarts(texts, paths.length);
    const dateAt = lineStarts(dates, paths.length);
    if (textAt === undefined || dateAt === undefined || kinds.length !== paths.length) return;
    if (!KINDS_TEXT.test(kinds)) return;
    return new UnreadUnits(texts, textAt, dates, dateAt, kinds, paths);
  }

  /**
   * What ranking reads of each unit, from the columns (the units past them, a folded log's, from
   * `others`), without making a unit object per hit.
   */
  columns(others: ReadonlyMap<number, FileUnit>): UnitColumns {
    const count = this.count;
    const textAt = this.#textAt;
    const other = (id: number) => others.get(id) as FileUnit;
    return {
      has: (id) => id < count || others.has(id),
      path: (id) => (id < count ? (this.#paths[id] as string) : other(id).path),
      date: (id) => {
        if (id >= count) return other(id).date;
        const date = this.#dates.slice(this.#dateAt[id], (this.#dateAt[id + 1] as number) - 1);
        return date === "" ? undefined : date;
      },
      chars: (id) =>
        id < count
          ? (textAt[id + 1] as number) - 1 - (textAt[id] as number)
          : other(id).text.length,
      text: (id) =>
        id < count ? this.#texts.slice(textAt[id], (textAt[id + 1] as number) - 1) : other(id).text,
    };
  }

  /** Unit `id` as `unitsOfFile` makes it (keys in its order: one object shape per kind). */
  unit(id: number): FileUnit {
    const path = this.#paths[id] as string;
    const text = this.#texts.slice(this.#textAt[id], (this.#textAt[id + 1] as number) - 1);
    const date = this.#dates.slice(this.#dateAt[id], (this.#dateAt[id + 1] as number) - 1);
    const kind = this.#kinds[id] === "b" ? "body" : "line";
    if (date === "") return { path, text, kind };
    return kind === "body" ? { path, text, kind, date } : { path, text, date, kind };
  }
}

// Where each of `count` lines joined by "\n" starts, and where one more would (past the end);
// `undefined` when `text` holds another number of lines. No line is `""` and no lines: the same.
function lineStarts(text: string, count: number): Int32Array | undefined {
  const starts = new Int32Array(count + 1);
  let at = 0;
  for (let line = 0; line < count; line++) {
    if (at > text.length) return undefined;
    starts[line] = at;
    const end = text.indexOf("\n", at);
    at = end === -1 ? text.length + 1 : end + 1;
  }
  starts[count] = at;
  return at === text.length + 1 || (count === 0 && text === "") ? starts : undefined;
}

// A search's term lines as stored (one JSON line each, in the search's order) and their
// `StoredTerms`; `unitsOf` counts a field's postings as the common-word rule counts them.
function termLines(
  entries: AsPlainObject["index"],
  fields: number,
  unitsOf: (postings: Record<string, number>) => number,
): { lines: string; terms: StoredTerms } {
  let lines = "";
  const found: Array<{ term: string; at: number; units: number[] }> = [];
  for (const entry of entries) {
    const [term, byField] = entry;
    const units: number[] = [];
    for (let field = 0; field < fields; field++) {
      const postings = (byField as Record<string, Record<string, number> | undefined>)[field];
      units.push(postings === undefined ? 0 : unitsOf(postings));
    }
    found.push({ term, at: lines.length, units });
    lines += `${JSON.stringify(entry)}\n`;
  }
  found.sort((a, b) => compareCodeUnits(a.term, b.term));
  return {
    lines,
    terms: {
      terms: found.map((entry) => entry.term),
      at: found.map((entry) => entry.at),
      units: found.flatMap((entry) => entry.units),
    },
  };
}

// Whether `stored` is what `termLines` wrote for a search of `fields` fields whose term lines are
// `length` chars: terms strictly in code-unit order (a lookup halves its range), places inside.
function isStoredTerms(stored: unknown, fields: number, length: number): stored is StoredTerms {
  const terms = stored as Partial<StoredTerms> | null;
  if (
    typeof terms !== "object" ||
    terms === null ||
    !Array.isArray(terms.terms) ||
    !Array.isArray(terms.at) ||
    !Array.isArray(terms.units) ||
    terms.at.length !== terms.terms.length ||
    terms.units.length !== terms.terms.length * fields
  ) {
    return false;
  }
  let last: string | undefined;
  for (const term of terms.terms) {
    if (typeof term !== "string" || (last !== undefined && compareCodeUnits(last, term) >= 0))
      return false;
    last = term;
  }
  for (const at of terms.at) if (!(Number.isInteger(at) && at >= 0 && at < length)) return false;
  for (const units of terms.units) if (!(Number.isInteger(units) && units >= 0)) return false;
  return true;
}

// The places in `stored` of the terms that begin with `start`, in code-unit order.
function termsBeginning(stored: StoredTerms, start: string): number[] {
  const { terms } = stored;
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodeUnits(terms[middle] as string, start) < 0) low = middle + 1;
    else high = middle;
  }
  const places: number[] = [];
  for (let place = low; place < terms.length; place++) {
    if (!(terms[place] as string).startsWith(start)) break;
    places.push(place);
  }
  return places;
}

// A search as stored, its document ids (unit ids) as each unit's place.
function packed(meta: SearchMeta, placeOf: ReadonlyMap<number, number>): StoredPackedSearch {
  const { documentIds, fieldLength, ...rest } = meta;
  const fields = Object.keys(rest.fieldIds).length;
  const shortIds: number[] = [];
  const ids: number[] = [];
  const lengths: Array<number | null> = [];
  // Integer keys enumerate in ascending order.
  for (const shortId in documentIds) {
    const place = placeOf.get(documentIds[shortId]);
    if (place === undefined) throw new Error("recall index: the search holds a unit no file has");
    shortIds.push(Number(shortId));
    ids.push(place);
    const own = fieldLength[shortId] ?? [];
    for (let field = 0; field < fields; field++) lengths.push(own[field] ?? null);
  }
  return { ...rest, shortIds: runsOf(shortIds), ids: runsOf(ids), lengths };
}

// `values` as runs of consecutive numbers, `[first, count, first, count, ...]`: `[0, 5, 9, 2]` is
// 0, 1, 2, 3, 4, 9, 10.
function runsOf(values: readonly number[]): number[] {
  const runs: number[] = [];
  let at = 0;
  while (at < values.length) {
    const first = values[at] as number;
    let count = 1;
    while (at + count < values.length && values[at + count] === first + count) count++;
    runs.push(first, count);
    at += count;
  }
  return runs;
}

// The `count` numbers of `runs` (`runsOf`), each of `0 <= n < below`, and ascending when
// `ascending`; `undefined` when they are not. Checked run by run, not number by number.
function fromRuns(
  runs: unknown,
  count: number,
  below: number,
  ascending: boolean,
): Int32Array | undefined {
  if (!Array.isArray(runs) || runs.length % 2 !== 0) return undefined;
  let total = 0;
  let last = -1;
  for (let at = 0; at < runs.length; at += 2) {
    const first = runs[at] as unknown;
    const length = runs[at + 1] as unknown;
    if (!Number.isInteger(first) || !Number.isInteger(length)) return undefined;
    const end = (first as number) + (length as number);
    if ((first as number) < 0 || (length as number) < 1 || end > below) return undefined;
    if (ascending && (first as number) <= last) return undefined;
    last = end - 1;
    total += length as number;
  }
  if (total !== count) return undefined;
  const values = new Int32Array(count);
  let place = 0;
  for (let at = 0; at < runs.length; at += 2) {
    const first = runs[at] as number;
    const end = first + (runs[at + 1] as number);
    for (let value = first; value < end; value++) values[place++] = value;
  }
  return values;
}

// The search `packed` wrote (of `count` documents, ids below `units`; its own count is checked
// once it is loaded, with the folded log's changes); `undefined` when `search` is not one.
function readPacked(search: unknown, count: number, units: number): PackedSearch | undefined {
  const stored = search as Partial<StoredPackedSearch> | null;
  if (
    typeof stored !== "object" ||
    stored === null ||
    typeof stored.fieldIds !== "object" ||
    stored.fieldIds === null ||
    !Array.isArray(stored.averageFieldLength) ||
    !Array.isArray(stored.lengths) ||
    stored.lengths.length !== count * Object.keys(stored.fieldIds).length
  ) {
    return undefined;
  }
  // Short ids are minisearch's own (below its `nextId`), in ascending order.
  const shortIds = fromRuns(stored.shortIds, count, 2 ** 31 - 1, true);
  const ids = fromRuns(stored.ids, count, units, false);
  if (shortIds === undefined || ids === undefined) return undefined;
  return { ...(stored as StoredPackedSearch), shortIds, ids };
}

// A packed search's documents in the columns its loaded search scores from (`loadedColumns`),
// the documents of `places` only, or all of them.
function packedColumns(search: PackedSearch, places?: readonly number[]): DocumentColumns {
  const columns = emptyColumns(search.fieldIds, search.nextId);
  const fields = Object.keys(search.fieldIds).length;
  const set = (at: number) => {
    const shortId = search.shortIds[at] as number;
    columns.ids[shortId] = search.ids[at];
    for (let field = 0; field < fields; field++) {
      columns.lengths[shortId * columns.fields + field] = search.lengths[at * fields + field] ?? 0;
    }
  };
  if (places === undefined) for (let at = 0; at < search.shortIds.length; at++) set(at);
  else for (const at of places) set(at);
  return columns;
}

// A search's documents as minisearch keeps them once loaded: maps by short id, new ones each time
// (a loaded search changes its own as documents are added and removed).
type UnpackedSearch = Omit<SearchMeta, "documentIds" | "fieldLength"> & {
  documentIds: Map<number, number>;
  fieldLength: Map<number, number[]>;
};

// A packed search as minisearch keeps it loaded, with the documents whose short ids `read` marks
// (one pass over the packed arrays), or all of them; `places` is given each document's place in
// the packed arrays, in order. Made as the maps
// minisearch's `loadJS` would make of its JSON's objects ({@link loadedSearch}), without the
// objects: one key string parsed back per document was most of loading a search.
function unpacked(search: PackedSearch, read?: Uint8Array, places?: number[]): UnpackedSearch {
  const { shortIds: all, ids, lengths, ...rest } = search;
  const fields = Object.keys(rest.fieldIds).length;
  const documentIds = new Map<number, number>();
  const fieldLength = new Map<number, number[]>();
  const add = (at: number) => {
    const shortId = all[at] as number;
    documentIds.set(shortId, ids[at] as number);
    // A field the document lacks is `null`, as in minisearch's own JSON (a hole there).
    fieldLength.set(shortId, lengths.slice(at * fields, (at + 1) * fields) as number[]);
    places?.push(at);
  };
  for (let at = 0; at < all.length; at++)
    if (read === undefined || read[all[at] as number] === 1) add(at);
  return { ...rest, documentIds, fieldLength };
}

// Whether every posting in `index` names one of `documentIds`: minisearch loads a posting that
// names none, and its search then leaves it out without a word (decision 0055: rebuilt instead).
function postingsNameDocuments(
  index: AsPlainObject["index"],
  documentIds: ReadonlyMap<number, number>,
): boolean {
  for (const [, fields] of index) {
    for (const postings of Object.values(fields)) {
      for (const shortId in postings) if (!documentIds.has(Number(shortId))) return false;
    }
  }
  return true;
}

// minisearch 7.2's `loadJS` of `search` with its term lines `index`: the search it loads of no
// documents, given `search`'s maps as its own (what `loadJS` makes of the JSON's documents), and
// its map from id to short id made of them as `loadJS` makes it. A minisearch that does not keep
// them as 7.2 does loads the documents as objects through its public `loadJS` (slower, the same
// search), so another version costs time, not a rebuild of the index in every process.
function loadedSearch<T>(
  search: UnpackedSearch,
  index: AsPlainObject["index"],
  options: Options<T>,
): MiniSearch<T> {
  const loaded = MiniSearch.loadJS<T>(
    {
      ...search,
      // minisearch 7.2's loadJS keeps the averageFieldLength array it is given, and a folded
      // add/discard changes it in place: each search gets its own copy, or the next load (a whole
      // search after a partial one) would start from lengths the fold already changed.
      averageFieldLength: [...search.averageFieldLength],
      documentIds: {},
      fieldLength: {},
      index,
    },
    options,
  );
  const internals = loaded as unknown as Partial<{
    _documentIds: Map<number, unknown>;
    _fieldLength: Map<number, number[]>;
    _idToShortId: Map<unknown, number>;
  }>;
  if (
    !(internals._documentIds instanceof Map) ||
    !(internals._fieldLength instanceof Map) ||
    !(internals._idToShortId instanceof Map) ||
    internals._documentIds.size > 0
  ) {
    return MiniSearch.loadJS<T>(
      {
        ...search,
        averageFieldLength: [...search.averageFieldLength],
        documentIds: Object.fromEntries(search.documentIds),
        fieldLength: Object.fromEntries(search.fieldLength),
        index,
      },
      options,
    );
  }
  internals._documentIds = search.documentIds;
  internals._fieldLength = search.fieldLength;
  const idToShortId = internals._idToShortId;
  for (const [shortId, id] of search.documentIds) idToShortId.set(id, shortId);
  return loaded;
}

// The short ids of `documents` (unit places) in a packed search, for the log's removed units.
function storedShortIds(search: PackedSearch, documents: readonly IndexedUnit[]): number[] {
  if (documents.length === 0) return [];
  const at = new Int32Array(search.ids.length).fill(-1);
  search.ids.forEach((id, place) => {
    at[id] = place;
  });
  return documents.map((document) => {
    const place = at[document.id] ?? -1;
    if (place === -1) throw new Error("recall index: the log removes a unit the search lacks");
    return search.shortIds[place] as number;
  });
}

// Calls `each` once per term and field of each of `documents` (the log's added ones), as
// minisearch's `add` would post them with `options` (its field reading and tokenizing, one posting
// a document): the counts the common-word rule needs, with no search built only to count them.
function eachAddedPosting<T>(
  options: Options<T>,
  documents: readonly T[],
  each: (term: string, field: string, document: T) => void,
): void {
  const fields = options.fields;
  const extractField = options.extractField ?? MiniSearch.getDefault("extractField");
  const stringifyField = options.stringifyField ?? MiniSearch.getDefault("stringifyField");
  const tokenize = options.tokenize ?? MiniSearch.getDefault("tokenize");
  const processTerm = options.processTerm ?? MiniSearch.getDefault("processTerm");
  for (const document of documents) {
    for (const field of fields) {
      const value = extractField(document, field);
      if (value == null) continue;
      const terms = new Set<string>();
      for (const token of tokenize(stringifyField(value, field), field)) {
        const processed = processTerm(token, field);
        if (Array.isArray(processed)) for (const term of processed) terms.add(term);
        else if (processed) terms.add(processed);
      }
      for (const term of terms) each(term, field, document);
    }
  }
}

// minisearch's options with its tokenizing of each text and term kept until `forget()`: the log's
// added documents are tokenized for their counts (`eachAddedPosting`) and again as the search adds
// them, and the second time takes the first's results (the same arrays, so the same postings).
// Forgotten once they are added, so a search kept by a long process holds none.
function rememberingTokens<T>(options: Options<T>): { options: Options<T>; forget: () => void } {
  const { tokenize, processTerm } = options;
  if (tokenize === undefined || processTerm === undefined) return { options, forget: () => {} };
  let tokens: Map<string, string[]> | undefined = new Map();
  let terms: Map<string, ReturnType<typeof processTerm>> | undefined = new Map();
  return {
    options: {
      ...options,
      tokenize: (text, field) => {
        const key = `${field}\u0000${text}`;
        let found = tokens?.get(key);
        if (found === undefined) {
          found = tokenize(text, field);
          tokens?.set(key, found);
        }
        return found;
      },
      processTerm: (term, field) => {
        const key = `${field}\u0000${term}`;
        if (terms?.has(key) === true) return terms.get(key);
        const found = processTerm(term, field);
        terms?.set(key, found);
        return found;
      },
    },
    forget: () => {
      tokens = undefined;
      terms = undefined;
    },
  };
}

// Both searches' remembering options, shared by what counts a folded log and what loads it.
type SearchTokens = {
  units: ReturnType<typeof rememberingTokens<IndexedUnit>>;
  files: ReturnType<typeof rememberingTokens<FileDocument>>;
};

// minisearch's options whose `processTerm` drops, until `done()`, each term no term of `queried`
// begins: a search of one query's term lines (`prepare`) holds no other, so the log's removed
// documents need not look them up (each a miss) nor its added ones post them where no search of
// the query reaches. Field lengths count the tokens before this step: they stay the same.
function onlyQueried<T>(
  options: Options<T>,
  queried: readonly string[] | undefined,
): { options: Options<T>; done: () => void } {
  const processTerm = options.processTerm;
  if (queried === undefined || processTerm === undefined) return { options, done: () => {} };
  let active = true;
  const kept = (term: string) => queried.some((start) => term.startsWith(start));
  return {
    options: {
      ...options,
      processTerm: (term, field) => {
        const processed = processTerm(term, field);
        if (!active || !processed) return processed;
        if (Array.isArray(processed)) return processed.filter(kept);
        return kept(processed) ? processed : null;
      },
    },
    done: () => {
      active = false;
    },
  };
}

// The line after the units' line: the chars of the texts and of the dates stored as they are
// after it (`[texts, dates]`), or `null` when they are JSON strings in the units' line. A 4 MB
// texts string parsed from JSON costs a cold query ~9 ms at 10,000 subject files; as lines of the
// file read, it is a slice of the text already decoded (decision 0110).
type UnitColumnChars = [number, number] | null;

// The texts and dates as `#takeRest` found them (see `storedColumns`).
type StoredColumns = { texts: string; dates: string } | "in units" | "damaged";

// A lone surrogate (a paired one is one code point under `u`): UTF-8 cannot hold it as it is.
const LONE_SURROGATE = /\p{Cs}/u;

const isCount = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0;

// The texts and dates a stored index holds as lines after its units' line, read from `rest` at
// `at` (the chars' line): `"in units"` when the units' line holds them, `"damaged"` when the
// chars' line or the lines it sizes are not what `serialize` wrote (a query then rebuilds; a
// listing still reads the files' line). `fieldsAt`: where the fields' line starts.
function storedColumns(rest: string, at: number): { columns: StoredColumns; fieldsAt: number } {
  const charsEnd = rest.indexOf("\n", at);
  if (charsEnd === -1) return { columns: "damaged", fieldsAt: at };
  let chars: unknown;
  try {
    chars = JSON.parse(rest.slice(at, charsEnd));
  } catch {
    return { columns: "damaged", fieldsAt: charsEnd + 1 };
  }
  if (chars === null) return { columns: "in units", fieldsAt: charsEnd + 1 };
  const [textChars, dateChars] = Array.isArray(chars) && chars.length === 2 ? chars : [];
  if (!isCount(textChars) || !isCount(dateChars))
    return { columns: "damaged", fieldsAt: charsEnd + 1 };
  // Each ends at a line's end.
  const textsEnd = charsEnd + 1 + textChars;
  const datesEnd = textsEnd + 1 + dateChars;
  if (rest.charCodeAt(textsEnd) !== 10 || rest.charCodeAt(datesEnd) !== 10)
    return { columns: "damaged", fieldsAt: charsEnd + 1 };
  const texts = rest.slice(charsEnd + 1, textsEnd);
  return { columns: { texts, dates: rest.slice(textsEnd + 1, datesEnd) }, fieldsAt: datesEnd + 1 };
}

const END_LINE = '\n"end"';
const FILES_LINE = '"files"\n';

// The two minisearch indexes of a `UnitSearch`, before `unitsOf` is given.
type Searches = Omit<UnitSearch, "unitsOf">;

function emptySearches(): Searches {
  return {
    units: new MiniSearch<IndexedUnit>(unitIndexOptions()),
    files: new MiniSearch<FileDocument>(fileIndexOptions()),
  };
}

// A term with a surrogate could be written differently in a longer stored term: no partial load.
const SURROGATE = /[\ud800-\udfff]/;

/**
 * The recall units of one memory in a lexical index (minisearch), with each file's row and stamp:
 * brought up to date file by file from the stamps, stored whole under `.memfiles/`.
 */
/**
 * minisearch's logger for a search built from stored term lines: a removed document's terms that
 * the lines read for one query do not hold are not there to remove (minisearch warns
 * `version_conflict`); other messages go to the console as minisearch's own logger sends them.
 */
function quietOnPartTerms(
  level: "debug" | "info" | "warn" | "error",
  message: string,
  code?: string,
): void {
  if (code === "version_conflict") return;
  console[level](message);
}

// What a log folded into a partly read index changes in the searches built from the stored terms.
type FoldedLog = {
  remove: IndexedUnit[];
  add: IndexedUnit[];
  removeFiles: FileDocument[];
  addFiles: FileDocument[];
  /** Ids the log gave (units the stored search never held). */
  added: Set<number>;
  /** Each of `removeFiles` by id: its units in the stored index. */
  removedUnits: Map<number, number>;
};

// The recall units made by a recall index from a file the secret screen cleared.
const screenedUnits = new WeakSet<object>();

/**
 * Whether a recall unit was made by a recall index ({@link RecallIndex.ranked}) from a file whose
 * indexed body and units the secret screen (`mayHoldSecretOfEach`, this build's
 * `secretScreenIdentity`) cleared when it was indexed: the secret check would find nothing in the
 * unit nor in its file's body, so it is shown as it is, its file not read. `false` for any other
 * unit (a copy, one ranked in memory, one of a file not cleared).
 *
 * @param unit - A unit as ranked.
 * @returns `true` when the unit needs no masking.
 * @example clearedByScreen((await openRecallIndex(store)).query("tea")[0]) // true for a clean file
 */
export function clearedByScreen(unit: object): boolean {
  return screenedUnits.has(unit);
}

// Whether a file's indexed body, units and path names need no masking: cleared by this build's
// screen, over what this build's flag covers. A flag of another identity (a log line another
// version appended) counts as none.
function clearedFile(file: IndexedFile | undefined): boolean {
  return file?.screened !== undefined && file.screened === clearedFlagIdentity();
}

/**
 * What a file's "cleared" flag covers, beside the screen that set it: raised when the flag starts
 * to cover a text it did not (2: the path's names, the name and the description, decision 0085),
 * so a flag an older build set is never trusted for what it did not screen.
 */
const CLEARED_FLAG_COVERS = 2;

let clearedIdentity: string | undefined;

// The identity a file's "cleared" flag is stored with and trusted by: the screen's identity and
// what the flag covers. An index or a log line of another identity is screened again.
function clearedFlagIdentity(): string {
  clearedIdentity ??= hashText(`${secretScreenIdentity()}\n${CLEARED_FLAG_COVERS}`).slice(0, 16);
  return clearedIdentity;
}

// Texts screened in one call at most: the screen joins a call's texts into one first, and a
// rebuild's thousands of files joined would be tens of MB.
const SCREENED_AT_ONCE = 256;

// For each file, `clearedFlagIdentity()` when the screen clears its body, every unit made of it,
// its path's names, its name and its description (what recall would mask: `maskRecalled` masks
// the units and their files' bodies; what a listing would: `maskRows` masks each name of the path,
// the name and the description alone), else `undefined`. Of the header, only the name and the
// description: the rest is not shown as a unit nor listed. A unit the body holds as it is (a subject file's line) is not
// screened again: a loosened pattern that matches it matches the body (`mayHoldSecret`), and the
// body's variants cost most of the screen (~0.4 ms a subject file).
function screenedFiles(
  files: readonly { row: Pick<MemoryRow, "path" | "name" | "description">; content: string }[],
  units: readonly (readonly FileUnit[])[],
): Array<string | undefined> {
  const screen = clearedFlagIdentity();
  const texts: string[] = [];
  const owner: number[] = [];
  for (const [at, file] of files.entries()) {
    const body = file.content.slice(frontMatterBodyStart(file.content));
    texts.push(body);
    owner.push(at);
    for (const text of [...namesOfPath(file.row.path), file.row.name, file.row.description]) {
      texts.push(text);
      owner.push(at);
    }
    for (const unit of units[at] ?? []) {
      if (body.includes(unit.text)) continue;
      texts.push(unit.text);
      owner.push(at);
    }
  }
  const screened: Array<string | undefined> = files.map(() => screen);
  for (let start = 0; start < texts.length; start += SCREENED_AT_ONCE) {
    const held = mayHoldSecretOfEach(texts.slice(start, start + SCREENED_AT_ONCE));
    for (const [offset, flag] of held.entries()) {
      if (flag) screened[owner[start + offset] as number] = undefined;
    }
  }
  return screened;
}

export class RecallIndex {
  readonly files = new Map<string, IndexedFile>();
  readonly units = new UnitTable();
  #search: Searches;
  nextId = 0;
  /** Everything after the files' line as stored, until the index is loaded whole or changes. */
  #stored: string | undefined;
  /** The files' line as read, while the rest of the stored text has not been read. */
  #unreadAfter: string | undefined;
  /** The stored units and search not parsed yet: the units' line, then the term lines. */
  #storedUnits: string | undefined;
  /** The units' texts and dates stored as lines after the units' line, not parsed yet. */
  #storedColumns: StoredColumns | undefined;
  /** The fields' line: each file's fields and version, not needed by a query. */
  #storedFields: string | undefined;
  #storedTerms: string | undefined;
  #storedFileTerms: string | undefined;
  /** The stored units a query has not needed as objects yet (all of them, after a cold read). */
  #unread: UnreadUnits | undefined;
  /** Ids of {@link #unread}'s units a folded log removed. */
  readonly #unreadGone = new Set<number>();
  #searchMeta:
    | {
        units: PackedSearch;
        files: PackedSearch;
        terms: StoredTerms;
        fileTerms: StoredTerms;
      }
    | undefined;
  /** A search holding only the terms of one query ({@link prepare}). */
  #partial: { query: string; search: Searches } | undefined;
  /** Each file's unit ids by its file document's id (its first unit's id). */
  #byFileId: Array<readonly number[] | undefined> | undefined;
  /** The last scope filter of a query, and the unit ids by file it was made for. */
  #scopeFilter:
    | {
        byFileId: Array<readonly number[] | undefined> | undefined;
        project: string | undefined;
        filter: (id: number) => boolean;
      }
    | undefined;
  // The indexed paths as a set (what listStamps need not check again); rebuilt when files change.
  #pathSet: Set<string> | undefined;
  /** Files with a project scope: while there are none, a query needs no scope filter. */
  #scopedFiles = 0;
  /** Changed since it was last stored. */
  unsaved = false;
  /** Files the last {@link refresh} listed but could not read (left out until they read). */
  leftOut = 0;
  /** The rows of the last {@link rows} call, frozen, sorted by path; a written file's row is patched in. */
  #rowsCache: { project: string | undefined; all: boolean; rows: readonly MemoryRow[] } | undefined;
  /**
   * Each file's frozen row by the row it was indexed with: made once per file version, so the rows
   * of unchanged files stay the same objects after a write (the pre-filter compares by identity).
   */
  readonly #frozenRows = new WeakMap<MemoryRow, MemoryRow>();
  /**
   * What a log folded into a partly read index changes in a search built from the stored terms:
   * kept until the stored terms are read whole.
   */
  #folded: FoldedLog | undefined;
  /**
   * Indexed paths whose last stamp was `""` (changed too recently to trust their stat): a watched
   * process gets no event when that window passes, so {@link refreshPaths} stamps them again.
   */
  readonly #unsettled = new Set<string>();
  /** Paths changed since the index was last stored (whole or in the log). */
  readonly #changed = new Set<string>();
  /**
   * Size of the stored index this one was read from or last stored as, and of the log after it
   * (chars); `undefined` while this index is not known to be the stored one plus its log.
   */
  stored: { main: number; log: number } | undefined;

  constructor() {
    this.#search = emptySearches();
  }

  /**
   * Parses all of the stored units and search still unparsed. When they cannot be trusted (not
   * JSON, units that do not agree with the files), the index is emptied and marked unsaved, so
   * the next `refresh` reads every file again.
   *
   * @returns `false` when the index was emptied.
   */
  load(): boolean {
    if (!this.#loadUnits() || !this.#readUnits()) return false;
    const terms = this.#storedTerms;
    const fileTerms = this.#storedFileTerms ?? "";
    if (terms === undefined) return true;
    const whole = (lines: string) => (lines === "" ? "[]" : `[${lines.replaceAll("\n", ",")}]`);
    const search = this.#loadTerms(whole(terms), whole(fileTerms));
    if (search === undefined) return this.#empty();
    this.#search = search;
    this.#folded = undefined;
    this.#storedTerms = undefined;
    this.#storedFileTerms = undefined;
    this.#stored = undefined;
    this.#searchMeta = undefined;
    this.#partial = undefined;
    return true;
  }

  /**
   * Makes {@link query} of `query` ready. An index read from its stored text (a folded log
   * included) parses only the term lines the query reads; otherwise as {@link load}.
   *
   * @returns `false` when the index was emptied (the stored text could not be trusted).
   */
  prepare(query: string): boolean {
    if (!this.#loadUnits()) return false;
    const terms = this.#storedTerms;
    if (terms === undefined || this.#partial?.query === query) return true;
    // A second message: this process answers more than one, and each would parse its terms again.
    if (this.#partial !== undefined) return this.load();
    const options = unitIndexOptions();
    const words = (options.searchOptions?.tokenize ?? options.tokenize)?.(query) ?? [];
    const processTerm = options.searchOptions?.processTerm ?? options.processTerm;
    const queried = words.flatMap((word) => processTerm?.(word) || []);
    if (queried.some((term) => SURROGATE.test(term))) return this.load();
    const unique = [...new Set(queried)];
    // The stored terms' places and counts (moved by a folded log) say which lines the query reads.
    const tokens = {
      units: rememberingTokens(unitIndexOptions()),
      files: rememberingTokens(fileIndexOptions()),
    };
    const read = this.#linesRead(query, unique, tokens);
    if (read === undefined) return this.#empty();
    const search = this.#loadTerms(read.units, read.files, query, unique, read.counts, tokens);
    if (search === undefined) return this.load();
    this.#partial = { query, search };
    return true;
  }

  // The term lines `query` reads, found by the stored terms: of each term that begins with a query
  // term, its counts (each field's units), and its line when the common-word rule reads one of its
  // fields (a word in nearly every unit is never parsed). `undefined` when a place names another
  // line (the stored text cannot be trusted).
  #linesRead(
    query: string,
    queried: readonly string[],
    tokens: SearchTokens,
  ): { units: string; files: string; counts: Map<string, number> } | undefined {
    const meta = this.#searchMeta;
    if (meta === undefined) return undefined;
    const counts = new Map<string, number>();
    const searches = [
      { stored: meta.terms, search: meta.units, lines: this.#storedTerms ?? "" },
      { stored: meta.fileTerms, search: meta.files, lines: this.#storedFileTerms ?? "" },
    ].map(({ stored, search, lines }) => {
      const fields = Object.entries(search.fieldIds)
        .sort(([, a], [, b]) => a - b)
        .map(([name]) => name as UnitField);
      const places = [...new Set(queried.flatMap((term) => termsBeginning(stored, term)))];
      for (const place of places) {
        fields.forEach((field, id) => {
          const units = stored.units[place * fields.length + id] as number;
          if (units > 0) counts.set(`${stored.terms[place]}\u0000${field}`, units);
        });
      }
      return { stored, fields, places, lines };
    });
    if (this.#folded !== undefined) this.#countFolded(this.#folded, queried, counts, tokens);
    const planned = plannedWords(
      query,
      this.#unitCount(),
      (term, field) => counts.get(`${term}\u0000${field}`) ?? 0,
    );
    const picked: string[] = [];
    for (const { stored, fields, places, lines } of searches) {
      const read: Array<{ term: string; at: number }> = [];
      for (const place of places) {
        const term = stored.terms[place] as string;
        const reads = fields.some(
          (field, id) =>
            (stored.units[place * fields.length + id] as number) > 0 &&
            readsPostings(planned, term, field),
        );
        if (reads) read.push({ term, at: stored.at[place] as number });
      }
      // In the search's order, as a scan of its lines picks them.
      read.sort((a, b) => a.at - b.at);
      const found: string[] = [];
      for (const { term, at } of read) {
        const end = lines.indexOf("\n", at);
        const line = lines.slice(at, end === -1 ? lines.length : end);
        // The line at a term's place is that term's: `[`, its JSON, then its postings.
        if (!line.startsWith(`[${JSON.stringify(term)},`)) return undefined;
        found.push(line);
      }
      picked.push(`[${found.join(",")}]`);
    }
    return { units: picked[0] as string, files: picked[1] as string, counts };
  }

  // Moves the stored counts of the terms beginning with a `queried` term by a folded log, to what
  // the postings after it hold: a unit field's count by each removed or added unit posting the
  // term, a file field's by the units of each removed or added file posting it (a removed file's
  // as stored; an added one's as now). Tokenized by `tokens`, which the searches then add and
  // remove the same documents by.
  #countFolded(
    folded: FoldedLog,
    queried: readonly string[],
    counts: Map<string, number>,
    tokens: SearchTokens,
  ): void {
    const move = (term: string, field: string, units: number) => {
      if (units === 0 || !queried.some((start) => term.startsWith(start))) return;
      const key = `${term}\u0000${field}`;
      counts.set(key, (counts.get(key) ?? 0) + units);
    };
    const units = tokens.units.options;
    const files = tokens.files.options;
    eachAddedPosting(units, folded.remove, (term, field) => move(term, field, -1));
    eachAddedPosting(units, folded.add, (term, field) => move(term, field, 1));
    eachAddedPosting(files, folded.removeFiles, (term, field, document) =>
      move(term, field, -(folded.removedUnits.get(document.id) ?? 0)),
    );
    eachAddedPosting(files, folded.addFiles, (term, field, document) =>
      move(term, field, this.#unitsOf(document.id)?.length ?? 0),
    );
  }

  // Both searches from their term lines; for `query`, the unit search holds only the postings the
  // query reads (the common-word rule leaves out a word's postings in a field where it is common)
  // and only the documents in them, with the counts the rule needs; `queried` are the query's terms
  // whose lines were picked; `counts`, the rule's counts when the stored terms gave them.
  #loadTerms(
    unitJson: string,
    fileJson: string,
    query?: string,
    queried?: readonly string[],
    counts?: Map<string, number>,
    tokens?: SearchTokens,
  ): Searches | undefined {
    try {
      const index = JSON.parse(unitJson) as AsPlainObject["index"];
      const fileIndex = JSON.parse(fileJson) as AsPlainObject["index"];
      const meta = this.#searchMeta;
      if (!Array.isArray(index) || !Array.isArray(fileIndex) || meta === undefined)
        return undefined;
      const unitOptions = tokens?.units ?? rememberingTokens(unitIndexOptions());
      const fileOptions = tokens?.files ?? rememberingTokens(fileIndexOptions());
      const read =
        query === undefined || counts === undefined
          ? undefined
          : this.#readFor(query, index, fileIndex, meta, counts);
      const fileRead = read?.fileIndex ?? fileIndex;
      const unitMeta = read?.meta ?? { ...unpacked(meta.units), index };
      const fileMeta = unpacked(meta.files);
      if (
        !(read?.named ?? postingsNameDocuments(unitMeta.index, unitMeta.documentIds)) ||
        !postingsNameDocuments(fileRead, fileMeta.documentIds)
      ) {
        return undefined;
      }
      const fileTerms = onlyQueried(fileOptions.options, queried);
      const files = loadedSearch<FileDocument>(fileMeta, fileRead, {
        ...fileTerms.options,
        logger: quietOnPartTerms,
      });
      // Its documents' columns from the packed arrays, before the fold changes any of them.
      const fileInternals = postingsOf(files as MiniSearch<never>);
      if (fileInternals !== undefined) loadedColumns(fileInternals, packedColumns(meta.files));
      // Removed, not discarded: minisearch's discard leaves a document's postings until a search
      // walks them, and a search stored whole after a fold would keep them (and their counts).
      for (const document of this.#folded?.removeFiles ?? []) files.remove(document);
      for (const document of this.#folded?.addFiles ?? []) files.add(document);
      fileTerms.done();
      fileOptions.forget();
      const unitTerms = onlyQueried(unitOptions.options, queried);
      const units = loadedSearch<IndexedUnit>(unitMeta, unitMeta.index, {
        ...unitTerms.options,
        logger: quietOnPartTerms,
      });
      const unitInternals = postingsOf(units as MiniSearch<never>);
      if (unitInternals !== undefined)
        loadedColumns(unitInternals, packedColumns(meta.units, read?.places));
      for (const document of this.#folded?.remove ?? []) units.remove(document);
      for (const document of this.#folded?.add ?? []) units.add(document);
      unitTerms.done();
      unitOptions.forget();
      let withUnits = 0;
      for (const file of this.files.values()) if (file.ids.length > 0) withUnits++;
      if (units.documentCount !== this.#unitCount() || files.documentCount !== withUnits)
        return undefined;
      const known = read?.counts;
      return known === undefined
        ? { units, files }
        : { units, files, counts: (term, field) => known.get(`${term}\u0000${field}`) };
    } catch {
      return undefined;
    }
  }

  // Both searches' stored terms cut to what `query` reads (the unit search also to the documents
  // left in them), by the common-word rule's `counts` (`#linesRead`'s). With a log folded in, the
  // removed units stay among the documents (minisearch's `remove` then takes them out as it would
  // of the whole search, to the same field-length averages).
  #readFor(
    query: string,
    index: AsPlainObject["index"],
    fileIndex: AsPlainObject["index"],
    stored: { units: PackedSearch; files: PackedSearch },
    counts: Map<string, number>,
  ): {
    meta: UnpackedSearch & Pick<AsPlainObject, "index">;
    fileIndex: AsPlainObject["index"];
    counts: Map<string, number>;
    places: number[];
    /** Whether every posting kept names a document read (else the index cannot be trusted). */
    named: boolean;
  } {
    const meta = stored.units;
    const fieldsOf = (search: Pick<SearchMeta, "fieldIds">) =>
      new Map(Object.entries(search.fieldIds).map(([name, id]) => [String(id), name as UnitField]));
    const fieldOf = fieldsOf(meta);
    const fileFieldOf = fieldsOf(stored.files);
    const folded = this.#folded;
    // The documents read, marked by short id: one pass over the packed arrays then takes them.
    const read = new Uint8Array(meta.nextId + 1);
    // Each short id marked is counted once; one outside `read` names no document at all. The pass
    // takes as many documents as were marked only when every posting names a packed document:
    // what `postingsNameDocuments` checks of a whole search, without walking the postings again.
    let marked = 0;
    let outside = false;
    const mark = (shortId: number) => {
      const seen = read[shortId];
      if (seen === 0) {
        read[shortId] = 1;
        marked++;
      } else if (seen === undefined) outside = true;
    };
    for (const shortId of folded === undefined ? [] : storedShortIds(meta, folded.remove))
      mark(shortId);
    const planned = plannedWords(
      query,
      this.#unitCount(),
      (term, field) => counts.get(`${term}\u0000${field}`) ?? 0,
    );
    const cut = (entries: AsPlainObject["index"], fieldNames: Map<string, UnitField>) => {
      const kept: AsPlainObject["index"] = [];
      for (const [term, fields] of entries) {
        for (const id of Object.keys(fields)) {
          const field = fieldNames.get(id);
          if (field === undefined || !readsPostings(planned, term, field)) delete fields[id];
        }
        if (Object.keys(fields).length > 0) kept.push([term, fields]);
      }
      return kept;
    };
    const kept = cut(index, fieldOf);
    for (const [, fields] of kept) {
      for (const postings of Object.values(fields)) {
        for (const key in postings) {
          const shortId = Number(key);
          const seen = read[shortId];
          if (seen === 0) {
            read[shortId] = 1;
            marked++;
          } else if (seen === undefined) outside = true;
        }
      }
    }
    const places: number[] = [];
    const documents = unpacked(meta, read, places);
    return {
      meta: { ...documents, index: kept },
      fileIndex: cut(fileIndex, fileFieldOf),
      counts,
      places,
      named: !outside && places.length === marked,
    };
  }

  // Parses the units' line if it is still text; `false` (and the index emptied) when untrusted.
  #loadUnits(): boolean {
    // Opened with `rowsOnly` and asked for more without `openRecallIndex`: read every file again.
    if (this.#unreadAfter !== undefined) return this.#empty();
    const text = this.#storedUnits;
    if (text === undefined) return true;
    const columns = this.#storedColumns;
    this.#storedUnits = undefined;
    this.#storedColumns = undefined;
    if (this.#storedFileTerms === undefined) return this.#empty();
    try {
      const stored = JSON.parse(text) as Partial<StoredUnits> | null;
      if (
        stored === null ||
        typeof stored !== "object" ||
        !Array.isArray(stored.files) ||
        stored.files.length !== this.files.size
      ) {
        return this.#empty();
      }
      // The texts and dates in one place only: the lines after the units' line, or in it.
      const inUnits = stored.texts !== undefined || stored.dates !== undefined;
      if (columns === undefined || columns === "damaged" || inUnits !== (columns === "in units"))
        return this.#empty();
      const { texts, dates } = columns === "in units" ? stored : columns;
      const kinds = stored.kinds;
      const counts = stored.files;
      // Counted first, so every array is made at its size instead of grown unit by unit.
      let total = 0;
      for (const count of counts) {
        if (!Number.isInteger(count)) return this.#empty();
        total += count;
      }
      const paths = new Array<string>(total);
      let next = 0;
      let id = 0;
      for (const file of this.files.values()) {
        const count = counts[next++] as number;
        const path = file.row.path;
        const ids = new Array<number>(count);
        for (let unit = 0; unit < count; unit++) {
          ids[unit] = id;
          paths[id++] = path;
        }
        file.ids = ids;
      }
      const unread =
        typeof texts === "string" && typeof dates === "string" && typeof kinds === "string"
          ? UnreadUnits.of(texts, dates, kinds, paths)
          : undefined;
      let withUnits = 0;
      for (const file of this.files.values()) if (file.ids.length > 0) withUnits++;
      const search = readPacked(stored.search, paths.length, paths.length);
      const fileSearch = readPacked(stored.fileSearch, withUnits, paths.length);
      if (
        unread === undefined ||
        paths.length > this.nextId ||
        search === undefined ||
        fileSearch === undefined ||
        !isStoredTerms(
          stored.terms,
          Object.keys(search.fieldIds).length,
          this.#storedTerms?.length ?? 0,
        ) ||
        !isStoredTerms(
          stored.fileTerms,
          Object.keys(fileSearch.fieldIds).length,
          this.#storedFileTerms.length,
        )
      ) {
        return this.#empty();
      }
      this.#unread = unread;
      this.#searchMeta = {
        units: search,
        files: fileSearch,
        terms: stored.terms,
        fileTerms: stored.fileTerms,
      };
      return true;
    } catch {
      return this.#empty();
    }
  }

  // Parses the fields' line and makes objects of the units still in their stored columns (what
  // changing the index needs); `false` (and the index emptied) when the line is untrusted.
  #readUnits(): boolean {
    const unread = this.#unread;
    if (unread === undefined) return true;
    if (!this.#readFields()) return false;
    this.#unread = undefined;
    for (let id = 0; id < unread.count; id++) {
      if (!this.#unreadGone.has(id)) this.units.set(id, unread.unit(id));
    }
    this.#unreadGone.clear();
    return true;
  }

  // Parses the fields' line (each file's fields and version, in the stored files' order, so before
  // a fold changes the files); `false` (and the index emptied) when the line is untrusted.
  #readFields(): boolean {
    const text = this.#storedFields;
    if (text === undefined) return true;
    this.#storedFields = undefined;
    try {
      const fields = JSON.parse(text ?? "") as unknown;
      if (!Array.isArray(fields) || fields.length !== this.files.size) return this.#empty();
      let next = 0;
      for (const file of this.files.values()) {
        const entry = fields[next++] as Partial<StoredFileFields> | null;
        if (!Array.isArray(entry)) return this.#empty();
        const [words, entities, version] = entry;
        if (
          typeof words !== "string" ||
          typeof entities !== "string" ||
          (version !== null && typeof version !== "string")
        ) {
          return this.#empty();
        }
        file.fields = { file: words, entities };
        if (version !== null) file.version = version;
      }
    } catch {
      return this.#empty();
    }
    return true;
  }

  #unitCount(): number {
    const unread = this.#unread;
    return this.units.size + (unread === undefined ? 0 : unread.count - this.#unreadGone.size);
  }

  // Unit `id`, made from the stored columns while they are unread.
  #unitAt(id: number): FileUnit | undefined {
    const unread = this.#unread;
    return unread !== undefined && id < unread.count && !this.#unreadGone.has(id)
      ? unread.unit(id)
      : this.units.get(id);
  }

  #empty(): false {
    this.files.clear();
    this.units.clear();
    this.#search = emptySearches();
    this.#stored = undefined;
    this.#unreadAfter = undefined;
    this.#storedUnits = undefined;
    this.#storedColumns = undefined;
    this.#storedFields = undefined;
    this.#storedTerms = undefined;
    this.#storedFileTerms = undefined;
    this.#unread = undefined;
    this.#unreadGone.clear();
    this.#byFileId = undefined;
    this.#searchMeta = undefined;
    this.#partial = undefined;
    this.#folded = undefined;
    this.#scopedFiles = 0;
    this.#pathSet = undefined;
    this.#rowsCache = undefined;
    this.#changed.clear();
    this.#unsettled.clear();
    this.stored = undefined;
    this.unsaved = true;
    return false;
  }

  get #paths(): ReadonlySet<string> {
    this.#pathSet ??= new Set(this.files.keys());
    return this.#pathSet;
  }

  /**
   * The rows of the files in `scope` (all files when absent), sorted by path: what `list()` (of a
   * `boundaryStore` view) gives a copy of, from the index. The rows are frozen, and a file's row is
   * the same object while that file does not change, so recall can tell unchanged rows by identity
   * (the memory block's pre-filter does).
   */
  rows(scope?: IndexScope): MemoryRow[] {
    const cached = this.#rowsCache;
    if (cached?.all === (scope === undefined) && cached.project === scope?.project) {
      return [...cached.rows];
    }
    const rows: MemoryRow[] = [];
    for (const file of this.files.values()) {
      if (scope === undefined || inScope(file.scope, scope.project))
        rows.push(this.#frozen(file.row));
    }
    rows.sort((a, b) => compareCodeUnits(a.path, b.path));
    this.#rowsCache = { project: scope?.project, all: scope === undefined, rows };
    return [...rows];
  }

  #frozen(row: MemoryRow): MemoryRow {
    let frozen = this.#frozenRows.get(row);
    if (frozen === undefined) {
      frozen = Object.freeze({ ...row });
      this.#frozenRows.set(row, frozen);
    }
    return frozen;
  }

  // A written file's row is taken out of (and put back into) the kept rows where it sorts: after a
  // write, sorting 10,000 rows anew costs more than the rest of the request's listing.
  #patchRows(path: string, added?: { row: MemoryRow; scope: string | undefined }): void {
    const cached = this.#rowsCache;
    if (cached === undefined) return;
    const rows = cached.rows as MemoryRow[];
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareCodeUnits((rows[middle] as MemoryRow).path, path) < 0) low = middle + 1;
      else high = middle;
    }
    const present = rows[low]?.path === path;
    if (added === undefined) {
      if (present) rows.splice(low, 1);
    } else if (cached.all || inScope(added.scope, cached.project)) {
      rows.splice(low, present ? 1 : 0, this.#frozen(added.row));
    } else if (present) {
      rows.splice(low, 1);
    }
  }

  /** Whether some indexed file was last stamped `""` (see {@link refreshPaths}). */
  get unsettled(): boolean {
    return this.#unsettled.size > 0;
  }

  /** Whether the file at `path` is indexed and in `scope` (any indexed file when absent). */
  holds(path: string, scope?: IndexScope): boolean {
    const file = this.files.get(path);
    return file !== undefined && (scope === undefined || inScope(file.scope, scope.project));
  }

  /**
   * Whether this build's secret screen cleared a row as the index holds it (decision 0085): the
   * file's flag is set under `clearedFlagIdentity()` and the index lists the same name and
   * description, so its path's names, name and description need no masking. A row of a file the
   * index does not hold, or holds with another name or description, is not cleared.
   *
   * @param row - `{ path, name, description }`, e.g. a row of {@link rows}.
   * @returns `true` for a row shown as it is, unscreened.
   * @example index.clearedRow(index.rows()[0]) // true for a clean file
   */
  clearedRow(row: Pick<MemoryRow, "path" | "name" | "description">): boolean {
    const file = this.files.get(row.path);
    return (
      clearedFile(file) && file?.row.name === row.name && file.row.description === row.description
    );
  }

  /**
   * The units matching `query` in `scope` (every file when absent), ranked (`rankHits`), without the
   * units of `skipPaths` (default profile and preferences, which the memory block holds whole).
   */
  query(
    query: string,
    scope?: IndexScope,
    skipPaths: readonly string[] = ALWAYS_LOADED,
  ): ScoredRecallUnit[] {
    const ranked = this.ranked(query, scope, skipPaths);
    const units: ScoredRecallUnit[] = [];
    for (let rank = 0; rank < ranked.length; rank++) units.push(ranked.at(rank));
    return units;
  }

  /**
   * {@link query}, made as it is read: a reader that stops early (a token budget) pays for the
   * units it reads, not for ranking every matched one.
   */
  ranked(
    query: string,
    scope?: IndexScope,
    skipPaths: readonly string[] = ALWAYS_LOADED,
  ): RankedRecallUnits {
    if (this.#partial?.query !== query) this.load();
    if (query.trim() === "" || this.#unitCount() === 0) return NO_UNITS;
    const searches = this.#partial?.query === query ? this.#partial.search : this.#search;
    const search: UnitSearch = { ...searches, unitsOf: (fileId) => this.#unitsOf(fileId) };
    const found =
      scope === undefined || this.#scopedFiles === 0
        ? searchUnitHits(search, query)
        : searchUnitHits(search, query, this.#inScope(scope));
    // One object shape per kind, keys in the order `unitsOfFile` writes them.
    // From the stored columns while they are unread (every id a place in them).
    const unread = this.#unread;
    return rankFoundUnits(
      found,
      unread === undefined
        ? (id) => this.units.get(id)
        : (id) => (id < unread.count ? unread.unit(id) : this.units.get(id)),
      query,
      skipPaths,
      ({ path, text, kind, date }, score): ScoredRecallUnit => {
        const unit: ScoredRecallUnit =
          date === undefined
            ? { path, text, kind, score }
            : kind === "line"
              ? { path, text, date, kind, score }
              : { path, text, kind, date, score };
        if (clearedFile(this.files.get(path))) screenedUnits.add(unit);
        return unit;
      },
      unread === undefined ? this.units.rankColumns() : unread.columns(this.units),
    );
  }

  // Whether a unit is in `scope`: only a file with a scope can be out of one, so the units of those
  // files out of it are listed once, not looked up per hit.
  // Kept while the unit ids by file are the same array and no file with a scope changed.
  #inScope(scope: IndexScope): (id: number) => boolean {
    this.#unitsOf(-1);
    const byFileId = this.#byFileId;
    const kept = this.#scopeFilter;
    if (kept !== undefined && kept.byFileId === byFileId && kept.project === scope.project) {
      return kept.filter;
    }
    const out = new Uint8Array(this.nextId);
    // The files themselves, not [path, file] entries: `holds` of an indexed file, without looking
    // up again each of the thousands a memory of many projects scopes.
    for (const file of this.files.values()) {
      if (file.scope !== undefined && !inScope(file.scope, scope.project)) {
        for (const id of file.ids) out[id] = 1;
      }
    }
    const filter = (id: number) => out[id] !== 1;
    this.#scopeFilter = { byFileId, project: scope.project, filter };
    return filter;
  }

  #document(id: number, unit: FileUnit): IndexedUnit {
    return { id, text: unit.text, date: dateWords(unit.date) };
  }

  // A file's document in the file search: absent for a file with no unit.
  #fileDocument(ids: readonly number[], fields: IndexedFile["fields"]): FileDocument | undefined {
    const id = ids[0];
    return id === undefined ? undefined : { id, ...fields };
  }

  #unitsOf(fileId: number): readonly number[] | undefined {
    let byFileId = this.#byFileId;
    if (byFileId === undefined) {
      // A file's document id is its first unit's id: an array by id, not a map (ids are dense).
      byFileId = new Array<readonly number[] | undefined>(this.nextId);
      for (const file of this.files.values()) {
        const first = file.ids[0];
        if (first !== undefined) byFileId[first] = file.ids;
      }
      this.#byFileId = byFileId;
    }
    return byFileId[fileId];
  }

  // A written file's unit ids are patched into the ids by file, not rebuilt over every file. A
  // file of no scope is in every one: the scope filter stays (its new ids are past the ones it
  // holds, so they are in scope); a file with one, before or after, drops it.
  #unitsChanged(
    previous: IndexedFile | undefined,
    ids: readonly number[] | undefined,
    scope: string | undefined,
  ): void {
    const byFileId = this.#byFileId;
    if (byFileId !== undefined) {
      const old = previous?.ids[0];
      if (old !== undefined) byFileId[old] = undefined;
      const first = ids?.[0];
      if (first !== undefined) byFileId[first] = ids;
    }
    if (scope !== undefined || previous?.scope !== undefined) this.#scopeFilter = undefined;
  }

  #drop(path: string): void {
    const file = this.files.get(path);
    if (file === undefined) return;
    for (const id of file.ids) {
      const unit = this.units.get(id);
      if (unit !== undefined) this.#search.units.remove(this.#document(id, unit));
      this.units.delete(id);
    }
    const document = this.#fileDocument(file.ids, file.fields);
    if (document !== undefined) this.#search.files.remove(document);
    this.#unitsChanged(file, undefined, file.scope);
    if (file.scope !== undefined) this.#scopedFiles--;
    this.files.delete(path);
    this.#pathSet = undefined;
    this.#patchRows(path);
    this.#changed.add(path);
    this.unsaved = true;
  }

  #add(
    stamp: string,
    row: MemoryRow,
    units: readonly FileUnit[],
    linked: IndexedFile["fields"],
    version: string | undefined,
    screened: string | undefined,
  ): void {
    const scope = fileScope(row.path, row.scope);
    const ids: number[] = [];
    for (const unit of units) {
      const id = this.nextId++;
      ids.push(id);
      this.units.set(id, unit);
      this.#search.units.add(this.#document(id, unit));
    }
    const document = this.#fileDocument(ids, linked);
    if (document !== undefined) this.#search.files.add(document);
    this.#unitsChanged(this.files.get(row.path), ids, scope);
    if (this.files.get(row.path)?.scope !== undefined) this.#scopedFiles--;
    if (scope !== undefined) this.#scopedFiles++;
    this.files.set(row.path, {
      stamp,
      ...(version === undefined ? {} : { version }),
      row,
      ...(scope === undefined ? {} : { scope }),
      ...(screened === undefined ? {} : { screened }),
      fields: linked,
      ids,
    });
    this.#pathSet = undefined;
    this.#patchRows(row.path, { row, scope });
    this.#changed.add(row.path);
    this.unsaved = true;
  }

  // `byName` is asked only for a row with links: building it sorts every indexed path.
  #fields(row: MemoryRow, byName: () => ReadonlyMap<string, MemoryRow>): IndexedFile["fields"] {
    const links = row.links ?? [];
    const linked =
      links.length === 0 ? [] : links.flatMap((name) => byName().get(name.toLowerCase()) ?? []);
    return indexedFileFields({ ...row, linked });
  }

  #byName(): Map<string, MemoryRow> {
    const byName = new Map<string, MemoryRow>();
    for (const path of [...this.files.keys()].sort(compareCodeUnits)) {
      const row = this.files.get(path)?.row;
      if (row !== undefined) byName.set(row.name.toLowerCase(), row);
    }
    return byName;
  }

  /**
   * Brings the index up to the store's files: a file whose stamp changed is read and indexed
   * again alone, a new one added, a gone one dropped; a file linking to one whose name or
   * description changed gets its entity words again (from the units it holds, unread).
   *
   * @returns Whether anything changed.
   */
  async refresh(store: RecallIndexStore): Promise<boolean> {
    this.leftOut = 0;
    const stamps = await store.listStamps(this.#paths);
    // A listing names each file once: when it holds every indexed path, none was removed, and no
    // set of every listed path is made to find which.
    let indexed = 0;
    for (const file of stamps) if (this.files.has(file.path)) indexed++;
    const listed =
      indexed === this.files.size ? undefined : new Set(stamps.map((file) => file.path));
    const removed =
      listed === undefined ? [] : [...this.files.keys()].filter((path) => !listed.has(path));
    this.#unsettled.clear();
    return this.#update(store, stamps, removed);
  }

  /**
   * As {@link refresh}, for the named files alone (what the folder's events named, no folder
   * among them), without walking the folder: a named memory file is indexed again if its stamp
   * changed, added if new, dropped if gone; any other name (a temp file, `MEMORY.md`) is skipped,
   * as the walk skips it. Files last stamped `""` are stamped again with them once their 2 s have
   * passed; until then one no event named is not read again: the events, not its stat, say
   * whether it changed since it was read.
   *
   * @returns Whether anything changed.
   */
  async refreshPaths(store: RecallIndexStore, named: ReadonlySet<string>): Promise<boolean> {
    this.leftOut = 0;
    const paths = new Set([...named].filter((path) => path.endsWith(".md")));
    const unnamed = [...this.#unsettled].filter((path) => !paths.has(path));
    for (const path of unnamed) paths.add(path);
    this.#unsettled.clear();
    if (paths.size === 0) return false;
    const stamps = (await store.listStamps(undefined, { only: paths })).filter((file) =>
      paths.has(file.path),
    );
    const listed = new Set(stamps.map((file) => file.path));
    const removed = [...paths].filter((path) => this.files.has(path) && !listed.has(path));
    const waiting = new Set(unnamed);
    const looked = stamps.filter((file) => file.stamp !== "" || !waiting.has(file.path));
    for (const file of stamps)
      if (file.stamp === "" && waiting.has(file.path)) this.#unsettled.add(file.path);
    return this.#update(store, looked, removed);
  }

  // Reads the files of `stamps` whose stamp changed and drops `removed`.
  async #update(
    store: RecallIndexStore,
    stamps: readonly FileStamp[],
    removed: string[],
  ): Promise<boolean> {
    for (const file of stamps) if (file.stamp === "") this.#unsettled.add(file.path);
    const changed = stamps.filter(
      (file) => file.stamp === "" || this.files.get(file.path)?.stamp !== file.stamp,
    );
    if (removed.length === 0 && changed.length === 0) return false;
    await this.readRest(store);
    // A query's index read in part takes edited files in as a folded log does (its terms stay
    // unread); emptied (its stored search could not be trusted): every file is read again.
    const inPart = this.#storedTerms !== undefined;
    if (!(inPart ? this.#loadUnits() && this.#readFields() : this.load()))
      return this.refresh(store);
    const read: Array<{ stamp: string; version: string; row: MemoryRow; content: string }> = [];
    let restamped = false;
    for (const file of changed) {
      // A file gone or refused between the listing and the read is left out until it reads.
      const result = await store.read(file.path).catch(() => undefined);
      if (result?.exists !== true) {
        this.leftOut++;
        removed.push(file.path);
        continue;
      }
      const indexed = this.files.get(file.path);
      if (indexed !== undefined && indexed.version === result.version) {
        // The same text under a new stamp (a touch, or a file still in its 2 s window).
        if (indexed.stamp !== file.stamp) {
          restamped = true;
          this.#changed.add(file.path);
        }
        indexed.stamp = file.stamp;
        continue;
      }
      const row = rowFromText(file.path, result.content, store.maxChars, store.layout);
      read.push({ stamp: file.stamp, version: result.version, row, content: result.content });
    }
    if (restamped) this.unsaved = true;
    if (removed.length === 0 && read.length === 0) return restamped;
    // Only edits that keep each file's name and description: no other file's entity words change.
    const edits =
      removed.length === 0 &&
      read.every((file) => {
        const before = this.files.get(file.row.path)?.row;
        return before?.name === file.row.name && before.description === file.row.description;
      });
    // Built on first use: on the whole path, after the files changed.
    let names: Map<string, MemoryRow> | undefined;
    const byName = () => {
      names ??= this.#byName();
      return names;
    };
    const made = read.map((file) => unitsOfFile(file.row, file.content));
    const screened = screenedFiles(read, made);
    if (inPart && edits) {
      this.#foldEntries(
        read.map(({ stamp, version, row }, at) => {
          const scope = fileScope(row.path, row.scope);
          const fields = this.#fields(row, byName);
          const flag = screened[at];
          const file = {
            stamp,
            version,
            row,
            ...(scope === undefined ? {} : { scope }),
            ...(flag === undefined ? {} : { screened: flag }),
            fields,
          };
          return { path: row.path, file: { ...file, ids: [] }, units: made[at] ?? [] };
        }),
      );
      for (const file of read) this.#changed.add(file.row.path);
      this.unsaved = true;
      return true;
    }
    if (inPart && !this.load()) return this.refresh(store);
    const renamed = new Set<string>();
    const noteNames = (row: MemoryRow | undefined, other?: MemoryRow) => {
      if (row === undefined) return;
      if (other !== undefined && other.name === row.name && other.description === row.description)
        return;
      renamed.add(row.name.toLowerCase());
      if (other !== undefined) renamed.add(other.name.toLowerCase());
    };
    for (const path of removed) {
      noteNames(this.files.get(path)?.row);
      this.#drop(path);
    }
    for (const file of read) {
      const before = this.files.get(file.row.path)?.row;
      if (before === undefined) renamed.add(file.row.name.toLowerCase());
      else noteNames(before, file.row);
      this.#drop(file.row.path);
    }
    for (const file of read) {
      this.files.set(file.row.path, {
        stamp: file.stamp,
        row: file.row,
        fields: { file: "", entities: "" },
        ids: [],
      });
    }
    for (const [at, file] of read.entries()) {
      // Before the delete: a `byName` first built here must still hold this file.
      const fields = this.#fields(file.row, byName);
      this.files.delete(file.row.path);
      this.#add(file.stamp, file.row, made[at] ?? [], fields, file.version, screened[at]);
    }
    if (renamed.size > 0) {
      const fresh = new Set(read.map((file) => file.row.path));
      for (const [path, file] of [...this.files]) {
        if (fresh.has(path)) continue;
        if (!(file.row.links ?? []).some((name) => renamed.has(name.toLowerCase()))) continue;
        const fields = this.#fields(file.row, byName);
        if (fields.entities === file.fields.entities && fields.file === file.fields.file) continue;
        const units = file.ids.flatMap((id) => this.units.get(id) ?? []);
        this.#drop(path);
        this.#add(file.stamp, file.row, units, fields, file.version, file.screened);
      }
    }
    return true;
  }

  /**
   * The index as stored: lines of JSON (the files, the units, the files' fields, one line per
   * term, `"end"`).
   */
  serialize(store: Pick<RecallIndexStore, "layout" | "maxChars">): string {
    // A search read in part (a query's terms, a folded log) is read whole before it is written.
    if (this.#stored === undefined) this.load();
    const listed: StoredFiles["files"] = [];
    let cleared = "";
    for (const file of this.files.values()) {
      const { stamp, row, scope } = file;
      listed.push(scope === undefined ? { stamp, row } : { stamp, row, scope });
      cleared += clearedFile(file) ? "1" : "0";
    }
    const files: StoredFiles = {
      format: RECALL_INDEX_FORMAT,
      ranking: RANKING_INDEX_VERSION,
      screen: clearedFlagIdentity(),
      layout: store.layout,
      maxChars: store.maxChars,
      nextId: this.nextId,
      files: listed,
      cleared,
    };
    // Units and search not loaded whole are unchanged: their stored text is written back as it was.
    if (this.#stored !== undefined) return `${JSON.stringify(files)}\n${this.#stored}`;
    const { index, ...search } = this.#search.units.toJSON();
    const { index: fileIndex, ...fileSearch } = this.#search.files.toJSON();
    // Stored with each unit's place as its id: a reader finds a unit without a table of ids.
    const placeOf = new Map<number, number>();
    const texts: string[] = [];
    const dates: string[] = [];
    let kinds = "";
    const counts: number[] = [];
    const fields: StoredFileFields[] = [];
    for (const file of this.files.values()) {
      counts.push(file.ids.length);
      fields.push([file.fields.file, file.fields.entities, file.version ?? null]);
      for (const id of file.ids) {
        const unit = this.units.get(id);
        if (unit === undefined) throw new Error(`recall index: unit ${id} of a file is missing`);
        placeOf.set(id, texts.length);
        texts.push(unit.text);
        dates.push(unit.date ?? "");
        kinds += KIND_LETTERS[unit.kind];
      }
    }
    files.nextId = texts.length;
    const unitTerms = termLines(
      index,
      Object.keys(search.fieldIds).length,
      (postings) => Object.keys(postings).length,
    );
    const fileTerms = termLines(fileIndex, Object.keys(fileSearch.fieldIds).length, (postings) => {
      let units = 0;
      for (const shortId in postings) {
        const fileId = fileSearch.documentIds[shortId];
        if (typeof fileId === "number") units += this.#unitsOf(fileId)?.length ?? 0;
      }
      return units;
    });
    const textColumn = texts.join("\n");
    const dateColumn = dates.join("\n");
    const raw = !LONE_SURROGATE.test(textColumn) && !LONE_SURROGATE.test(dateColumn);
    const units: StoredUnits = {
      ...(raw ? {} : { texts: textColumn, dates: dateColumn }),
      kinds,
      files: counts,
      search: packed(search, placeOf),
      fileSearch: packed(fileSearch, placeOf),
      terms: unitTerms.terms,
      fileTerms: fileTerms.terms,
    };
    const chars: UnitColumnChars = raw ? [textColumn.length, dateColumn.length] : null;
    const columns = raw ? `${textColumn}\n${dateColumn}\n` : "";
    return `${JSON.stringify(files)}\n${JSON.stringify(units)}\n${JSON.stringify(chars)}\n${columns}${JSON.stringify(fields)}\n${unitTerms.lines}${FILES_LINE}${fileTerms.lines}${END_LINE.slice(1)}`;
  }

  /**
   * The lines of the log for the files changed since the index was last stored: each changed
   * file's entry and units as indexed now, or its path alone when it is gone.
   */
  logLines(): string {
    let text = "";
    for (const path of this.#changed) {
      const file = this.files.get(path);
      let line: LoggedFile = { path };
      if (file !== undefined) {
        const { ids, ...entry } = file;
        // A file only stamped again keeps units still unread in the stored columns.
        line = { path, file: entry, units: ids.flatMap((id) => this.#unitAt(id) ?? []) };
      }
      text += `${JSON.stringify(line)}\n`;
    }
    return text;
  }

  /** Marks the index as stored: nothing changed since. */
  markStored(): void {
    this.#changed.clear();
    this.unsaved = false;
  }

  /**
   * Folds the log's lines into the index (loaded whole first), each line replacing its file's
   * entry and units, later lines over earlier ones; a store's `changed` line is left to the
   * refresh's stamps. A last line without its newline is a torn append (a crash mid-write) and is
   * ignored.
   *
   * @returns `false` when a whole line is not one {@link logLines} wrote (the caller rebuilds).
   */
  fold(log: string): boolean {
    // The units' line is parsed (the files need their ids) and the fields' line (a removed file's
    // document is its fields); the units are made objects only if the terms were read already.
    if (!this.#loadUnits()) return false;
    if (!(this.#storedTerms === undefined ? this.#readUnits() : this.#readFields())) return false;
    const read = readRecallIndexLog(log);
    if (read === undefined) return false;
    // A store's write (`changedLogLine`) is for a reader that stats only some files: the refresh
    // after a fold compares every file's stamp, which a store's write always changes.
    const entries = read.files.filter((entry) => entry.changed !== true);
    const logged: Array<{ path: string; file?: IndexedFile; units?: FileUnit[] }> = entries.map(
      ({ path, file, units }) =>
        file === undefined ? { path } : { path, file: { ...file, ids: [] }, units: units ?? [] },
    );
    if (this.#storedTerms === undefined) {
      for (const { path, file, units } of logged) {
        this.#drop(path);
        if (file !== undefined && units !== undefined)
          this.#add(file.stamp, file.row, units, file.fields, file.version, file.screened);
      }
    } else this.#foldEntries(logged);
    this.markStored();
    return true;
  }

  // Takes files in as the log gives them (a file's entry and units, or its path alone when gone)
  // into an index whose terms are not read yet: the files and units change now, each search built
  // later changes too.
  #foldEntries(
    logged: ReadonlyArray<{ path: string; file?: IndexedFile; units?: FileUnit[] }>,
  ): void {
    const folded = this.#folded ?? {
      remove: [],
      add: [],
      removeFiles: [],
      addFiles: [],
      added: new Set<number>(),
      removedUnits: new Map<number, number>(),
    };
    for (const { path, file, units } of logged) {
      const before = this.files.get(path);
      // A file an earlier line of the log added is not in the stored search: its documents
      // leave what is to be added (removing them from the search would throw).
      const first = before?.ids[0];
      const fromLog = first !== undefined && folded.added.has(first);
      if (fromLog) {
        const gone = new Set(before?.ids);
        folded.add = folded.add.filter((document) => !gone.has(document.id));
        folded.addFiles = folded.addFiles.filter((document) => !gone.has(document.id));
      }
      for (const id of before?.ids ?? []) {
        const unit = this.#unitAt(id);
        if (unit !== undefined && !fromLog) folded.remove.push(this.#document(id, unit));
        if (id < (this.#unread?.count ?? 0)) this.#unreadGone.add(id);
        this.units.delete(id);
      }
      const removed =
        before === undefined || fromLog ? undefined : this.#fileDocument(before.ids, before.fields);
      if (removed !== undefined) {
        folded.removeFiles.push(removed);
        folded.removedUnits.set(removed.id, before?.ids.length ?? 0);
      }
      if (before?.scope !== undefined) this.#scopedFiles--;
      this.files.delete(path);
      if (file === undefined || units === undefined) continue;
      const ids: number[] = [];
      for (const unit of units) {
        const id = this.nextId++;
        ids.push(id);
        this.units.set(id, unit);
        folded.added.add(id);
        folded.add.push(this.#document(id, unit));
      }
      const document = this.#fileDocument(ids, file.fields);
      if (document !== undefined) folded.addFiles.push(document);
      if (file.scope !== undefined) this.#scopedFiles++;
      this.files.set(path, { ...file, ids });
    }
    this.#folded = folded;
    this.#stored = undefined;
    this.#partial = undefined;
    this.#pathSet = undefined;
    this.#byFileId = undefined;
    this.#rowsCache = undefined;
  }

  /**
   * An index read back from {@link serialize}'s text, or `undefined` when the text is not one
   * (not JSON, another format or ranking version, another layout or cap, units and files that do
   * not agree): such an index is rebuilt, never trusted.
   */
  static parse(
    text: string,
    store: Pick<RecallIndexStore, "layout" | "maxChars">,
  ): RecallIndex | undefined {
    const index = RecallIndex.parseFiles(text, store);
    return index?.load() === true ? index : undefined;
  }

  /**
   * {@link parse} of the files' line alone (rows, stamps, scopes): the units, each file's unit ids,
   * fields and version, and the search are parsed by {@link load}, when a query or a changed file
   * first needs them. `text` may end after
   * the files' line (a store read with `firstLine`): {@link readRest} then reads the rest.
   *
   * @returns The index, or `undefined` when the files' line is not one {@link serialize} wrote.
   */
  static parseFiles(
    text: string,
    store: Pick<RecallIndexStore, "layout" | "maxChars">,
  ): RecallIndex | undefined {
    const index = new RecallIndex();
    return index.#adopt(text, store) ? index : undefined;
  }

  // Takes the stored text into this (empty) index; `false` when it is not one `serialize` wrote.
  #adopt(text: string, store: Pick<RecallIndexStore, "layout" | "maxChars">): boolean {
    const end = text.indexOf("\n");
    if (end === -1) return false;
    try {
      const stored = JSON.parse(text.slice(0, end)) as Partial<StoredFiles> | null;
      if (
        !storedByTheseRules(stored, store) ||
        typeof stored.nextId !== "number" ||
        !Array.isArray(stored.files)
      ) {
        return false;
      }
      this.nextId = stored.nextId;
      for (const file of stored.files) {
        const path = file?.row?.path;
        if (typeof file?.stamp !== "string" || typeof path !== "string" || this.files.has(path)) {
          return false;
        }
        // Completed by `#loadUnits` (see `IndexedFile`).
        this.files.set(path, file as IndexedFile);
        if (file.scope !== undefined) this.#scopedFiles++;
      }
      const cleared = stored.cleared;
      if (typeof cleared !== "string" || cleared.length !== this.files.size) return false;
      // `storedByTheseRules` held the stored screen to this one.
      const screen = stored.screen as string;
      let at = 0;
      for (const file of this.files.values()) {
        if (cleared.charCodeAt(at++) === 49) file.screened = screen;
      }
      const rest = text.slice(end + 1);
      if (rest === "") {
        this.#unreadAfter = text;
        return true;
      }
      return this.#takeRest(rest);
    } catch {
      return false;
    }
  }

  /**
   * Reads the stored text after the files' line when only that line was read: the stored units
   * and search, before anything needs them. When the stored index changed since its files' line
   * was read (another process stored it again), it is taken whole as it is now; when that cannot
   * be trusted, the index is emptied, so every file is read again.
   */
  async readRest(
    store: Pick<RecallIndexStore, "readInternal" | "layout" | "maxChars">,
  ): Promise<void> {
    const head = this.#unreadAfter;
    if (head === undefined) return;
    this.#unreadAfter = undefined;
    const text = await store.readInternal(RECALL_INDEX_FILE).catch(() => undefined);
    if (text?.startsWith(head) === true && this.#takeRest(text.slice(head.length))) return;
    this.#empty();
    if (text !== undefined && text.length > head.length && this.#adopt(text, store)) {
      this.unsaved = false;
    } else this.#empty();
  }

  #takeRest(rest: string): boolean {
    const unitsEnd = rest.indexOf("\n");
    if (unitsEnd === -1 || !rest.endsWith(END_LINE)) return false;
    const termsEnd = rest.length - END_LINE.length + 1;
    const { columns, fieldsAt } = storedColumns(rest, unitsEnd + 1);
    const fieldsEnd = rest.indexOf("\n", fieldsAt);
    const termsAt = fieldsEnd + 1;
    // The `"files"` line: at the start of the terms, or after a line's end.
    const filesAt =
      fieldsEnd === -1
        ? -1
        : rest.startsWith(FILES_LINE, termsAt)
          ? termsAt
          : rest.lastIndexOf(`\n${FILES_LINE}`, termsEnd) + 1;
    this.#stored = rest;
    this.#storedUnits = rest.slice(0, unitsEnd);
    this.#storedColumns = columns;
    this.#storedFields = rest.slice(fieldsAt, Math.max(fieldsAt, fieldsEnd));
    // No fields' or `"files"` line: the files' line still serves a listing; a query rebuilds
    // (`#loadUnits`).
    if (filesAt < termsAt) {
      this.#storedTerms = "";
      this.#storedFileTerms = undefined;
      return true;
    }
    this.#storedTerms = rest.slice(termsAt, Math.max(termsAt, filesAt - 1));
    this.#storedFileTerms = rest.slice(
      filesAt + FILES_LINE.length,
      Math.max(filesAt + FILES_LINE.length, termsEnd - 1),
    );
    return true;
  }
}

/**
 * Whether a store keeps a persistent recall index (a `MemoryStore` does: stamps, internal files,
 * root, layout and cap).
 *
 * @param store - Any store.
 * @returns `true` when {@link openRecallIndex} can serve it.
 * @example isRecallIndexStore(new MemoryStore({ root: "memory" })) // true
 */
export function isRecallIndexStore(store: object): store is RecallIndexStore {
  const candidate = store as Partial<RecallIndexStore>;
  return (
    typeof candidate.listStamps === "function" &&
    typeof candidate.readInternal === "function" &&
    typeof candidate.writeInternal === "function" &&
    typeof candidate.read === "function" &&
    typeof candidate.root === "string" &&
    typeof candidate.maxChars === "number" &&
    (candidate.layout === "subject" || candidate.layout === "fact")
  );
}

/** Options of {@link openRecallIndex}. */
export type OpenRecallIndexOptions = {
  /**
   * Only `rows()` and `holds()` will be asked: the stored units and search are parsed only if a
   * changed file needs them (the memory block of a session start needs none).
   */
  rowsOnly?: boolean;
  /**
   * The one query that will be asked: an index read from its stored text parses only the terms
   * that query can reach (a cold process that recalls once); another query parses the rest.
   */
  query?: string;
};

// The index of each memory this process has opened, by store and rules: a warm process reads the
// stored index once, then only the stamps, and only after the folder's events say a file changed.
const opened = new Map<string, RecallIndex>();
// The watch of each opened index's folder (`null`: not watched, the stamps are walked each time).
const watches = new Map<string, FolderWatch | null>();
const pendingSaves = new Map<string, Promise<void>>();

function keyOf(store: RecallIndexStore): string {
  return `${store.root}\u0000${store.layout}\u0000${store.maxChars}`;
}

/**
 * The recall index of a store, up to date with its files: read from `.memfiles/recall-index.json`
 * (the database's internal files on PostgreSQL) the first time in a process, rebuilt when that is
 * missing, corrupt or of another version, then brought up to date from the files' stamps, so a
 * file changed by any writer (a person's editor, another process) is re-indexed alone at the next
 * call. A changed index is stored before the call returns (one save at a time per memory); a
 * failed save is not an error (the next call stores it again).
 *
 * @param store - The memory (a `MemoryStore`).
 * @param options - `{ rowsOnly?, query? }`.
 * @returns The index.
 * @throws File-system errors from listing the folder pass through; an unreadable index file is
 *   rebuilt, not thrown.
 * @example (await openRecallIndex(store)).query("Where does Marta live?", undefined)
 */
export async function openRecallIndex(
  store: RecallIndexStore,
  options: OpenRecallIndexOptions = {},
): Promise<RecallIndex> {
  const key = keyOf(store);
  let index = opened.get(key);
  if (index === undefined) {
    const log = (await store.readInternal(RECALL_INDEX_LOG).catch(() => undefined)) ?? "";
    // A log is folded into the index loaded whole: no partial read while there is one.
    const firstLine = options.rowsOnly === true && log === "";
    const text = await store.readInternal(RECALL_INDEX_FILE, { firstLine }).catch(() => undefined);
    let stored = text === undefined ? undefined : RecallIndex.parseFiles(text, store);
    // A corrupt log is a corrupt index: rebuilt.
    if (log !== "" && stored?.fold(log) === false) stored = undefined;
    // After a torn last line, the next save stores the index whole rather than append to it.
    if (stored !== undefined && text !== undefined && !firstLine && !/[^\n]$/.test(log)) {
      stored.stored = { main: text.length, log: log.length };
    }
    index = stored ?? new RecallIndex();
    // A missing or unreadable index is stored anew even when the memory is empty.
    if (stored === undefined) index.unsaved = true;
    forgetOpened(key);
    opened.set(key, index);
  } else if (!watches.has(key)) {
    // Asked again: a long-lived process. A one-call process (a hook, a CLI call) pays no watch.
    watches.set(key, FolderWatch.start(store.root) ?? null);
  }
  if (options.rowsOnly !== true) await index.readRest(store);
  if (options.query !== undefined) index.prepare(options.query);
  else if (options.rowsOnly !== true) index.load();
  const watch = watches.get(key);
  let changes = watch === undefined || watch === null ? "all" : await watch.changes();
  // No event comes when a file's 2 s of untrusted stat pass: stamp such files again.
  if (changes === undefined && index.unsettled) changes = new Set<string>();
  if (changes !== undefined) {
    let settled = false;
    try {
      if (changes === "all") await index.refresh(store);
      else await index.refreshPaths(store, changes);
      settled = index.leftOut === 0;
      // Files taken in as a fold drop the query's search: it is made again, with them.
      if (options.query !== undefined) index.prepare(options.query);
    } finally {
      // A refresh that failed or left a file out is made again at the next call.
      if (!settled) watch?.markChanged();
    }
  }
  if (index.unsaved) await save(key, index, store);
  return index;
}

/**
 * Which rows of a listing the stored recall index's secret screen cleared (decision 0085): for a
 * listing surface (`memfiles ls`, MCP `list`) to pass to `maskRows`, so a clean file's path, name
 * and description are printed as they are without the screen. Only where an index of this build's
 * rules is stored: it is opened (its files' line, brought up to date from the files' stamps, so a
 * file changed since is screened again) and never built here; without one, nothing is cleared. A
 * row is cleared when its file's flag is set and the index lists the same name and description.
 *
 * @param store - The memory (a `MemoryStore`); any other store clears nothing.
 * @returns A predicate over rows (`{ path, name, description }`): `true` for a row shown as it is.
 * @throws File-system errors from listing the folder pass through.
 * @example await maskRows(rows, await clearedRowsOf(store))
 */
export async function clearedRowsOf(
  store: object,
): Promise<(row: Pick<MemoryRow, "path" | "name" | "description">) => boolean> {
  if (!isRecallIndexStore(store)) return () => false;
  const start = await store
    .readInternal(RECALL_INDEX_FILE, { firstLine: true })
    .catch(() => undefined);
  if (!recallIndexStartFits(start?.slice(0, 256), store)) return () => false;
  const index = await openRecallIndex(store, { rowsOnly: true });
  return (row) => index.clearedRow(row);
}

function forgetOpened(key: string): void {
  opened.delete(key);
  watches.get(key)?.close();
  watches.delete(key);
}

// Stored before the call returns, not later in the background: a save landing after the caller
// removed or moved the folder would create `.memfiles/` again where no memory is.
async function save(
  key: string,
  index: RecallIndex,
  store: RecallIndexStore,
  whole = false,
): Promise<void> {
  const running = pendingSaves.get(key);
  if (running !== undefined) await running;
  if (!index.unsaved && !whole) return;
  const saving = storeIndex(index, store, whole)
    .catch(() => {
      index.unsaved = true;
      index.stored = undefined;
    })
    .finally(() => pendingSaves.delete(key));
  pendingSaves.set(key, saving);
  await saving;
}

// The changed files appended to the log while it stays under its share of the stored index;
// otherwise the index stored whole, then the log emptied (a crash between the two leaves an older
// log over a newer index: its entries' stamps no longer match, so those files are read again).
async function storeIndex(
  index: RecallIndex,
  store: RecallIndexStore,
  whole: boolean,
): Promise<void> {
  const stored = index.stored;
  const lines = index.logLines();
  index.markStored();
  if (
    !whole &&
    stored !== undefined &&
    store.appendInternal !== undefined &&
    stored.log + lines.length <= RECALL_INDEX_LOG_SHARE * stored.main
  ) {
    // Without the store's lock: each entry is checked by its file's stamp when read, so one
    // dropped by a whole store's emptying of the log is read again, never a wrong row (0076).
    await store.appendInternal(RECALL_INDEX_LOG, lines, { ...INTO_EXISTING_FOLDER, lock: false });
    stored.log += lines.length;
    return;
  }
  index.stored = undefined;
  let text = index.serialize(store);
  // First, as before: a memory folder that does not exist refuses this (and the lock would make it).
  await store.writeInternal(RECALL_INDEX_FILE, text, INTO_EXISTING_FOLDER);
  const emptyLog = async (): Promise<void> => {
    await store.writeInternal(RECALL_INDEX_LOG, "", INTO_EXISTING_FOLDER);
    index.stored = { main: text.length, log: 0 };
  };
  if (store.withLock === undefined) return emptyLog();
  // Under the lock a store's write holds for its file and its log line (0060): a write that landed
  // since the index was brought up is taken in by this walk and stored, and a later one appends its
  // line to the emptied log, so emptying the log drops no line of a write the index lacks (0076).
  await store.withLock(async () => {
    if (await index.refresh(store)) {
      text = index.serialize(store);
      index.markStored();
      await store.writeInternal(RECALL_INDEX_FILE, text, INTO_EXISTING_FOLDER);
    }
    await emptyLog();
  });
}

/**
 * Stores a memory's recall index whole and empties its log, when a log is pending: a reader of the
 * stored first line alone (the session-start hook's check of the files it shows) then sees every
 * write, instead of falling back to the full check after each one until the log is compacted.
 *
 * @param store - The memory (a `MemoryStore`); any other store is left alone.
 * @returns Resolves when stored; a failed save is not an error (the next save stores it again).
 * @throws File-system errors of listing the folder pass through.
 * @example await compactRecallIndex(store);
 */
export async function compactRecallIndex(store: object): Promise<void> {
  if (!isRecallIndexStore(store)) return;
  const log = (await store.readInternal(RECALL_INDEX_LOG).catch(() => undefined)) ?? "";
  if (log === "") return;
  const index = await openRecallIndex(store);
  await save(keyOf(store), index, store, true);
}

/**
 * Waits for the stored copies of recall indexes being saved (what a test or a process about to
 * exit on purpose calls).
 *
 * @returns Resolves when no save is pending.
 * @example await flushRecallIndexes();
 */
export async function flushRecallIndexes(): Promise<void> {
  while (pendingSaves.size > 0) await Promise.all([...pendingSaves.values()]);
}

/**
 * Forgets the indexes this process holds, so the next call reads the stored index again (what a
 * test of another process's view calls).
 *
 * @example forgetOpenRecallIndexes();
 */
export function forgetOpenRecallIndexes(): void {
  for (const key of [...opened.keys()]) forgetOpened(key);
}

/**
 * Makes the stored recall index hold nothing a forget removed, before the forget returns: the
 * index keeps each unit's words, and the seed design's forget leaves no words of the fact in the
 * folder. A store the index can refresh (`isRecallIndexStore`) has its index brought up to its
 * files and stored now; any other view of the memory (a scoped or tenant wrapper, a store without
 * file stamps) has the stored index emptied and this process's copies of it dropped, so the next
 * request rebuilds it. A memory with no stored or open index is left alone. A save that fails
 * empties the stored index instead.
 *
 * @param store - The memory a forget just changed, or a view of it (its root names the index).
 * @returns Resolves when the stored index holds only what the files hold.
 * @throws File-system errors of listing the folder or of emptying the stored index pass through.
 * @example await storeRecallIndexAfterForget(store);
 */
export async function storeRecallIndexAfterForget(
  store: Pick<RecallIndexStore, "root" | "readInternal" | "writeInternal">,
): Promise<void> {
  const keys = [...new Set([...opened.keys(), ...pendingSaves.keys()])].filter((key) =>
    key.startsWith(`${store.root}\u0000`),
  );
  // A save started before the forget holds the old units: let it land first, then overwrite it.
  for (const key of keys) await pendingSaves.get(key);
  const stored =
    keys.some((key) => opened.has(key)) ||
    (await store.readInternal(RECALL_INDEX_FILE).catch(() => undefined)) !== undefined;
  if (!stored) return;
  if (isRecallIndexStore(store)) {
    const index = await openRecallIndex(store);
    // Stored whole, the log emptied: the log may hold the forgotten line from an earlier write.
    await save(keyOf(store), index, store, true);
    if (!index.unsaved) return;
  }
  for (const key of keys) forgetOpened(key);
  await store.writeInternal(RECALL_INDEX_FILE, "", INTO_EXISTING_FOLDER);
  await store.writeInternal(RECALL_INDEX_LOG, "", INTO_EXISTING_FOLDER);
}
