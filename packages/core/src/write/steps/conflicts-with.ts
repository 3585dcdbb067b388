import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/**
 * `conflicts_with`: a fact that updates a stored line by its numbers or units (the layout's
 * `locate` found it) comes from a session as new as the line or newer.
 */
export const conflictsWithStep: WriteStep = {
  code: "conflicts_with",
  phase: "locked",
  run(context) {
    const updating = context.located?.updating;
    const { stated } = context.options;
    if (context.removes || updating === undefined || updating.date <= stated) return undefined;
    const refusal = refuse("conflicts_with", {
      what: what(context),
      stated,
      path: updating.path,
      line: updating.line,
    });
    return refuseItem(context, refusal);
  },
};
