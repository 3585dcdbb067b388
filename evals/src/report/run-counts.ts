/**
 * What every report of a run counts, in one shape: cells (the verdict's unit) and epochs (the
 * samples inside them). A cell is one scenario x model x extraction prompt over its epochs; it
 * passes when no epoch broke and its passing epochs reach the scenario's `minPassRate` (default:
 * every epoch). The terminal headline, the epochs table, the JSON `summary`, the HTML verdict and
 * the history all print these four numbers through {@link formatRunCounts}.
 */
export type RunCounts = {
  cells: number;
  passedCells: number;
  epochs: number;
  passedEpochs: number;
};

/** What a cell is, in the words every report uses. */
export const CELL_MEANING = "a cell is one scenario x model x prompt over its epochs";

/**
 * The counts in one phrase: cells first (the verdict), then epochs.
 *
 * @param counts - The run's `RunCounts`.
 * @returns e.g. `45 of 46 cells passed, 228 of 232 epochs`.
 * @example formatRunCounts({ cells: 46, passedCells: 45, epochs: 232, passedEpochs: 228 })
 */
export function formatRunCounts(counts: RunCounts): string {
  return `${counts.passedCells} of ${counts.cells} cells passed, ${counts.passedEpochs} of ${counts.epochs} epochs`;
}

/**
 * The sum of several runs' counts (one per extraction prompt).
 *
 * @param counts - The counts to add.
 * @returns Their sum; zeros for none.
 * @example sumRunCounts(reports.map((report) => report.summary))
 */
export function sumRunCounts(counts: readonly RunCounts[]): RunCounts {
  return counts.reduce(
    (sum, each) => ({
      cells: sum.cells + each.cells,
      passedCells: sum.passedCells + each.passedCells,
      epochs: sum.epochs + each.epochs,
      passedEpochs: sum.passedEpochs + each.passedEpochs,
    }),
    { cells: 0, passedCells: 0, epochs: 0, passedEpochs: 0 },
  );
}
