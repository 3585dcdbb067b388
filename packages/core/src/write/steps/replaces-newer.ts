import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `replaces_newer`: an older session never replaces a fact stated or updated after its date. */
export const replacesNewerStep: WriteStep = {
  code: "replaces_newer",
  phase: "locked",
  run(context) {
    const replacing = context.located?.replacing;
    const { stated } = context.options;
    if (context.removes || replacing === undefined || replacing.date <= stated) return undefined;
    const refusal = refuse("replaces_newer", {
      what: what(context),
      stated,
      path: replacing.path,
      newer: replacing.date,
    });
    return refuseItem(context, refusal);
  },
};
