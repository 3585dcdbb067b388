/** The verdict the judge submits (`VerdictSchema` in judge.ts checks a reply against it). */
export type Verdict = { pass: boolean; reason: string };

/** What the runner's judge call gets: the rubric, the judge model, the question and the answer. */
export type JudgeOptions = { rubric: string; model: string; question: string; answer: string };

/** The runner's judge call: sends one judge request, returns the verdict and the call's usage. */
export type JudgeCall = (options: JudgeOptions) => Promise<Verdict>;
