import type { WriteFailureCode } from "../store/types.js";

// The shapes a subject consolidation reports, kept here because the write pass result carries them
// (write/ may not import layouts/, where the consolidation itself lives).

/**
 * Why a consolidation may drop an input line (seed design, consolidate: merge duplicates, resolve
 * contradictions to the newest dated line, drop what has expired).
 */
export const DROPPED_REASONS = ["duplicate", "superseded", "expired"] as const;
export type DroppedReason = (typeof DROPPED_REASONS)[number];

/** One input line the rewrite leaves out, as the model accounts for it (`consolidation@2`). */
export type DroppedLine = {
  /** The input line, copied verbatim with its date tag. */
  line: string;
  reason: DroppedReason;
  /** The output line that holds the fact now (duplicate, superseded); `null` for expired. */
  by: string | null;
};

/** Why code refused a consolidation rewrite (the file is left as it was). */
export type RewriteProblemCode =
  | "grew"
  | "unparsable"
  | "elided"
  | "undated_line"
  | "dropped_date"
  | "invented_fact"
  | "value_changed"
  | "dropped_fact"
  | "unknown_dropped_line";

/** Why a consolidation left the file as it was. */
export type ConsolidateFailureCode = RewriteProblemCode | WriteFailureCode | "missing_file";
