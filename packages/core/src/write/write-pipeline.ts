import { findSplitSecrets } from "../guards/index.js";
import { liftMatchingTombstones, TombstoneCache } from "../guards/tombstones.js";
import { MemoryWriteError } from "../store/index.js";
import { refusePath, refuseStorePath, WRITE_STEPS, type WriteStepContext } from "./steps/index.js";
import { WriteInterruptedError } from "./write-interrupted-error.js";
import type { EditResult } from "./write-pipeline-types.js";
import {
  MAX_CONFLICT_RETRIES,
  type PipelineApplied,
  type PipelineRefusal,
  type RunWritePipelineOptions,
  type RunWritePipelineResult,
} from "./write-pipeline-types.js";

export {
  type EditResult,
  type LocateResult,
  MAX_CONFLICT_RETRIES,
  type OnTooLong,
  type PipelineApplied,
  type PipelineRefusal,
  type ResolvedDate,
  type RunWritePipelineOptions,
  type RunWritePipelineResult,
  type WriteSteps,
  type WriteStore,
} from "./write-pipeline-types.js";

/**
 * The one check pipeline every proposal of the write pass and every direct write passes, in both
 * layouts, in the order of `WRITE_CHECKS` (see that table for each code, rule and message): secret
 * (every field, split across two fields of the candidate, across the facts of the pass and the
 * session's writes) → relative date → evidence from a user turn →
 * evidence supports the fact → not an instruction, first person → shape → allowed path → (under
 * the store lock) forgotten → target found → an older session never replaces a newer fact →
 * duplicate / restatement → cap (with one consolidation) → version-tokened write (3 re-reads, each
 * checked again from the first step).
 * What differs by layout is asked of `steps` (the layout's); the pipeline never branches on it.
 *
 * @param options - `{ store, items, steps, transcript?, sessionDate, stated, session?, onTooLong?,
 *   consolidationError? }`: `sessionDate` ISO, `stated` `YYYY/MM/DD`.
 * @returns `{ applied, rejected }`: each applied `{ ok: true, item, resolved, applied }` (`resolved`
 *   with absolute dates, `applied` what the layout's edit returned), each refusal `{ ok: false, code, message, item }` (`item` redacted).
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example const { applied, rejected } = await runWritePipeline({ store, items, steps, transcript, sessionDate: "2026-09-12", stated: "2026/09/12" });
 */
export async function runWritePipeline<Item, Target, Applied>(
  options: RunWritePipelineOptions<Item, Target, Applied>,
): Promise<RunWritePipelineResult<Item, Applied>> {
  const { steps } = options;
  const applied: PipelineApplied<Item, Applied>[] = [];
  const rejected: PipelineRefusal<Item>[] = [];
  const split = await findSplitSecrets(options.items.map((item) => steps.fact(item)));
  const tombstones = options.tombstones ?? new TombstoneCache();
  for (const [index, given] of options.items.entries()) {
    let outcome: Decision<Item, Applied>;
    try {
      outcome = await decideWithRetries(options, given, split.get(index), tombstones);
    } catch (error) {
      throw interrupted(options, { applied, rejected }, options.items.length - index, error);
    }
    if (outcome.ok) {
      applied.push({ ok: true, item: given, resolved: outcome.resolved, applied: outcome.applied });
    } else rejected.push(outcome);
  }
  return { applied, rejected };
}

// A failure after some candidates landed is said with what landed (a caller must not report a
// saved fact as lost); before any landed it is thrown as it is.
function interrupted<Item, Target, Applied>(
  options: RunWritePipelineOptions<Item, Target, Applied>,
  done: RunWritePipelineResult<Item, Applied>,
  undecided: number,
  error: unknown,
): unknown {
  if (done.applied.length === 0) return error;
  const { steps } = options;
  const landed = [
    ...new Set(
      done.applied.map((item) => steps.written?.(item.applied) ?? steps.file(item.resolved)),
    ),
  ];
  const cause =
    error instanceof MemoryWriteError
      ? new MemoryWriteError({ code: error.code, path: error.path, landed, cause: error.cause })
      : error;
  return new WriteInterruptedError({ ...done, landed, undecided, cause });
}

