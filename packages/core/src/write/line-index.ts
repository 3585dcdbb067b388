import { type MemoryLine, readTypedLine } from "../format/index.js";
import { factKey, restatesFact, reversesFact, statedFactWords } from "../text/index.js";
import type { MemoryFileState } from "./memory-files.js";

type DatedLine = Extract<MemoryLine, { kind: "dated" }>;

/** One stored dated line: its file, its place among the file's lines, and its key. */
export type IndexedLine = {
  path: string;
  at: number;
  line: DatedLine;
  key: string;
  /** The line's `statedFactWords`, kept so removing the line finds its postings. */
  words: ReadonlySet<string>;
  holds: boolean;
};

/**
 * The dated lines of a write pass's memory files, indexed by fact key and by content word, so a
 * proposal's checks (the line `replaces` names, a duplicate, a restatement, a reversal, a newer
 * line) compare only the lines that could match. Every answer is the one a scan in the files'
 * order would give (the file `first`, then the others, lines in file order). {@link LineIndex.of}
 * re-indexes only the files whose state object changed since (the write pass replaces a file's
 * state after each write).
 */
export class LineIndex {
  static readonly #indexes = new WeakMap<Map<string, MemoryFileState>, LineIndex>();
  readonly #files = new Map<string, { state: MemoryFileState; lines: IndexedLine[] }>();
  readonly #order = new Map<string, number>();
  readonly #byKey = new Map<string, Set<IndexedLine>>();
  // Keyed by polarity and word: `+word` for lines that state it, `-word` for negated or ended ones.
  readonly #byWord = new Map<string, Set<IndexedLine>>();

  /**
   * The index of `files` as the map is now (built on first use, then brought up to date).
   *
   * @param files - Memory files by path, in scan order.
   * @returns The index.
   * @example LineIndex.of(snapshot).firstRestating("uses Neovim", "topics/editor.md", undefined)
   */
  static of(files: Map<string, MemoryFileState>): LineIndex {
    let index = LineIndex.#indexes.get(files);
    if (index === undefined) {
      index = new LineIndex();
      LineIndex.#indexes.set(files, index);
    }
    index.#sync(files);
    return index;
  }

  #sync(files: Map<string, MemoryFileState>): void {
    let position = 0;
    for (const [path, state] of files) {
      this.#order.set(path, position++);
      const known = this.#files.get(path);
      if (known?.state === state) continue;
      if (known !== undefined) this.#remove(known.lines);
      this.#files.set(path, { state, lines: this.#add(path, state) });
    }
    if (this.#files.size === files.size) return;
    for (const [path, known] of this.#files) {
      if (files.has(path)) continue;
      this.#remove(known.lines);
      this.#files.delete(path);
      this.#order.delete(path);
    }
  }

