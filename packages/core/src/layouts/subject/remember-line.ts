import { dateTag } from "../../format/index.js";
import {
  type RememberOptions,
  type RememberResult,
  rememberThrough,
} from "../../write/remember.js";
import { subjectWriteSteps } from "./add-line.js";

/** The subject layout's `remember`: a dated line, through {@link rememberThrough}. */
export function rememberLine(options: RememberOptions): Promise<RememberResult> {
  const today = dateTag(options.now ?? new Date(), options.timeZone);
  return rememberThrough(
    options,
    {
      file: options.path,
      fact: options.fact,
      evidence: "",
      replaces: options.replaces ?? null,
      description: null,
    },
    subjectWriteSteps({ store: options.store, stated: today, updated: today }),
  );
}
