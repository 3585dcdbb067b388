import type MiniSearch from "minisearch";
import type { Options, Query, SearchOptions, SearchResult } from "minisearch";
import { estimateTokens } from "../cost/cache-minimum.js";
import { compareCodeUnits } from "../text/compare-code-units.js";
import { MONTH_NAMES } from "../text/month-names.js";
import { queryWords } from "../text/query-words.js";
import { isPrefixSearchTerm, splitSearchTerms, stemmedSearchTerm } from "../text/search-terms.js";
import {
  documentColumns,
  documentsHolding,
  MINISEARCH_BM25,
  MINISEARCH_WEIGHTS,
  type PostingsIndex,
  postingsOf,
  type ScoredField,
  ScoredPostings,
  scoreTerm,
  searchedFields,
  searchPostings,
  type TermScoring,
} from "./postings-search.js";

// How one recall unit scores for a request, in one place: the words indexed per unit, how terms
// are normalized, the field boosts and the ranking after the search. The recall index (stored
// under `.memfiles/` or in the database) and the in-memory ranking both take everything from
// here, so a ranking change is made in this file alone.

/**
 * Version of what the index holds per unit and per file (fields, term normalization). A persisted
 * recall index of another version is rebuilt, not read: bump it whenever `unitIndexOptions`,
 * `fileIndexOptions` or `indexedFileFields` would index differently.
 */
export const RANKING_INDEX_VERSION = 7;

/** What the unit index holds of one unit (one document of the search). */
export type IndexedUnit = {
  id: number;
  /** The unit's own words. */
  text: string;
  /** The unit's date as words ("2023 may"). */
  date: string;
};

/**
 * What the file index holds of one file, once for all of its units (one document of the file
 * search; `id` is a number its units are found by, see {@link UnitSearch}).
 */
export type FileDocument = {
  id: number;
  /** The file's name and description: what the file is about, which a bare line does not say. */
  file: string;
  /** Entity names: the file's own `name:` under people/ or projects/, and names it links to. */
  entities: string;
};

/**
 * A search of recall units in two minisearch indexes: each unit's own fields (`text`, `date`), and
 * each file's fields (`file`, `entities`) once per file, not once per unit (a file's description
 * held with each of its lines made the postings and hits of a word in it grow with the lines).
 */
export type UnitSearch = {
  /** Built with {@link unitIndexOptions}. */
  units: MiniSearch<IndexedUnit>;
  /** Built with {@link fileIndexOptions}; a file with no unit is not in it. */
  files: MiniSearch<FileDocument>;
  /** The unit ids of a file document (`undefined` when it has none). */
  unitsOf(fileId: number): readonly number[] | undefined;
  /**
   * The units holding a term in a field, when the indexes hold only some of their postings (read
   * for one query): the common-word rule counts them as the whole index would.
   */
  counts?: (term: string, field: UnitField) => number | undefined;
};

/** What {@link indexedFileFields} needs of a file: its row and the rows it links to. */
export type UnitFileFields = {
  path: string;
  name: string;
  description: string;
  /** The rows of the memories this file links to (one hop), found by name. */
  linked: ReadonlyArray<{ name: string; description: string }>;
};

const MONTHS = MONTH_NAMES.map((month) => month.toLowerCase());
const ENTITY_FOLDERS = ["people/", "projects/"];

/**
 * Share of the best score of a day added to every other matching unit of that day. 0.2 was chosen
 * on three of the seven LoCoMo conversations (conv-26, conv-30, conv-41) and checked on the other
 * four; lifting units that match nothing themselves (whole days of them) cost recall at 4,000
 * tokens there, so those are never lifted.
 */
export const SAME_DAY_SHARE = 0.2;

/**
 * Share of the request's best score added to every matching unit stated on a day (or in a month)
 * the request names ("on 16 June, 2023", "in May 2023"): a line's date is the one thing a flat
 * index of texts does not hold, and such a question asks about what was said then. 0.5 was
 * chosen on the seven given LoCoMo conversations (0.25 and 1 scored within 0.4 points of it).
 */
export const NAMED_DAY_SHARE = 0.5;

const MONTH_WORDS = MONTHS.join("|");
const ORDINAL = "(?:st|nd|rd|th)?";
// Spelled out, never inferred: chrono-node (the write pass's date reader) costs ~140 ms to import,
// which a process that only recalls (a prompt hook) must not pay, and a date a question names
// is written in full ("16 June, 2023", "June 16, 2023", "2023-06-16", "May 2023").
const NAMED_DATES = new RegExp(
  [
    `\\b(?<d1>\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?(?<m1>${MONTH_WORDS}),?\\s+(?<y1>\\d{4})\\b`,
    `\\b(?<m2>${MONTH_WORDS})\\s+(?<d2>\\d{1,2})${ORDINAL},?\\s+(?<y2>\\d{4})\\b`,
    `\\b(?<y3>\\d{4})[-/](?<m3>\\d{2})[-/](?<d3>\\d{2})\\b`,
    `\\b(?<m4>${MONTH_WORDS}),?\\s+(?:of\\s+)?(?<y4>\\d{4})\\b`,
  ].join("|"),
  "gi",
);

/**
 * The days and months a request names in full, as prefixes of a unit's `YYYY/MM/DD` date: a day
 * ("16 June, 2023", "June 16th 2023", "2023-06-16") gives `2023/06/16`, a month ("May 2023")
 * gives `2023/05/`. English month names; relative times ("last week") name none.
 *
 * @param query - The request's text.
 * @returns The prefixes, in the order written; `[]` when it names no date.
 * @example namedDays("What did Maria share on 16 June, 2023?") // ["2023/06/16"]
 */
export function namedDays(query: string): string[] {
  const prefixes: string[] = [];
  for (const match of query.matchAll(NAMED_DATES)) {
    const found = match.groups ?? {};
    const year = found.y1 ?? found.y2 ?? found.y3 ?? found.y4;
    const monthText = found.m1 ?? found.m2 ?? found.m3 ?? found.m4 ?? "";
    const month = /^\d+$/.test(monthText)
      ? Number(monthText)
      : MONTHS.indexOf(monthText.toLowerCase()) + 1;
    const day = found.d1 ?? found.d2 ?? found.d3;
    if (year === undefined || month < 1 || month > 12) continue;
    const monthPrefix = `${year}/${String(month).padStart(2, "0")}/`;
    prefixes.push(day === undefined ? monthPrefix : `${monthPrefix}${day.padStart(2, "0")}`);
  }
  return prefixes;
}

