import {
  appendedListMarker,
  editMemoryText,
  formatDatedLine,
  formatMemoryFile,
  type MemoryHeader,
  readTypedLine,
  replacesKeys,
} from "../../format/index.js";
import { findSameSubject, type SubjectFile } from "../../store/index.js";
import { factKey, foldText, quoteText, STATED_TAG, valueUpdateOf } from "../../text/index.js";
import {
  describeNewFile,
  explainRefusedPath,
  isAllowedWritePath,
} from "../../write/allowed-path.js";
import { readCandidateFolder } from "../../write/candidate-files.js";
import { type IndexedLine, LineIndex } from "../../write/line-index.js";
import {
  type MemoryFileState,
  memoryFileState,
  readFolder,
  readMemoryFile,
} from "../../write/memory-files.js";
import { checkFactShape, MAX_FACT_CHARS } from "../../write/write-checks.js";
import type {
  EditResult,
  ResolvedDate,
  WriteSteps,
  WriteStore,
} from "../../write/write-pipeline.js";

// Files that hold facts about the user alone (the seed design's profile.md and preferences.md).
const USER_FILES = new Set(["profile.md", "preferences.md"]);

/**
 * A line's text as stored: a leading `[stated ...]` tag dropped, white space runs one space,
 * trimmed, case kept (matching folds further: `normalizeFactText` in text/fact-key.ts).
 */
function storedLineText(fact: string): string {
  return fact.replace(STATED_TAG, "").replace(/\s+/g, " ").trim();
}

/** A subject-layout candidate: a proposal, with the description a new file may take. */
export type SubjectCandidate = {
  file: string;
  fact: string;
  evidence: string;
  replaces: string | null;
  /** The description as reported (the model's, secrets redacted). */
  description: string | null;
  /** The description a file this write creates gets, already checked; default `describeNewFile`. */
  usableDescription?: string | undefined;
};

/** Where a subject candidate lands: the file, the line it replaces, the files read. */
export type SubjectTarget = {
  path: string;
  replacedKey: string | undefined;
  files: Map<string, MemoryFileState>;
};

/** What the subject steps need besides the candidate. */
export type SubjectStepsContext = {
  store: WriteStore;
  /** Value of the file's `updated:` header, `YYYY/MM/DD`. */
  updated: string;
  /** Date tag of new lines, `YYYY/MM/DD`. */
  stated: string;
  /** The folder as the caller read it (kept current by the steps); default: read for each fact. */
  snapshot?: Map<string, MemoryFileState> | undefined;
};

/**
 * The subject layout's check-pipeline steps (`runWritePipeline`): the line rule, the path rule,
 * `replaces` naming a line in any file (a fact that reverses a stored line replaces it),
 * duplicates and restatements (`restatesFact`), and the line-by-line edit that keeps what a
 * person wrote.
 */
