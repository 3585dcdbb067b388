import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/**
 * `updates_kept_line`: a memory-tool edit adds no line that updates another line the edited file
 * keeps (the memory tool's `locate` found it).
 */
export const updatesKeptLineStep: WriteStep = {
  code: "updates_kept_line",
  phase: "locked",
  run(context) {
    const kept = context.located?.keptUpdate;
    if (context.removes || kept === undefined) return undefined;
    const { path, line, fact } = kept;
    return refuseItem(
      context,
      refuse("updates_kept_line", { what: what(context), path, line, fact }),
    );
  },
};
