import type MiniSearch from "minisearch";
import type { Options, Query, SearchOptions, SearchResult } from "minisearch";
import { estimateTokens } from "../cost/cache-minimum.js";
import { compareCodeUnits } from "../text/compare-code-units.js";
import { MONTH_NAMES } from "../text/month-names.js";
import { isPrefixSearchTerm, splitSearchTerms, stemmedSearchTerm } from "../text/search-terms.js";

// How one recall unit scores for a request, in one place: the words indexed per unit, how terms
// are normalized, the field boosts and the ranking after the search. The recall index (stored
// under `.memfiles/` or in the database) and the in-memory ranking both take everything from
// here, so a ranking change is made in this file alone.

/**
 * Version of what the index holds per unit and per file (fields, term normalization). A persisted
 * recall index of another version is rebuilt, not read: bump it whenever `unitIndexOptions`,
 * `fileIndexOptions` or `indexedFileFields` would index differently.
 */
export const RANKING_INDEX_VERSION = 4;

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
 * (minisearch; the weights and BM25 parameters are minisearch 7's defaults, written out because
 * the file fields are scored from them in {@link searchUnits}).
 */
export const UNIT_SEARCH_OPTIONS: SearchOptions = {
  boost: { text: 3, file: 1, entities: 1.5, date: 0.5 },
  prefix: isPrefixSearchTerm,
  combineWith: "OR",
  weights: { fuzzy: 0.45, prefix: 0.375 },
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
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

// minisearch has no public count of the documents holding a term, and no way to score a file's
// fields with its units' counts; its term tree (`_index`: term -> field id -> document short id ->
// count), field ids, document ids and field lengths are read here alone. A search of another shape
// prunes nothing, and its file fields score nothing.
type Postings = Map<number, Map<number, number>>;
type SearchInternals = {
  _index: { get(term: string): unknown; atPrefix(prefix: string): Iterable<[string, unknown]> };
  _fieldIds: Record<string, number>;
  _documentIds: Map<number, unknown>;
  _fieldLength: Map<number, number[]>;
};

function internalsOf(search: MiniSearch<never>): SearchInternals | undefined {
  const internals = search as unknown as Partial<SearchInternals>;
  if (
    typeof internals._index?.get !== "function" ||
    typeof internals._index.atPrefix !== "function" ||
    typeof internals._fieldIds !== "object" ||
    !(internals._documentIds instanceof Map) ||
    !(internals._fieldLength instanceof Map)
  )
    return undefined;
  return internals as SearchInternals;
}

// The documents holding a term in one field (short id -> count), if any.
function fieldPostings(
  internals: SearchInternals,
  postings: unknown,
  field: UnitField,
): Map<number, number> | undefined {
  if (!(postings instanceof Map)) return undefined;
  const id = internals._fieldIds[field];
  const docs = id === undefined ? undefined : (postings as Postings).get(id);
  return docs instanceof Map && docs.size > 0 ? docs : undefined;
}

type Searched = { internals: SearchInternals; search: MiniSearch<never> };

// The number of units a file document (by short id) stands for: 0 for one of no unit.
function unitCountOf(
  internals: SearchInternals,
  unitsOf: UnitSearch["unitsOf"],
  shortId: number,
): number {
  const id = internals._documentIds.get(shortId);
  return typeof id === "number" ? (unitsOf(id)?.length ?? 0) : 0;
}

/**
 * The number of units holding `term` in a file field (`file`, `entities`): every unit of each file
 * whose field holds it.
 *
 * @param search - The file index and the units of each file.
 * @returns The count; 0 for another field or a search of another shape.
 */
function unitsHoldingInFiles(
  search: Pick<UnitSearch, "files" | "unitsOf">,
  term: string,
  field: UnitField,
): number {
  const files = internalsOf(search.files as MiniSearch<never>);
  if (files === undefined || !FILE_FIELDS.includes(field)) return 0;
  const docs = fieldPostings(files, files._index.get(term), field);
  let count = 0;
  for (const shortId of docs?.keys() ?? []) count += unitCountOf(files, search.unitsOf, shortId);
  return count;
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
 * @returns The words in query order, stop words left out.
 */
export function plannedWords(
  query: string,
  total: number,
  count: (term: string, field: UnitField) => number,
): PlannedWord[] {
  const words: PlannedWord[] = [];
  for (const word of splitSearchTerms(query)) {
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

// minisearch 7's BM25 of one field (`calcBM25Score`), with the units' counts.
function bm25(tf: number, holding: number, total: number, length: number, average: number): number {
  const { k, b, d } = UNIT_SEARCH_OPTIONS.bm25 as { k: number; b: number; d: number };
  const idf = Math.log(1 + (total - holding + 0.5) / (holding + 0.5));
  return idf * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / average)));
}

/**
 * The fields holding a unit's own words: the line itself and the entity names its file is tied to
 * (a file's `name:` under people/ or projects/, and the names it links to, which say whom or what
 * the line is about). A match only in `file` (its file's name and description) or `date` is by
 * structure alone: {@link rankScoredUnits} ranks own-word matches first.
 */
const OWN_FIELDS: readonly UnitField[] = ["text", "entities"];

// `ownWords`: whether some query term matched in one of OWN_FIELDS of the file document.
type FileHit = { score: number; terms: string[]; ownWords: boolean };

// The file fields' score of each file for the planned words, as minisearch scores a unit's fields
// (each word's term and, for a prefix word, the longer terms it begins; BM25 with the units'
// counts: a file's fields stand for each of its units), and the query terms each file matched.
function fileHits(
  files: Searched,
  unitsOf: UnitSearch["unitsOf"],
  total: number,
  planned: readonly PlannedWord[],
): Map<number, FileHit> {
  const hits = new Map<number, FileHit>();
  const { internals } = files;
  const boost = UNIT_SEARCH_OPTIONS.boost ?? {};
  const prefixWeight = UNIT_SEARCH_OPTIONS.weights?.prefix ?? 0;
  // Each file field's average length over the units (a file's length counted once per unit),
  // summed in one pass over the files when first needed.
  let averages: Map<UnitField, number> | undefined;
  const averageOf = (field: UnitField): number => {
    if (averages === undefined) {
      const ids = FILE_FIELDS.map((name) => internals._fieldIds[name] ?? -1);
      const sums = FILE_FIELDS.map(() => 0);
      for (const [shortId, lengths] of internals._fieldLength) {
        const units = unitCountOf(internals, unitsOf, shortId);
        if (units === 0) continue;
        ids.forEach((fieldId, at) => {
          sums[at] = (sums[at] ?? 0) + units * (lengths[fieldId] ?? 0);
        });
      }
      averages = new Map(FILE_FIELDS.map((name, at) => [name, (sums[at] ?? 0) / total]));
    }
    return averages.get(field) ?? 0;
  };
  for (const { term, fields } of planned) {
    const searched = FILE_FIELDS.filter((field) => fields.includes(field));
    if (searched.length === 0) continue;
    const derived: Array<[string, unknown, number]> = [[term, internals._index.get(term), 1]];
    if (isPrefixSearchTerm(term)) {
      for (const [longer, postings] of internals._index.atPrefix(term)) {
        const distance = longer.length - term.length;
        if (distance > 0)
          derived.push([
            longer,
            postings,
            (prefixWeight * longer.length) / (longer.length + 0.3 * distance),
          ]);
      }
    }
    for (const [, postings, weight] of derived) {
      for (const field of searched) {
        const docs = fieldPostings(internals, postings, field);
        if (docs === undefined) continue;
        let holding = 0;
        const found: Array<[number, number, number]> = [];
        for (const [shortId, tf] of docs) {
          const count = unitCountOf(internals, unitsOf, shortId);
          if (count === 0) continue;
          holding += count;
          found.push([internals._documentIds.get(shortId) as number, shortId, tf]);
        }
        const fieldId = internals._fieldIds[field] ?? -1;
        const average = averageOf(field);
        const fieldBoost = boost[field] ?? 1;
        const own = OWN_FIELDS.includes(field);
        for (const [id, shortId, tf] of found) {
          const length = internals._fieldLength.get(shortId)?.[fieldId] ?? 0;
          const score = weight * fieldBoost * bm25(tf, holding, total, length, average);
          const hit = hits.get(id);
          if (hit === undefined) hits.set(id, { score, terms: [term], ownWords: own });
          else {
            hit.score += score;
            hit.ownWords ||= own;
            if (!hit.terms.includes(term)) hit.terms.push(term);
          }
        }
      }
    }
  }
  return hits;
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
  const units = internalsOf(search.units as MiniSearch<never>);
  const files = internalsOf(search.files as MiniSearch<never>);
  if (units === undefined || files === undefined) return [];
  const fileSide = { internals: files, search: search.files as MiniSearch<never> };
  const planned = plannedWords(
    query,
    search.units.documentCount,
    (term, field) =>
      search.counts?.(term, field) ??
      (FILE_FIELDS.includes(field)
        ? unitsHoldingInFiles(search, term, field)
        : (fieldPostings(units, units._index.get(term), field)?.size ?? 0)),
  );
  const unitQueries: Query[] = [];
  for (const { word, fields } of planned) {
    const own = UNIT_OWN_FIELDS.filter((field) => fields.includes(field));
    if (own.length > 0) unitQueries.push({ queries: [word], fields: own });
  }
  const ownHits =
    unitQueries.length === 0
      ? []
      : search.units.search({ queries: unitQueries, combineWith: "OR" });
  const total = search.units.documentCount;
  const byFile = total === 0 ? new Map() : fileHits(fileSide, search.unitsOf, total, planned);
  const own = new Map<number, SearchResult>();
  for (const hit of ownHits) own.set(hit.id as number, hit);
  const hits: UnitHit[] = [];
  // minisearch multiplies a document's summed score by the number of query terms it matched.
  for (const [fileId, file] of byFile) {
    for (const id of search.unitsOf(fileId) ?? []) {
      if (filter !== undefined && !filter(id)) continue;
      const mine = own.get(id);
      if (mine === undefined) {
        hits.push({ id, score: file.score * file.terms.length, ownWords: file.ownWords });
        continue;
      }
      own.delete(id);
      let matched = mine.queryTerms.length;
      for (const term of file.terms) if (!mine.queryTerms.includes(term)) matched++;
      hits.push({
        id,
        score: (mine.score / mine.queryTerms.length + file.score) * matched,
        ownWords: file.ownWords || matchedOwnWords(mine.match),
      });
    }
  }
  for (const [id, mine] of own) {
    if (filter === undefined || filter(id))
      hits.push({ id, score: mine.score, ownWords: matchedOwnWords(mine.match) });
  }
  return hits.sort((a, b) => b.score - a.score || a.id - b.id);
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
 * The final order of matched units: each matching unit stated on a day the request names
 * ({@link namedDays}) gains a share ({@link NAMED_DAY_SHARE}) of the request's best score; then
 * each matching unit gains a share ({@link SAME_DAY_SHARE}) of the best score of its day (what was
 * stated the same day as a strong match is likely the same conversation, so "when" and
 * multi-part questions reach the lines beside the one that matched); then each score is divided by
 * its line's tokens to the power {@link TOKEN_COST_POWER}; then best first, the units whose own
 * words matched ahead of those matched only by their file's name and description or their date
 * (`byStructureOnly`; a file's words lift all of its lines alike, so at the tail of a large budget
 * they bring in lines that say nothing the request asked: on the seven given LoCoMo
 * conversations, subject layout, 4,000 tokens, this order was +0.8 points); ties go to the newer
 * date (the newest statement of a fact wins), then the path.
 *
 * @param units - Units with their search score (0 when they did not match); their scores are
 *   changed in place to the final ones.
 * @param query - The request the units were scored for (default `""`: no day named).
 * @param byStructureOnly - The matched units whose own words did not match
 *   ({@link UnitHit} `ownWords` false); default none.
 * @returns The units, sorted (a new array).
 * @example rankScoredUnits([{ path: "a.md", text: "went hiking", date: "2026/01/02", score: 1 }], "What happened on 2 January, 2026?")
 */
export function rankScoredUnits<T extends ScoredUnit>(
  units: T[],
  query = "",
  byStructureOnly?: ReadonlySet<T>,
): T[] {
  const named = namedDays(query);
  if (named.length > 0) {
    let best = 0;
    for (const unit of units) best = Math.max(best, unit.score);
    for (const unit of units) {
      const date = unit.date;
      if (unit.score > 0 && date !== undefined && named.some((day) => date.startsWith(day))) {
        unit.score += NAMED_DAY_SHARE * best;
      }
    }
  }
  const bestOfDay = new Map<string, number>();
  for (const unit of units) {
    if (unit.date === undefined) continue;
    bestOfDay.set(unit.date, Math.max(bestOfDay.get(unit.date) ?? 0, unit.score));
  }
  for (const unit of units) {
    if (unit.date !== undefined && unit.score > 0) {
      unit.score += SAME_DAY_SHARE * (bestOfDay.get(unit.date) ?? 0);
    }
  }
  for (const unit of units) {
    if (unit.score > 0) unit.score /= estimateTokens(`${unit.text}\n`) ** TOKEN_COST_POWER;
  }
  const order = (a: T, b: T) =>
    b.score - a.score ||
    compareCodeUnits(b.date ?? "", a.date ?? "") ||
    compareCodeUnits(a.path, b.path);
  if (byStructureOnly === undefined || byStructureOnly.size === 0) return units.sort(order);
  const own: T[] = [];
  const structural: T[] = [];
  const unmatched: T[] = [];
  for (const unit of units) {
    if (unit.score <= 0) unmatched.push(unit);
    else if (byStructureOnly.has(unit)) structural.push(unit);
    else own.push(unit);
  }
  return [...own.sort(order), ...structural.sort(order), ...unmatched.sort(order)];
}
