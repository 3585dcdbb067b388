import type { Transcript } from "@memfiles/core";
import { MONTH_NAMES } from "@memfiles/core/internal";
import type { LocomoSample, LocomoTurn } from "./load-locomo.js";
import { LocomoDataError } from "./locomo-data-error.js";

const MONTHS = MONTH_NAMES.map((month) => month.toLowerCase());

function monthNumber(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (lower.length < 3) return undefined;
  const index = MONTHS.findIndex((month) => month.startsWith(lower));
  return index === -1 ? undefined : index + 1;
}

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return undefined;
  if (date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * Reads a LoCoMo `session_N_date_time` as an ISO date. Accepts the dataset's form (`1:56 pm on 8
 * May, 2023`), the time left out, a month name first (`May 8, 2023`), short month names and an ISO
 * date (`2023-05-08`); the time of day is dropped (memory lines are dated by day).
 *
 * @param text - The date-time text.
 * @returns `{ success: true, value: "YYYY-MM-DD" }`, or `{ success: false, error }` when no valid
 *   day, month and year are found (a non-throwing parser, STYLE.md).
 * @example parseSessionDate("1:56 pm on 8 May, 2023") // { success: true, value: "2023-05-08" }
 */
export function parseSessionDate(
  text: string,
): { success: true; value: string } | { success: false; error: string } {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  const dayFirst = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+)\.?,?\s+(\d{4})\b/.exec(text);
  const monthFirst = /\b([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(text);
  const candidates: Array<[number, number | undefined, number]> = [];
  if (iso) candidates.push([Number(iso[1]), Number(iso[2]), Number(iso[3])]);
  if (dayFirst)
    candidates.push([Number(dayFirst[3]), monthNumber(dayFirst[2] ?? ""), Number(dayFirst[1])]);
  if (monthFirst)
    candidates.push([
      Number(monthFirst[3]),
      monthNumber(monthFirst[1] ?? ""),
      Number(monthFirst[2]),
    ]);
  for (const [year, month, day] of candidates) {
    if (month === undefined) continue;
    const value = isoDate(year, month, day);
    if (value !== undefined) return { success: true, value };
  }
  return {
    success: false,
    error: `"${text}" has no day, month name and year (expected e.g. "1:56 pm on 8 May, 2023")`,
  };
}

/**
 * The dialogue ids a LoCoMo field names, read leniently: a list, `"D1:2, D1:5"`, `"D8:6; D9:17"`,
 * and `"D:11:26"` (read as `D11:26`); anything not of the form `D<session>:<turn>` is dropped.
 *
 * @param value - An observation's or a question's evidence field.
 * @returns Normalized ids such as `D1:2`, in order, without repeats.
 * @example parseDiaIds("D8:6; D9:17") // ["D8:6", "D9:17"]
 */
export function parseDiaIds(value: string | readonly string[]): string[] {
  const parts = (typeof value === "string" ? [value] : value).flatMap((part) =>
    part.split(/[,;\s]+/),
  );
  const ids = parts.flatMap((part) => {
    const match = /^D:?(\d+):(\d+)$/.exec(part.trim());
    return match ? [`D${match[1]}:${match[2]}`] : [];
  });
  return [...new Set(ids)];
}

/** One session of a LoCoMo conversation, as one speaker's memory sees it. */
export type SpeakerSession = {
  /** The `N` of `session_N`. */
  index: number;
  /** ISO date of the session (from `session_N_date_time`). */
  date: string;
  /** The speaker's turns as `user`, the other's as `assistant`, in order. */
  transcript: Transcript;
  /** Every turn of the session by dialogue id. */
  turns: Map<string, LocomoTurn>;
};

/** A LoCoMo conversation from one speaker's side. */
export type SpeakerConversation = {
  sampleId: string;
  /** The speaker whose memory this is (their turns are `user`). */
  speaker: string;
  /** The other speaker (their turns are `assistant`). */
  other: string;
  sessions: SpeakerSession[];
};

/**
 * Imports a LoCoMo sample as a multi-session transcript for one speaker's memory: that speaker's
 * turns become `user` turns, the other's `assistant` turns, each session dated by its
 * `session_N_date_time`, sessions in order of `N`. A turn's text is its `text` field (image fields
 * are not shown).
 *
 * @param sample - A sample from {@link loadLocomo}.
 * @param speaker - `speaker_a` or `speaker_b`'s name.
 * @returns The speaker's conversation.
 * @throws {LocomoDataError} `locomo_date_invalid` when a session's date cannot be read;
 *   `locomo_file_invalid` when `speaker` is neither speaker or a session has no date.
 * @example importSpeaker(sample, sample.conversation.speaker_a).sessions[0]?.date // "2023-05-08"
 */
export function importSpeaker(sample: LocomoSample, speaker: string): SpeakerConversation {
  const { speaker_a: first, speaker_b: second } = sample.conversation;
  if (speaker !== first && speaker !== second) {
    throw new LocomoDataError(
      `Sample ${sample.sample_id} has speakers ${first} and ${second}, not "${speaker}".`,
      { code: "locomo_file_invalid" },
    );
  }
  const other = speaker === first ? second : first;
  const conversation = sample.conversation as Record<string, unknown>;
  const indexes = Object.keys(conversation)
    .flatMap((key) => {
      const match = /^session_(\d+)$/.exec(key);
      return match && Array.isArray(conversation[key]) ? [Number(match[1])] : [];
    })
    .sort((a, b) => a - b);
  const sessions = indexes.map((index): SpeakerSession => {
    const dateText = conversation[`session_${index}_date_time`];
    if (typeof dateText !== "string") {
      throw new LocomoDataError(
        `Sample ${sample.sample_id} has session_${index} but no session_${index}_date_time; every session needs its date.`,
        { code: "locomo_file_invalid" },
      );
    }
    const date = parseSessionDate(dateText);
    if (!date.success) {
      throw new LocomoDataError(
        `Sample ${sample.sample_id}, session_${index}_date_time: ${date.error}. Fix the date in the data file.`,
        { code: "locomo_date_invalid" },
      );
    }
    const turns = conversation[`session_${index}`] as LocomoTurn[];
    return {
      index,
      date: date.value,
      transcript: {
        sessionId: `${sample.sample_id}/${speaker}/session_${index}`,
        date: date.value,
        turns: turns.map((turn) => ({
          role: turn.speaker === speaker ? "user" : "assistant",
          content: turn.text,
        })),
      },
      turns: new Map(turns.map((turn) => [turn.dia_id, turn])),
    };
  });
  return { sampleId: sample.sample_id, speaker, other, sessions };
}
