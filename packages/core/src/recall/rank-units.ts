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
 * Version of what the index holds per unit (fields, term normalization). A persisted recall index
 * of another version is rebuilt, not read: bump it whenever `unitIndexOptions` or
 * `indexedUnitFields` would index a unit differently.
 */
export const RANKING_INDEX_VERSION = 2;

/** What the lexical index holds of one unit (one document of the search). */
export type IndexedUnit = {
  id: number;
  /** The unit's own words. */
  text: string;
  /** The file's name and description: what the file is about, which a bare line does not say. */
  file: string;
  /** Entity names: the file's own `name:` under people/ or projects/, and names it links to. */
  entities: string;
  /** The unit's date as words ("2023 may"). */
  date: string;
};

/** What {@link indexedUnitFields} needs of a file: its row and the rows it links to. */
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

/** Field boosts, prefix rule and combination of a unit search (BM25, minisearch). */
export const UNIT_SEARCH_OPTIONS: SearchOptions = {
  boost: { text: 3, file: 1, entities: 1.5, date: 0.5 },
  prefix: isPrefixSearchTerm,
  combineWith: "OR",
};

/**
 * minisearch options of the unit index: fields, tokenizer (`splitSearchTerms`), terms lower-cased,
 * stop words and one-letter words dropped (a symbol such as an emoji kept), Porter stems.
 */
export function unitIndexOptions(): Options<IndexedUnit> {
  return {
    fields: ["text", "file", "entities", "date"],
    processTerm: stemmedSearchTerm,
    tokenize: splitSearchTerms,
    searchOptions: UNIT_SEARCH_OPTIONS,
    // Discarded units are vacuumed when the index is saved, not on a timer a short process waits for.
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

const UNIT_FIELDS = ["text", "file", "entities", "date"] as const;

// minisearch has no public count of the units holding a term; its term tree (`_index`: term ->
// field id -> unit id -> count) and field ids (`_fieldIds`) are read here alone. A tree of
// another shape prunes nothing.
type SearchInternals = {
  _index: { get(term: string): unknown };
  _fieldIds: Record<string, number>;
};

function internalsOf(search: MiniSearch<IndexedUnit>): SearchInternals | undefined {
  const internals = search as unknown as Partial<SearchInternals>;
  if (typeof internals._index?.get !== "function" || typeof internals._fieldIds !== "object")
    return undefined;
  return internals as SearchInternals;
}

// The fields in which `term` is in more than `limit` units, and whether it is in any other.
function commonFields(
  internals: SearchInternals,
  term: string,
  limit: number,
): { common: string[]; elsewhere: boolean } {
  const postings = internals._index.get(term);
  const common: string[] = [];
  let elsewhere = false;
  if (!(postings instanceof Map)) return { common, elsewhere };
  for (const field of UNIT_FIELDS) {
    const units = postings.get(internals._fieldIds[field]);
    if (!(units instanceof Map) || units.size === 0) continue;
    if (units.size > limit) common.push(field);
    else elsewhere = true;
  }
  return { common, elsewhere };
}

/**
 * The query a unit search runs for `query`: each word searched in the fields where it is in at
 * most {@link COMMON_TERM_SHARE} of the units (a word only in fields where it is common, not at
 * all); `query` itself when no word is common anywhere, or when no word left is in any unit.
 */
function narrowedQuery(search: MiniSearch<IndexedUnit>, query: string): Query {
  const internals = internalsOf(search);
  if (internals === undefined || search.documentCount < COMMON_TERM_MIN_UNITS) return query;
  const limit = COMMON_TERM_SHARE * search.documentCount;
  const queries: Query[] = [];
  let narrowed = false;
  let reaching = false;
  for (const word of splitSearchTerms(query)) {
    const term = stemmedSearchTerm(word);
    if (term === null) continue;
    const { common, elsewhere } = commonFields(internals, term, limit);
    reaching ||= elsewhere;
    if (common.length === 0) {
      queries.push(word);
      continue;
    }
    narrowed = true;
    if (elsewhere) {
      queries.push({
        queries: [word],
        fields: UNIT_FIELDS.filter((field) => !common.includes(field)),
      });
    }
  }
  if (!narrowed || !reaching) return query;
  return { queries, combineWith: "OR" };
}

/**
 * A search of recall units (an index of {@link unitIndexOptions}) for a request: every unit that
 * shares a word with it, scored by BM25 over the fields; a word is not searched in a field where
 * more than {@link COMMON_TERM_SHARE} of the units hold it (unless every word is that common, or
 * the index holds fewer than {@link COMMON_TERM_MIN_UNITS} units), so
 * a word on nearly every line neither brings in nor lifts units through that field. The recall
 * index and the in-memory ranking both search here.
 *
 * @param search - A minisearch index built with {@link unitIndexOptions}.
 * @param query - The request's text.
 * @param options - minisearch search options (a scope `filter`).
 * @returns minisearch's results, best first.
 * @example searchUnits(search, "Does the user still use Hetzner?")
 */
export function searchUnits(
  search: MiniSearch<IndexedUnit>,
  query: string,
  options?: SearchOptions,
): SearchResult[] {
  return search.search(narrowedQuery(search, query), options);
}

/** A unit with its score for the request, as ranking sees it. */
export type ScoredUnit = { path: string; text: string; date?: string; score: number };

/** The fields a unit's own words are in: the line itself and the entity names it is tied to. */
const OWN_FIELDS: readonly string[] = ["text", "entities"];

/**
 * Whether a search hit matched the unit's own words ({@link OWN_FIELDS}), not only its file's name
 * and description or its date: what {@link rankScoredUnits} ranks first.
 *
 * @param hit - A result of {@link searchUnits}.
 * @returns `false` when every matched term was found in `file` or `date` alone.
 * @example matchedOwnWords({ id: 0, score: 1, terms: ["dog"], queryTerms: ["dog"], match: { dog: ["file"] } }) // false
 */
export function matchedOwnWords(hit: SearchResult): boolean {
  // Called once per hit (tens of thousands a request): no array made per call.
  for (const term in hit.match) {
    for (const field of hit.match[term] ?? []) if (OWN_FIELDS.includes(field)) return true;
  }
  return false;
}

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
 *   ({@link matchedOwnWords} false); default none.
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
