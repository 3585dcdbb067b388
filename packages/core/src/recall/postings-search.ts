import type MiniSearch from "minisearch";

// BM25 as minisearch 7.2 scores a search, from its postings, in one place: the pre-filter's row
// search, the units' own fields and the units' file fields all score here. minisearch has no
// public per-posting scoring, no count of the documents holding a term and no way to count a
// document for several; its term tree (`_index`: term -> field id -> document short id -> count),
// field ids, document ids and field lengths are read here alone, and an index of another shape is
// declined (the pre-filter and the units' own words then ask minisearch's own `search`). A posting
// of a discarded document is removed as it is met (`removeTerm`), as minisearch's search does.

/** minisearch 7.2's default term weights (`defaultSearchOptions.weights`). */
export const MINISEARCH_WEIGHTS = { fuzzy: 0.45, prefix: 0.375 } as const;
/** minisearch 7.2's default BM25 parameters (`defaultSearchOptions.bm25`). */
export const MINISEARCH_BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
const MAX_FUZZY = 6;

/** The search options {@link bestMatches} scores with: those the index was built with. */
export type PostingsSearchOptions = {
  /** The index's fields, in its order. */
  fields: readonly string[];
  boost: Readonly<Record<string, number>>;
  tokenize: (text: string) => string[];
  processTerm: (term: string) => string | null;
  prefix: (term: string) => boolean;
  /** A share of the term's length (below 1) or a distance; `false` for none. */
  fuzzy: (term: string) => number | false;
};

type Postings = Map<number, Map<number, number>>;

/** What is read of a minisearch index (see {@link postingsOf}). */
export type PostingsIndex = {
  _index: {
    get(term: string): unknown;
    atPrefix(prefix: string): Iterable<[string, unknown]>;
    fuzzyGet(term: string, distance: number): Map<string, [unknown, number]>;
  };
  _fieldIds: Record<string, number>;
  _documentIds: Map<number, unknown>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentCount: number;
  _nextId: number;
  _dirtCount: number;
  removeTerm(fieldId: number, shortId: number, term: string): void;
};

/**
 * The internals of a minisearch 7.2 index that its postings are scored from.
 *
 * @param search - Any minisearch index.
 * @returns Them; `undefined` when they are not as read here (another minisearch version).
 */
export function postingsOf(search: MiniSearch<never>): PostingsIndex | undefined {
  const internals = search as unknown as Partial<PostingsIndex>;
  return typeof internals._index?.get === "function" &&
    typeof internals._index.atPrefix === "function" &&
    typeof internals._index.fuzzyGet === "function" &&
    typeof internals._fieldIds === "object" &&
    internals._documentIds instanceof Map &&
    internals._fieldLength instanceof Map &&
    Array.isArray(internals._avgFieldLength) &&
    typeof internals._documentCount === "number" &&
    typeof internals._nextId === "number" &&
    typeof internals._dirtCount === "number" &&
    typeof internals.removeTerm === "function"
    ? (internals as PostingsIndex)
    : undefined;
}

/**
 * An index's documents by short id, in arrays: each one's id and field lengths (`fields` per
 * document, by field id). minisearch keeps them in maps, which a search looked up once per
 * posting. Short ids are never reused, so the arrays only grow: a removed document keeps its
 * entry, which no posting names once it is removed (a discarded one's postings stay until
 * vacuumed: {@link scoreTerm} looks those up in minisearch's map while any remain).
 */
export type DocumentColumns = {
  /** The document ids; `undefined` for a short id never indexed. */
  ids: unknown[];
  lengths: Int32Array;
  fields: number;
};

type KeptColumns = DocumentColumns & { nextId: number; documentIds: Map<number, unknown> };
const keptColumns = new WeakMap<object, KeptColumns>();

/**
 * The documents of an index in arrays ({@link DocumentColumns}), kept with the index and given
 * the documents added since.
 *
 * @param index - The index's internals ({@link postingsOf}).
 */
