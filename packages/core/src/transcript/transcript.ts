/**
 * A session transcript as the write pass reads it.
 *
 * @example
 * const transcript: Transcript = {
 *   date: "2026-09-12",
 *   turns: [{ role: "user", content: "I deploy everything on Fly.io" }],
 * };
 */
export type TranscriptTurn = {
  role: "user" | "assistant";
  /** The turn's text as shown to the user (tool calls already rendered as text, if any). */
  content: string;
};

export type Transcript = {
  /** Optional id of the session, carried into usage logs and reports. */
  sessionId?: string;
  /**
   * The date of the session, ISO `YYYY-MM-DD`: the user's calendar day. `""` dates it today in
   * the write's `timeZone` (UTC unless given).
   */
  date: string;
  turns: TranscriptTurn[];
};
