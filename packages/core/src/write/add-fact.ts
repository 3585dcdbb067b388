import { errorCode } from "../file-system/index.js";
import {
  editMemoryText,
  formatFactLine,
  formatMemoryFile,
  type MemoryHeader,
} from "../format/index.js";
import { checkEvidenceSupport } from "../guards/evidence-support.js";
import type { MemoryStore } from "../store/index.js";
import { MemoryPathError } from "../store/index.js";
import { factKey } from "../text/index.js";
import { describeNewFile, explainRefusedPath, isAllowedWritePath } from "./allowed-path.js";
import { FactLineIndex } from "./fact-line-index.js";
import {
  type MemoryFileState,
  memoryFileState,
  readFolder,
  readMemoryFile,
  readMemoryFiles,
} from "./memory-files.js";
import { TombstoneCache } from "./tombstones.js";
import { checkFactShape } from "./write-checks.js";

/** What the write stage needs of a store (a `MemoryStore` fits). */
export type WriteStore = Pick<
  MemoryStore,
  "root" | "list" | "read" | "write" | "withLock" | "readInternal" | "writeInternal"
> &
  Partial<Pick<MemoryStore, "maxChars" | "readAll" | "deferIndex">>;

/**
 * Called when a write would pass the store's size cap, before the proposal is refused with
 * `too_long`: it should shrink the file (consolidate it). The proposal is then re-applied once.
 */
export type OnTooLong = (request: { store: WriteStore; path: string }) => Promise<unknown>;

const NAME_ERRORS = new Set(["ENAMETOOLONG", "EINVAL", "EISDIR", "ENOTDIR", "EILSEQ"]);

/** How many times a proposal is re-read and re-applied after a version conflict. */
export const MAX_CONFLICT_RETRIES = 3;

/** Longest fact text accepted, in chars; a memory line is one short fact (seed design). */
export const MAX_FACT_CHARS = 300;

/** Codes of a proposal that was not applied, shared by the write pass and `remember`. */
export type AddFactRejectionCode =
  | "invalid_fact"
  | "evidence_too_short"
  | "evidence_unrelated"
  | "path_not_allowed"
  | "forgotten"
  | "replaces_not_found"
  | "replaces_newer"
  | "duplicate"
  | "unparsable_file"
  | "too_long"
  | "version_conflict";

/** Result of {@link addFact}. */
export type AddFactResult =
  | {
      code: "applied";
      /** Memory path of the file written (the replaced line's, when `replaces` named a line elsewhere). */
      path: string;
      /** The line added, e.g. `[stated 2026/09/12] deploys on Fly.io`. */
      line: string;
      /** The lines removed because `replaces` named them (whole lines, date tags included). */
      replaced: string[];
      /** The description written into the header, present only when this write created the file. */
      description?: string;
    }
  | { code: AddFactRejectionCode; path: string; message: string };

/** Options of {@link addFact}. */
export type AddFactOptions = {
  store: WriteStore;
  /** Memory path, e.g. `topics/tools.md`. */
  path: string;
  fact: string;
  replaces: string | null;
  /**
   * The proposal's evidence, already found verbatim in a user turn (the write pass); checked to
   * back the fact (see `checkEvidenceSupport`). Absent for `remember`: the user's own request.
   */
  evidence?: string | undefined;
  /**
   * Description for the header when this write creates the file, already checked by the caller
   * (the write pass: the model's one line); default and fallback: `describeNewFile`. Never used for
   * a file that exists, so a description a person wrote is never overwritten.
   */
  description?: string | undefined;
  /** Date tag of the new line, `YYYY/MM/DD`. */
  stated: string;
  /** Value of the file's `updated:` header, `YYYY/MM/DD`. */
  updated: string;
  /** Refuse facts a tombstone matches (the write pass); `remember` is the user's own word and skips it. */
  checkTombstones: boolean;
  /**
   * The tombstones as parsed for earlier facts of the same pass (see `TombstoneCache`): the file
   * is still read for each fact, parsed again only when it changed. Default: a new one.
   */
  tombstones?: TombstoneCache | undefined;
  /** Shrinks a file that would pass the cap; without it such a write is refused with `too_long`. */
  onTooLong?: OnTooLong | undefined;
  /**
   * Every memory file as the caller already read it (the write pass: once per pass, see
   * {@link readFolder}), used instead of reading the whole folder again for this fact. It is kept
   * current: the file written is read again after the write, a file `onTooLong` shrank likewise,
   * and the whole folder after a version conflict. The version token of the file written still
   * guards against other writers.
   */
  snapshot?: Map<string, MemoryFileState> | undefined;
};

type Attempt =
  | (AddFactResult & { written?: { content: string; version: string } })
  | { code: "conflict"; path: string; message: string };

const STATED_PREFIX = /^\s*\[stated\b[^\]\n]*\]\s*/i;

/**
 * A fact's text as it is checked and stored: a leading `[stated ...]` tag dropped, white space
 * runs made one space, trimmed.
 *
 * @param fact - The fact as given.
 * @returns The text, e.g. `deploys on Fly.io`.
 */
