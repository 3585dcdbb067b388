import {
  isRecallIndexStore,
  openRecallIndex,
  RECALL_INDEX_FILE,
  type RecallIndexStore,
  recallIndexStartFits,
  scopeOf,
} from "../recall/index.js";
import {
  findSameSubject,
  type MemoryRow,
  type MemoryStore,
  type SubjectFile,
} from "../store/index.js";
import {
  foldSearchText,
  foldText,
  isTooShortTerm,
  QUERY_STOP_WORDS,
  splitSearchTerms,
  statedFactWords,
  stemmedSearchTerm,
  stemWord,
} from "../text/index.js";
import {
  type FolderReadStore,
  type MemoryFileState,
  readFolder,
  readMemoryFile,
  readMemoryFiles,
} from "./memory-files.js";

// The stems a stored word can have and still be no term of the recall index: a query stop word's
// stem ("like" of "likes") may come from the stop word itself, which the index leaves out.
let unsearchedStems: ReadonlySet<string> | undefined;

/**
 * Whether the recall index holds `word` (one of `statedFactWords`) as a term of every line that has
 * it: a stem that no query stop word has, no accent or letter that search folds (`foldSearchText`),
 * longer than a term search drops. The rule `readCandidateFolder` asks of a fact's words; its test
 * holds it to stored lines of every kind (`candidate-files.test.ts`).
 *
 * @param word - A word of `statedFactWords(text).words`.
 * @returns `true` when every stored line that has the word is found by searching it.
 * @example recallFindsWord("deploi") // true; recallFindsWord("like") // false
 */
export function recallFindsWord(word: string): boolean {
  unsearchedStems ??= new Set([...QUERY_STOP_WORDS].map(stemWord));
  return (
    !isTooShortTerm(word) &&
    !unsearchedStems.has(word) &&
    !QUERY_STOP_WORDS.has(word) &&
    foldSearchText(word) === word &&
    stemmedSearchTerm(word) === word
  );
}

/**
 * Whether a search of the recall index for `text` finds every stored line a write check can match
 * it with: a line with its key (`factKey`), one it restates (`restatesFact`) or reverses
 * (`reversesFact`), all of which share its words. It does when more than half of its words are
 * words {@link recallFindsWord} accepts and are among its own search terms: a line that restates
 * it or has its key holds all of its words, and a line it reverses holds at least half of them
 * (`reversesFact`), so one of those.
 *
 * @param text - A fact, or the text of the line it replaces.
 * @returns `false` when the folder must be read whole.
 * @example recallAnswersFor("deploys on Fly.io") // true; recallAnswersFor("likes it") // false
 */
export function recallAnswersFor(text: string): boolean {
  const { words } = statedFactWords(text);
  const terms = new Set(splitSearchTerms(text).flatMap((term) => stemmedSearchTerm(term) ?? []));
  let found = 0;
  for (const word of words) if (recallFindsWord(word) && terms.has(word)) found++;
  return found * 2 > words.size;
}

// Whether `base` is a store with a recall index stored by this build's rules: a write asks only
// such an index (none is built for a write: building costs more than the read it saves).
async function storesRecallIndex(base: RecallIndexStore): Promise<boolean> {
  const start = await base
    .readInternal(RECALL_INDEX_FILE, { firstLine: true })
    .catch(() => undefined);
  return recallIndexStartFits(start, base);
}

/**
 * Whether `store.list()` has a row whose path is exactly `path`, answered by the stored recall
 * index (brought up to the files' stamps first, `openRecallIndex` with `rowsOnly`) without
 * listing the folder: the index holds every file a listing has but those over 16 times the cap
 * (`listStamps` leaves them out), so a path it holds in the view's scope is one `list()` gives,
 * and the file at it is read alone (decision 0099). `false` when the index cannot say (no
 * stored recall index of these rules, a path it does not hold): the caller lists the folder.
 *
 * @param store - The store or view the write goes through (a `boundaryStore` view: its scope).
 * @param path - A memory path, e.g. `fact-5.md`.
 * @returns `true` only when the listing holds `path`.
 * @throws File-system errors from stamping the folder pass through (as `list()` throws them).
 * @example if (await indexListsPath(store, "deploy-host.md")) await store.read("deploy-host.md")
 */
export async function indexListsPath(store: FolderReadStore, path: string): Promise<boolean> {
  const { store: base, scope } = scopeOf(store);
  if (!isRecallIndexStore(base) || !(await storesRecallIndex(base))) return false;
  const index = await openRecallIndex(base, { rowsOnly: true });
  return index.holds(path, scope);
}

