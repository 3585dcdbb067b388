import { refuse } from "../write-checks.js";
import { evidenceSupport } from "./evidence-quote.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `evidence_contradicts`: the evidence says the fact with its polarity (see `checkEvidenceSupport`). */
export const evidenceContradictsStep: WriteStep = {
  code: "evidence_contradicts",
  phase: "check",
  run(context) {
    if (evidenceSupport(context)?.code !== "evidence_contradicts") return undefined;
    const evidence = context.steps.evidence(context.item);
    return refuseItem(context, refuse("evidence_contradicts", { what: what(context), evidence }));
  },
};