/** A `YYYY/MM/DD` date as words a question uses ("2023 may"), so "in May 2023" matches it. */
export function dateWords(date: string | undefined): string {
  const match = date === undefined ? null : /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(date);
  if (match === null) return "";
  return `${match[1]} ${MONTHS[Number(match[2]) - 1] ?? ""}`;
}

/**
 * The `file` and `entities` fields every unit of a file shares: the file's name and description,
 * and the entity names it is tied to (its own `name:` under people/ or projects/, and the name and
 * description of each memory it links to).
 */
export function indexedFileFields(file: UnitFileFields): { file: string; entities: string } {
  const entities = [
    ...(ENTITY_FOLDERS.some((folder) => file.path.startsWith(folder)) ? [file.name] : []),
    ...file.linked.map((other) => `${other.name} ${other.description}`),
  ].join(" ");
  return { file: `${file.name} ${file.description}`, entities };
}

/**
 * Field boosts, prefix rule, combination, prefix weight and BM25 parameters of a unit search
 * (minisearch; the weights and BM25 parameters are minisearch 7.2's defaults, those every search
 * scored from the postings uses: `postings-search.ts`).
 */
export const UNIT_SEARCH_OPTIONS: SearchOptions = {
  boost: { text: 3, file: 1, entities: 1.5, date: 0.5 },
  prefix: isPrefixSearchTerm,
  combineWith: "OR",
  weights: { ...MINISEARCH_WEIGHTS },
  bm25: { ...MINISEARCH_BM25 },
};

/**
 * minisearch options of the unit index: fields, tokenizer (`splitSearchTerms`), terms lower-cased,
 * stop words and one-letter words dropped (a symbol such as an emoji kept), Porter stems.
 */
export function unitIndexOptions(): Options<IndexedUnit> {
  return {
    fields: ["text", "date"],
    processTerm: stemmedSearchTerm,
    tokenize: splitSearchTerms,
    searchOptions: UNIT_SEARCH_OPTIONS,
    // Discarded units are vacuumed when the index is saved, not on a timer a short process waits for.
    autoVacuum: false,
  };
}

/** minisearch options of the file index: as {@link unitIndexOptions}, over `file` and `entities`. */
export function fileIndexOptions(): Options<FileDocument> {
  return {
    fields: ["file", "entities"],
    processTerm: stemmedSearchTerm,
    tokenize: splitSearchTerms,
    searchOptions: UNIT_SEARCH_OPTIONS,
    autoVacuum: false,
  };
}

/**
 * Share of the units a query word may appear in, within one field, and still be searched in that
 * field: a word in more of them (a phrase on every line, "user" in every description) carries
 * almost no IDF there (BM25 in minisearch: ln(1 + (N − n + 0.5) / (n + 0.5)), about 0.1 at this
 * share), yet scoring it walks every unit it is in. Such a word is searched in its other fields
 * only; a query whose every word is that common is searched whole.
 */
export const COMMON_TERM_SHARE = 0.9;

/**
 * Fewest units at which {@link COMMON_TERM_SHARE} applies. Below it every word is searched
 * everywhere: a word's units are few enough to score in well under a millisecond, and a small
 * memory (a test folder, one LoCoMo speaker's few hundred facts) ranks exactly as a full search.
 */
export const COMMON_TERM_MIN_UNITS = 1_000;

// In the order minisearch scores a unit's fields; `text` and `date` are the unit index's, `file`
// and `entities` the file index's.
const ALL_FIELDS = ["text", "file", "entities", "date"] as const;
/** A field a unit is scored on: its own `text` and `date`, its file's `file` and `entities`. */
export type UnitField = (typeof ALL_FIELDS)[number];
const UNIT_OWN_FIELDS: readonly UnitField[] = ["text", "date"];
const FILE_FIELDS: readonly UnitField[] = ["file", "entities"];

/**
 * The number of units holding `term` in a file field (`file`, `entities`): every unit of each file
 * whose field holds it.
 *
 * @param search - The file index and the units of each file.
 * @returns The count; 0 for another field or a search of another shape.
 */
function unitsHoldingInFiles(
  search: Pick<UnitSearch, "units" | "files" | "unitsOf">,
  term: string,
  field: UnitField,
): number {
  const files = postingsOf(search.files as MiniSearch<never>);
  if (files === undefined || !FILE_FIELDS.includes(field)) return 0;
  const kept = keptOf(files, search.units.documentCount, search.unitsOf);
  const key = `${term}\u0000${field}`;
  const known = kept.holding.get(key);
  if (known !== undefined) return known;
  const count = documentsHolding(files, term, field, kept.counts);
  kept.holding.set(key, count);
  return count;
}

// What is summed over a file search's documents for a request, kept for the next one while the
// search holds the same documents and units: minisearch gives every added document a new short
// id, so its next id, count and discards change with each add and remove (a file whose units
// change is removed and added again).
type KeptFileSums = {
  key: string;
  /** The number of units of each file document, by short id (0: a file of no unit). */
  counts: Int32Array;
  /** `file` and `entities` as scored, their average lengths over the units. */
  fields: ScoredField[] | undefined;
  holding: Map<string, number>;
};
const keptFileSums = new WeakMap<object, KeptFileSums>();

