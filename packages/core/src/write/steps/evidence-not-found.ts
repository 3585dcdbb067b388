import { refuse } from "../write-checks.js";
import { quotedEvidence } from "./evidence-quote.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `evidence_not_found`: the evidence is a verbatim quote of a turn of the transcript. */
export const evidenceNotFoundStep: WriteStep = {
  code: "evidence_not_found",
  phase: "check",
  run(context) {
    if (quotedEvidence(context)?.code !== "evidence_not_found") return undefined;
    return refuseItem(context, refuse("evidence_not_found", { what: what(context) }));
  },
};
