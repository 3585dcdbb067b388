/** z for a two-sided 95% interval: the 0.975 quantile of the standard normal distribution. */
const Z_95 = 1.959963984540054;

/**
 * The 95% Wilson score interval of a pass rate (Wilson 1927, "Probable inference, the law of
 * succession, and statistical inference", JASA 22:209-212): unlike the normal approximation it
 * stays inside [0, 1] and is not zero-width at 0/n or n/n, which is where eval cells usually sit.
 *
 * @param passes - Passing epochs (a whole number, 0 <= passes <= epochs).
 * @param epochs - Epochs run (a whole number >= 0).
 * @returns `[low, high]`, pass rates in [0, 1] rounded to 4 decimals; `[0, 1]` for 0 epochs.
 * @throws {RangeError} when the counts are not whole numbers with 0 <= passes <= epochs.
 * @example wilsonInterval(4, 5) // [0.3755, 0.9638]
 */
export function wilsonInterval(passes: number, epochs: number): [number, number] {
  if (!Number.isInteger(passes) || !Number.isInteger(epochs) || passes < 0 || passes > epochs) {
    throw new RangeError(
      `wilsonInterval(${passes}, ${epochs}): give whole numbers with 0 <= passes <= epochs.`,
    );
  }
  if (epochs === 0) return [0, 1];
  const rate = passes / epochs;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / epochs;
  const centre = (rate + z2 / (2 * epochs)) / denominator;
  const half =
    (Z_95 * Math.sqrt((rate * (1 - rate)) / epochs + z2 / (4 * epochs * epochs))) / denominator;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return [round(Math.max(0, centre - half)), round(Math.min(1, centre + half))];
}
