import type { WriteSession } from "../guards/index.js";
import {
  type EditResult,
  runWritePipeline,
  type WriteSteps,
  type WriteStore,
} from "../write/write-pipeline.js";
import { MemoryToolError } from "./memory-tool-error.js";

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
  /** What is wrong with the shape of a created file (`invalid_fact`), or `undefined`. */
  problem?: string | undefined;
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

/** Options of {@link runMemoryToolWrite}. */
export type RunMemoryToolWriteOptions = {
  store: WriteStore;
  write: MemoryToolWrite;
  /**
   * Applies the command to the file as read (for an edit: read here; a created file is read by
   * the edit's `locate`); throws the command's own errors (`no_match`, ...).
   */
  prepare: () => Promise<MemoryToolEdit>;
  /** The layout's path rule for a created file: `undefined`, or why the path is refused. */
  pathRule: (relative: string) => string | undefined;
  /** The session of the edits: a secret spelled across them is refused too. */
  session: WriteSession;
  /** Today as `YYYY/MM/DD`: the edits' date. */
  today: string;
};

/**
 * Runs one writing memory-tool command through the one check pipeline (`runWritePipeline`), so it
 * is refused with the codes and messages of `WRITE_CHECKS` like every proposal and `remember`:
 * secret (the path of a created file, the text sent, each added line whole, and split across the
 * session's edits) → shape of a created file → the layout's path rule → forgotten (each added line
 * against the tombstones) → cap → version-tokened write, re-applied on a re-read after a conflict
 * (3 times). The edits come from the model, so there is no evidence, and the lines are today's.
 *
 * @param options - `{ store, write, prepare, pathRule, session, today }`.
 * @returns What the command returns to the model, e.g. `File created successfully at: ...`.
 * @throws {MemoryToolError} with the table's code and message when a check refuses the write, or
 *   the command's own error from `prepare` or `write` (`no_match`, `already_exists`, ...).
 * @example await runMemoryToolWrite({ store, write, prepare, pathRule, session, today: "2026/09/12" });
 */
export async function runMemoryToolWrite(options: RunMemoryToolWriteOptions): Promise<string> {
  const { write } = options;
  let edit = await options.prepare();
  const steps: WriteSteps<MemoryToolWrite, undefined, string> = {
    label: (item) => item.label,
    // The added lines as one text: the session's split-secret check reads them line by line.
    fact: () => edit.facts.join("\n"),
    file: (item) => item.creates ?? item.memoryPath,
    evidence: () => "",
    replaces: () => null,
    removes: () => false,
    secretFields: (item) => [
      ...(item.creates === undefined ? [] : [item.memoryPath]),
      edit.added,
      ...edit.facts,
    ],
    // A refusal names the command, never the text: nothing to redact in what is reported.
    redact: (item) => item,
    datedFields: () => [],
    withDates: (item) => item,
    shape: () => edit.problem,
    allowedPath: (item) =>
      item.creates === undefined ? undefined : options.pathRule(item.creates),
    forgettable: (item) =>
      edit.facts.map((fact) => ({ text: fact, what: `${JSON.stringify(fact)} (${item.label})` })),
    locate: async () => {
      await edit.locate?.();
      return { ok: true, target: undefined };
    },
    duplicate: () => undefined,
    edit: () => edit.write(),
    refresh: async (_path, conflict) => {
      if (conflict) edit = await options.prepare();
    },
  };
  const result = await runWritePipeline({
    store: options.store,
    items: [write],
    steps,
    checkTombstones: true,
    sessionDate: "",
    stated: options.today,
    session: options.session,
  });
  const applied = result.applied[0];
  if (applied !== undefined) return applied.applied;
  const refusal = result.rejected[0];
  if (refusal === undefined) throw new Error("runWritePipeline returned no result for one item");
  throw new MemoryToolError(refusal.message, { code: refusal.code });
}
