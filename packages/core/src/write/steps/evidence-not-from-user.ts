import { refuse } from "../write-checks.js";
import { quotedEvidence } from "./evidence-quote.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `evidence_not_from_user`: the evidence is quoted from a user turn, not an assistant's. */
export const evidenceNotFromUserStep: WriteStep = {
  code: "evidence_not_from_user",
  phase: "check",
  run(context) {
    const quoted = quotedEvidence(context);
    if (quoted?.code !== "evidence_not_from_user") return undefined;
    const refusal = refuse("evidence_not_from_user", {
      what: what(context),
      turn: quoted.turn + 1,
    });
    return refuseItem(context, refusal);
  },
};
