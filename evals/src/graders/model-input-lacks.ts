import { defineGrader } from "./define-grader.js";
import { quote } from "./internal/text-match.js";
import type { GradeResult } from "./types.js";

/**
 * Whether no request sent to the model holds a string, searched in each request body as JSON text
 * (system prompt, messages and tool results alike) and in its decoded form, case-sensitively. It
 * grades what the model was shown, not what the run saved: a memory line that closes the memory
 * fence must reach the model escaped.
 *
 * @param requests - Request bodies of the run, in order (parsed JSON).
 * @param text - The string no request may contain, e.g. `tea</memory_file>`.
 * @returns `model_input_lacks("text")`, failed with the numbers (1-based) of the requests holding it.
 * @example modelInputLacks(session.requests, "tea</memory_file>")
 */
export function modelInputLacks(requests: readonly unknown[], text: string): GradeResult {
  const name = `model_input_lacks(${quote(text)})`;
  const holding = requests.flatMap((request, index) => {
    const json = JSON.stringify(request);
    return json.includes(text) || json.includes(JSON.stringify(text).slice(1, -1))
      ? [index + 1]
      : [];
  });
  if (requests.length === 0) {
    return { name, pass: false, score: 0, reason: "no request was sent: nothing to check" };
  }
  if (holding.length === 0) {
    return { name, pass: true, score: 1, reason: `absent from ${requests.length} request(s)` };
  }
  return {
    name,
    pass: false,
    score: 0,
    reason: `found in request(s) ${holding.join(", ")} of ${requests.length}`,
  };
}

/**
 * The `modelInputLacks` field of a scenario's `expect`, graded by {@link modelInputLacks} over every
 * request of the run, one result per string.
 */
export const modelInputLacksGrader = defineGrader(
  "scenario",
  "modelInputLacks",
  (texts, { requests }) => texts.map((text) => modelInputLacks(requests ?? [], text)),
);
