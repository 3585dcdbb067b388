// A test harness: one fact through the check pipeline with the subject layout's steps, the way
// `remember` and the write pass run them, so the steps can be tested one fact at a time.

import type { TombstoneCache } from "../src/guards/tombstones.js";
import {
  type AddLineApplied,
  type SubjectCandidate,
  subjectWriteSteps,
} from "../src/layouts/subject/add-line.js";
import type { MemoryFileState } from "../src/write/memory-files.js";
import { UnexpectedRefusalError } from "../src/write/unexpected-refusal-error.js";
import { isWriteCheckCodeWithout, type WriteCheckCodeWithout } from "../src/write/write-checks.js";
import {
  type OnTooLong,
  type PipelineRefusal,
  runWritePipeline,
  type WriteStore,
} from "../src/write/write-pipeline.js";

/** Codes of a refused {@link addLine}: every check but a consolidation's, which it never runs. */
export type AddLineRejectionCode = WriteCheckCodeWithout<"consolidation">;

/** Result of {@link addLine}. */
export type AddLineResult =
  | AddLineApplied
  | { code: AddLineRejectionCode; path: string; message: string };

/** Options of {@link addLine}. */
export type AddLineOptions = {
  store: WriteStore;
  /** Memory path, e.g. `topics/tools.md`. */
  path: string;
  fact: string;
  replaces: string | null;
  /**
   * The proposal's evidence, already found verbatim in a user turn (the write pass); checked to
   * back the fact (see `checkEvidenceSupport`). Absent for `remember`: the user's own request.
   */
  evidence?: string | undefined;
  /**
   * Description for the header when this write creates the file, already checked by the caller
   * (the write pass: the model's one line); default and fallback: `describeNewFile`. Never used for
   * a file that exists, so a description a person wrote is never overwritten.
   */
  description?: string | undefined;
  /** Date tag of the new line, `YYYY/MM/DD`. */
  stated: string;
  /** Value of the file's `updated:` header, `YYYY/MM/DD`. */
  updated: string;
  /** Refuse facts a tombstone matches (the write pass); `remember` is the user's own word and skips it. */
  checkTombstones: boolean;
  /**
   * The tombstones as parsed for earlier facts of the same pass (see `TombstoneCache`): the file
   * is still read for each fact, parsed again only when it changed. Default: a new one.
   */
  tombstones?: TombstoneCache | undefined;
  /** Shrinks a file that would pass the cap; without it such a write is refused with `too_long`. */
  onTooLong?: OnTooLong | undefined;
  /**
   * Every memory file as the caller already read it (the write pass: once per pass, see
   * `readFolder`), used instead of reading the whole folder again for this fact. It is kept
   * current: the file written is read again after the write, a file `onTooLong` shrank likewise,
   * and the whole folder after a version conflict. The version token of the file written still
   * guards against other writers.
   */
  snapshot?: Map<string, MemoryFileState> | undefined;
};

/**
 * Adds one fact to memory through the check pipeline (`runWritePipeline`) with the subject
 * layout's steps: a fact with a letter or digit, evidence that backs it (when given), the path
 * rule, tombstones, `replaces`, duplicates, the size cap and version tokens; see `WRITE_CHECKS`
 * for every code and message. Without `replaces`, a fact that says the opposite of a stored line
 * (`lives in Berlin` after `used to live in Berlin`; see `reversesFact`) replaces that line.
 *
 * @param options - See {@link AddLineOptions}.
 * @returns `applied` with the file, the line added, the lines replaced and (when this write created
 *   the file) the description it wrote; or a rejection code of `WRITE_CHECKS` with its message.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 */
export async function addLine(options: AddLineOptions): Promise<AddLineResult> {
  const result = await runWritePipeline({
    store: options.store,
    items: [
      {
        file: options.path,
        fact: options.fact,
        evidence: options.evidence ?? "",
        replaces: options.replaces,
        description: null,
        usableDescription: options.description,
      },
    ],
    steps: subjectWriteSteps(options),
    // Evidence given here was already found in a user turn: only its support is checked.
    ...(options.evidence === undefined
      ? {}
      : {
          transcript: { date: "", turns: [{ role: "user" as const, content: options.evidence }] },
        }),
    checkTombstones: options.checkTombstones,
    tombstones: options.tombstones,
    sessionDate: "",
    stated: options.stated,
    onTooLong: options.onTooLong,
  });
  const applied = result.applied[0];
  if (applied !== undefined) return applied.applied;
  const rejected = result.rejected[0] as PipelineRefusal<SubjectCandidate>;
  const { code } = rejected;
  if (!isWriteCheckCodeWithout(code, ["consolidation"])) {
    throw new UnexpectedRefusalError("addLine", code);
  }
  return {
    code,
    path: options.path,
    message: rejected.message,
  };
}