/**
 * Every row of the view, from the stored recall index brought up to the files' stamps
 * (`openRecallIndex` with `rowsOnly`), without listing the folder: the rows `list()` gives but
 * a file over 16 times the cap (`listStamps` leaves it out; it is never read, and no line can be
 * added to it). For a rule that reads headers only, such as the same-subject rule of a memory-tool
 * `create` (decision 0103). `undefined` when the index cannot say (no stored recall index of these
 * rules, a file the index left out): the caller lists the folder.
 *
 * @param store - The store or view the write goes through (a `boundaryStore` view: its scope).
 * @returns The rows by path, or `undefined`.
 * @throws File-system errors from stamping the folder pass through (as `list()` throws them).
 * @example const rows = (await indexRows(store)) ?? (await store.list());
 */
export async function indexRows(store: FolderReadStore): Promise<MemoryRow[] | undefined> {
  const { store: base, scope } = scopeOf(store);
  if (!isRecallIndexStore(base) || !(await storesRecallIndex(base))) return undefined;
  const index = await openRecallIndex(base, { rowsOnly: true });
  return index.leftOut > 0 ? undefined : index.rows(scope);
}

// The files of `rows` the same-subject rule (`findSameSubject`, which `landingFile` asks of every
// file's header) can choose for a new file `wanted`, and any file whose path is a look-alike of
// its path. A row holds its header's name (else the path's stem, as `landingFile` takes it) and
// description, and each file matches or not by those and its path alone, so every match is found
// by taking out the first one found until none is left. A superset (an unparsable file's row is
// in it, the rule skips the file): the rule itself then runs on the files read.
function mayKeepSubject(
  rows: readonly MemoryRow[],
  wanted: SubjectWanted,
  indexText: string,
): Set<string> {
  const candidates = new Set<string>();
  const folded = foldText(wanted.path);
  for (const row of rows) if (foldText(row.path) === folded) candidates.add(row.path);
  let files: SubjectFile[] = rows.map(({ path, name, description }) => ({
    path,
    name,
    description,
  }));
  for (;;) {
    const same = findSameSubject(files, wanted, indexText);
    if (same === undefined) return candidates;
    candidates.add(same.path);
    files = files.filter((file) => file.path !== same.path);
  }
}

/** A new file the same-subject rule is asked about: `findSameSubject`'s `wanted`. */
export type SubjectWanted = { path: string; names: readonly string[] };

/** What {@link candidateFiles} is asked. */
export type CandidateQuery = {
  /** The texts a check compares stored lines with: the fact, the lines it replaces. */
  texts: readonly string[];
  /**
   * Asked once the index answers: the new files the same-subject rule will be asked about and
   * the `MEMORY.md` text it reads (for a renamed file); none when absent.
   */
  subjects?: () => Promise<{ wanted: readonly SubjectWanted[]; indexText: string }>;
};

/** The answer of {@link candidateFiles}: every row of the view, and the files a check can match. */
export type CandidateFiles = {
  /**
   * Every row `list()` gives but a file over 16 times the cap (`listStamps` leaves it out), from
   * the index, by path; made when first asked.
   */
  rows: () => MemoryRow[];
  /** The files whose lines or header a check can match, a subset of `rows`' paths. */
  paths: Set<string>;
};

/**
 * The one narrowing of a write's read (decisions 0087, 0099, 0103): the files of which the stored
 * recall index, brought up to the files' stamps first (`openRecallIndex` with the query, the
 * public `ranked` over every file in the view's scope), holds a unit sharing a word
 * (`statedFactWords`) with one of `texts`, and the files whose row the same-subject rule can
 * choose for each of `subjects`' new files; with every row of the view (`rows(scope)`). Every
 * write check compares only lines that share a word with the fact or the line it replaces, and
 * the same-subject rule only headers, so a check run on these files (in the listing's order)
 * answers as it does on every file. `undefined` when the index cannot say, and the caller reads
 * every file: no stored recall index of these rules (none is built for a write: building costs
 * more than the read), a text {@link recallAnswersFor} refuses, a file the index left out.
 *
 * @param store - The store or view the write goes through (a `boundaryStore` view: its scope).
 * @param query - `{ texts, subjects? }`.
 * @returns `{ rows, paths }`, or `undefined`.
 * @throws File-system errors from stamping the folder pass through (as `list()` throws them).
 * @example const found = await candidateFiles(store, { texts: ["deploys on Fly.io"] }); // found?.paths
 */