function keptOf(files: PostingsIndex, total: number, unitsOf: UnitSearch["unitsOf"]): KeptFileSums {
  const key = `${files._nextId}|${files._documentCount}|${files._dirtCount}|${total}`;
  const kept = keptFileSums.get(files);
  if (kept !== undefined && kept.key === key) return kept;
  const counts = new Int32Array(files._nextId);
  // By short id from the documents' columns, not an entry array per file of minisearch's map. The
  // columns keep a removed document's id: when they hold more ids than the map, each is asked of
  // the map (a removed document counts 0, as before).
  const { ids } = documentColumns(files);
  const size = Math.min(ids.length, counts.length);
  let held = 0;
  for (let shortId = 0; shortId < size; shortId++) if (ids[shortId] !== undefined) held++;
  const live = held === files._documentIds.size ? undefined : files._documentIds;
  for (let shortId = 0; shortId < size; shortId++) {
    const id = ids[shortId];
    if (typeof id !== "number" || (live !== undefined && !live.has(shortId))) continue;
    counts[shortId] = unitsOf(id)?.length ?? 0;
  }
  const made: KeptFileSums = { key, counts, fields: undefined, holding: new Map() };
  keptFileSums.set(files, made);
  return made;
}

/** One query word and the fields it is searched in. */
export type PlannedWord = { word: string; term: string; fields: readonly UnitField[] };

/**
 * Each word of `query` with the fields it is searched in: the fields where it is in at most
 * {@link COMMON_TERM_SHARE} of the units (a word only in fields where it is common, not at all);
 * every field for every word when no word is common anywhere, or when no word left is in any
 * unit, or below {@link COMMON_TERM_MIN_UNITS} units.
 *
 * @param query - The request's text.
 * @param total - The number of units.
 * @param count - The number of units holding a (stemmed) term in a field.
 * @returns The words in query order, the query's stop words left out (`queryWords`).
 */
export function plannedWords(
  query: string,
  total: number,
  count: (term: string, field: UnitField) => number,
): PlannedWord[] {
  const words: PlannedWord[] = [];
  for (const word of queryWords(query)) {
    const term = stemmedSearchTerm(word);
    if (term !== null) words.push({ word, term, fields: ALL_FIELDS });
  }
  if (total < COMMON_TERM_MIN_UNITS) return words;
  const limit = COMMON_TERM_SHARE * total;
  let narrowed = false;
  let reaching = false;
  const planned: PlannedWord[] = [];
  for (const entry of words) {
    const common: UnitField[] = [];
    let elsewhere = false;
    for (const field of ALL_FIELDS) {
      const units = count(entry.term, field);
      if (units > limit) common.push(field);
      else if (units > 0) elsewhere = true;
    }
    reaching ||= elsewhere;
    if (common.length === 0) {
      planned.push(entry);
      continue;
    }
    narrowed = true;
    if (elsewhere) {
      planned.push({ ...entry, fields: ALL_FIELDS.filter((field) => !common.includes(field)) });
    }
  }
  return narrowed && reaching ? planned : words;
}

/**
 * Whether a planned search reads `term`'s postings in `field`: a word searched in that field is
 * the term, or a prefix word the term begins with.
 */
export function readsPostings(
  planned: readonly PlannedWord[],
  term: string,
  field: UnitField,
): boolean {
  return planned.some(
    (word) =>
      word.fields.includes(field) &&
      (word.term === term || (isPrefixSearchTerm(word.term) && term.startsWith(word.term))),
  );
}

/**
 * The fields holding a unit's own words: the line itself and the entity names its file is tied to
 * (a file's `name:` under people/ or projects/, and the names it links to, which say whom or what
 * the line is about). A match only in `file` (its file's name and description) or `date` is by
 * structure alone: {@link rankScoredUnits} ranks own-word matches first.
 */
const OWN_FIELDS: readonly UnitField[] = ["text", "entities"];

// The files that matched, by file document short id: each one's score, the query terms it matched
// (a mask of `words` 32-bit words, as the units' own hits), their count, and whether one matched in
// one of OWN_FIELDS.
type FileHits = {
  /** The files' short ids, in the order first matched. */
  found: number[];
  scores: Float64Array;
  masks: Uint32Array;
  terms: Uint16Array;
  own: Uint8Array;
};

// The file fields' score of each file for the planned words, as minisearch scores a unit's fields
// (each word's term and, for a prefix word, the longer terms it begins; BM25 with the units'
// counts: a file's fields stand for each of its units), and the query terms each file matched.
// Each file's score is one sum over the postings in the order scored (not a sum per term).
function fileHits(
  files: PostingsIndex,
  kept: KeptFileSums,
  total: number,
  planned: readonly PlannedWord[],
  terms: TermNumbers,
): FileHits {
  const size = files._nextId;
  const words = terms.words;
  const hits: FileHits = {
    found: [],
    scores: new Float64Array(size),
    masks: new Uint32Array(size * words),
    terms: new Uint16Array(size),
    own: new Uint8Array(size),
  };
  const seen = new Uint8Array(size);
  const boost = UNIT_SEARCH_OPTIONS.boost ?? {};
  const scored = new ScoredPostings();
  let ownBits = 0;
  for (const field of OWN_FIELDS) ownBits |= 1 << (files._fieldIds[field] ?? 31);
  for (const { term, fields } of planned) {
    const searched = FILE_FIELDS.filter((field) => fields.includes(field));
    if (searched.length === 0) continue;
    const scoring: TermScoring = {
      fields: searched.map((field) => fileField(files, kept, total, field, boost[field] ?? 1)),
      prefix: isPrefixSearchTerm(term),
      fuzzy: false,
      documents: total,
      counts: kept.counts,
    };
    scoreTerm(files, term, scoring, scored);
    const number = terms.numbers.get(term) as number;
    const bit = 1 << (number & 31);
    const { shortIds, scores, fields: fieldIds } = scored;
    for (let at = 0; at < scored.count; at++) {
      const shortId = shortIds[at] as number;
      if (seen[shortId] === 0) {
        seen[shortId] = 1;
        hits.scores[shortId] = scores[at] as number;
        hits.found.push(shortId);
      } else hits.scores[shortId] = (hits.scores[shortId] as number) + (scores[at] as number);
      if ((ownBits & (1 << (fieldIds[at] as number))) !== 0) hits.own[shortId] = 1;
      const slot = shortId * words + (number >>> 5);
      const mask = hits.masks[slot] as number;
      if ((mask & bit) === 0) {
        hits.masks[slot] = mask | bit;
        hits.terms[shortId] = (hits.terms[shortId] as number) + 1;
      }
    }
  }
  return hits;
}