export function documentColumns(index: PostingsIndex): DocumentColumns {
  const nextId = index._nextId;
  let kept = keptColumns.get(index);
  // Another map of documents: the index was emptied (`removeAll`), its short ids numbered anew.
  if (kept === undefined || kept.documentIds !== index._documentIds) {
    kept = { ...emptyColumns(index._fieldIds, nextId), nextId: 0, documentIds: index._documentIds };
    keptColumns.set(index, kept);
  }
  if (nextId === kept.nextId) return kept;
  if (kept.lengths.length < nextId * kept.fields) {
    const lengths = new Int32Array(Math.max(nextId, 2 * kept.nextId) * kept.fields);
    lengths.set(kept.lengths);
    kept.lengths = lengths;
  }
  for (let shortId = kept.nextId; shortId < nextId; shortId++) setColumns(index, kept, shortId);
  kept.nextId = nextId;
  return kept;
}

/**
 * Columns for the documents of short ids below `nextId` of an index with these fields, none set
 * yet: what {@link documentColumns} fills, and what a loader fills from its own arrays.
 *
 * @param fieldIds - The index's field ids by name (minisearch's `fieldIds`).
 * @param nextId - Its next short id.
 */
export function emptyColumns(fieldIds: Record<string, number>, nextId: number): DocumentColumns {
  const fields = Math.max(1, ...Object.values(fieldIds).map((id) => id + 1));
  // Sized up front: set out of order, a growing array would fall back to a dictionary.
  return { ids: new Array(nextId), lengths: new Int32Array(nextId * fields), fields };
}

/**
 * Gives an index loaded a moment ago the {@link documentColumns} it was loaded from, so the first
 * search does not read them back out of minisearch's maps one short id at a time. Call it before
 * any document is added or removed: the columns must hold what its maps hold.
 *
 * @param index - The index's internals ({@link postingsOf}).
 * @param columns - {@link emptyColumns} of its fields and next id, set for each of its documents.
 */
export function loadedColumns(index: PostingsIndex, columns: DocumentColumns): void {
  keptColumns.set(index, { ...columns, nextId: index._nextId, documentIds: index._documentIds });
}

function setColumns(index: PostingsIndex, columns: KeptColumns, shortId: number): void {
  const lengths = index._fieldLength.get(shortId);
  if (lengths === undefined || !index._documentIds.has(shortId)) return;
  columns.ids[shortId] = index._documentIds.get(shortId);
  const at = shortId * columns.fields;
  for (let field = 0; field < columns.fields; field++) {
    columns.lengths[at + field] = lengths[field] ?? 0;
  }
}

/** A field as a term is scored in it: its id in the index, boost and BM25 average length. */
export type ScoredField = { id: number; boost: number; average: number };

/**
 * How a term is scored: the fields searched (in the index's order), the terms it stands for, and
 * BM25's statistics.
 */
export type TermScoring = {
  fields: readonly ScoredField[];
  /** Also the longer terms it begins (minisearch's `prefix`). */
  prefix: boolean;
  /** The terms near it: a share of its length (below 1) or a distance; `false` for none. */
  fuzzy: number | false;
  /** The number of documents (BM25's N). */
  documents: number;
  /**
   * How many documents each indexed one counts for, by short id (0: left out): BM25 then counts
   * the documents holding a term, and `documents`, in these. Absent: one each, and a posting of a
   * discarded document is removed from the index as minisearch's own search removes it.
   */
  counts?: Int32Array;
};

/**
 * The fields of an index as minisearch's own search scores them: its boost (`|| 1`, as minisearch
 * reads it) and the index's average lengths.
 *
 * @param index - The index.
 * @param fields - Field names, in the index's order.
 * @param boost - Boost by field name.
 */
export function searchedFields(
  index: PostingsIndex,
  fields: readonly string[],
  boost: Readonly<Record<string, number>>,
): ScoredField[] {
  return fields.map((field) => {
    const id = index._fieldIds[field] ?? -1;
    return { id, boost: boost[field] || 1, average: index._avgFieldLength[id] as number };
  });
}

/**
 * The postings one term scored, in the order minisearch's `termResults` scores them (the term,
 * then the longer terms it begins, then the terms near it; each field in the given order; each
 * document in the postings' order). Reused from term to term.
 */