export function subjectWriteSteps(
  context: SubjectStepsContext,
): WriteSteps<SubjectCandidate, SubjectTarget, AddLineApplied> {
  const { store, snapshot } = context;
  return {
    label: (item) => quoteText(item.fact),
    fact: (item) => item.fact,
    file: (item) => item.file,
    evidence: (item) => item.evidence,
    replaces: (item) => item.replaces,
    removes: () => false,
    // The description a new file would get, last: a secret in it alone only sets it aside (the
    // write pass does so before the pipeline), but one split with another field is refused.
    secretFields: (item) => [
      item.file,
      item.fact,
      item.evidence,
      item.replaces ?? "",
      item.usableDescription ?? "",
    ],
    redact: (item, [file, fact, evidence, replaces, description]) => ({
      ...item,
      file: file ?? item.file,
      fact: fact ?? item.fact,
      evidence: evidence ?? item.evidence,
      replaces: item.replaces === null ? null : (replaces ?? item.replaces),
      ...(item.usableDescription === undefined || description === item.usableDescription
        ? {}
        : { description: description ?? null, usableDescription: description }),
    }),
    datedFields: (item) => [item.fact],
    withDates: (item, [fact]) => ({ ...item, fact: storedLineText(fact ?? item.fact) }),
    shape: (item) => subjectLineShape(item.fact),
    ownFacts: (item) =>
      USER_FILES.has(foldText(item.file))
        ? {
            place: item.file,
            elsewhere: "Save it under people/<name>.md if it matters, or leave it out.",
          }
        : undefined,
    allowedPath: (item) =>
      isAllowedWritePath(item.file)
        ? undefined
        : `the path ${JSON.stringify(item.file)} is not one this memory writes. ${explainRefusedPath(item.file)}`,
    async locate(item) {
      // Without a snapshot the files that could hold a matching line are read for this fact (the
      // recall index names them, else every file is read), so `replaces` and duplicates are found
      // wherever the fact lives (one place per fact). Every check looks only at the lines that
      // could match (by key or content word), in the order of a scan with the proposal's file
      // first: a proposal costs little at any folder size.
      const files =
        snapshot ??
        (await readCandidateFolder(store, {
          path: item.file,
          texts: [item.fact, ...(item.replaces === null ? [] : replacesKeys(item.replaces))],
        }));
      const index = LineIndex.of(files);
      if (item.replaces !== null) {
        // The line as named, else without a date typed in front ("2026-12-06 takes 200 mg"),
        // as `forget` reads it (`readTypedLine`).
        const [replacedKey, holder] = replacesKeys(item.replaces)
          .map((key) => [key, index.firstWithKey(key, item.file)?.path] as const)
          .find(([, path]) => path !== undefined) ?? [factKey(item.replaces), undefined];
        if (holder === undefined || replacedKey === "") {
          return {
            ok: false,
            replaces: item.replaces,
            missing: "no memory line has that text (date tag, case and white space ignored)",
          };
        }
        return {
          ok: true,
          target: { path: holder, replacedKey, files },
          replacing: index.latestWithKey(replacedKey),
        };
      }
      // A new file for a subject another file keeps (a renamed file, an alias in its description)
      // is not made: the line lands in that file.
      const file = await landingFile(store, files, item.file);
      // A fact that differs from a line of its file only in numbers ("takes 100 mg" after "takes
      // 50 mg") updates that line: both recalled, the model would guess which holds.
      const updated = lineUpdatedByValue(files.get(file), item.fact);
      if (updated !== undefined) {
        return {
          ok: true,
          target: { path: file, replacedKey: updated.key, files },
          updating: { path: file, line: updated.line, date: updated.date },
        };
      }
      // A fact that says the opposite of a stored line ("lives in Berlin" after "used to live in
      // Berlin") updates that line: keeping both would leave the memory holding both answers.
      const reversed = index.firstReversed(item.fact, file);
      if (reversed === undefined) {
        return { ok: true, target: { path: file, replacedKey: undefined, files } };
      }
      return {
        ok: true,
        target: { path: reversed.path, replacedKey: reversed.key, files },
        replacing: index.latestWithKey(reversed.key),
      };
    },
    duplicate: (item, target) =>
      heldLine(target.files, item.fact, item.file, target.replacedKey, target.path),
    async edit(item, target, dates) {
      const written = await editLine(context, item, target);
      if (!written.ok) return written;
      // The file as this write left it: parsed from the text written, not read again.
      snapshot?.set(target.path, memoryFileState(target.path, written.content, written.version));
      const resolved = dates.length === 0 ? {} : { resolvedDates: [...dates] };
      return { ok: true, applied: { ...written.applied, ...resolved } };
    },
    written: (applied) => applied.path,
    async refresh(path, conflict) {
      if (snapshot === undefined) return;
      if (conflict) refill(snapshot, await readFolder(store));
      else snapshot.set(path, await readMemoryFile(store, path));
    },
  };
}

