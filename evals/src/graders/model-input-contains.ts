import { defineGrader } from "./define-grader.js";
import { quote } from "./internal/text-match.js";
import type { GradeResult } from "./types.js";

/**
 * Whether some request sent to the model holds a string, searched in each request body as JSON
 * text and in its decoded form, case-sensitively (the twin of `modelInputLacks`). It grades what
 * the model was shown: a memory naming a gone path reached it marked possibly stale; a file the
 * side query picked reached it after the cache breakpoints.
 *
 * @param requests - Request bodies of the run, in order (parsed JSON).
 * @param text - The string some request must contain.
 * @returns `model_input_contains("text")`, passed with the numbers (1-based) of the requests holding it.
 * @example modelInputContains(session.requests, "possibly stale: line 5")
 */
export function modelInputContains(requests: readonly unknown[], text: string): GradeResult {
  const name = `model_input_contains(${quote(text)})`;
  const holding = requests.flatMap((request, index) => {
    const json = JSON.stringify(request);
    return json.includes(text) || json.includes(JSON.stringify(text).slice(1, -1))
      ? [index + 1]
      : [];
  });
  if (holding.length === 0) {
    return {
      name,
      pass: false,
      score: 0,
      reason: `absent from all ${requests.length} request(s)`,
    };
  }
  return { name, pass: true, score: 1, reason: `found in request(s) ${holding.join(", ")}` };
}

/** The `modelInputContains` field of a scenario's `expect`, one result per string. */
export const modelInputContainsGrader = defineGrader(
  "scenario",
  "modelInputContains",
  (texts, { requests }) => texts.map((text) => modelInputContains(requests ?? [], text)),
);
