import { uniformInt } from "pure-rand/distribution/uniformInt";
import { mersenne } from "pure-rand/generator/mersenne";

/** Resamples of {@link pairedBootstrap} unless told (enough for a stable 95% interval's ends). */
export const BOOTSTRAP_RESAMPLES = 2_000;

/** Seed of the resampling unless told, so a run prints the same interval every time. */
export const BOOTSTRAP_SEED = 20_240_311;

/** Options of {@link pairedBootstrap}. */
export type PairedBootstrapOptions = {
  /** How many resamples (default 2,000). */
  resamples?: number;
  /** Seed of the Mersenne Twister (pure-rand) that draws them (default {@link BOOTSTRAP_SEED}). */
  seed?: number;
  /** Confidence level of the interval, 0..1 (default 0.95). */
  level?: number;
};

/** Result of {@link pairedBootstrap}: the mean difference and its interval, in the values' unit. */
export type PairedBootstrapResult = {
  /** Mean of `a[i] - b[i]`. */
  difference: number;
  /** Lower end of the percentile interval of that mean. */
  low: number;
  /** Upper end. */
  high: number;
  /** Pairs resampled (the number of items). */
  pairs: number;
};

/**
 * The paired bootstrap of a mean difference (Efron and Tibshirani, "An Introduction to the
 * Bootstrap", 1993, percentile interval): the pairs `(a[i], b[i])` are drawn with replacement, as
 * many as there are, `resamples` times; the interval is the middle `level` of the resampled mean
 * differences. Two arms scored on the same items (questions) compare by their per-item
 * difference, so the spread between items that both find easy or hard cancels out.
 *
 * @param a - One arm's value per item.
 * @param b - The other arm's value on the same items, in the same order.
 * @param options - `{ resamples?, seed?, level? }`.
 * @returns `{ difference, low, high, pairs }`; all 0 for no items.
 * @throws {RangeError} when `a` and `b` differ in length.
 * @example pairedBootstrap([1, 1, 0, 1], [0, 1, 0, 0]).difference // 0.5
 */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  options: PairedBootstrapOptions = {},
): PairedBootstrapResult {
  if (a.length !== b.length) {
    throw new RangeError(
      `pairedBootstrap needs one value of each arm per item: got ${a.length} and ${b.length}.`,
    );
  }
  const pairs = a.length;
  if (pairs === 0) return { difference: 0, low: 0, high: 0, pairs };
  const differences = a.map((value, index) => value - (b[index] as number));
  const difference = differences.reduce((sum, value) => sum + value, 0) / pairs;
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const level = options.level ?? 0.95;
  const draw = mersenne(options.seed ?? BOOTSTRAP_SEED);
  const means = new Float64Array(resamples);
  for (let round = 0; round < resamples; round += 1) {
    let sum = 0;
    for (let pick = 0; pick < pairs; pick += 1)
      sum += differences[uniformInt(draw, 0, pairs - 1)] as number;
    means[round] = sum / pairs;
  }
  means.sort();
  const tail = (1 - level) / 2;
  const at = (share: number) =>
    means[Math.min(resamples - 1, Math.max(0, Math.round(share * (resamples - 1))))] as number;
  return { difference, low: at(tail), high: at(1 - tail), pairs };
}
