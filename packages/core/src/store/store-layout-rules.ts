import { CLAUDE_CODE_INDEX_LINES } from "./memory-index.js";
import type { StoreLayout } from "./types.js";

/**
 * What the store itself does differently by layout, as data: the store sits below the `Layout`
 * seam (`layoutOf`), which owns every other difference between the layouts.
 */
export type StoreLayoutRules = {
  /**
   * Problems of a subject file's body that this layout's files have by design, left out of a
   * row's `problems`: a fact file's body is prose, so its lines are not undated facts.
   */
  bodyProblemsByDesign: ReadonlySet<string>;
  /** Whether a hand-made MEMORY.md's words for a file without `description:` are kept. */
  keepsIndexDescriptions: boolean;
  /**
   * Most lines of a rebuilt `MEMORY.md` (`memoryIndexWithin`), or none. The fact layout is Claude
   * Code's auto memory, of whose `MEMORY.md` Claude Code loads only the first 200 lines.
   */
  maxIndexLines: number | undefined;
};

/** The store's rules of each layout (see {@link StoreLayoutRules}). */
export const STORE_LAYOUT_RULES: Readonly<Record<StoreLayout, StoreLayoutRules>> = {
  subject: {
    bodyProblemsByDesign: new Set(),
    keepsIndexDescriptions: false,
    maxIndexLines: undefined,
  },
  fact: {
    bodyProblemsByDesign: new Set(["undated_line", "invalid_date"]),
    keepsIndexDescriptions: true,
    maxIndexLines: CLAUDE_CODE_INDEX_LINES,
  },
};