export class ScoredPostings {
  count = 0;
  /** Document short ids. */
  shortIds = new Int32Array(256);
  /** `termWeight * fieldBoost * bm25` of each, as minisearch weighs a posting. */
  scores = new Float64Array(256);
  /** The field id each posting is in. */
  fields = new Uint8Array(256);

  push(shortId: number, score: number, field: number): void {
    if (this.count === this.shortIds.length) {
      const size = this.count * 2;
      const shortIds = new Int32Array(size);
      shortIds.set(this.shortIds);
      const scores = new Float64Array(size);
      scores.set(this.scores);
      const fields = new Uint8Array(size);
      fields.set(this.fields);
      this.shortIds = shortIds;
      this.scores = scores;
      this.fields = fields;
    }
    this.shortIds[this.count] = shortId;
    this.scores[this.count] = score;
    this.fields[this.count] = field;
    this.count++;
  }
}

/**
 * Scores every posting of one query term as minisearch 7.2's `executeQuerySpec` does (no document
 * boost, term boost 1): the one BM25 of the recall searches.
 *
 * @param index - The index's internals ({@link postingsOf}).
 * @param term - A processed query term.
 * @param scoring - Fields, prefix and fuzzy rules, BM25 statistics.
 * @param into - Emptied, then given the term's postings and their scores.
 */
export function scoreTerm(
  index: PostingsIndex,
  term: string,
  scoring: TermScoring,
  into: ScoredPostings,
): void {
  into.count = 0;
  let near: Map<string, [unknown, number]> | undefined;
  if (scoring.fuzzy !== false) {
    const fuzzy = scoring.fuzzy;
    const distance = fuzzy < 1 ? Math.min(MAX_FUZZY, Math.round(term.length * fuzzy)) : fuzzy;
    if (distance) near = index._index.fuzzyGet(term, distance);
  }
  scorePostings(index, term, index._index.get(term), 1, scoring, into);
  if (scoring.prefix) {
    for (const [longer, postings] of index._index.atPrefix(term)) {
      const distance = longer.length - term.length;
      if (!distance) continue;
      // A term both longer and near is scored as longer (minisearch).
      near?.delete(longer);
      const weight = (MINISEARCH_WEIGHTS.prefix * longer.length) / (longer.length + 0.3 * distance);
      scorePostings(index, longer, postings, weight, scoring, into);
    }
  }
  for (const [other, [postings, distance]] of near ?? []) {
    if (!distance) continue;
    const weight = (MINISEARCH_WEIGHTS.fuzzy * other.length) / (other.length + distance);
    scorePostings(index, other, postings, weight, scoring, into);
  }
}

// minisearch 7.2's `calcBM25Score`, the IDF given.
function bm25(termFrequency: number, length: number, average: number, idf: number): number {
  const { k, b, d } = MINISEARCH_BM25;
  return (
    idf * (d + (termFrequency * (k + 1)) / (termFrequency + k * (1 - b + (b * length) / average)))
  );
}

// minisearch 7.2's BM25 IDF of a term held by `matching` of `documents`.
function idfOf(documents: number, matching: number): number {
  return Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
}

function scorePostings(
  index: PostingsIndex,
  term: string,
  postings: unknown,
  weight: number,
  scoring: TermScoring,
  into: ScoredPostings,
): void {
  if (!(postings instanceof Map)) return;
  const { counts, documents } = scoring;
  const { ids, lengths, fields } = documentColumns(index);
  // Without a discarded document, every posting's document is indexed: none is looked up.
  const clean = index._dirtCount === 0;
  for (const field of scoring.fields) {
    const docs = (postings as Postings).get(field.id);
    if (docs === undefined) continue;
    let matching = holding(docs, counts);
    let idf = idfOf(documents, matching);
    // minisearch's `termWeight * termBoost * fieldBoost * docBoost * rawScore`, both boosts 1.
    const scale = weight * field.boost;
    for (const [shortId, termFrequency] of docs) {
      if (counts !== undefined) {
        if ((counts[shortId] ?? 0) === 0) continue;
      } else if (ids[shortId] === undefined || (!clean && !index._documentIds.has(shortId))) {
        // A discarded document, as minisearch's `termResults` meets it: its posting removed, and
        // the documents after it in this field scored as held by one fewer.
        index.removeTerm(field.id, shortId, term);
        idf = idfOf(documents, --matching);
        continue;
      }
      const length = lengths[shortId * fields + field.id] ?? 0;
      into.push(shortId, scale * bm25(termFrequency, length, field.average, idf), field.id);
    }
  }
}