/** The subject layout's `invalid_fact` rule for one undated line, {@link MAX_FACT_CHARS} chars. */
export function subjectLineShape(fact: string): string | undefined {
  const shape = checkFactShape(fact, MAX_FACT_CHARS);
  return shape.ok ? undefined : `${shape.problem}; a memory line is one short fact`;
}

/**
 * The subject layout's `duplicate` rule (`WRITE_CHECKS`): a line of `files` with the same key as
 * `fact` (`factKey`) or one that restates it (`restatesFact`), `file` scanned first, in a file
 * about the same subject as `target` (default `file`); the line `replacedKey` names is not one.
 *
 * @returns `{ path, as? }` (`as` the line that restates it), or `undefined`.
 */
export function heldLine(
  files: Map<string, MemoryFileState>,
  fact: string,
  file: string,
  replacedKey?: string | undefined,
  target: string = file,
): { path: string; as?: string } | undefined {
  const index = LineIndex.of(files);
  const newKey = factKey(fact);
  const subject = fileSubject(target);
  const sameSubject = (entry: IndexedLine): boolean => fileSubject(entry.path) === subject;
  const duplicateIn = index.firstWithKey(newKey, file, sameSubject)?.path;
  if (newKey === replacedKey || duplicateIn !== undefined) {
    return { path: duplicateIn ?? target };
  }
  const restated = index.firstRestated(fact, file, replacedKey, sameSubject);
  return restated === undefined
    ? undefined
    : { path: restated.path, as: formatDatedLine(restated.line) };
}

// Whose facts a file holds: a people/ or projects/ file its own entity's, every other file the
// user's. "is allergic to shellfish" for profile.md is not the line "my sister is allergic to
// shellfish" of people/sister.md: the same words about another subject are another fact.
function fileSubject(path: string): string {
  const folded = foldText(path);
  return ENTITY_FOLDERS.some((folder) => folded.startsWith(folder)) ? folded : "the user";
}

const ENTITY_FOLDERS = ["people/", "projects/"];

/** What the subject steps' edit applied. */
export type AddLineApplied = {
  code: "applied";
  /** Memory path of the file written (the replaced line's, when `replaces` named a line elsewhere). */
  path: string;
  /** The line added, e.g. `[stated 2026/09/12] deploys on Fly.io`. */
  line: string;
  /** The lines removed because `replaces` named them (whole lines, date tags included). */
  replaced: string[];
  /** The description written into the header, present only when this write created the file. */
  description?: string;
  /** Relative times resolved against the session date; present only when there were any. */
  resolvedDates?: ResolvedDate[];
};

type EditLineResult =
  | { ok: true; applied: AddLineApplied; content: string; version: string }
  | Extract<EditResult<AddLineApplied>, { ok: false }>;