export function normalizeFactText(fact: string): string {
  return fact.replace(STATED_PREFIX, "").replace(/\s+/g, " ").trim();
}

/**
 * Adds one fact to memory, with every check made in code: a fact with a letter or digit, evidence
 * that backs it (when given), the path rule, tombstones, `replaces`, duplicates, the size cap and
 * version tokens. Runs each attempt under the store lock; re-reads
 * and re-applies after a version conflict up to {@link MAX_CONFLICT_RETRIES} times; on a write
 * over the cap calls `onTooLong` once (outside the lock) and tries again. Nothing is half-applied:
 * each attempt is one `store.write` of one file. Without `replaces`, a fact that says the opposite
 * of a stored line (`lives in Berlin` after `used to live in Berlin`, `stopped drinking coffee`
 * after `drinks coffee`; see `reversesFact`) replaces that line, as if `replaces` named it.
 *
 * @returns `applied` with the file, the line added, the lines replaced and (when this write created
 *   the file) the description it wrote: `options.description`, else `describeNewFile`'s; or a
 *   rejection code:
 *   `invalid_fact` (blank, too long, no letter or digit, or a placeholder such as `undefined`,
 *   `null`, `N/A`, `...`; see `isPlaceholder`), `evidence_too_short`, `evidence_unrelated`,
 *   `path_not_allowed`, `forgotten`, `replaces_not_found`, `duplicate` (the same fact text, or
 *   a fact whose content words one line already states; see `restatesFact`), `replaces_newer`
 *   (a line `replaces` names is dated after `stated`), `unparsable_file`, `too_long`,
 *   `version_conflict`.
 */
export async function addFact(options: AddFactOptions): Promise<AddFactResult> {
  const { store, path } = options;
  const fact = normalizeFactText(options.fact);
  const shape = checkFactShape(fact, MAX_FACT_CHARS);
  const problem = shape.ok ? undefined : shape.problem;
  if (problem !== undefined) {
    return {
      code: "invalid_fact",
      path,
      message: `Refused the fact for ${path}: ${problem}. A memory line is one short fact.`,
    };
  }
  if (options.evidence !== undefined) {
    const support = checkEvidenceSupport(options.evidence, fact);
    if (!support.ok) return { code: support.code, path, message: support.message };
  }
  if (!isAllowedWritePath(path)) {
    return {
      code: "path_not_allowed",
      path,
      message: `Refused path ${JSON.stringify(path)}. ${explainRefusedPath(path)}`,
    };
  }
  let conflicts = 0;
  let shrunk = false;
  for (;;) {
    let attempt: Attempt;
    try {
      attempt = await store.withLock(() => attemptOnce({ ...options, fact }));
    } catch (error) {
      // A name the file system cannot hold is refused like any other path, so a write pass never
      // stops half-applied on it.
      if (NAME_ERRORS.has(errorCode(error) ?? "")) {
        return {
          code: "path_not_allowed",
          path,
          message: `Refused path ${JSON.stringify(path)}: the file system cannot hold it (${errorCode(error)}). Use a shorter name.`,
        };
      }
      if (!(error instanceof MemoryPathError)) throw error;
      return { code: "path_not_allowed", path, message: error.message };
    }
    if (attempt.code === "conflict") {
      if (options.snapshot) refill(options.snapshot, await readFolder(store));
      if (conflicts++ < MAX_CONFLICT_RETRIES) continue;
      return {
        code: "version_conflict",
        path: attempt.path,
        message: `${attempt.message} Gave up after ${MAX_CONFLICT_RETRIES} re-reads; the file kept changing. Run the write again.`,
      };
    }
    if (attempt.code === "too_long" && options.onTooLong && !shrunk) {
      shrunk = true;
      await options.onTooLong({ store, path: attempt.path });
      options.snapshot?.set(attempt.path, await readMemoryFile(store, attempt.path));
      continue;
    }
    if (attempt.code === "applied") {
      const { written, ...applied } = attempt;
      // The file as this write left it: parsed from the text written, not read again.
      options.snapshot?.set(
        attempt.path,
        written === undefined
          ? await readMemoryFile(store, attempt.path)
          : memoryFileState(attempt.path, written.content, written.version),
      );
      return applied;
    }
    return attempt;
  }
}

