import { estimateTokens } from "../cost/index.js";
import { ALWAYS_LOADED, rankRows } from "../recall/index.js";
import type { MemoryRow } from "../store/index.js";
import { fileStem } from "../text/file-stem.js";
import { isTooShortTerm, QUERY_STOP_WORDS } from "../text/index.js";
import type { Transcript } from "../transcript/index.js";

/**
 * Default token budget of the write request's memory index (estimated with the model's tokenizer, `estimateTokens`). With
 * the transcript's 100,000-token budget and the memory lines' 24,000 chars (~6,000 tokens) the
 * request stays near 130,000 tokens, under the 200,000-token context with room for the reply;
 * without it the index alone passed 200,000 tokens at ~6,800 files of realistic descriptions
 *.
 */
export const DEFAULT_MAX_INDEX_TOKENS = 20_000;

// Words of the transcript used as the pre-filter's query: enough to find every subject a session
// touches, few enough that one search stays fast on 50,000 files.
const MAX_QUERY_WORDS = 1_000;
const MAX_NAME_WORDS = 4;

/** Options of {@link fitMemoryIndex}. */
export type FitMemoryIndexOptions = {
  /** Every memory file, as `store.list()` returns them. */
  rows: readonly MemoryRow[];
  transcript: Transcript;
  /** Budget of the index, in estimated tokens (`estimateTokens` with `model`'s chars per token). */
  maxIndexTokens: number;
  /** The model the request goes to, for its tokenizer's chars per token (default: the newer tokenizer). */
  model?: string | undefined;
  /** A row's index line as the layout's request shows it; the budget is measured on these lines. */
  line: (row: MemoryRow) => string;
};

/** Result of {@link fitMemoryIndex}. */
export type FitMemoryIndexResult = {
  /** The rows to show, in the order given. */
  rows: MemoryRow[];
  /** Whether some rows were left out. */
  partial: boolean;
};

/**
 * Fits the write request's memory index to a token budget. A folder whose whole index fits is
 * shown whole. Otherwise the index keeps `profile.md`, `preferences.md` and every file the
 * transcript names (its path, or its name as words: `billing-service` as "billing service"), even
 * past the budget, then fills the budget with the files the recall pre-filter ranks best against
 * the transcript's words (user turns first; `rankRows`), then the most recently updated.
 *
 * @param options - `{ rows, transcript, maxIndexTokens, model?, line }`: the budget in estimated
 *   tokens, measured on `line(row)`.
 * @returns `{ rows, partial }`: the rows shown, in the order given, and whether any were left out.
 * @example fitMemoryIndex({ rows: await store.list(), transcript, maxIndexTokens: 20_000, line: writeIndexLine })
 */
export function fitMemoryIndex(options: FitMemoryIndexOptions): FitMemoryIndexResult {
  const { rows, transcript, maxIndexTokens, model, line } = options;
  const lines = new Map(rows.map((row) => [row.path, line(row)]));
  if (estimateTokens([...lines.values()].join("\n"), model) <= maxIndexTokens) {
    return { rows: [...rows], partial: false };
  }
  // Per line, rounded up: the sum can only overstate the index, never let it pass the budget.
  const tokensOf = (row: MemoryRow) => estimateTokens(`${lines.get(row.path) ?? ""}\n`, model);
  const named = namedIn(transcript);
  const kept = new Set<string>();
  let tokens = 0;
  for (const row of rows) {
    if ((ALWAYS_LOADED as readonly string[]).includes(row.path) || named(row)) {
      kept.add(row.path);
      tokens += tokensOf(row);
    }
  }
  const others = rows.filter((row) => !kept.has(row.path));
  for (const row of rankRows(others, queryWords(transcript))) {
    if (tokens + tokensOf(row) > maxIndexTokens) break;
    kept.add(row.path);
    tokens += tokensOf(row);
  }
  return { rows: rows.filter((row) => kept.has(row.path)), partial: kept.size < rows.length };
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function queryWords(transcript: Transcript): string {
  const ordered = [
    ...transcript.turns.filter((turn) => turn.role === "user"),
    ...transcript.turns.filter((turn) => turn.role !== "user"),
  ];
  const unique = new Set<string>();
  for (const turn of ordered) {
    for (const word of words(turn.content)) {
      if (unique.size >= MAX_QUERY_WORDS) break;
      if (!isTooShortTerm(word) && !QUERY_STOP_WORDS.has(word)) unique.add(word);
    }
  }
  return [...unique].join(" ");
}

// Phrases of up to MAX_NAME_WORDS words, and paths ending in .md, found in the transcript: a set
// built once, so checking 50,000 names costs 50,000 look-ups, not 50,000 scans of the text.
function namedIn(transcript: Transcript): (row: MemoryRow) => boolean {
  const phrases = new Set<string>();
  const paths = new Set<string>();
  for (const turn of transcript.turns) {
    for (const path of turn.content.toLowerCase().match(/[\p{L}\p{N}._/-]+\.md\b/gu) ?? []) {
      paths.add(path);
    }
    const found = words(turn.content);
    for (let start = 0; start < found.length; start++) {
      for (let size = 1; size <= MAX_NAME_WORDS && start + size <= found.length; size++) {
        phrases.add(found.slice(start, start + size).join(" "));
      }
    }
  }
  return (row) => {
    if (paths.has(row.path.toLowerCase())) return true;
    const stem = fileStem(row.path);
    return stem.length >= 4 && phrases.has(words(stem).join(" "));
  };
}
