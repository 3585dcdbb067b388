import { tokenizerRatio } from "../models/index.js";
import { headOfText, tailOfText } from "../text/index.js";
import type { Transcript, TranscriptTurn } from "../transcript/index.js";

/**
 * Default transcript budget of one write request, in estimated tokens: half of a 200k-token
 * context window, leaving room for the prompt, the memory lines (24,000 chars by default), the
 * reply and the estimate's error.
 */
export const DEFAULT_MAX_TRANSCRIPT_TOKENS = 100_000;

/** Chars a trimmed assistant turn keeps at least before user turns are trimmed too. */
const MIN_KEPT_CHARS = 300;

// Tags and role label around each turn in the write request (`<turn role="assistant">` ...).
const TURN_OVERHEAD_CHARS = 30;

/** Result of {@link fitTranscript}. */
export type FitTranscriptResult = {
  /** The transcript to send: the same object when it fits, else one with long turns trimmed. */
  transcript: Transcript;
  /** How many turns were trimmed. */
  trimmedTurns: number;
  /** Chars left out, over all turns. */
  trimmedChars: number;
};

// The largest per-turn cap whose total stays within `room`: "water-filling", so short turns stay
// whole and only the longest are cut, all to the same length.
function levelFor(lengths: readonly number[], room: number): number {
  const sorted = [...lengths].sort((a, b) => a - b);
  let left = room;
  for (let index = 0; index < sorted.length; index++) {
    const share = Math.floor(left / (sorted.length - index));
    const length = sorted[index] as number;
    if (length > share) return share;
    left -= length;
  }
  return Number.POSITIVE_INFINITY;
}

function trimTurn(turn: TranscriptTurn, cap: number): TranscriptTurn {
  if (turn.content.length <= cap) return turn;
  const cut = turn.content.length - cap;
  const marker = `\n[… ${cut} chars trimmed by memfiles to fit the write request …]\n`;
  const keep = Math.max(0, cap - marker.length);
  const head = Math.ceil((keep * 2) / 3);
  const tail = keep - head;
  // Cut at grapheme boundaries: half an emoji's surrogate pair makes the request invalid JSON.
  const content = headOfText(turn.content, head) + marker + tailOfText(turn.content, tail);
  return { ...turn, content };
}

/**
 * Fits a session transcript into a write request's budget, so a long session still saves its
 * facts instead of failing with "prompt is too long". Sizes are estimated with the model's
 * tokenizer ratio (`tokenizerRatio`, decision 0014). Over budget, the longest turns are trimmed to
 * one length, keeping their first two thirds and last third around a marker
 * `[… N chars trimmed by memfiles to fit the write request …]`: assistant turns first, down to
 * 300 chars each, then user turns. Turns are never dropped or reordered; evidence is still
 * checked against the whole transcript.
 *
 * @param transcript - The session.
 * @param maxTokens - Budget for the turns, in estimated tokens (default 100,000).
 * @param model - The model the request goes to; picks the chars-per-token ratio (default: the newer tokenizer).
 * @returns `{ transcript, trimmedTurns, trimmedChars }`; the same transcript object when it fits.
 * @example fitTranscript(transcript, 100_000, "claude-haiku-5-5").transcript
 */
export function fitTranscript(
  transcript: Transcript,
  maxTokens: number = DEFAULT_MAX_TRANSCRIPT_TOKENS,
  model?: string,
): FitTranscriptResult {
  const { tokens, chars } = tokenizerRatio(model);
  const budget = Math.max(
    0,
    Math.floor((maxTokens * chars) / tokens) - transcript.turns.length * TURN_OVERHEAD_CHARS,
  );
  const { turns } = transcript;
  const total = turns.reduce((sum, turn) => sum + turn.content.length, 0);
  if (total <= budget) return { transcript, trimmedTurns: 0, trimmedChars: 0 };

  const user = turns.filter((turn) => turn.role === "user").map((turn) => turn.content.length);
  const other = turns.filter((turn) => turn.role !== "user").map((turn) => turn.content.length);
  const userChars = user.reduce((sum, length) => sum + length, 0);
  const otherAtLeast = other.reduce((sum, length) => sum + Math.min(length, MIN_KEPT_CHARS), 0);
  let otherCap = MIN_KEPT_CHARS;
  let userCap = Number.POSITIVE_INFINITY;
  if (userChars + otherAtLeast <= budget) {
    otherCap = Math.max(MIN_KEPT_CHARS, levelFor(other, budget - userChars));
  } else {
    userCap = levelFor(user, Math.max(0, budget - otherAtLeast));
  }
  const fitted = turns.map((turn) => trimTurn(turn, turn.role === "user" ? userCap : otherCap));
  const trimmedTurns = fitted.filter((turn, index) => turn !== turns[index]).length;
  const trimmedChars = fitted.reduce(
    (sum, turn, index) =>
      sum + Math.max(0, (turns[index]?.content.length ?? 0) - turn.content.length),
    0,
  );
  return { transcript: { ...transcript, turns: fitted }, trimmedTurns, trimmedChars };
}
