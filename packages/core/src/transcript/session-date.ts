import { isCalendarDay, localDay } from "../text/index.js";
import type { Transcript } from "./transcript.js";
import { TranscriptDateError } from "./transcript-date-error.js";

/**
 * A transcript with its date filled in: `date: ""` gets the day `now` falls on in the user's
 * time zone (default `UTC`), so "tomorrow" said at 07:00 in UTC+8 counts from that day; a
 * `YYYY-MM-DD` calendar day is kept.
 *
 * @throws {TranscriptDateError} when `date` is neither `""` nor a calendar day (`08/05/2023`).
 * @throws {InvalidArgumentError} when the date is needed and `timeZone` is no known time zone.
 * @example withSessionDate({ date: "", turns }, new Date("2026-11-29T23:00:00Z"), "Asia/Shanghai").date // "2026-11-30"
 */
export function withSessionDate(transcript: Transcript, now: Date, timeZone?: string): Transcript {
  if (transcript.date === "") return { ...transcript, date: localDay(now, timeZone) };
  if (!isCalendarDay(transcript.date)) throw new TranscriptDateError(transcript.date);
  return transcript;
}

/**
 * The date tag `YYYY/MM/DD` (the seed design's) of a session's facts in both layouts: the
 * transcript's calendar day (`withSessionDate`), else `now`'s day in UTC.
 *
 * @throws {InvalidArgumentError} when the date is not a day and `now` is an invalid Date.
 */
export function sessionDayTag(transcript: Transcript, now: Date): string {
  if (isCalendarDay(transcript.date)) return transcript.date.replace(/-/g, "/");
  return localDay(now).replace(/-/g, "/");
}