// The number of bits set in a 32-bit word.
function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

// A file field as its units' terms are scored in it: its average length over the units (a file's
// length counted once per unit), summed in one pass over the files when first needed.
function fileField(
  files: PostingsIndex,
  kept: KeptFileSums,
  total: number,
  field: UnitField,
  boost: number,
): ScoredField {
  let fields = kept.fields;
  if (fields === undefined) {
    const ids = FILE_FIELDS.map((name) => files._fieldIds[name] ?? -1);
    const sums = FILE_FIELDS.map(() => 0);
    // From the documents' columns (typed arrays by short id), not minisearch's map of field
    // lengths: an entry array per file was most of this pass on a cold query. Only a file counted
    // in `kept.counts` is summed, and those are the documents the map holds (a removed one counts
    // 0). Each sum is of whole numbers, so the order of the files does not change a bit of it.
    const { lengths, fields: width } = documentColumns(files);
    const counts = kept.counts;
    for (let at = 0; at < ids.length; at++) {
      const id = ids[at] as number;
      if (id < 0 || id >= width) continue;
      let sum = 0;
      for (let shortId = 0; shortId < counts.length; shortId++) {
        const units = counts[shortId] as number;
        if (units !== 0) sum += units * (lengths[shortId * width + id] as number);
      }
      sums[at] = sum;
    }
    fields = ids.map((id, at) => ({ id, boost: 1, average: (sums[at] ?? 0) / total }));
    kept.fields = fields;
  }
  const at = FILE_FIELDS.indexOf(field);
  return { ...(fields[at] as ScoredField), boost };
}

/**
 * A unit that matched a request: its score, and whether a query term matched its own words (its
 * `text`, or its file's `entities`) rather than only its file's name and description or its date.
 */
export type UnitHit = { id: number; score: number; ownWords: boolean };

// Whether a unit index hit matched in one of OWN_FIELDS (called once per hit: no array made).
function matchedOwnWords(match: SearchResult["match"]): boolean {
  for (const term in match) {
    for (const field of match[term] ?? []) if (OWN_FIELDS.includes(field as UnitField)) return true;
  }
  return false;
}

/**
 * The units of a {@link UnitSearch} matching a request, scored as one minisearch index of every
 * unit with all four fields would score them (BM25 per field: a file's fields count once for each
 * of its units; the sum times the number of query terms matched), up to rounding: the file fields
 * are scored once per file and added to each of its units. A word is not searched in a field
 * where more than {@link COMMON_TERM_SHARE} of the units hold it (unless every word is that
 * common, or the index holds fewer than {@link COMMON_TERM_MIN_UNITS} units), so a word on nearly
 * every line neither brings in nor lifts units through that field. The recall index and the
 * in-memory ranking both search here.
 *
 * @param search - The unit and file indexes and which units each file holds.
 * @param query - The request's text.
 * @param filter - Keeps a unit when `true` (a scope); every unit when absent.
 * @returns The matching units, best first (ties by unit id), each with whether its own words
 *   matched (`ownWords`).
 * @example searchUnits(search, "Does the user still use Hetzner?")
 */
export function searchUnits(
  search: UnitSearch,
  query: string,
  filter?: (unitId: number) => boolean,
): UnitHit[] {
  const found = searchUnitHits(search, query, filter);
  const hits: UnitHit[] = [];
  for (let at = 0; at < found.count; at++) {
    hits.push({
      id: found.ids[at] as number,
      score: found.scores[at] as number,
      ownWords: found.structural[at] === 0,
    });
  }
  return hits.sort((a, b) => b.score - a.score || a.id - b.id);
}

/** The units matching a request as {@link searchUnits} finds them, in no order, by position. */
export type UnitHits = {
  count: number;
  ids: Int32Array;
  scores: Float64Array;
  /** 1 where the unit's own words did not match ({@link UnitHit} `ownWords` false). */
  structural: Uint8Array;
};

/**
 * {@link searchUnits} without an object per hit and without sorting them: what ranking reads.
 *
 * @param search - The unit and file indexes and which units each file holds.
 * @param query - The request's text.
 * @param filter - Keeps a unit when `true` (a scope); every unit when absent.
 * @param viaSearch - Score the units' own fields with minisearch's `search` (what is done when its
 *   internals are not as read here); default: from its postings, to the same bits.
 * @returns The matching units in no order.
 */