// The documents of a term's postings in one field, each counted as `counts` says (one when absent).
function holding(docs: Map<number, number>, counts: Int32Array | undefined): number {
  if (counts === undefined) return docs.size;
  let count = 0;
  for (const shortId of docs.keys()) count += counts[shortId] ?? 0;
  return count;
}

/**
 * The number of documents holding `term` in `field`, as BM25 counts them in {@link scoreTerm}.
 *
 * @param index - The index's internals ({@link postingsOf}).
 * @param term - A processed term.
 * @param field - A field name.
 * @param counts - How many documents each counts for ({@link TermScoring}); one each when absent.
 * @returns The count; 0 when none does.
 */
export function documentsHolding(
  index: PostingsIndex,
  term: string,
  field: string,
  counts?: Int32Array,
): number {
  const postings = index._index.get(term);
  const docs =
    postings instanceof Map ? (postings as Postings).get(index._fieldIds[field] ?? -1) : undefined;
  return docs === undefined ? 0 : holding(docs, counts);
}

/** One part of an OR query: its terms, each numbered by the caller and how it is scored. */
export type PostingsQuery = ReadonlyArray<{ term: string; number: number; scoring: TermScoring }>;

/**
 * What {@link searchPostings} found, by document short id (arrays of the index's next id); only
 * the documents in `found` hold values.
 */
export type PostingsMatches = {
  /** The matching documents, in the order minisearch's results map holds them. */
  found: number[];
  /** The sum of each one's term scores (before minisearch multiplies it by `matched`). */
  sums: Float64Array;
  /** The distinct query terms each matched (minisearch's `queryTerms.length`). */
  matched: Uint16Array;
  /** The terms each matched: `words` 32-bit words per document, bit `number` of a term. */
  masks: Uint32Array;
  words: number;
  /** A bit per field id each matched in. */
  fieldBits: Uint8Array;
};

/**
 * minisearch 7.2's search of an OR query of parts (`executeQuery`: each part's terms combined with
 * OR, then the parts), from the postings: every sum taken in minisearch's order, so each score is
 * the same bits, without a result object per document.
 *
 * @param index - The index's internals ({@link postingsOf}).
 * @param queries - The parts; a term's `number` is below `terms`.
 * @param terms - How many distinct term numbers there are.
 * @returns The matches.
 */
export function searchPostings(
  index: PostingsIndex,
  queries: readonly PostingsQuery[],
  terms: number,
): PostingsMatches {
  const size = index._nextId;
  const words = Math.max(1, Math.ceil(terms / 32));
  const sums = new Float64Array(size);
  const inSums = new Uint8Array(size);
  const partScore = new Float64Array(size);
  const termScore = new Float64Array(size);
  // The term (or part) a document last scored for, numbered from 1.
  const termMark = new Int32Array(size);
  const partMark = new Int32Array(size);
  const masks = new Uint32Array(size * words);
  const matched = new Uint16Array(size);
  const fieldBits = new Uint8Array(size);
  const found: number[] = [];
  const scored = new ScoredPostings();
  let termNumber = 0;
  let partNumber = 0;
  for (const part of queries) {
    partNumber++;
    const inPart: number[] = [];
    for (const { term, number, scoring } of part) {
      termNumber++;
      scoreTerm(index, term, scoring, scored);
      const inTerm: number[] = [];
      const { shortIds, scores, fields } = scored;
      for (let at = 0; at < scored.count; at++) {
        const shortId = shortIds[at] as number;
        if (termMark[shortId] === termNumber)
          termScore[shortId] = (termScore[shortId] as number) + (scores[at] as number);
        else {
          termMark[shortId] = termNumber;
          termScore[shortId] = scores[at] as number;
          inTerm.push(shortId);
        }
        fieldBits[shortId] = (fieldBits[shortId] as number) | (1 << (fields[at] as number));
      }
      const bit = 1 << (number & 31);
      for (const shortId of inTerm) {
        if (partMark[shortId] === partNumber)
          partScore[shortId] = (partScore[shortId] as number) + (termScore[shortId] as number);
        else {
          partMark[shortId] = partNumber;
          partScore[shortId] = termScore[shortId] as number;
          inPart.push(shortId);
        }
        const slot = shortId * words + (number >>> 5);
        const mask = masks[slot] as number;
        // minisearch counts each query term a document matched once.
        if ((mask & bit) === 0) {
          masks[slot] = mask | bit;
          matched[shortId] = (matched[shortId] as number) + 1;
        }
      }
    }
    for (const shortId of inPart) {
      if (inSums[shortId] === 1)
        sums[shortId] = (sums[shortId] as number) + (partScore[shortId] as number);
      else {
        inSums[shortId] = 1;
        sums[shortId] = partScore[shortId] as number;
        found.push(shortId);
      }
    }
  }
  return { found, sums, matched, masks, words, fieldBits };
}

