import { refuse } from "../write-checks.js";
import { evidenceSupport } from "./evidence-quote.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `evidence_unrelated`: the evidence shares a content word with the fact (see `checkEvidenceSupport`). */
export const evidenceUnrelatedStep: WriteStep = {
  code: "evidence_unrelated",
  phase: "check",
  run(context) {
    if (evidenceSupport(context)?.code !== "evidence_unrelated") return undefined;
    const evidence = context.steps.evidence(context.item);
    return refuseItem(context, refuse("evidence_unrelated", { what: what(context), evidence }));
  },
};
