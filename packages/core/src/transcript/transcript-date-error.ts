import { MemfilesError } from "@memfiles/errors";

/**
 * A transcript's `date` is neither `""` nor a calendar day written `YYYY-MM-DD`. Nothing was
 * written: a wrong date would tag the session's facts with another day, and an older session
 * must never overwrite a newer fact.
 *
 * @example
 * try { await applyProposals({ store, transcript: { date: "08/05/2023", turns }, proposals }); }
 * catch (error) { if (error instanceof TranscriptDateError) console.error(error.message); }
 */
export class TranscriptDateError extends MemfilesError {
  override readonly name = "TranscriptDateError";
  /** The date as given. */
  readonly date: string;

  constructor(date: string) {
    super(
      `The transcript's date ${JSON.stringify(date)} is not a calendar day written YYYY-MM-DD. ` +
        'Give the day the session took place, such as "2023-05-08", or "" for today.',
      { code: "invalid_transcript_date", userFixable: true },
    );
    this.date = date;
  }
}
