/**
 * Rounds an amount of money to a billionth of a dollar, so sums of float products compare equal to
 * hand arithmetic (0.1 + 0.2 is 0.3). Every USD figure memfiles reports goes through it.
 *
 * @param usd - An amount in USD.
 * @returns The amount rounded to 1e-9 USD.
 * @example roundUsd(0.1 + 0.2) // 0.3
 */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e9) / 1e9;
}
