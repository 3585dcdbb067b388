import { findThirdPersonStatement } from "../../guards/index.js";
import { refuse } from "../write-checks.js";
import { quotedEvidence } from "./evidence-quote.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/**
 * `not_first_person`: a fact landing where only the user's own facts go (the layout's `ownFacts`)
 * is not another person's reported words.
 */
export const notFirstPersonStep: WriteStep = {
  code: "not_first_person",
  phase: "check",
  run(context) {
    const { steps, item } = context;
    if (context.options.transcript === undefined) return undefined;
    const own = steps.ownFacts?.(item);
    if (own === undefined) return undefined;
    // The user turn the quote comes from: who "he" is in a quote that starts with it.
    const quoted = quotedEvidence(context);
    const turn = quoted?.ok ? context.options.transcript.turns[quoted.turn]?.content : undefined;
    const reported = findThirdPersonStatement(steps.fact(item), steps.evidence(item), turn);
    if (reported === undefined) return undefined;
    const refusal = refuse("not_first_person", {
      what: what(context),
      ...own,
      excerpt: reported.excerpt,
    });
    return refuseItem(context, refusal);
  },
};
