import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `too_long`: the write stays within the store's size cap (after the one shrink `onTooLong` made). */
export const tooLongStep: WriteStep = {
  code: "too_long",
  phase: "edited",
  run(context) {
    const { edit } = context;
    if (edit?.ok !== false || edit.code !== "too_long") return undefined;
    return refuseItem(context, refuse("too_long", { what: what(context), reason: edit.reason }));
  },
};
