import { isCalendarDay, localDay } from "../text/index.js";
import type { Transcript } from "./transcript.js";
import { TranscriptDateError } from "./transcript-date-error.js";

/**
 * A transcript with its date filled in: a transcript whose `date` is `""` gets the day `now` falls
 * on in the user's time zone, so "tomorrow" said at 07:00 in UTC+8 counts from that day, not from
 * UTC's; a calendar day `YYYY-MM-DD` is kept.
 *
 * @param transcript - The session.
 * @param now - The moment of the write.
 * @param timeZone - The user's IANA time zone (default `UTC`).
 * @returns The same transcript when it has a date, else a copy dated `YYYY-MM-DD`.
 * @throws {TranscriptDateError} when `date` is neither `""` nor a calendar day `YYYY-MM-DD`
 *   (`08/05/2023`, `2023-02-30`, `yesterday`).
 * @throws {InvalidArgumentError} when the date is needed and `timeZone` is no known time zone.
 * @example withSessionDate({ date: "", turns }, new Date("2026-11-29T23:00:00Z"), "Asia/Shanghai").date // "2026-11-30"
 */
export function withSessionDate(transcript: Transcript, now: Date, timeZone?: string): Transcript {
  if (transcript.date === "") return { ...transcript, date: localDay(now, timeZone) };
  if (!isCalendarDay(transcript.date)) throw new TranscriptDateError(transcript.date);
  return transcript;
}

/**
 * The day a session's facts were said, as a date tag `YYYY/MM/DD` (the seed design's tag): the
 * transcript's `date` when it is a real calendar day `YYYY-MM-DD`, else `now`'s day in UTC. Both
 * layouts date what a write pass saves by it.
 *
 * @param transcript - The session, its date filled in (`withSessionDate`).
 * @param now - The moment of the write.
 * @returns The tag, e.g. `2026/09/12`.
 * @throws {InvalidArgumentError} when the date is not a day and `now` is an invalid Date.
 * @example sessionDayTag({ date: "2026-09-12", turns }, now) // "2026/09/12"
 */
export function sessionDayTag(transcript: Transcript, now: Date): string {
  if (isCalendarDay(transcript.date)) return transcript.date.replace(/-/g, "/");
  return localDay(now).replace(/-/g, "/");
}
