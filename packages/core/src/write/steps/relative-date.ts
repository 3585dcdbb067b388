import { resolveRelativeDates } from "../../text/index.js";
import { refuse } from "../write-checks.js";
import type { ResolvedDate } from "../write-pipeline-types.js";
import { refuseItem, type WriteStep } from "./write-step.js";

/**
 * `relative_date`: the dated fields' relative times resolved against the session's own date only;
 * the candidate as checked from here on carries the absolute dates.
 */
export const relativeDateStep: WriteStep = {
  code: "relative_date",
  phase: "check",
  run(context) {
    const { steps, given } = context;
    if (context.removes) return undefined;
    const texts: string[] = [];
    const dates: ResolvedDate[] = [];
    for (const text of steps.datedFields(given)) {
      const dated = resolveRelativeDates(text, context.options.sessionDate);
      if (!dated.ok) {
        const refusal = refuse("relative_date", {
          what: steps.label(given),
          problem: dated.message,
        });
        return refuseItem(context, refusal);
      }
      texts.push(dated.text);
      dates.push(...dated.resolved);
    }
    context.item = steps.withDates(given, texts);
    context.dates = dates;
    return undefined;
  },
};
