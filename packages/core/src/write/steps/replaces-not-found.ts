import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `replaces_not_found`: the layout finds where the candidate lands and what it replaces. */
export const replacesNotFoundStep: WriteStep = {
  code: "replaces_not_found",
  phase: "locked",
  async run(context) {
    const located = await context.steps.locate(context.item);
    if (located.ok) {
      context.located = located;
      return undefined;
    }
    const { replaces, missing } = located;
    return refuseItem(
      context,
      refuse("replaces_not_found", { what: what(context), replaces, missing }),
    );
  },
};
