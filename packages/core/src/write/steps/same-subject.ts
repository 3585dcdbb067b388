import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/**
 * `same_subject`: a new file whose subject another file keeps, where the candidate cannot land in
 * that file (the layout's `locate` found it).
 */
export const sameSubjectStep: WriteStep = {
  code: "same_subject",
  phase: "locked",
  run(context) {
    const same = context.located?.sameSubject;
    if (context.removes || same === undefined) return undefined;
    const { path, subject, fix } = same;
    return refuseItem(context, refuse("same_subject", { what: what(context), path, subject, fix }));
  },
};