/**
 * The ids and scores of the best `keep` documents of `search.search(query)` (a string query, its
 * terms combined with OR, no document boost), in its order, from {@link searchPostings}: ties in
 * the order minisearch's results map holds them, without a sort of every match.
 *
 * @param search - A minisearch index built with `options`.
 * @param query - Any text.
 * @param keep - How many ids at most.
 * @param options - The index's fields, boosts, term processing, prefix and fuzzy rules.
 * @returns `{ id, score }` of each, best first; `undefined` when the index's internals are not as
 *   read here.
 */
export function bestMatches(
  search: MiniSearch<never>,
  query: string,
  keep: number,
  options: PostingsSearchOptions,
): Array<{ id: unknown; score: number }> | undefined {
  const index = postingsOf(search);
  if (index === undefined) return undefined;
  const fields = searchedFields(index, options.fields, options.boost);
  const numbers = new Map<string, number>();
  // A string query: one part, its terms in order (a term written twice scored twice).
  const part: Array<{ term: string; number: number; scoring: TermScoring }> = [];
  for (const token of options.tokenize(query)) {
    const term = options.processTerm(token);
    if (!term) continue;
    let number = numbers.get(term);
    if (number === undefined) {
      number = numbers.size;
      numbers.set(term, number);
    }
    const scoring: TermScoring = {
      fields,
      prefix: options.prefix(term),
      fuzzy: options.fuzzy(term),
      documents: index._documentCount,
    };
    part.push({ term, number, scoring });
  }
  const { found, sums, matched } = searchPostings(index, [part], numbers.size);
  const scores = new Float64Array(found.length);
  found.forEach((shortId, at) => {
    scores[at] = (sums[shortId] as number) * ((matched[shortId] as number) || 1);
  });
  const { ids } = documentColumns(index);
  return bestPositions(scores, keep).map((at) => ({
    id: ids[found[at] as number],
    score: scores[at] as number,
  }));
}

// The positions of the `keep` highest scores, highest first, ties in position order (minisearch's
// stable sort of its results by score).
function bestPositions(scores: Float64Array, keep: number): number[] {
  const count = scores.length;
  if (keep <= 0 || count === 0) return [];
  const byScore = (a: number, b: number) => (scores[b] as number) - (scores[a] as number) || a - b;
  if (keep * 4 >= count) {
    return Array.from(Int32Array.from({ length: count }, (_, at) => at).sort(byScore)).slice(
      0,
      keep,
    );
  }
  // A short list kept sorted: a later position enters only above a lower score.
  const best: number[] = [];
  for (let at = 0; at < count; at++) {
    const score = scores[at] as number;
    if (best.length === keep && score <= (scores[best[keep - 1] as number] as number)) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((scores[best[middle] as number] as number) >= score) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, at);
    if (best.length > keep) best.pop();
  }
  return best;
}