export async function candidateFiles(
  store: FolderReadStore,
  query: CandidateQuery,
): Promise<CandidateFiles | undefined> {
  if (!query.texts.every(recallAnswersFor)) return undefined;
  const { store: base, scope } = scopeOf(store);
  if (!isRecallIndexStore(base) || !(await storesRecallIndex(base))) return undefined;
  const joined = query.texts.join("\n");
  const index = await openRecallIndex(base, { query: joined });
  if (index.leftOut > 0) return undefined;
  const ranked = index.ranked(joined, scope, []);
  // A unit found by its file's name or description alone, or by a word its own words lack (a
  // prefix), holds no line a check compares: its file is read only for a unit that shares a word.
  const words = new Set(query.texts.flatMap((text) => [...statedFactWords(text).words]));
  const paths = new Set<string>();
  for (let at = 0; at < ranked.length; at++) {
    const unit = ranked.at(at);
    if (paths.has(unit.path)) continue;
    for (const word of statedFactWords(unit.text).words) {
      if (!words.has(word)) continue;
      paths.add(unit.path);
      break;
    }
  }
  let kept: MemoryRow[] | undefined;
  const rows = () => {
    kept ??= index.rows(scope);
    return kept;
  };
  const subjects = await query.subjects?.();
  for (const wanted of subjects?.wanted ?? []) {
    for (const path of mayKeepSubject(rows(), wanted, subjects?.indexText ?? "")) paths.add(path);
  }
  return { rows, paths };
}

/** Options of {@link readCandidateFolder}. */
export type ReadCandidateFolderOptions = {
  /** The memory path the write names; always read. */
  path: string;
  /**
   * The texts the checks compare stored lines with: a `remember`'s fact and the keys of the line
   * it replaces (`replacesKeys`), or the lines a memory-tool command writes.
   */
  texts: readonly string[];
};

/**
 * The memory files a subject-layout write's checks can match (`locate` and `duplicate`), read and
 * parsed, keyed by path in `store.list()` order: the file the write names and the files the
 * recall index holds a line of that shares a word with the fact or the line it replaces, the
 * index first brought up to the files' stamps (decision 0087). Every check compares only lines
 * that share a word with those texts and ranks them by the files' order, so its answer is the one
 * a read of every file gives. A named file that does not exist in a folder lands in the file of
 * that folder that keeps its subject (`landingFile`): the files whose index row (name,
 * description, path) the same-subject rule can choose are read too, so the rule, run on them,
 * chooses as it does among every file's header (decision 0099). The whole folder is read instead
 * (`readFolder`) when the index cannot say: a store without a stored recall index (none is built
 * for a write), a text {@link recallAnswersFor} refuses, or a file the index left out.
 *
 * @param store - The store or view the write goes through (`readIndex`: the MEMORY.md the
 *   same-subject rule reads for a renamed file).
 * @param options - `{ path, texts }`.
 * @returns The files by path.
 * @throws {MemoryPathError} when the store's path guard refuses a path.
 * @example await readCandidateFolder(store, { path: "topics/hosting.md", texts: ["deploys on Fly.io"] })
 */
export async function readCandidateFolder(
  store: FolderReadStore & Partial<Pick<MemoryStore, "readIndex">>,
  options: ReadCandidateFolderOptions,
): Promise<Map<string, MemoryFileState>> {
  const { texts } = options;
  let named: MemoryFileState | undefined;
  const found = await candidateFiles(store, {
    texts,
    subjects: async () => {
      named = await readMemoryFile(store, options.path);
      // A new file in a folder lands in the file of that folder that keeps its subject, if one does.
      const landing = !("unparsable" in named) && !named.read.exists && options.path.includes("/");
      if (!landing) return { wanted: [], indexText: "" };
      const memoryIndex = await store.readIndex?.();
      const indexText = memoryIndex?.exists ? memoryIndex.content : "";
      return { wanted: [{ path: options.path, names: [] }], indexText };
    },
  });
  if (found === undefined || named === undefined) return readFolder(store);
  const { paths } = found;
  paths.delete(options.path);
  const others = await readMemoryFiles(store, [...paths]);
  const files = new Map<string, MemoryFileState>();
  const ordered = [...paths];
  const namedState: MemoryFileState = named;
  if ("unparsable" in namedState || namedState.read.exists) ordered.push(options.path);
  // `list()` order (code units), which the checks rank a scan by.
  ordered.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const path of ordered) {
    const state = path === options.path ? namedState : others.get(path);
    // A file gone since the index saw it is not in a listing either.
    if (state !== undefined && ("unparsable" in state || state.read.exists)) {
      files.set(path, state);
    }
  }
  return files;
}
