import { estimateTokens } from "../cost/index.js";
import { tokenizerRatio } from "../models/index.js";
import { DEFAULT_MAX_INDEX_TOKENS } from "./write-index-budget.js";

/** Default budget for memory lines shown to the write pass model, in chars (~6,000 tokens at 4 chars a token, ~7,800 on the newer tokenizer). */
export const DEFAULT_MAX_MEMORY_CHARS = 24_000;

/**
 * Tokens of the write request's user message besides the memory index, the memory lines and the
 * transcript: the date line, the section tags and their one-line instructions, the partial-index
 * note and the closing instruction (about 700 chars on either layout), with room to spare.
 */
export const WRITE_REQUEST_FRAME_TOKENS = 1_000;

/**
 * Budget of the write request's user message without its transcript (which has its own,
 * `maxTranscriptTokens`, default 100,000), in estimated tokens (`estimateTokens` with the model's
 * tokenizer): the memory index ({@link DEFAULT_MAX_INDEX_TOKENS}, 20,000) + the memory lines
 * ({@link DEFAULT_MAX_MEMORY_CHARS}, 24,000 chars: 6,000 tokens at Claude Haiku 4.5's 4 chars a
 * token) + {@link WRITE_REQUEST_FRAME_TOKENS} (1,000) = 27,000. Both layouts' request builders
 * keep to it with their defaults on every tokenizer (the lines get what the index leaves, see
 * {@link defaultMemoryChars}), and `pnpm bench -- write-pass` prints every write request's size
 * against it at 1,000 / 10,000 / 50,000 files (the "one core" issue's goal: every model request
 * within a stated budget at 50,000 files; measured there at 26,120 subject / 26,157 fact tokens on
 * Claude Haiku 4.5, with the bench's one-turn transcript).
 *
 * @example WRITE_REQUEST_MAX_TOKENS // 27_000
 */
export const WRITE_REQUEST_MAX_TOKENS =
  DEFAULT_MAX_INDEX_TOKENS + DEFAULT_MAX_MEMORY_CHARS / 4 + WRITE_REQUEST_FRAME_TOKENS;

/**
 * The default budget of the write request's memory lines (subject) or file bodies (fact), in
 * chars: {@link DEFAULT_MAX_MEMORY_CHARS}, or less when the index shown leaves less of
 * {@link WRITE_REQUEST_MAX_TOKENS} on the model's tokenizer (a full 20,000-token index on the newer
 * tokenizer, ~3.08 chars a token, leaves ~18,480 chars). A folder whose index is small gets the
 * whole 24,000 chars, so its request is byte for byte what it was.
 *
 * @param indexText - The memory index as the request shows it (its lines, joined by line breaks).
 * @param model - The model the request goes to (its tokenizer's chars per token).
 * @returns Chars, 0 or more.
 * @example defaultMemoryChars("- profile.md: Who the user is.", "claude-haiku-5-5") // 24_000
 */
export function defaultMemoryChars(indexText: string, model: string | undefined): number {
  const left =
    WRITE_REQUEST_MAX_TOKENS - WRITE_REQUEST_FRAME_TOKENS - estimateTokens(indexText, model);
  const { tokens, chars } = tokenizerRatio(model);
  return Math.max(0, Math.min(DEFAULT_MAX_MEMORY_CHARS, Math.floor((left * chars) / tokens)));
}
