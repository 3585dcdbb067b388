import type { ConsolidateFactsResult } from "@memfiles/core/internal";
import { defineGrader } from "./define-grader.js";
import type { GradeResult } from "./types.js";

/** What a scenario's `expect.factMerges` asks: kept files of applied merges, refusal codes. */
export type FactMergesExpectation = { merged: readonly string[]; refused: readonly string[] };

function notRun(results: readonly ConsolidateFactsResult[]): string {
  if (results.length === 0) return "the run has no fact-layout consolidate stage";
  const reasons = results.map((result) =>
    result.ran ? "ran" : `did not run (${result.reason}, ${result.files} files)`,
  );
  return `consolidateFacts ${reasons.join("; ")}`;
}

/**
 * Grades what the fact layout's consolidation (`consolidateFacts`) did over a
 * run: each expected kept file must be the `keep` of an applied merge, each expected refusal code
 * must be the code of a refused merge. A stage that never ran (under the file-count trigger, or no
 * stage) fails every check, with why.
 *
 * @param expected - `{ merged: kept paths, refused: refusal codes }` from `expect.factMerges`.
 * @param results - Every `consolidateFacts` result of the run, in order.
 * @returns One `fact_merged(<path>)` per kept file, one `fact_merge_refused(<code>)` per code.
 * @example factMerges({ merged: ["editor.md"], refused: [] }, [result])
 */
export function factMerges(
  expected: FactMergesExpectation,
  results: readonly ConsolidateFactsResult[],
): GradeResult[] {
  const ran = results.flatMap((result) => (result.ran ? [result] : []));
  const merged = ran.flatMap((result) => result.merged);
  const refused = ran.flatMap((result) => result.refused);
  const grades: GradeResult[] = [];
  for (const keep of expected.merged) {
    const name = `fact_merged(${keep})`;
    const hit = merged.find((merge) => merge.keep === keep);
    if (ran.length === 0) {
      grades.push({ name, pass: false, score: 0, reason: notRun(results) });
    } else if (hit) {
      const dropped = hit.dropped.map((item) => `${item.file} (${item.reason})`).join(", ");
      grades.push({
        name,
        pass: true,
        score: 1,
        reason: `kept ${keep}, ${hit.charsBefore} -> ${hit.charsAfter} chars; dropped ${dropped}`,
      });
    } else {
      const refusal = refused.find((item) => item.merge.keep === keep);
      grades.push({
        name,
        pass: false,
        score: 0,
        reason: refusal
          ? `the merge keeping ${keep} was refused (${refusal.code}: ${refusal.message})`
          : `no merge kept ${keep} (merged: ${merged.map((item) => item.keep).join(", ") || "none"})`,
      });
    }
  }
  for (const code of expected.refused) {
    const name = `fact_merge_refused(${code})`;
    const hit = refused.find((item) => item.code === code);
    if (ran.length === 0) {
      grades.push({ name, pass: false, score: 0, reason: notRun(results) });
    } else if (hit) {
      grades.push({ name, pass: true, score: 1, reason: `refused: ${hit.message}` });
    } else {
      grades.push({
        name,
        pass: false,
        score: 0,
        reason: `no merge was refused for ${code} (refused: ${refused.map((item) => item.code).join(", ") || "none"}; applied: ${merged.map((item) => item.keep).join(", ") || "none"})`,
      });
    }
  }
  return grades;
}

/** The `factMerges` field of a scenario's `expect`. */
export const factMergesGrader = defineGrader(
  "scenario",
  "factMerges",
  (expected, { factMerges: results }) => factMerges(expected, results ?? []),
);
