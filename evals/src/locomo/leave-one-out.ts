import type { EvidenceRow } from "./evidence-recall.js";

/** A row's figures with one conversation's questions taken out. */
export type LeftOut = {
  /** The conversation left out (`sample_id`). */
  conversation: string;
  /** Mean recall of the row over the other conversations' questions (0..1). */
  recall: number;
  /** The same for the baseline. */
  baseline: number;
  /** `recall - baseline`. */
  margin: number;
};

/** Result of {@link leaveOneOut}. */
export type LeaveOneOutResult = {
  /** `recall - baseline` over every question. */
  margin: number;
  /** One entry per conversation, in `sample_id` order; empty with fewer than two conversations. */
  without: LeftOut[];
  /** The entry of `without` with the lowest margin; absent when `without` is empty. */
  worst?: LeftOut;
  /**
   * The row is at or above the baseline over every question and with any one conversation left
   * out: no one conversation carries it.
   */
  holds: boolean;
};

function meanWithout(row: EvidenceRow, conversation: string | undefined): number {
  let sum = 0;
  let questions = 0;
  for (const [key, figures] of Object.entries(row.byConversation)) {
    if (key === conversation) continue;
    sum += figures.recall * figures.questions;
    questions += figures.questions;
  }
  return questions === 0 ? 0 : sum / questions;
}

/**
 * Whether a row of evidence recall stays at or above a baseline row (BM25 over the annotated
 * facts at the same budget) with each conversation left out in turn: the means over the other
 * conversations' questions, weighted by their question counts as the whole row is. A row above
 * the baseline only thanks to one conversation is above it over all questions and below it once
 * that conversation is left out.
 *
 * @param row - A memfiles row (`budget` at some budget), with `byConversation`.
 * @param baseline - The baseline row over the same questions.
 * @returns `{ margin, without, worst?, holds }`; margins are shares (0.01 is one point).
 * @example leaveOneOut(subject4000, bm25Facts4000).holds // true when no conversation carries it
 */
export function leaveOneOut(row: EvidenceRow, baseline: EvidenceRow): LeaveOneOutResult {
  const margin = meanWithout(row, undefined) - meanWithout(baseline, undefined);
  const conversations = Object.keys(row.byConversation).sort();
  const without =
    conversations.length < 2
      ? []
      : conversations.map((conversation) => {
          const recall = meanWithout(row, conversation);
          const other = meanWithout(baseline, conversation);
          return { conversation, recall, baseline: other, margin: recall - other };
        });
  const worst = without.reduce<LeftOut | undefined>(
    (low, entry) => (low === undefined || entry.margin < low.margin ? entry : low),
    undefined,
  );
  return {
    margin,
    without,
    ...(worst === undefined ? {} : { worst }),
    holds: margin >= 0 && without.every((entry) => entry.margin >= 0),
  };
}

/** The baseline {@link leaveOneOutRows} checks against: tuned BM25 over the annotated facts. */
export const LEAVE_ONE_OUT_BASELINE = "bm25-facts-tuned";

/** The budgets whose budgeted recall {@link leaveOneOutRows} checks against BM25 over the facts. */
export const LEAVE_ONE_OUT_BUDGETS = [1_000, 2_000, 4_000, 8_000] as const;

/** One layout and budget of {@link leaveOneOutRows}. */
export type LeaveOneOutRow = LeaveOneOutResult & { layout: string; budgetTokens: number };

/**
 * {@link leaveOneOut} of budgeted recall (`budget`) against tuned BM25 over the annotated facts
 * ({@link LEAVE_ONE_OUT_BASELINE}), for each report's layout at each of {@link LEAVE_ONE_OUT_BUDGETS} both rows have.
 *
 * @param reports - `{ layout, evidenceRecall }` of each layout of one run.
 * @returns One row per layout and budget, in the reports' order, then by budget.
 * @example leaveOneOutRows([subject, fact]).every((row) => row.holds)
 */
export function leaveOneOutRows(
  reports: readonly { layout: string; evidenceRecall: readonly EvidenceRow[] }[],
): LeaveOneOutRow[] {
  return reports.flatMap((report) =>
    LEAVE_ONE_OUT_BUDGETS.flatMap((budgetTokens) => {
      const find = (strategy: string) =>
        report.evidenceRecall.find(
          (row) => row.strategy === strategy && row.budgetTokens === budgetTokens,
        );
      const ours = find("budget");
      const baseline = find(LEAVE_ONE_OUT_BASELINE);
      return ours === undefined || baseline === undefined
        ? []
        : [{ layout: report.layout, budgetTokens, ...leaveOneOut(ours, baseline) }];
    }),
  );
}