type Decision<Item, Applied> =
  | { ok: true; resolved: Item; applied: Applied }
  | PipelineRefusal<Item>;

type Split = { kinds: string[]; redacted: string } | undefined;

// The one retry of a version conflict, for every layout and surface: the files are read again, the
// candidate made again from them (`reread`), and every step runs again on what will be written.
async function decideWithRetries<Item, Target, Applied>(
  options: RunWritePipelineOptions<Item, Target, Applied>,
  given: Item,
  split: Split,
  tombstones: TombstoneCache,
): Promise<Decision<Item, Applied>> {
  const { steps } = options;
  let candidate = given;
  for (let conflicts = 0; ; conflicts += 1) {
    const context: WriteStepContext<Item, Target, Applied> = {
      options,
      steps,
      given: candidate,
      split,
      tombstones,
      removes: steps.removes(candidate),
      item: candidate,
      dates: [],
    };
    const outcome = await decide(context);
    if (outcome.ok || outcome.code !== "version_conflict" || context.edit?.ok !== false) {
      return outcome;
    }
    await steps.refresh(context.edit.path, true);
    if (conflicts >= MAX_CONFLICT_RETRIES) return outcome;
    candidate = (await steps.reread?.(given)) ?? given;
  }
}

// The steps of WRITE_STEPS in order: the checks, then under the store lock the steps that read the
// files and the layout's edit, then the steps that word the edit's refusal. A write past the cap
// is shrunk once (`onTooLong`) and tried again.
async function decide<Item, Target, Applied>(
  context: WriteStepContext<Item, Target, Applied>,
): Promise<Decision<Item, Applied>> {
  const { options, steps } = context;
  const phase = (name: string) => WRITE_STEPS.filter((step) => step.phase === name);
  for (const step of phase("check")) {
    const refusal = await step.run(context);
    if (refusal !== undefined) return refusal;
  }
  for (let shrunk = false; ; shrunk = true) {
    let refusal: PipelineRefusal<Item> | undefined;
    try {
      refusal = await options.store.withLock(async () => {
        for (const step of phase("locked")) {
          const locked = await step.run(context);
          if (locked !== undefined) return locked;
        }
        // The `replaces_not_found` step found the target or refused.
        const { located } = context;
        if (located !== undefined) context.edit = await editLifting(context, located.target);
        return undefined;
      });
    } catch (error) {
      return refuseStorePath(context, error);
    }
    if (refusal !== undefined) return refusal;
    const { edit } = context;
    if (edit?.ok) return { ok: true, resolved: context.item, applied: edit.applied };
    if (edit?.code === "too_long" && options.onTooLong !== undefined && !shrunk) {
      await options.onTooLong({ store: options.store, path: edit.path });
      await steps.refresh(edit.path, false);
      continue;
    }
    for (const step of phase("edited")) {
      const edited = await step.run(context);
      if (edited !== undefined) return edited;
    }
    // The edit's own path refusal: a path its layout or the store refused while writing.
    return refusePath(context, edit?.reason ?? "no file to write was found");
  }
}

// The layout's edit, in the same locked section as the tombstones a user's own request lifts: the
// lift comes first and is put back when the edit is refused or throws, so a call that fails leaves
// neither (on PostgreSQL the section is one transaction; elsewhere the undo writes the tombstone
// file back).
async function editLifting<Item, Target, Applied>(
  context: WriteStepContext<Item, Target, Applied>,
  target: Target,
): Promise<EditResult<Applied>> {
  const { options, steps } = context;
  const undo =
    options.liftTombstones && !context.removes
      ? await liftMatchingTombstones(options.store, steps.fact(context.item))
      : undefined;
  let edit: EditResult<Applied>;
  try {
    edit = await steps.edit(context.item, target, context.dates);
  } catch (error) {
    await undo?.();
    throw error;
  }
  if (!edit.ok) await undo?.();
  return edit;
}
