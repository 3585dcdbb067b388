import { errorCode } from "../../file-system/index.js";
import { MemoryPathError } from "../../store/index.js";
import { refuse } from "../write-checks.js";
import type { PipelineRefusal } from "../write-pipeline-types.js";
import { refuseItem, type WriteStep, type WriteStepContext, what } from "./write-step.js";

/** `path_not_allowed`: the layout's path rule (`WriteSteps.allowedPath`). */
export const pathNotAllowedStep: WriteStep = {
  code: "path_not_allowed",
  phase: "check",
  run(context) {
    const reason = context.steps.allowedPath(context.item);
    return reason === undefined ? undefined : refusePath(context, reason);
  },
};

const NAME_ERRORS = new Set(["ENAMETOOLONG", "EINVAL", "EISDIR", "ENOTDIR", "EILSEQ"]);

/**
 * `path_not_allowed` for a path the store refused while writing: its path guard
 * (`MemoryPathError`) or a name the file system cannot hold, so a pass never stops half-applied
 * on it.
 *
 * @param context - The step context.
 * @param error - What the locked write threw.
 * @returns The refusal.
 * @throws the error itself when it is neither.
 */
export function refuseStorePath<Item, Target, Applied>(
  context: WriteStepContext<Item, Target, Applied>,
  error: unknown,
): PipelineRefusal<Item> {
  const code = errorCode(error);
  if (code !== undefined && NAME_ERRORS.has(code)) {
    return refusePath(
      context,
      `the file system cannot hold its path (${code}). Use a shorter name.`,
    );
  }
  if (!(error instanceof MemoryPathError)) throw error;
  return refusePath(context, error.message);
}

/**
 * `path_not_allowed` for a path refused past the path rule (by the layout's edit, or the store).
 *
 * @param context - The step context.
 * @param reason - Why the path is refused.
 * @returns The refusal.
 */
export function refusePath<Item, Target, Applied>(
  context: WriteStepContext<Item, Target, Applied>,
  reason: string,
): PipelineRefusal<Item> {
  return refuseItem(context, refuse("path_not_allowed", { what: what(context), reason }));
}
