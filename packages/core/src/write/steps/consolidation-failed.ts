import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/**
 * `consolidation_failed`: the write is past the cap (after the one shrink `onTooLong` made) and
 * this pass's consolidation of that file failed (`consolidationError`).
 */
export const consolidationFailedStep: WriteStep = {
  code: "consolidation_failed",
  phase: "edited",
  run(context) {
    const { edit } = context;
    if (edit?.ok !== false || edit.code !== "too_long") return undefined;
    const error = context.options.consolidationError?.(edit.path);
    if (error === undefined) return undefined;
    const refusal = refuse("consolidation_failed", { what: what(context), path: edit.path, error });
    return refuseItem(context, refusal);
  },
};
