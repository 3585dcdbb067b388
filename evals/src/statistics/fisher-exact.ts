import hypergeometricPmf from "@stdlib/stats-base-dists-hypergeometric-pmf";

/** Relative tolerance when comparing table probabilities (R's `fisher.test` uses 1 + 1e-7). */
const RELATIVE_ERROR = 1 + 1e-7;

/**
 * Two-sided Fisher's exact test of two pass rates (a 2x2 table of passes and failures): the
 * probability, with the margins fixed, of a table at most as likely as the observed one, the
 * way R's `fisher.test` computes it. Fit for small counts, where a two-proportion z-test is not.
 *
 * @param a - `{ passes, epochs }` of the first arm (whole numbers, passes <= epochs).
 * @param b - `{ passes, epochs }` of the second arm.
 * @returns The p-value in [0, 1] (1 when either arm has no epochs or every epoch agrees).
 * @example fisherExact({ passes: 37, epochs: 40 }, { passes: 29, epochs: 40 }) // ≈ 0.0367
 */
export function fisherExact(
  a: { passes: number; epochs: number },
  b: { passes: number; epochs: number },
): number {
  const population = a.epochs + b.epochs;
  const passes = a.passes + b.passes;
  if (a.epochs === 0 || b.epochs === 0 || passes === 0 || passes === population) return 1;
  // The first arm's pass count follows a hypergeometric law: a.epochs draws from a population of
  // every epoch, `passes` of which passed.
  const low = Math.max(0, a.epochs - (population - passes));
  const high = Math.min(a.epochs, passes);
  const observed = hypergeometricPmf(a.passes, population, passes, a.epochs);
  let p = 0;
  for (let k = low; k <= high; k += 1) {
    const probability = hypergeometricPmf(k, population, passes, a.epochs);
    if (probability <= observed * RELATIVE_ERROR) p += probability;
  }
  return Math.min(1, p);
}
