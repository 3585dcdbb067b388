import type { CheckEvidenceResult, CheckEvidenceSupportResult } from "../../guards/index.js";
import type { TombstoneCache } from "../../guards/tombstones.js";
import type { WriteCheckCode, WriteRefusal } from "../write-checks.js";
import type {
  EditResult,
  PipelineRefusal,
  ResolvedDate,
  RunWritePipelineOptions,
  WriteSteps,
} from "../write-pipeline-types.js";

/**
 * What the check steps of one candidate share: the pipeline's options, the layout's steps, the
 * candidate as given and as checked so far, and what earlier steps found (dates, the target, the
 * file edit). A step reads it and may fill in what later steps need.
 */
export type WriteStepContext<Item, Target, Applied> = {
  readonly options: RunWritePipelineOptions<Item, Target, Applied>;
  readonly steps: WriteSteps<Item, Target, Applied>;
  /** The candidate as this round of the pipeline got it. */
  readonly given: Item;
  /** A secret split across the facts of the pass, found before the first candidate. */
  readonly split: { kinds: string[]; redacted: string } | undefined;
  readonly tombstones: TombstoneCache;
  /** A removal (a fact-layout forget): no dates, support, shape, tombstone or duplicate check. */
  readonly removes: boolean;
  /** The candidate as checked: `given` with relative dates resolved (the `relative_date` step). */
  item: Item;
  /** The relative times resolved in `item`. */
  dates: ResolvedDate[];
  /** Where `checkEvidence` found the evidence, once a step asked (both evidence-quote steps read it). */
  quoted?: CheckEvidenceResult;
  /** Whether the evidence backs the fact, once a step asked (both evidence-support steps read it). */
  supported?: CheckEvidenceSupportResult;
  /** Where the candidate lands (the `replaces_not_found` step). */
  located?: {
    target: Target;
    replacing?: { path: string; date: string } | undefined;
    updating?: { path: string; line: string; date: string } | undefined;
    sameSubject?: { path: string; subject: string; fix: string } | undefined;
    keptUpdate?: { path: string; line: string; fact: string } | undefined;
  };
  /** What the layout's file edit returned; the steps after the edit read its refusal. */
  edit?: EditResult<Applied>;
};

/** A step's verdict: a refusal (with the candidate as reported), or `undefined` to go on. */
export type WriteStepOutcome<Item> = PipelineRefusal<Item> | undefined;

/**
 * One step of the check pipeline: the `WRITE_CHECKS` code it refuses with, when it runs
 * (`check` before the store lock, `locked` under it before the edit, `edited` on the edit's
 * refusal) and the check itself.
 */
export type WriteStep = {
  code: WriteCheckCode;
  phase: "check" | "locked" | "edited";
  run<Item, Target, Applied>(
    context: WriteStepContext<Item, Target, Applied>,
  ): Promise<WriteStepOutcome<Item>> | WriteStepOutcome<Item>;
};

/**
 * A refusal of the candidate, reported as `item` (default the candidate as given).
 *
 * @param context - The step context.
 * @param refusal - What `refuse` made.
 * @param item - The candidate as reported (secrets redacted).
 * @returns The refusal with its candidate.
 */
export function refuseItem<Item>(
  context: { given: Item },
  refusal: WriteRefusal,
  item: Item = context.given,
): PipelineRefusal<Item> {
  return { ...refusal, item };
}

/** The refused thing as messages name it, from the candidate as checked so far. */
export function what<Item, Target, Applied>(
  context: WriteStepContext<Item, Target, Applied>,
): string {
  return context.steps.label(context.item);
}