  #add(path: string, state: MemoryFileState): IndexedLine[] {
    if ("unparsable" in state) return [];
    const lines: IndexedLine[] = [];
    for (const [at, line] of state.lines.entries()) {
      if (line.kind !== "dated") {
        // A line a person typed ("- [stated 2026-11-20] works at Globex", "12/03/2026 …") is
        // found by its key, as `forget` finds it by its words; it takes no part in restatements.
        const typed = readTypedLine(line.text);
        if (typed === undefined) continue;
        const fact: DatedLine = { kind: "dated", stated: typed.stated ?? "", text: typed.text };
        const entry = {
          path,
          at,
          line: fact,
          key: factKey(typed.text),
          words: new Set<string>(),
          holds: true,
        };
        lines.push(entry);
        put(this.#byKey, entry.key, entry);
        continue;
      }
      const { words, holds } = statedFactWords(line.text);
      const entry = { path, at, line, key: factKey(line.text), words, holds };
      lines.push(entry);
      put(this.#byKey, entry.key, entry);
      for (const word of words) put(this.#byWord, `${holds ? "+" : "-"}${word}`, entry);
    }
    return lines;
  }

  #remove(lines: readonly IndexedLine[]): void {
    for (const entry of lines) {
      take(this.#byKey, entry.key, entry);
      for (const word of entry.words)
        take(this.#byWord, `${entry.holds ? "+" : "-"}${word}`, entry);
    }
  }

  // The line a scan would meet first: `first`'s lines, then the other files in map order.
  #earliest(
    candidates: Iterable<IndexedLine>,
    first: string,
    keep: (entry: IndexedLine) => boolean,
  ): IndexedLine | undefined {
    let best: IndexedLine | undefined;
    let bestRank = Number.POSITIVE_INFINITY;
    for (const entry of candidates) {
      const rank = entry.path === first ? -1 : (this.#order.get(entry.path) ?? 0);
      if (rank > bestRank || (rank === bestRank && best !== undefined && entry.at > best.at)) {
        continue;
      }
      if (!keep(entry)) continue;
      best = entry;
      bestRank = rank;
    }
    return best;
  }

  /**
   * The first line whose fact key is `key` and that `keep` accepts (a blank key matches nothing).
   *
   * @param key - A `factKey`.
   * @param first - The file scanned first (the proposal's target).
   * @param keep - A further condition; default every line.
   * @returns The line, or `undefined`.
   */
  firstWithKey(
    key: string,
    first: string,
    keep: (entry: IndexedLine) => boolean = () => true,
  ): IndexedLine | undefined {
    if (key === "") return undefined;
    return this.#earliest(this.#byKey.get(key) ?? [], first, keep);
  }

  /**
   * The line keyed `key` with the latest date tag (`YYYY/MM/DD`: text order is date order); among
   * lines of that date the first in the map's order (no precedence for the proposal's own file).
   *
   * @param key - A `factKey`; a blank key matches nothing.
   * @returns `{ path, date }` of that line, or `undefined`.
   */
  latestWithKey(key: string): { path: string; date: string } | undefined {
    if (key === "") return undefined;
    let latest: IndexedLine | undefined;
    for (const entry of this.#byKey.get(key) ?? []) {
      if (latest === undefined || entry.line.stated > latest.line.stated) latest = entry;
      else if (entry.line.stated === latest.line.stated && this.#before(entry, latest)) {
        latest = entry;
      }
    }
    return latest === undefined ? undefined : { path: latest.path, date: latest.line.stated };
  }

  #before(one: IndexedLine, other: IndexedLine): boolean {
    const rankOne = this.#order.get(one.path) ?? 0;
    const rankOther = this.#order.get(other.path) ?? 0;
    return rankOne < rankOther || (rankOne === rankOther && one.at < other.at);
  }

  /**
   * The first line `fact` only restates (`restatesFact`), other than lines keyed `exceptKey`.
   *
   * @param fact - The proposed fact.
   * @param first - The file scanned first.
   * @param exceptKey - The key of the line the proposal replaces, which does not count.
   * @param keep - A further condition; default every line.
   * @returns The line, or `undefined`.
   */
  firstRestated(
    fact: string,
    first: string,
    exceptKey: string | undefined,
    keep: (entry: IndexedLine) => boolean = () => true,
  ): IndexedLine | undefined {
    const { words, holds } = statedFactWords(fact);
    // Every word of the fact is in a line that restates it: the rarest word's lines hold them all.
    let fewest: Set<IndexedLine> | undefined;
    for (const word of words) {
      const lines = this.#byWord.get(`${holds ? "+" : "-"}${word}`);
      if (lines === undefined) return undefined;
      if (fewest === undefined || lines.size < fewest.size) fewest = lines;
    }
    return this.#earliest(
      fewest ?? [],
      first,
      (entry) => entry.key !== exceptKey && keep(entry) && restatesFact(fact, entry.line.text),
    );
  }

  /**
   * The first line `fact` reverses (`reversesFact`): of the other polarity, sharing a word.
   *
   * @param fact - The proposed fact.
   * @param first - The file scanned first.
   * @returns The line, or `undefined`.
   */
  firstReversed(fact: string, first: string): IndexedLine | undefined {
    const { words, holds } = statedFactWords(fact);
    const candidates = new Set<IndexedLine>();
    for (const word of words) {
      for (const entry of this.#byWord.get(`${holds ? "-" : "+"}${word}`) ?? []) {
        candidates.add(entry);
      }
    }
    return this.#earliest(candidates, first, (entry) => reversesFact(fact, entry.line.text));
  }
}

function put<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([value]));
  else set.add(value);
}

function take<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  const set = map.get(key);
  if (set === undefined) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
