import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/**
 * `forgotten`: no tombstone matches the fact, or each text the layout names (`forgettable`); the
 * user's own request skips it (`checkTombstones: false`) and lifts them instead.
 */
export const forgottenStep: WriteStep = {
  code: "forgotten",
  phase: "locked",
  async run(context) {
    const { steps, item, options } = context;
    if (context.removes || !options.checkTombstones) return undefined;
    const checks = steps.forgettable?.(item) ?? [{ text: steps.fact(item), what: what(context) }];
    for (const checked of checks) {
      const match = await context.tombstones.find(options.store, checked.text);
      if (match) {
        const refusal = refuse("forgotten", {
          what: checked.what,
          date: match.date,
          rule: match.rule,
        });
        return refuseItem(context, refusal);
      }
    }
    return undefined;
  },
};
