import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `unparsable_file`: the layout's edit could not read or edit the target without loss. */
export const unparsableFileStep: WriteStep = {
  code: "unparsable_file",
  phase: "edited",
  run(context) {
    const { edit } = context;
    if (edit?.ok !== false || edit.code !== "unparsable_file") return undefined;
    const refusal = refuse("unparsable_file", {
      what: what(context),
      path: edit.path,
      reason: edit.reason,
    });
    return refuseItem(context, refusal);
  },
};