export function searchUnitHits(
  search: UnitSearch,
  query: string,
  filter?: (unitId: number) => boolean,
  viaSearch = false,
): UnitHits {
  const none: UnitHits = {
    count: 0,
    ids: new Int32Array(0),
    scores: new Float64Array(0),
    structural: new Uint8Array(0),
  };
  const units = postingsOf(search.units as MiniSearch<never>);
  const files = postingsOf(search.files as MiniSearch<never>);
  if (units === undefined || files === undefined) return none;
  const planned = plannedWords(
    query,
    search.units.documentCount,
    (term, field) =>
      search.counts?.(term, field) ??
      (FILE_FIELDS.includes(field)
        ? unitsHoldingInFiles(search, term, field)
        : documentsHolding(units, term, field)),
  );
  // Every query term a unit can match, numbered: a unit's matched terms are bits of a mask.
  const numbers = new Map<string, number>();
  for (const { term } of planned) if (!numbers.has(term)) numbers.set(term, numbers.size);
  const terms: TermNumbers = { numbers, words: Math.max(1, Math.ceil(numbers.size / 32)) };
  const own =
    (viaSearch ? undefined : ownFieldHits(units, planned, terms)) ??
    ownFieldHitsBySearch(search.units, planned, terms);
  const total = search.units.documentCount;
  const kept = keptOf(files, total, search.unitsOf);
  const byFile = fileHits(files, kept, total, total === 0 ? [] : planned, terms);
  let most = own.count;
  let largest = -1;
  for (let at = 0; at < own.count; at++) largest = Math.max(largest, own.ids[at] as number);
  for (const shortId of byFile.found) most += kept.counts[shortId] as number;
  if (most === 0) return none;
  // Each unit's own hit (its position + 1), by unit id.
  const ownAt = new Int32Array(largest + 1);
  for (let at = 0; at < own.count; at++) ownAt[own.ids[at] as number] = at + 1;
  const ids = new Int32Array(most);
  const scores = new Float64Array(most);
  const structural = new Uint8Array(most);
  let count = 0;
  const push = (id: number, score: number, ownWords: boolean) => {
    ids[count] = id;
    scores[count] = score;
    structural[count] = ownWords ? 0 : 1;
    count++;
  };
  const words = terms.words;
  // minisearch multiplies a document's summed score by the number of query terms it matched.
  for (const shortId of byFile.found) {
    const fileScore = byFile.scores[shortId] as number;
    const fileTerms = byFile.terms[shortId] as number;
    const fileOwn = byFile.own[shortId] === 1;
    const fileMasks = shortId * words;
    for (const id of search.unitsOf(files._documentIds.get(shortId) as number) ?? []) {
      if (filter !== undefined && !filter(id)) continue;
      const slot = id < ownAt.length ? (ownAt[id] as number) - 1 : -1;
      if (slot < 0) {
        push(id, fileScore * fileTerms, fileOwn);
        continue;
      }
      ownAt[id] = 0;
      const matched = own.matched[slot] as number;
      // Its own terms, and its file's terms its own words did not match.
      let both = matched;
      for (let word = 0; word < words; word++) {
        const fileMask = byFile.masks[fileMasks + word] as number;
        both += bitCount(fileMask & ~(own.masks[slot * words + word] as number));
      }
      push(
        id,
        ((own.scores[slot] as number) / matched + fileScore) * both,
        fileOwn || own.text[slot] === 1,
      );
    }
  }
  for (let slot = 0; slot < own.count; slot++) {
    const id = own.ids[slot] as number;
    if (ownAt[id] === 0 || (filter !== undefined && !filter(id))) continue;
    push(id, own.scores[slot] as number, own.text[slot] === 1);
  }
  return { count, ids, scores, structural };
}

// The query terms by number, and the 32-bit words of a mask of them.
type TermNumbers = { numbers: ReadonlyMap<string, number>; words: number };

// The units matching the planned words in their own fields (`text`, `date`): unit id, score as
// minisearch's `search` gives it, how many query terms it matched and which (a mask of
// `words` 32-bit words per unit), whether `text` matched.
type OwnFieldHits = {
  count: number;
  ids: Int32Array;
  scores: Float64Array;
  matched: Uint16Array;
  masks: Uint32Array;
  text: Uint8Array;
};

function emptyOwnHits(count: number, terms: TermNumbers): OwnFieldHits {
  return {
    count,
    ids: new Int32Array(count),
    scores: new Float64Array(count),
    matched: new Uint16Array(count),
    masks: new Uint32Array(count * terms.words),
    text: new Uint8Array(count),
  };
}

// The words searched in the units' own fields, as `searchUnits` asks minisearch: one query per
// word in its fields, combined with OR.
function ownQueries(
  planned: readonly PlannedWord[],
): Array<{ word: string; term: string; fields: UnitField[] }> {
  const queries: Array<{ word: string; term: string; fields: UnitField[] }> = [];
  for (const { word, term, fields } of planned) {
    const own = UNIT_OWN_FIELDS.filter((field) => fields.includes(field));
    if (own.length > 0) queries.push({ word, term, fields: own });
  }
  return queries;
}

// A planned word is one term already (its characters or stems are planned words of their own):
// minisearch must not split it again.
const oneTerm = (word: string): string[] => [word];

function ownFieldHitsBySearch(
  search: MiniSearch<IndexedUnit>,
  planned: readonly PlannedWord[],
  terms: TermNumbers,
): OwnFieldHits {
  const queries: Query[] = ownQueries(planned).map(({ word, fields }) => ({
    queries: [word],
    fields,
    tokenize: oneTerm,
  }));
  const hits = queries.length === 0 ? [] : search.search({ queries, combineWith: "OR" });
  const made = emptyOwnHits(hits.length, terms);
  hits.forEach((hit, at) => {
    made.ids[at] = hit.id as number;
    made.scores[at] = hit.score;
    made.matched[at] = hit.queryTerms.length;
    for (const term of hit.queryTerms) {
      const number = terms.numbers.get(term);
      if (number === undefined) continue;
      const slot = at * terms.words + (number >>> 5);
      made.masks[slot] = (made.masks[slot] as number) | (1 << (number & 31));
    }
    made.text[at] = matchedOwnWords(hit.match) ? 1 : 0;
  });
  return made;
}

// minisearch's `search` of `ownQueries` from its postings ({@link searchPostings}).
function ownFieldHits(
  units: PostingsIndex,
  planned: readonly PlannedWord[],
  terms: TermNumbers,
): OwnFieldHits {
  const boost = UNIT_SEARCH_OPTIONS.boost ?? {};
  const parts = ownQueries(planned).map(({ term, fields }) => [
    {
      term,
      number: terms.numbers.get(term) as number,
      scoring: {
        fields: searchedFields(units, fields, boost),
        prefix: isPrefixSearchTerm(term),
        fuzzy: false as const,
        documents: units._documentCount,
      },
    },
  ]);
  const { found, sums, matched, masks, words, fieldBits } = searchPostings(
    units,
    parts,
    terms.numbers.size,
  );
  const textBit = 1 << (units._fieldIds.text ?? -1);
  const { ids } = documentColumns(units);
  const made = emptyOwnHits(found.length, terms);
  found.forEach((shortId, at) => {
    const count = matched[shortId] as number;
    made.ids[at] = ids[shortId] as number;
    made.scores[at] = (sums[shortId] as number) * (count || 1);
    made.matched[at] = count;
    // Word by word, not a `subarray` view per hit: thousands of hits made as many objects.
    for (let word = 0; word < words; word++) {
      made.masks[at * words + word] = masks[shortId * words + word] as number;
    }
    made.text[at] = ((fieldBits[shortId] as number) & textBit) === 0 ? 0 : 1;
  });
  return made;
}

/** A unit with its score for the request, as ranking sees it. */
export type ScoredUnit = { path: string; text: string; date?: string; score: number };

