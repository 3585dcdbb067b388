/** Rounds USD to 1e-9 so float sums equal hand arithmetic; every USD figure goes through it. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e9) / 1e9;
}
