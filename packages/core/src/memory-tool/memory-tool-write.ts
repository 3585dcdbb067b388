import type { WriteSession } from "../guards/index.js";
import type { MemoryToolEdits } from "../layouts/layout.js";
import { findSameSubject, type SameSubject } from "../store/index.js";
import { quoteText, updatesLine } from "../text/index.js";
import { LINE_MARKER } from "../text/list-marker.js";
import { indexRows } from "../write/candidate-files.js";
import type { FolderReadStore } from "../write/memory-files.js";
import { checkDescriptionShape } from "../write/write-checks.js";
import {
  type EditResult,
  runWritePipeline,
  type WriteSteps,
  type WriteStore,
} from "../write/write-pipeline.js";
import { MemoryToolError } from "./memory-tool-error.js";
import { editable, headerLines } from "./memory-tool-lines.js";
import { memoriesPath } from "./memory-tool-paths.js";

/**
 * One writing memory-tool command (`create`, `str_replace`, `insert`, `delete`, `rename`) as the
 * check pipeline sees it: what refusals call it and which file the layout's path rule applies to.
 */
export type MemoryToolWrite = {
  /** How refusals name the command, e.g. `the create of /memories/topics/keys.md`. */
  label: string;
  /** The memory-tool path the command names, e.g. `/memories/topics/keys.md`. */
  memoryPath: string;
  /** The store path of a file the command creates (create, rename's new path), for the path rule. */
  creates?: string | undefined;
  /** The store path a rename moves away from: its subject goes with it to `creates`. */
  moves?: string | undefined;
};

/**
 * The command applied to the file as it was read: the lines it adds and how to write them. Made
 * again after a version conflict (the file is read again and the command re-applied).
 */
export type MemoryToolEdit = {
  /** The text the model sent to add (`file_text`, `new_str`, `insert_text`; `""` for none). */
  added: string;
  /** The facts of the added lines, whole lines: each is checked against the tombstones. */
  facts: string[];
  /**
   * The body lines the model wrote or changed, as it sent them (no date tag yet): the relative
   * date step resolves them, and their facts get the shape and duplicate checks. A line it sent
   * as the file already had it (a `str_replace` that keeps a line) is not one of them.
   */
  lines: string[];
  /** The facts of `lines` as stored (date tag and list marker dropped); blank lines left out. */
  checked: string[];
  /** The store path of the file written, and its text after the edit without `lines`. */
  kept?: { path: string; content: string } | undefined;
  /** What is wrong with the shape of a created file (`invalid_fact`), or `undefined`. */
  problem?: string | undefined;
  /**
   * The header fields the model wrote or changed (`name:`, `description:`), by field: each gets
   * the layouts' description shape check (`checkDescriptionShape`).
   */
  header?: Partial<Record<"name" | "description", string>> | undefined;
  /**
   * Reads what the write needs, under the store lock, after the checks before the target step
   * (a created file: whether it exists); throws the command's own error (`already_exists`,
   * `not_found`). Absent when `prepare` read the file already (an edit needs its text).
   */
  locate?(): Promise<void>;
  /**
   * Writes the edit with the version token of the read (under the store lock), after every
   * check passed: the text the command returns, or the refusal the pipeline words.
   */
  write(): Promise<EditResult<string>>;
};

/**
 * The command applied to the file as read, with its `lines` as given (the date step's output, in
 * the same order), or as the model sent them when absent. Throws the command's own errors.
 */
export type ApplyMemoryToolEdit = (lines?: readonly string[]) => MemoryToolEdit;

/** Options of {@link runMemoryToolWrite}. */
export type RunMemoryToolWriteOptions = {
  store: WriteStore & FolderReadStore;
  write: MemoryToolWrite;
  /**
   * Reads what the command edits (an edit: the file; a created file is read by the edit's
   * `locate`) and returns how to apply the command to it; throws the command's own errors.
   */
  prepare: () => Promise<ApplyMemoryToolEdit>;
  /** The layout's path rule for a created file: `undefined`, or why the path is refused. */
  pathRule: (relative: string) => string | undefined;
  /** The layout's shape, duplicate and same-subject rules for the lines the model writes. */
  rules: Pick<MemoryToolEdits, "lineShape" | "held" | "keptElsewhere">;
  /** The session of the edits: a secret spelled across them is refused too. */
  session: WriteSession;
  /** Today as `YYYY/MM/DD`: the edits' date, and the day relative times are resolved from. */
  today: string;
};

type Candidate = MemoryToolWrite & { apply: ApplyMemoryToolEdit; edit: MemoryToolEdit };
type Located = { held?: { path: string; as?: string } | undefined };

/**
 * The first line one of the edit's facts updates (`updatesLine`: other numbers or units, the other
 * polarity), as the file has it: a body line of `kept` (the file's text without the edit's lines),
 * or another of the lines the model wrote (`own`, as sent).
 */
function keptLineUpdated(
  kept: string,
  facts: readonly string[],
  own: readonly string[],
): { line: string; fact: string } | undefined {
  const lines = editable(kept).lines;
  const body = lines.slice(headerLines(lines).count).map((line) => line.trim());
  const wrote = own.map((line) => line.trim().replace(LINE_MARKER, ""));
  for (const line of [...body, ...wrote]) {
    const text = line.replace(LINE_MARKER, "");
    if (text === "" || text.startsWith("#")) continue;
    const fact = [...facts, ...wrote].find((candidate) => updatesLine(candidate, text));
    if (fact !== undefined) return { line, fact };
  }
  return undefined;
}

