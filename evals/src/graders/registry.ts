import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import {
  AnswerExpectationSchema,
  FileExpectationSchema,
  ScenarioSchema,
  SessionExpectSchema,
} from "../scenarios/schema.js";
import { appendOnlyGrader } from "./append-only.js";
import { costPerSessionGrader } from "./cost-per-session.js";
import type { GradeContext, Grader, GraderFields } from "./define-grader.js";
import { everyLineDatedGrader } from "./every-line-dated.js";
import { factMergesGrader } from "./fact-merges.js";
import { fileContainsGrader } from "./file-contains.js";
import { fileExistsGrader } from "./file-exists.js";
import { fileLacksGrader } from "./file-lacks.js";
import { folderLacksGrader } from "./folder-lacks.js";
import { judgeGrader } from "./judge.js";
import { linesMatchingGrader } from "./lines-matching.js";
import { mentionsAnyGrader } from "./mentions-any.js";
import { mentionsNoneGrader } from "./mentions-none.js";
import { modelInputContainsGrader } from "./model-input-contains.js";
import { modelInputLacksGrader } from "./model-input-lacks.js";
import { noNarrationGrader } from "./no-narration.js";
import { noNewFilesGrader } from "./no-new-files.js";
import { noQuestionBackGrader } from "./no-question-back.js";
import { noUnrelatedMemoryGrader } from "./no-unrelated-memory.js";
import { onlyAsPreviousGrader } from "./only-as-previous.js";
import { recallFallbackGrader } from "./recall-fallback.js";
import { seedFilesUnchangedGrader } from "./seed-files-unchanged.js";
import type { GradeResult } from "./types.js";
import { underCapGrader } from "./under-cap.js";

/** Every grader, one per scenario field. A new grader: its file, a line here, its schema field. */
export const GRADERS: readonly Grader[] = [
  fileExistsGrader,
  fileContainsGrader,
  fileLacksGrader,
  everyLineDatedGrader,
  underCapGrader,
  linesMatchingGrader,
  onlyAsPreviousGrader,
  noNewFilesGrader,
  seedFilesUnchangedGrader,
  folderLacksGrader,
  modelInputLacksGrader,
  modelInputContainsGrader,
  recallFallbackGrader,
  factMergesGrader,
  costPerSessionGrader,
  mentionsAnyGrader,
  mentionsNoneGrader,
  noNarrationGrader,
  noQuestionBackGrader,
  noUnrelatedMemoryGrader,
  judgeGrader,
  appendOnlyGrader,
];

/** Each scope's schema object, whose shape lists the fields its graders read. */
const SCOPE_SHAPES = {
  file: FileExpectationSchema.shape,
  scenario: ScenarioSchema.shape.expect.shape,
  answer: AnswerExpectationSchema.shape,
  session: SessionExpectSchema.shape,
} as const;

/** Fields of a scope that no grader reads (they hold other expectations, or the path). */
const NOT_GRADED: { readonly [S in keyof GraderFields]: readonly string[] } = {
  file: ["path"],
  scenario: ["files", "answer"],
  answer: [],
  session: ["files"],
};

/** The fields each scope's graders read, in schema order (the order results come in). */
export const GRADED_FIELDS: { readonly [S in keyof GraderFields]: readonly string[] } = {
  file: gradedFields("file"),
  scenario: gradedFields("scenario"),
  answer: gradedFields("answer"),
  session: gradedFields("session"),
};

function gradedFields(scope: keyof GraderFields): string[] {
  return Object.keys(SCOPE_SHAPES[scope]).filter((field) => !NOT_GRADED[scope].includes(field));
}

/**
 * Whether a scenario asks for a check: the field is set to something other than its schema
 * default. A defaulted `false` or `[]` asks nothing; an optional field set to `false` (a file's
 * `exists: false`: the file must not exist) is a check.
 */
function isAsked(scope: keyof GraderFields, field: string, value: unknown): boolean {
  if (value === undefined) return false;
  const shape = SCOPE_SHAPES[scope] as Record<string, z.ZodType>;
  const fallback = shape[field]?.safeParse(undefined);
  return !(fallback?.success && isDeepStrictEqual(fallback.data, value));
}

/**
 * Runs the graders of one scope over the fields a scenario sets, in schema order.
 *
 * @param scope - `file`, `scenario`, `answer` or `session`.
 * @param values - The object holding the fields (a file expectation, `expect`, `expect.answer`).
 * @param context - Folder, answer, scenario, cap and (file scope) path.
 * @returns One result per check asked for.
 * @throws {Error} when a schema field has no grader (a registry bug, caught by registry.test.ts).
 * @example await gradeFields("answer", scenario.expect.answer, context)
 */
export async function gradeFields<S extends keyof GraderFields>(
  scope: S,
  values: GraderFields[S],
  context: GradeContext,
): Promise<GradeResult[]> {
  const results: GradeResult[] = [];
  for (const field of GRADED_FIELDS[scope]) {
    const value = (values as Record<string, unknown>)[field];
    if (!isAsked(scope, field, value)) continue;
    const grader = GRADERS.find((entry) => entry.scope === scope && entry.field === field);
    if (grader === undefined) throw new Error(`No grader for the ${scope} field "${field}".`);
    results.push(...(await grader.grade(value, context)));
  }
  return results;
}