/**
 * How a unit's score is weighed against what it costs: the final score is the lifted score
 * divided by its line's tokens to this power. A budget holds more of what answers when a short
 * unit wins over a long one of nearly the same score (the fill is a knapsack); BM25 has already
 * discounted long texts within the field, so the full cost (power 1) would count length twice.
 * 0.5 was chosen on the seven given LoCoMo conversations (0.25 and 1 scored within 0.4 points of
 * it at 1,000-4,000 tokens, both layouts).
 */
export const TOKEN_COST_POWER = 0.5;

/**
 * The tokens a unit's line costs, to the power {@link TOKEN_COST_POWER}: what
 * {@link rankHits} divides its lifted score by.
 *
 * @param text - The unit's text (one line).
 * @returns `estimateTokens(text + "\n") ** TOKEN_COST_POWER`.
 */
export function unitCost(text: string): number {
  const known = knownUnitCost(text.length);
  if (known > 0) return known;
  const cost = estimateTokens(`${text}\n`) ** TOKEN_COST_POWER;
  if (text.length < COSTS.length) COSTS[text.length] = cost;
  return cost;
}

// The estimate depends on the length alone: each length is estimated once per process, and a
// unit of a length already estimated needs no text to be costed (0: not known yet).
function knownUnitCost(chars: number): number {
  return chars < COSTS.length ? (COSTS[chars] as number) : 0;
}

const COSTS = new Float64Array(1 << 16);

/** What {@link rankHits} reads of the units it ranks, by position (`0 <= at < count`). */
export type RankHitsInput = {
  count: number;
  /** Each unit's search score (0: it did not match); changed in place to the final scores. */
  scores: Float64Array;
  /** 1 for a matched unit whose own words did not match ({@link UnitHit} `ownWords` false). */
  structural: Uint8Array;
  date(at: number): string | undefined;
  path(at: number): string;
  /** The unit's {@link unitCost}. */
  cost(at: number): number;
  /** The order of units equal on every ranked key (their order before ranking). */
  tie(a: number, b: number): number;
  /** Units that lift their day but are not ranked (files the memory block holds whole). */
  omit?(at: number): boolean;
  /** The unit's text length (chars), for {@link RankedHits.shortestFrom}. */
  chars?(at: number): number;
  /**
   * Each unit's day, numbered by the caller (a long-lived index keeps them): absent, `date` is read
   * and the days numbered here. Either way the order is the same.
   */
  days?: HitDays;
};

/**
 * The days of the units {@link rankHits} ranks, numbered: `of[at]` is unit `at`'s day (-1: no
 * date), `dates[day]` its date (`""` may be one), `ranks[day]` its place among `dates` in
 * code-unit order. Days no unit holds may be numbered too.
 */
export type HitDays = {
  of: Int32Array;
  dates: readonly string[];
  ranks: Int32Array;
};

// The units' days numbered in the order first read, from their dates.
function daysOf(input: RankHitsInput): HitDays {
  const { count } = input;
  const of = new Int32Array(count);
  const days = new Map<string, number>();
  for (let at = 0; at < count; at++) {
    const date = input.date(at);
    if (date === undefined) {
      of[at] = -1;
      continue;
    }
    let day = days.get(date);
    if (day === undefined) {
      day = days.size;
      days.set(date, day);
    }
    of[at] = day;
  }
  const dates = [...days.keys()];
  const byDate = dates
    .map((_date, day) => day)
    .sort((a, b) => compareCodeUnits(dates[a] as string, dates[b] as string));
  const ranks = new Int32Array(dates.length);
  byDate.forEach((day, rank) => {
    ranks[day] = rank;
  });
  return { of, dates, ranks };
}

/**
 * Units in their final order, sorted as far as they are read: the first {@link at} of a rank
 * sorts a chunk past the sorted part (a selection, then a sort of the chunk), so a reader that
 * stops early (a token budget) never pays for sorting every matched unit.
 */
export class RankedHits {
  readonly #order: Int32Array;
  readonly #compare: (a: number, b: number) => number;
  readonly #chars: ((at: number) => number) | undefined;
  #sorted = 0;
  /** The fewest chars from each sorted rank to the end (the unsorted rest included). */
  #least = new Int32Array(0);

  constructor(
    order: Int32Array,
    compare: (a: number, b: number) => number,
    chars?: (at: number) => number,
  ) {
    this.#order = order;
    this.#compare = compare;
    this.#chars = chars;
  }