async function attemptOnce(options: AddFactOptions): Promise<Attempt> {
  const { store, fact } = options;
  if (options.checkTombstones) {
    const match = await (options.tombstones ?? new TombstoneCache()).find(store, fact);
    if (match) {
      return {
        code: "forgotten",
        path: options.path,
        message: `Refused a fact for ${options.path}: the user asked on ${match.date} to forget it (tombstone rule ${match.rule}).`,
      };
    }
  }
  const files = options.snapshot ?? (await readAllFiles(store, options.path));
  // Each check below looks only at the lines that could match (by key or content word), in the
  // order of a scan with the target file first: a proposal costs little at any folder size.
  const index = FactLineIndex.of(files);
  const newKey = factKey(fact);
  let target = options.path;
  let replacedKey: string | undefined;
  if (options.replaces !== null) {
    replacedKey = factKey(options.replaces);
    const holder = index.firstWithKey(replacedKey, options.path)?.path;
    if (holder === undefined || replacedKey === "") {
      return {
        code: "replaces_not_found",
        path: options.path,
        message: `Refused a fact for ${options.path}: it replaces ${JSON.stringify(options.replaces)}, and no memory line has that text (date tag, case and white space ignored).`,
      };
    }
    target = holder;
  } else {
    // A fact that says the opposite of a stored line ("lives in Berlin" after "used to live in
    // Berlin") updates that line: keeping both would leave the memory holding both answers.
    const reversed = index.firstReversed(fact, options.path);
    if (reversed !== undefined) {
      replacedKey = reversed.key;
      target = reversed.path;
    }
  }
  // A line `replaces` names that was stated after the proposal's own date (dates are YYYY/MM/DD,
  // so text order is date order).
  const newer =
    replacedKey === undefined
      ? undefined
      : index.firstWithKey(
          replacedKey,
          options.path,
          (entry) => entry.line.stated > options.stated,
        );
  if (newer !== undefined) {
    const line = formatFactLine(newer.line);
    return {
      code: "replaces_newer",
      path: newer.path,
      message: `Refused ${JSON.stringify(fact)} (stated ${options.stated}): it replaces ${JSON.stringify(line)} in ${newer.path}, which was stated later. An older session never overwrites a newer fact; the newer line is kept.`,
    };
  }

  const duplicateIn = index.firstWithKey(newKey, options.path)?.path;
  if (newKey === replacedKey || duplicateIn !== undefined) {
    return {
      code: "duplicate",
      path: duplicateIn ?? target,
      message: `Not added: ${duplicateIn ?? target} already holds this fact.`,
    };
  }
  const restated = index.firstRestated(fact, options.path, replacedKey);
  if (restated !== undefined) {
    return {
      code: "duplicate",
      path: restated.path,
      message: `Not added: ${restated.path} already states it as ${JSON.stringify(formatFactLine(restated.line))} (every content word of ${JSON.stringify(fact)} is in that line). If the fact changes that line, name it in replaces.`,
    };
  }
  // The snapshot holds every file of the folder: one it lacks did not exist when it was read, and
  // the "new" version token refuses the write if it has been created since.
  const missing: MemoryFileState = {
    read: { path: target, exists: false, version: "new" },
    lines: [],
    header: {},
  };
  const state =
    files.get(target) ?? (options.snapshot ? missing : await readMemoryFile(store, target));
  if ("unparsable" in state) {
    return { code: "unparsable_file", path: target, message: state.unparsable };
  }
  const line = formatFactLine({ stated: options.stated, text: fact });
  const replaced: string[] = [];
  const remove = new Set<number>();
  for (const current of state.file?.facts ?? []) {
    if (replacedKey !== undefined && factKey(current.text) === replacedKey) {
      replaced.push(formatFactLine(current));
      remove.add(current.line);
    }
  }
  // A new file gets a whole header; an existing one is edited line by line (editMemoryText), so
  // the header and lines a person wrote stay byte for byte. A file without a description gets the
  // one a new file gets, so the index never shows "(no description)"; only a file this write
  // creates takes the caller's description.
  const created = !state.read.exists;
  const generated = describeNewFile(target);
  let content: string;
  let description: string | undefined;
  if (state.read.exists && state.file) {
    content = editMemoryText(state.read.content, state.file, {
      remove,
      insert: { line, ...(remove.size > 0 ? { before: Math.min(...remove) } : {}) },
      updated: options.updated,
      missing: generated,
    });
  } else {
    description = options.description ?? generated.description;
    const header: MemoryHeader = { name: generated.name, description, updated: options.updated };
    content = formatMemoryFile({
      header,
      lines: [{ kind: "fact", stated: options.stated, text: fact }],
    });
  }
  const written = await store.write(target, content, state.read.version);
  if (written.ok) {
    const kept = { content, version: written.version };
    return created && description !== undefined
      ? { code: "applied", path: target, line, replaced, description, written: kept }
      : { code: "applied", path: target, line, replaced, written: kept };
  }
  // The boundary refused a file of another project: no re-read changes that.
  if (written.outOfScope)
    return { code: "path_not_allowed", path: target, message: written.message };
  if (written.code === "version_conflict")
    return { code: "conflict", path: target, message: written.message };
  if (written.code === "not_text") {
    return { code: "unparsable_file", path: target, message: written.message };
  }
  return { code: "too_long", path: target, message: written.message };
}

function refill(snapshot: Map<string, MemoryFileState>, fresh: Map<string, MemoryFileState>): void {
  snapshot.clear();
  for (const [path, state] of fresh) snapshot.set(path, state);
}

// Every file is read so `replaces` and duplicates are found wherever the fact lives (one place
// per fact); `first` is read even when it does not exist yet.
async function readAllFiles(
  store: WriteStore,
  first: string,
): Promise<Map<string, MemoryFileState>> {
  const rows = await store.list();
  return readMemoryFiles(store, [
    first,
    ...rows.map((row) => row.path).filter((path) => path !== first),
  ]);
}
