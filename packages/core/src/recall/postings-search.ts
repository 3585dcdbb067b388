import type MiniSearch from "minisearch";

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

// minisearch 7.2's defaults (`defaultSearchOptions`), which the indexes searched here keep.
const WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };
const MAX_FUZZY = 6;
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

type Postings = Map<number, Map<number, number>>;
type Internals = {
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
};

function internalsOf(search: MiniSearch<never>): Internals | undefined {
  const internals = search as unknown as Partial<Internals>;
  return typeof internals._index?.get === "function" &&
    typeof internals._index.atPrefix === "function" &&
    typeof internals._index.fuzzyGet === "function" &&
    typeof internals._fieldIds === "object" &&
    internals._documentIds instanceof Map &&
    internals._fieldLength instanceof Map &&
    Array.isArray(internals._avgFieldLength) &&
    typeof internals._documentCount === "number" &&
    typeof internals._nextId === "number" &&
    typeof internals._dirtCount === "number"
    ? (internals as Internals)
    : undefined;
}

/**
 * The ids and scores of the best `keep` documents of `search.search(query)` (a string query, its terms
 * combined with OR, no document boost), in its order: scored from the index's postings as
 * minisearch 7.2's `executeQuerySpec` and `termResults` score them (the term, then the longer
 * terms a prefix term begins, then its fuzzy matches; each field in the index's order; each sum
 * taken in the same order, so every score is the same bits), ties in the order minisearch's
 * results map holds them, without a result object per document or a sort of every match.
 *
 * @param search - A minisearch index built with `options`.
 * @param query - Any text.
 * @param keep - How many ids at most.
 * @param options - The index's fields, boosts, term processing, prefix and fuzzy rules.
 * @returns `{ id, score }` of each, best first; `undefined` when the index's internals are not as read here or it
 *   holds a discarded document (minisearch's own search then cleans its postings as it scores).
 */
export function bestMatches(
  search: MiniSearch<never>,
  query: string,
  keep: number,
  options: PostingsSearchOptions,
): Array<{ id: unknown; score: number }> | undefined {
  const internals = internalsOf(search);
  if (internals === undefined) return undefined;
  // Without a discarded document, every posting's document is indexed: none is looked up.
  const clean = internals._dirtCount === 0;
  const terms: string[] = [];
  for (const token of options.tokenize(query)) {
    const term = options.processTerm(token);
    if (term) terms.push(term);
  }
  const size = internals._nextId;
  const total = new Float64Array(size);
  const termScore = new Float64Array(size);
  const termMark = new Int32Array(size);
  const totalMark = new Uint8Array(size);
  // Distinct query terms each document matched (minisearch's `terms`); a term the query holds
  // twice has the documents it counted for marked.
  const matched = new Uint16Array(size);
  const occurrences = new Map<string, number>();
  for (const term of terms) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
  const countedFor = new Map<string, Uint8Array>();
  const touched: number[] = [];
  const { k, b, d } = BM25;
  let termNumber = 0;
  for (const term of terms) {
    termNumber++;
    let counted: Uint8Array | undefined;
    if ((occurrences.get(term) ?? 1) > 1) {
      counted = countedFor.get(term) ?? new Uint8Array(size);
      countedFor.set(term, counted);
    }
    const inTerm: number[] = [];
    const derived: Array<[unknown, number]> = [[internals._index.get(term), 1]];
    const fuzzy = options.fuzzy(term);
    let fuzzyMatches: Map<string, [unknown, number]> | undefined;
    if (fuzzy !== false) {
      const distance = fuzzy < 1 ? Math.min(MAX_FUZZY, Math.round(term.length * fuzzy)) : fuzzy;
      if (distance) fuzzyMatches = internals._index.fuzzyGet(term, distance);
    }
    if (options.prefix(term)) {
      for (const [longer, postings] of internals._index.atPrefix(term)) {
        const distance = longer.length - term.length;
        if (!distance) continue;
        fuzzyMatches?.delete(longer);
        derived.push([
          postings,
          (WEIGHTS.prefix * longer.length) / (longer.length + 0.3 * distance),
        ]);
      }
    }
    for (const [near, [postings, distance]] of fuzzyMatches ?? []) {
      if (!distance) continue;
      derived.push([postings, (WEIGHTS.fuzzy * near.length) / (near.length + distance)]);
    }
    for (const [postings, weight] of derived) {
      if (!(postings instanceof Map)) continue;
      for (const field of options.fields) {
        const fieldId = internals._fieldIds[field] ?? -1;
        const docs = (postings as Postings).get(fieldId);
        if (docs === undefined) continue;
        const matching = docs.size;
        const average = internals._avgFieldLength[fieldId] as number;
        const fieldBoost = options.boost[field] || 1;
        const idf = Math.log(1 + (internals._documentCount - matching + 0.5) / (matching + 0.5));
        for (const [shortId, tf] of docs) {
          const lengths = internals._fieldLength.get(shortId);
          if (lengths === undefined || (!clean && !internals._documentIds.has(shortId)))
            return undefined;
          const length = lengths[fieldId] as number;
          const raw = idf * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / average)));
          const scored = weight * fieldBoost * raw;
          if (termMark[shortId] === termNumber)
            termScore[shortId] = (termScore[shortId] as number) + scored;
          else {
            termMark[shortId] = termNumber;
            termScore[shortId] = scored;
            inTerm.push(shortId);
          }
        }
      }
    }
    for (const shortId of inTerm) {
      if (totalMark[shortId] === 1)
        total[shortId] = (total[shortId] as number) + (termScore[shortId] as number);
      else {
        totalMark[shortId] = 1;
        total[shortId] = termScore[shortId] as number;
        touched.push(shortId);
      }
      if (counted !== undefined) {
        if (counted[shortId] === 1) continue;
        counted[shortId] = 1;
      }
      matched[shortId] = (matched[shortId] as number) + 1;
    }
  }
  const scores = new Float64Array(touched.length);
  touched.forEach((shortId, at) => {
    scores[at] = (total[shortId] as number) * ((matched[shortId] as number) || 1);
  });
  return bestPositions(scores, keep).map((at) => ({
    id: internals._documentIds.get(touched[at] as number),
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
