/**
 * Code-unit order: locale-independent, so output bytes never depend on the machine.
 *
 * @param a - A text.
 * @param b - Another text.
 * @returns `-1`, `0` or `1`, for `Array.prototype.sort`.
 * @example ["b", "B", "a"].sort(compareCodeUnits) // ["B", "a", "b"]
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
