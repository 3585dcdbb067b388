/**
 * Whether a string is a real calendar day written `YYYY-MM-DD` (ISO 8601's calendar date):
 * `2026-02-28` is, `2026-02-30` and `2026-13-45` are not.
 *
 * @param text - The string as typed.
 * @returns `true` for a day that exists in the proleptic Gregorian calendar.
 * @example isCalendarDay("2026-02-30") // false
 */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}
