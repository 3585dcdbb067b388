/** Whether a string is a real `YYYY-MM-DD` day (ISO 8601): `2026-02-28` is, `2026-02-30` is not. */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}
