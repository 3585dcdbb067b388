import microdiff, { type Difference } from "microdiff";
import type { JsonValue } from "./normalize.js";
import type { RecordingEntry } from "./recording-file.js";

/** How many differing paths a missing-recording message lists. */
const MAX_LISTED = 5;
/** Chars of context shown either side of the first differing char of two strings. */
const WINDOW = 40;

function formatPath(path: (string | number)[]): string {
  let text = "";
  for (const part of path) {
    text += typeof part === "number" ? `[${part}]` : text === "" ? part : `.${part}`;
  }
  return text === "" ? "(body)" : text;
}

function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}…`;
}

/** Both strings cut to a window around their first differing char, so a one-word change shows. */
function windowStrings(recorded: string, request: string): [string, string] {
  let start = 0;
  while (start < recorded.length && recorded[start] === request[start]) start += 1;
  const from = Math.max(0, start - WINDOW);
  const cut = (text: string) =>
    `${from > 0 ? "…" : ""}${text.slice(from, start + WINDOW * 2)}${text.length > start + WINDOW * 2 ? "…" : ""}`;
  return [JSON.stringify(cut(recorded)), JSON.stringify(cut(request))];
}

function formatValue(value: unknown): string {
  return value === undefined ? "(absent)" : truncate(JSON.stringify(value), 120);
}

function describe(difference: Difference): string {
  const where = formatPath(difference.path);
  if (difference.type === "CREATE") {
    return `${where}: recorded (absent), request ${formatValue(difference.value)}`;
  }
  if (difference.type === "REMOVE") {
    return `${where}: recorded ${formatValue(difference.oldValue)}, request (absent)`;
  }
  if (typeof difference.oldValue === "string" && typeof difference.value === "string") {
    const [recorded, request] = windowStrings(difference.oldValue, difference.value);
    return `${where}: recorded ${recorded}, request ${request}`;
  }
  return `${where}: recorded ${formatValue(difference.oldValue)}, request ${formatValue(difference.value)}`;
}

function differences(recorded: JsonValue, request: JsonValue): Difference[] {
  const bothContainers =
    recorded !== null &&
    request !== null &&
    typeof recorded === "object" &&
    typeof request === "object" &&
    Array.isArray(recorded) === Array.isArray(request);
  if (!bothContainers) {
    return recorded === request
      ? []
      : [{ type: "CHANGE", path: [], value: request, oldValue: recorded }];
  }
  return microdiff(recorded, request);
}

/**
 * Lists how a request body differs from a recorded one: the first differing JSON paths, each with
 * both values (long strings cut to a window around the first differing char).
 *
 * @param recorded - The recorded (normalized) request body.
 * @param request - The request body sent now.
 * @param limit - How many paths to list (default 5); a last line counts the rest.
 * @returns One line per difference, e.g. `system[0].text: recorded "…on Fly.io…", request "…on Railway…"`.
 * @example describeRequestDifference({ max_tokens: 1024 }, { max_tokens: 2048 })
 * // ["max_tokens: recorded 1024, request 2048"]
 */
export function describeRequestDifference(
  recorded: JsonValue,
  request: JsonValue,
  limit = MAX_LISTED,
): string[] {
  const found = differences(recorded, request);
  const lines = found.slice(0, limit).map(describe);
  if (found.length > limit) lines.push(`… and ${found.length - limit} more differing paths`);
  return lines;
}

/** The recorded entry closest to a request, and how far it is. */
export type NearestEntry = { entry: RecordingEntry; index: number; differingPaths: number };

/**
 * Finds the recorded entry whose request differs from this one at the fewest JSON paths; on a
 * tie, one recorded at the same step wins, then the earliest.
 *
 * @param entries - The entries of the recording file.
 * @param request - The request body sent now.
 * @param step - The runner's current step label.
 * @returns The nearest entry with its index, or `undefined` when there are no entries.
 * @example findNearestEntry(recording.entries, body, "session 2: write")?.entry.step
 */
export function findNearestEntry(
  entries: readonly RecordingEntry[],
  request: JsonValue,
  step: string,
): NearestEntry | undefined {
  let best: NearestEntry | undefined;
  let bestSameStep = false;
  entries.forEach((entry, index) => {
    const differingPaths = differences(entry.request, request).length;
    const sameStep = entry.step === step;
    if (
      best === undefined ||
      differingPaths < best.differingPaths ||
      (differingPaths === best.differingPaths && sameStep && !bestSameStep)
    ) {
      best = { entry, index, differingPaths };
      bestSameStep = sameStep;
    }
  });
  return best;
}
