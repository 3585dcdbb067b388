import { conflictsWithStep } from "./conflicts-with.js";
import { consolidationFailedStep } from "./consolidation-failed.js";
import { duplicateStep } from "./duplicate.js";
import { evidenceContradictsStep } from "./evidence-contradicts.js";
import { evidenceNotFoundStep } from "./evidence-not-found.js";
import { evidenceNotFromUserStep } from "./evidence-not-from-user.js";
import { evidenceTooShortStep } from "./evidence-too-short.js";
import { evidenceUnrelatedStep } from "./evidence-unrelated.js";
import { forgottenStep } from "./forgotten.js";
import { instructionNotFactStep } from "./instruction-not-fact.js";
import { invalidFactStep } from "./invalid-fact.js";
import { notFirstPersonStep } from "./not-first-person.js";
import { pathNotAllowedStep } from "./path-not-allowed.js";
import { relativeDateStep } from "./relative-date.js";
import { replacesNewerStep } from "./replaces-newer.js";
import { replacesNotFoundStep } from "./replaces-not-found.js";
import { sameSubjectStep } from "./same-subject.js";
import { secretStep } from "./secret.js";
import { tooLongStep } from "./too-long.js";
import { unparsableFileStep } from "./unparsable-file.js";
import { updatesKeptLineStep } from "./updates-kept-line.js";
import { versionConflictStep } from "./version-conflict.js";
import type { WriteStep } from "./write-step.js";

export { refusePath, refuseStorePath } from "./path-not-allowed.js";
export type { WriteStep, WriteStepContext, WriteStepOutcome } from "./write-step.js";

/**
 * The check pipeline's steps, one per `WRITE_CHECKS` row, in the table's order (a test holds the
 * two together). A new check is a row there, a step file here and its place in this list.
 */
export const WRITE_STEPS: readonly WriteStep[] = [
  secretStep,
  relativeDateStep,
  evidenceNotFromUserStep,
  evidenceNotFoundStep,
  evidenceTooShortStep,
  evidenceUnrelatedStep,
  evidenceContradictsStep,
  instructionNotFactStep,
  notFirstPersonStep,
  invalidFactStep,
  pathNotAllowedStep,
  forgottenStep,
  replacesNotFoundStep,
  sameSubjectStep,
  replacesNewerStep,
  conflictsWithStep,
  updatesKeptLineStep,
  duplicateStep,
  unparsableFileStep,
  consolidationFailedStep,
  tooLongStep,
  versionConflictStep,
];
