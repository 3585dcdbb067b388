import {
  type CheckEvidenceResult,
  type CheckEvidenceSupportResult,
  checkEvidence,
  checkEvidenceSupport,
} from "../../guards/index.js";
import type { WriteStepContext } from "./write-step.js";

/**
 * Where the candidate's evidence is quoted from, checked once for the two steps that read it
 * (`evidence_not_from_user`, `evidence_not_found`); `undefined` without a transcript.
 */
export function quotedEvidence<Item, Target, Applied>(
  context: WriteStepContext<Item, Target, Applied>,
): CheckEvidenceResult | undefined {
  const { transcript } = context.options;
  if (transcript === undefined) return undefined;
  context.quoted ??= checkEvidence(context.steps.evidence(context.item), transcript);
  return context.quoted;
}

/**
 * Whether the evidence backs the fact, checked once for the two steps that read it
 * (`evidence_too_short`, `evidence_unrelated`); `undefined` without a transcript or for a removal.
 */
export function evidenceSupport<Item, Target, Applied>(
  context: WriteStepContext<Item, Target, Applied>,
): CheckEvidenceSupportResult | undefined {
  if (context.options.transcript === undefined || context.removes) return undefined;
  const { steps, item } = context;
  context.supported ??= checkEvidenceSupport(steps.evidence(item), steps.fact(item));
  return context.supported;
}
