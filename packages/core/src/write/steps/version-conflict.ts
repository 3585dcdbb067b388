import { refuse } from "../write-checks.js";
import { MAX_CONFLICT_RETRIES } from "../write-pipeline-types.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/**
 * `version_conflict`: the file changed under the write (version token). The pipeline reads it
 * again and decides again from the first step, {@link MAX_CONFLICT_RETRIES} times, before this
 * refusal stands.
 */
export const versionConflictStep: WriteStep = {
  code: "version_conflict",
  phase: "edited",
  run(context) {
    const { edit } = context;
    if (edit?.ok !== false || edit.code !== "version_conflict") return undefined;
    const refusal = refuse("version_conflict", {
      what: what(context),
      path: edit.path,
      rereads: MAX_CONFLICT_RETRIES,
    });
    return refuseItem(context, refusal);
  },
};