/**
 * Runs one writing memory-tool command through the one check pipeline (`runWritePipeline`), so it
 * is refused with the codes and messages of `WRITE_CHECKS`, in the table's order, like every
 * proposal and `remember`; the lines the model wrote are what is checked, and there is no evidence.
 * After a version conflict the file is read again and the command re-applied (`reread`), 3 times.
 *
 * @param options - `{ store, write, prepare, pathRule, rules, session, today }`.
 * @returns What the command returns to the model, e.g. `File created successfully at: ...`.
 * @throws {MemoryToolError} with the table's code and message when a check refuses the write, or
 *   the command's own error from `prepare` or `write` (`no_match`, `already_exists`, ...).
 */
export async function runMemoryToolWrite(options: RunMemoryToolWriteOptions): Promise<string> {
  const { write, rules } = options;
  const steps: WriteSteps<Candidate, Located, string> = {
    label: (item) => item.label,
    // The added lines as one text: the session's split-secret check reads them line by line.
    fact: (item) => item.edit.facts.join("\n"),
    file: (item) => item.creates ?? item.memoryPath,
    evidence: () => "",
    replaces: () => null,
    removes: () => false,
    secretFields: (item) => [
      ...(item.creates === undefined ? [] : [item.memoryPath]),
      item.edit.added,
      ...item.edit.facts,
    ],
    // A refusal names the command, never the text: nothing to redact in what is reported.
    redact: (item) => item,
    datedFields: (item) => item.edit.lines,
    withDates: (item, lines) =>
      lines.every((line, index) => line === item.edit.lines[index])
        ? item
        : { ...item, edit: item.apply(lines) },
    shape: (item) => {
      if (item.edit.problem !== undefined) return item.edit.problem;
      for (const [field, value] of Object.entries(item.edit.header ?? {})) {
        const shape = checkDescriptionShape(value.trim());
        if (!shape.ok) return `its ${field}: ${shape.problem}`;
      }
      for (const text of item.edit.checked) {
        const problem = rules.lineShape(text);
        if (problem !== undefined) return `one of its lines: ${problem}`;
      }
      return undefined;
    },
    allowedPath: (item) =>
      item.creates === undefined ? undefined : options.pathRule(item.creates),
    forgettable: (item) =>
      item.edit.facts.map((fact) => ({
        text: fact,
        what: `${quoteText(fact)} (${item.label})`,
      })),
    locate: async (item) => {
      await item.edit.locate?.();
      const same = item.creates === undefined ? undefined : await sameSubjectOf(item);
      if (same !== undefined) {
        const fix = `Add the lines to ${memoriesPath(same.path)} (str_replace or insert) instead.`;
        return {
          ok: true,
          target: {},
          sameSubject: { ...same, path: memoriesPath(same.path), fix },
        };
      }
      const { kept, checked } = item.edit;
      const update =
        kept === undefined ? undefined : keptLineUpdated(kept.content, checked, item.edit.lines);
      if (update !== undefined) {
        const path = memoriesPath(kept?.path ?? "");
        return { ok: true, target: {}, keptUpdate: { ...update, path } };
      }
      const held =
        kept === undefined
          ? undefined
          : await rules.held({
              store: options.store,
              path: kept.path,
              kept: kept.content,
              texts: checked,
            });
      return { ok: true, target: { held } };
    },
    duplicate: (_item, target) =>
      target.held === undefined
        ? undefined
        : { ...target.held, path: memoriesPath(target.held.path) },
    edit: (item) => item.edit.write(),
    refresh: async () => {},
    // The command applied again to the file as it is now: the pipeline checks it from the first step.
    reread: () => candidate(),
  };
  // The file that keeps the subject of the file a create would make (see `findSameSubject`).
  const sameSubjectOf = async (item: Candidate): Promise<SameSubject | undefined> => {
    // Headers only: the recall index's rows when it is stored, else a listing (decision 0103).
    const listed = (await indexRows(options.store)) ?? (await options.store.list());
    const rows = listed.filter((row) => row.path !== item.moves);
    const index = await options.store.readIndex?.();
    const path = item.creates ?? "";
    const name = item.edit.header?.name;
    const byName = findSameSubject(
      rows,
      { path, names: name === undefined ? [] : [name] },
      index?.exists ? index.content : "",
    );
    return (
      byName ??
      (await rules.keptElsewhere({ store: options.store, path, texts: item.edit.checked }))
    );
  };
  const candidate = async (): Promise<Candidate> => {
    const apply = await options.prepare();
    return { ...write, apply, edit: apply() };
  };
  const result = await runWritePipeline({
    store: options.store,
    items: [await candidate()],
    steps,
    checkTombstones: true,
    // Absolute dates only, as `remember`: "yesterday" is written as the day it meant.
    sessionDate: options.today.replace(/\//g, "-"),
    stated: options.today,
    session: options.session,
  });
  const applied = result.applied[0];
  if (applied !== undefined) return applied.applied;
  const refusal = result.rejected[0];
  if (refusal === undefined) throw new Error("runWritePipeline returned no result for one item");
  throw new MemoryToolError(refusal.message, { code: refusal.code });
}
