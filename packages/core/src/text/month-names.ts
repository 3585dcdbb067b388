/**
 * The English month names, January first: the words the seed design's dates are spelled in
 * ("in September 2026") and what recall and the LoCoMo importer read dates back from.
 *
 * @example MONTH_NAMES[8] // "September"
 */
export const MONTH_NAMES: readonly string[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