async function editLine(
  context: SubjectStepsContext,
  item: SubjectCandidate,
  { path: target, replacedKey, files }: SubjectTarget,
): Promise<EditLineResult> {
  const { store } = context;
  const fact = item.fact;
  // The snapshot holds every file of the folder: one it lacks did not exist when it was read, and
  // the "new" version token refuses the write if it has been created since.
  const missing: MemoryFileState = {
    read: { path: target, exists: false, version: "new" },
    lines: [],
    header: {},
  };
  const state =
    files.get(target) ?? (context.snapshot ? missing : await readMemoryFile(store, target));
  if ("unparsable" in state) {
    return { ok: false, code: "unparsable_file", path: target, reason: state.unparsable };
  }
  const replaced: string[] = [];
  const remove = new Set<number>();
  // The new line takes the file's own shape (decision 0101): the marker of the line it replaces,
  // else the one after the last dated line's of the outer level (`- ` after `- `, `4. ` after
  // `3. `, and `- ` after a nested `  - ` under `- `).
  let marker = appendedListMarker(
    (state.file?.lines ?? []).flatMap((current) =>
      current.kind === "dated" ? [current.marker] : [],
    ),
  );
  // The line `replaces` names, dated by memfiles or typed by a person (see `readTypedLine`).
  const body = state.file?.lineMap.bodyLine ?? 0;
  for (const [offset, current] of state.file?.lines.entries() ?? []) {
    if (replacedKey === undefined) break;
    const text = current.kind === "dated" ? current.text : readTypedLine(current.text)?.text;
    if (text === undefined || factKey(text) !== replacedKey) continue;
    if (remove.size === 0 && current.kind === "dated") marker = current.marker;
    replaced.push(current.kind === "dated" ? formatDatedLine(current) : current.text.trim());
    remove.add(body + offset);
  }
  const line = formatDatedLine({
    stated: context.stated,
    text: fact,
    ...(marker === undefined ? {} : { marker }),
  });
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
      updated: context.updated,
      missing: generated,
    });
  } else {
    description = item.usableDescription ?? generated.description;
    const header: MemoryHeader = { name: generated.name, description, updated: context.updated };
    content = formatMemoryFile({
      header,
      lines: [{ kind: "dated", stated: context.stated, text: fact }],
    });
  }
  const written = await store.write(target, content, state.read.version);
  if (written.ok) {
    const applied: AddLineApplied =
      created && description !== undefined
        ? { code: "applied", path: target, line, replaced, description }
        : { code: "applied", path: target, line, replaced };
    return { ok: true, applied, content, version: written.version };
  }
  // The boundary refused a file of another project: no re-read changes that.
  if (written.outOfScope) {
    return {
      ok: false,
      code: "path_not_allowed",
      path: target,
      reason: written.reason,
    };
  }
  if (written.code === "version_conflict") {
    return {
      ok: false,
      code: "version_conflict",
      path: target,
      reason: written.reason,
    };
  }
  if (written.code === "not_text") {
    return {
      ok: false,
      code: "unparsable_file",
      path: target,
      reason: written.reason,
    };
  }
  return { ok: false, code: "too_long", path: target, reason: written.reason };
}

// The file a line for `path` lands in: `path` when it exists or holds the user's own facts, else
// the file of its folder that keeps the same subject (`findSameSubject`), if one does.
async function landingFile(
  store: WriteStore,
  files: Map<string, MemoryFileState>,
  path: string,
): Promise<string> {
  const state = files.get(path);
  if (
    !path.includes("/") ||
    (state !== undefined && ("unparsable" in state || state.read.exists))
  ) {
    return path;
  }
  const kept: SubjectFile[] = [];
  for (const [other, current] of files) {
    // A look-alike name (case, width) is the same file: the store writes it there.
    if (foldText(other) === foldText(path)) return path;
    if ("unparsable" in current || !current.read.exists) continue;
    const name = current.header.name ?? describeNewFile(other).name;
    kept.push({ path: other, name, description: current.header.description ?? "" });
  }
  const index = await store.readIndex?.();
  const same = findSameSubject(kept, { path, names: [] }, index?.exists ? index.content : "");
  return same?.path ?? path;
}

function refill(snapshot: Map<string, MemoryFileState>, fresh: Map<string, MemoryFileState>): void {
  snapshot.clear();
  for (const [path, state] of fresh) snapshot.set(path, state);
}

/**
 * The line of a file that `fact` updates by value: same skeleton (see `valueSkeleton`), other
 * numbers. Lines a person typed count too (see `readTypedLine`); their date is their typed
 * date, or none (the oldest).
 */
function lineUpdatedByValue(
  state: MemoryFileState | undefined,
  fact: string,
): { key: string; line: string; date: string } | undefined {
  const updates = valueUpdateOf(fact);
  if (updates === undefined || state === undefined || "unparsable" in state) return undefined;
  for (const line of state.lines) {
    const text = line.kind === "dated" ? line.text : readTypedLine(line.text)?.text;
    if (text === undefined || !updates(text)) continue;
    const date = line.kind === "dated" ? line.stated : (readTypedLine(line.text)?.stated ?? "");
    return {
      key: factKey(text),
      line: line.kind === "dated" ? formatDatedLine(line) : line.text.trim(),
      date,
    };
  }
  return undefined;
}
