import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `invalid_fact`: the layout's shape rule (`WriteSteps.shape`); a removal has no shape. */
export const invalidFactStep: WriteStep = {
  code: "invalid_fact",
  phase: "check",
  run(context) {
    if (context.removes) return undefined;
    const problem = context.steps.shape(context.item);
    if (problem === undefined) return undefined;
    return refuseItem(context, refuse("invalid_fact", { what: what(context), problem }));
  },
};
