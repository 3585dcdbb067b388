import type { RecallResult } from "@memfiles/core";
import type { ConsolidateFactsResult } from "@memfiles/core/internal";
import type {
  AnswerExpectation,
  FileExpectation,
  Scenario,
  SessionExpect,
} from "../scenarios/schema.js";
import type { JudgeCall } from "./judge-call.js";
import type { CostRun, GradeResult, PricedCall } from "./types.js";

/** The scenario fields each scope of grader reads, by scope. */
export type GraderFields = {
  /** A file expectation (`expect.files[]`, `sessions[].expect.files[]`), less its `path`. */
  file: Omit<FileExpectation, "path">;
  /** The scenario's `expect`, less its `files` and `answer`. */
  scenario: Omit<Scenario["expect"], "files" | "answer">;
  /** The scenario's `expect.answer`. */
  answer: AnswerExpectation;
  /** A session's `expect`, less its `files` (checks on the session's requests). */
  session: Omit<SessionExpect, "files">;
};

/** What a grader gets besides its field's value. */
export type GradeContext = {
  /** The memory folder the scenario ran in (absolute path). */
  root: string;
  /** The final answer text; `""` without a question. */
  answer: string;
  /** The scenario's seed files (path -> text); `{}` for a session's own file checks. */
  seedFiles: Readonly<Record<string, string>>;
  /** The store's size cap in chars. */
  maxChars: number;
  /** The file expectation's memory path (`file` scope); `""` otherwise. */
  path: string;
  /**
   * Request bodies, in the order they were sent (as the recording session saw them): in `session`
   * scope those of the session's live chat conversation; in `scenario` scope every request of the
   * run; absent in the other scopes.
   */
  requests?: readonly unknown[];
  /** `scenario` scope only: the run's priced calls (`ScenarioResult.calls`). */
  calls?: readonly PricedCall[];
  /** `scenario` scope only: `{ model, extractionPrompt }` of the run. */
  run?: CostRun;
  /** `scenario` scope only: what recall did for the final question (`ChatResult.recall`). */
  recall?: RecallResult;
  /** `scenario` scope only: every fact-layout consolidation result of the run, in order. */
  factMerges?: readonly ConsolidateFactsResult[];
  /** `scenario` and `answer` scopes: the final question's text, for the judge. */
  question?: string;
  /** `scenario` and `answer` scopes: sends one judge request (recorded like every call). */
  judge?: JudgeCall;
};

/** One grader, as the registry holds it: the scenario field it grades, and how. */
export type Grader = {
  scope: keyof GraderFields;
  field: string;
  /** Grades the field's value (only called when the scenario asks: set, not `false`, not `[]`). */
  grade: (value: unknown, context: GradeContext) => GradeResult[] | Promise<GradeResult[]>;
};

/**
 * Declares a grader for one scenario field, typed by that field (promptfoo's assertion handlers:
 * one per file, looked up by name).
 *
 * @param scope - `file`, `scenario`, `answer` or `session`: where the field lives.
 * @param field - The field's name in the scenario schema, e.g. `contains`.
 * @param grade - Grades the field's value; one result per check (e.g. per string).
 * @returns The grader, for `GRADERS` in registry.ts.
 * @example defineGrader("answer", "noNarration", (_asked, { answer }) => [noNarration(answer)])
 */
export function defineGrader<
  S extends keyof GraderFields,
  K extends keyof GraderFields[S] & string,
>(
  scope: S,
  field: K,
  grade: (
    value: NonNullable<GraderFields[S][K]>,
    context: GradeContext,
  ) => GradeResult[] | Promise<GradeResult[]>,
): Grader {
  return { scope, field, grade: grade as Grader["grade"] };
}
