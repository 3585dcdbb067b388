import { InvalidArgumentError } from "@memfiles/errors";

/** The time zone dates are written in when none is given: UTC (the seed design's date tags). */
export const DEFAULT_TIME_ZONE = "UTC";

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
    } catch (error) {
      throw new InvalidArgumentError({
        argument: "timeZone",
        message: `Unknown time zone ${JSON.stringify(timeZone)}: give an IANA name such as "Europe/Berlin", "Asia/Shanghai" or "UTC".`,
        cause: error,
      });
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether {@link localDay} accepts a time zone name (IANA, or `UTC`): else fall back to UTC. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar day of a moment in a time zone, ISO `YYYY-MM-DD`: the day the user lives in, which
 * stated dates and relative dates ("tomorrow") are counted from. At 07:00 on 2026-11-30 in
 * `Asia/Shanghai` (UTC+8) it is `2026-11-30`, though UTC is still on 2026-11-29.
 *
 * @param now - The moment.
 * @param timeZone - An IANA time zone name (default {@link DEFAULT_TIME_ZONE}, `UTC`).
 * @returns The day, `YYYY-MM-DD`.
 * @throws {InvalidArgumentError} when `now` is an invalid Date or `timeZone` is no known time zone.
 * @example localDay(new Date("2026-11-29T23:00:00Z"), "Asia/Shanghai") // "2026-11-30"
 */
export function localDay(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (Number.isNaN(now.getTime())) {
    throw new InvalidArgumentError({
      argument: "now",
      message: "A date needs a valid Date; got an invalid Date. Pass the injected `now`.",
    });
  }
  const parts = formatFor(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}
