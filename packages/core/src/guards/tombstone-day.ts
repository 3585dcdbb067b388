/**
 * A tombstone's date when its own cannot be read: before every day, so rules 2 and 3 ask it of
 * every stored line as of a proposal (it hides more, never less, until the file is fixed).
 */
export const UNKNOWN_TOMBSTONE_DATE = "0000/00/00";

/**
 * When the user asked to forget, as a message says it: "on 2026/12/07", or, for a tombstone
 * whose date could not be read ({@link UNKNOWN_TOMBSTONE_DATE}, a number or a typo in the file),
 * "on a day its tombstone does not say": never the stand-in date itself.
 *
 * @param date - A tombstone's date, `YYYY/MM/DD`.
 * @returns The words, starting with "on".
 * @example forgottenOn("2026/12/07") // "on 2026/12/07"
 */
export function forgottenOn(date: string): string {
  return date === UNKNOWN_TOMBSTONE_DATE
    ? "on a day its tombstone does not say (its date cannot be read)"
    : `on ${date}`;
}
