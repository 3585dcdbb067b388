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