  /**
   * The fewest chars of a unit text at `rank` or after (`chars` of the input; 0 without it).
   *
   * @param rank - Below {@link length}.
   */
  shortestFrom(rank: number): number {
    if (rank >= this.#sorted) this.#sortTo(rank + 1);
    return this.#least[rank] ?? 0;
  }

  /** How many units are ranked. */
  get length(): number {
    return this.#order.length;
  }

  /**
   * The position (in the {@link RankHitsInput}) of the unit at `rank`.
   *
   * @param rank - 0 for the best, below {@link length}.
   */
  at(rank: number): number {
    if (rank >= this.#sorted) this.#sortTo(rank + 1);
    return this.#order[rank] as number;
  }

  /** Every position, in order (sorts the rest at once; a view, not a copy). */
  all(): Int32Array {
    this.#sortTo(this.#order.length);
    return this.#order;
  }

  /** The positions from `rank` on that are sorted already (a view, not a copy). */
  sortedFrom(rank: number): Int32Array {
    return this.#order.subarray(rank, this.#sorted);
  }

  /** The positions not sorted yet, in no order (a view, not a copy). */
  unsorted(): Int32Array {
    return this.#order.subarray(this.#sorted);
  }

  #sortTo(wanted: number): void {
    const order = this.#order;
    const end = Math.min(order.length, Math.max(wanted, 2 * this.#sorted, FIRST_SORTED));
    if (end < order.length) selectFirst(order, this.#sorted, order.length - 1, end, this.#compare);
    order.subarray(this.#sorted, end).sort(this.#compare);
    this.#sorted = end;
    const chars = this.#chars;
    if (chars === undefined) return;
    let least = 0x7fff_ffff;
    for (let rank = end; rank < order.length; rank++) {
      least = Math.min(least, chars(order[rank] as number));
    }
    this.#least = new Int32Array(end);
    for (let rank = end - 1; rank >= 0; rank--) {
      least = Math.min(least, chars(order[rank] as number));
      this.#least[rank] = least;
    }
  }
}

// Units sorted at the first read: more than a 2,000-token budget of short lines reaches.
const FIRST_SORTED = 512;

// Moves the `end - left` first units in `compare` order of `order[left..right]` before `end`
// (quickselect; `compare` is a total order, so no two units are equal).
function selectFirst(
  order: Int32Array,
  left: number,
  right: number,
  end: number,
  compare: (a: number, b: number) => number,
): void {
  const swap = (i: number, j: number) => {
    const held = order[i] as number;
    order[i] = order[j] as number;
    order[j] = held;
  };
  const k = end - 1;
  while (right > left) {
    const middle = (left + right) >>> 1;
    // Median of three as the pivot, moved to `right`.
    if (compare(order[middle] as number, order[left] as number) < 0) swap(middle, left);
    if (compare(order[right] as number, order[left] as number) < 0) swap(right, left);
    if (compare(order[middle] as number, order[right] as number) < 0) swap(middle, right);
    const pivot = order[right] as number;
    let store = left;
    for (let at = left; at < right; at++) {
      if (compare(order[at] as number, pivot) < 0) swap(store++, at);
    }
    swap(store, right);
    if (store === k) return;
    if (k < store) right = store - 1;
    else left = store + 1;
  }
}

/**
 * The final order of matched units: each matching unit stated on a day the request names
 * ({@link namedDays}) gains a share ({@link NAMED_DAY_SHARE}) of the request's best score; then
 * each matching unit gains a share ({@link SAME_DAY_SHARE}) of the best score of its day (what was
 * stated the same day as a strong match is likely the same conversation, so "when" and
 * multi-part questions reach the lines beside the one that matched); then each score is divided by
 * its line's tokens to the power {@link TOKEN_COST_POWER}; then best first, the units whose own
 * words matched ahead of those matched only by their file's name and description or their date
 * (`structural`; a file's words lift all of its lines alike, so at the tail of a large budget
 * they bring in lines that say nothing the request asked: on the seven given LoCoMo
 * conversations, subject layout, 4,000 tokens, this order was +0.8 points), then the units that
 * matched nothing; ties go to the newer date (the newest statement of a fact wins), then the
 * path, then `tie`. The one definition of the order: {@link rankScoredUnits} and the recall index
 * rank through it.
 *
 * @param input - The units by position; `scores` become the final scores.
 * @param query - The request the units were scored for (`""`: no day named).
 * @returns The units not omitted, in order, sorted as they are read.
 */
export function rankHits(input: RankHitsInput, query: string): RankedHits {
  const { count, scores, structural } = input;
  // Each hit's day as a number (-1: none), read once: the best score of a day is an array, and
  // the order compares the days' ranks, not their dates.
  const { of: dayOf, dates, ranks: dayRank } = input.days ?? daysOf(input);
  const named = namedDays(query);
  if (named.length > 0) {
    let best = 0;
    for (let at = 0; at < count; at++) best = Math.max(best, scores[at] as number);
    const isNamed = dates.map((date) => named.some((day) => date.startsWith(day)));
    for (let at = 0; at < count; at++) {
      const day = dayOf[at] as number;
      if ((scores[at] as number) <= 0 || day < 0 || isNamed[day] !== true) continue;
      scores[at] = (scores[at] as number) + NAMED_DAY_SHARE * best;
    }
  }
  const bestOfDay = new Float64Array(dates.length);
  for (let at = 0; at < count; at++) {
    const day = dayOf[at] as number;
    if (day >= 0) bestOfDay[day] = Math.max(bestOfDay[day] as number, scores[at] as number);
  }
  // No date orders as "" (first), as "" itself does.
  const empty = dates.indexOf("");
  const noDate = empty < 0 ? -1 : (dayRank[empty] as number);
  let kept = 0;
  const order = new Int32Array(count);
  // 0: own words matched; 1: only the structure matched; 2: nothing matched.
  const group = new Uint8Array(count);
  for (let at = 0; at < count; at++) {
    const day = dayOf[at] as number;
    let score = scores[at] as number;
    if (day >= 0 && score > 0) score += SAME_DAY_SHARE * (bestOfDay[day] as number);
    if (score > 0) score /= input.cost(at);
    scores[at] = score;
    group[at] = score <= 0 ? 2 : structural[at] === 1 ? 1 : 0;
    if (input.omit?.(at) !== true) order[kept++] = at;
  }
  const dateRankOf = (at: number): number => {
    const day = dayOf[at] as number;
    return day < 0 ? noDate : (dayRank[day] as number);
  };
  const compare = (a: number, b: number): number =>
    (group[a] as number) - (group[b] as number) ||
    (scores[b] as number) - (scores[a] as number) ||
    dateRankOf(b) - dateRankOf(a) ||
    compareCodeUnits(input.path(a), input.path(b)) ||
    input.tie(a, b);
  return new RankedHits(kept === count ? order : order.slice(0, kept), compare, input.chars);
}

/**
 * The final order of scored units, as {@link rankHits} defines it.
 *
 * @param units - Units with their search score (0 when they did not match); their scores are
 *   changed in place to the final ones.
 * @param query - The request the units were scored for (default `""`: no day named).
 * @param byStructureOnly - The matched units whose own words did not match
 *   ({@link UnitHit} `ownWords` false); default none.
 * @returns The units, sorted (a new array; ties keep their given order).
 * @example rankScoredUnits([{ path: "a.md", text: "went hiking", date: "2026/01/02", score: 1 }], "What happened on 2 January, 2026?")
 */
export function rankScoredUnits<T extends ScoredUnit>(
  units: T[],
  query = "",
  byStructureOnly?: ReadonlySet<T>,
): T[] {
  const count = units.length;
  const scores = new Float64Array(count);
  const structural = new Uint8Array(count);
  for (let at = 0; at < count; at++) {
    const unit = units[at] as T;
    scores[at] = unit.score;
    if (byStructureOnly?.has(unit) === true) structural[at] = 1;
  }
  const ranked = rankHits(
    {
      count,
      scores,
      structural,
      date: (at) => (units[at] as T).date,
      path: (at) => (units[at] as T).path,
      cost: (at) => unitCost((units[at] as T).text),
      tie: (a, b) => a - b,
    },
    query,
  );
  const sorted: T[] = [];
  for (const at of ranked.all()) {
    const unit = units[at] as T;
    unit.score = scores[at] as number;
    sorted.push(unit);
  }
  return sorted;
}

/** Units read best first, each made when it is read ({@link rankFoundUnits}). */
export type RankedUnits<T> = {
  readonly length: number;
  /** The unit at `rank` (0: the best), with its final score. */
  at(rank: number): T;
  /** The fewest chars of a unit text at `rank` or after: a lower bound for a budget's cut-off. */
  shortestFrom(rank: number): number;
};

/**
 * The units a search found ({@link searchUnitHits}), in their final order ({@link rankHits}), made
 * as they are read: the order of `rankScoredUnits` over {@link searchUnits}' hits, whose order
 * (best search score first, then unit id) breaks ties.
 *
 * @param found - The search's hits; their scores become the final ones.
 * @param unitOf - The unit of an id (`undefined`: the hit is dropped).
 * @param query - The request's text.
 * @param skipPaths - Files whose units lift their day but are not returned.
 * @param make - The returned object of a unit and its final score.
 * @param columns - What ranking reads of a unit by id, without making it ({@link UnitColumns}):
 *   then only the units read are made (by `unitOf`), not one per hit; absent, every hit's unit is
 *   made first and read.
 * @returns The ranked units.
 */
export function rankFoundUnits<U extends Omit<ScoredUnit, "score">, T>(
  found: UnitHits,
  unitOf: (id: number) => U | undefined,
  query: string,
  skipPaths: readonly string[],
  make: (unit: U, score: number) => T,
  columns?: UnitColumns,
): RankedUnits<T> {
  const { count, ids, scores } = found;
  const read =
    columns === undefined ? madeUnits(found, unitOf) : columnsByHit(found, columns, unitOf);
  for (let at = 0; at < count; at++) {
    // A dropped hit neither lifts a day nor is ranked.
    if (!read.has(at)) scores[at] = 0;
  }
  const raw = scores.slice(0, count);
  const skip = new Set(skipPaths);
  const ranked = rankHits(
    {
      count,
      scores,
      structural: found.structural,
      date: (at) => (read.has(at) ? read.date(at) : undefined),
      path: read.path,
      cost: (at) => {
        const known = knownUnitCost(read.chars(at));
        return known > 0 ? known : unitCost(read.text(at));
      },
      tie: (a, b) =>
        (raw[b] as number) - (raw[a] as number) || (ids[a] as number) - (ids[b] as number),
      omit: (at) => !read.has(at) || skip.has(read.path(at)),
      chars: read.chars,
      ...(columns?.days === undefined ? {} : { days: hitDays(found, columns.days, read) }),
    },
    query,
  );
  return {
    length: ranked.length,
    at: (rank) => {
      const at = ranked.at(rank);
      return make(read.unit(at), scores[at] as number);
    },
    shortestFrom: (rank) => ranked.shortestFrom(rank),
  };
}

// The hits' days from the store's numbering; a dropped hit has none, as `date` gives it.
function hitDays(
  found: UnitHits,
  days: NonNullable<UnitColumns["days"]>,
  read: { has(at: number): boolean },
): HitDays {
  const of = new Int32Array(found.count);
  for (let at = 0; at < found.count; at++) {
    of[at] = read.has(at) ? days.day(found.ids[at] as number) : -1;
  }
  return { of, dates: days.dates, ranks: days.ranks() };
}

/**
 * What ranking reads of a unit, by unit id, for a store that keeps its units as columns rather
 * than objects (the recall index as stored): its text is sliced only for a length whose token
 * cost is not known yet, and no object is made for a hit that is not read.
 */
export type UnitColumns = {
  /** Whether the unit is there (`false`: its hit is dropped, as `unitOf` giving `undefined`). */
  has(id: number): boolean;
  path(id: number): string;
  date(id: number): string | undefined;
  /** Its text's length (chars). */
  chars(id: number): number;
  text(id: number): string;
  /**
   * The units' days numbered by the store (kept from one request to the next): `day(id)` (-1: no
   * date) indexes `dates`; `ranks()` gives each day's place in code-unit order ({@link HitDays}).
   */
  days?: { day(id: number): number; dates: readonly string[]; ranks(): Int32Array };
};

// A found unit's fields by its position among the hits, and the unit itself.
type HitUnits<U> = {
  has(at: number): boolean;
  path(at: number): string;
  date(at: number): string | undefined;
  chars(at: number): number;
  text(at: number): string;
  unit(at: number): U;
};

// Every hit's unit made at once, read from the objects.
function madeUnits<U extends Omit<ScoredUnit, "score">>(
  found: UnitHits,
  unitOf: (id: number) => U | undefined,
): HitUnits<U> {
  const units: Array<U | undefined> = new Array(found.count);
  for (let at = 0; at < found.count; at++) units[at] = unitOf(found.ids[at] as number);
  const unit = (at: number) => units[at] as U;
  return {
    has: (at) => units[at] !== undefined,
    path: (at) => unit(at).path,
    date: (at) => unit(at).date,
    chars: (at) => unit(at).text.length,
    text: (at) => unit(at).text,
    unit,
  };
}

// Read from the columns; a unit made (by `unitOf`) only when it is read.
function columnsByHit<U>(
  found: UnitHits,
  columns: UnitColumns,
  unitOf: (id: number) => U | undefined,
): HitUnits<U> {
  const { ids } = found;
  return {
    has: (at) => columns.has(ids[at] as number),
    path: (at) => columns.path(ids[at] as number),
    date: (at) => columns.date(ids[at] as number),
    chars: (at) => columns.chars(ids[at] as number),
    text: (at) => columns.text(ids[at] as number),
    unit: (at) => unitOf(ids[at] as number) as U,
  };
}
