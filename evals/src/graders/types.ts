/** What every grader returns. A failed grade is data, never an exception. */
export type GradeResult = {
  /** Grader name plus its argument, e.g. `file_contains(topics/tools.md, "Fly.io")`. */
  name: string;
  pass: boolean;
  /** 0..1; 1 when pass. Partial credit where the grader can tell (e.g. 2 of 3 strings found). */
  score: number;
  /** Why it failed (or what it checked, when it passed). */
  reason: string;
};

/** The run a cost expectation is matched against. */
/**
 * Which run a cost is graded for: its model, extraction prompt, and whether every write pass went
 * as a Message Batch (`pnpm eval --batch`; absent: false).
 */
export type CostRun = {
  model: string;
  extractionPrompt: string;
  writeBatch?: boolean;
  /** The run's recall strategy (default `index`): a question's cost depends on it. */
  recall?: "index" | "side-query" | "budget";
  /**
   * The kind of recording the run replays or records (`recorded` in record mode): an exact cost
   * row applies only to its own provenance. Unknown: only the budget rows apply.
   */
  provenance?: "authored" | "recorded";
};

/** A priced model call: its session (1-based, or `question`) and its cost in USD. */
export type PricedCall = { session: number | "question"; usd: number };
