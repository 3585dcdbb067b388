import { fisherExact } from "./fisher-exact.js";
import { wilsonInterval } from "./wilson-interval.js";

/** Significance level of the pairwise test: a difference with p below it is reported as one. */
export const SIGNIFICANCE = 0.05;

/** One arm's count: its label and its passing epochs over all of its cells. */
export type ArmCount = { label: string; passes: number; epochs: number };

/** The pairwise test of two arms, with the sentence a reader acts on. */
export type ArmComparison = {
  a: ArmCount & { interval: [number, number] };
  b: ArmCount & { interval: [number, number] };
  test: "fisher_exact";
  /** Two-sided p-value, rounded to 4 decimals. */
  p: number;
  /** `a_better`, `b_better` or `no_difference` (p >= 0.05). */
  verdict: "a_better" | "b_better" | "no_difference";
  /** e.g. `extraction@3 is better than extraction@2 on claude-haiku-5-5: 37/40 vs 29/40, p = 0.037 (Fisher's exact test)`. */
  sentence: string;
};

function formatP(p: number): string {
  if (p < 0.001) return "p < 0.001";
  return `p = ${p < 0.1 ? p.toFixed(3) : p.toFixed(2)}`;
}

/**
 * Tests whether two arms (prompt A vs B on one model, or model A vs B on one prompt) pass at
 * different rates, with Fisher's exact test at the 5% level, and says so in one sentence.
 *
 * @param a - First arm: `{ label, passes, epochs }` (whole numbers).
 * @param b - Second arm.
 * @param context - What the two arms share, e.g. `on claude-haiku-5-5` ("" for nothing).
 * @returns The comparison, with both intervals (95% Wilson), the p-value and the sentence.
 * @example compareArms({ label: "extraction@3", passes: 37, epochs: 40 }, { label: "extraction@2", passes: 29, epochs: 40 }, "on claude-haiku-5-5").verdict // "a_better"
 */
export function compareArms(a: ArmCount, b: ArmCount, context: string): ArmComparison {
  const p = Math.round(fisherExact(a, b) * 10_000) / 10_000;
  const rateA = a.epochs === 0 ? 0 : a.passes / a.epochs;
  const rateB = b.epochs === 0 ? 0 : b.passes / b.epochs;
  const verdict =
    p >= SIGNIFICANCE || rateA === rateB
      ? "no_difference"
      : rateA > rateB
        ? "a_better"
        : "b_better";
  const where = context === "" ? "" : ` ${context}`;
  const counts = `${a.passes}/${a.epochs} vs ${b.passes}/${b.epochs}, ${formatP(p)} (Fisher's exact test)`;
  const sentence =
    verdict === "no_difference"
      ? `${a.label} vs ${b.label}${where}: no detectable difference, ${counts}`
      : verdict === "a_better"
        ? `${a.label} is better than ${b.label}${where}: ${counts}`
        : `${b.label} is better than ${a.label}${where}: ${b.passes}/${b.epochs} vs ${a.passes}/${a.epochs}, ${formatP(p)} (Fisher's exact test)`;
  return {
    a: { ...a, interval: wilsonInterval(a.passes, a.epochs) },
    b: { ...b, interval: wilsonInterval(b.passes, b.epochs) },
    test: "fisher_exact",
    p,
    verdict,
    sentence,
  };
}
