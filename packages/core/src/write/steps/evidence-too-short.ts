import { refuse } from "../write-checks.js";
import { evidenceSupport } from "./evidence-quote.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `evidence_too_short`: the evidence has enough content words to show the user stated it (see `checkEvidenceSupport`). */
export const evidenceTooShortStep: WriteStep = {
  code: "evidence_too_short",
  phase: "check",
  run(context) {
    if (evidenceSupport(context)?.code !== "evidence_too_short") return undefined;
    const evidence = context.steps.evidence(context.item);
    return refuseItem(context, refuse("evidence_too_short", { what: what(context), evidence }));
  },
};
