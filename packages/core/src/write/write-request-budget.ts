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
 * Budget of the write request's user message without its transcript, in estimated tokens: the
 * index ({@link DEFAULT_MAX_INDEX_TOKENS}) + the memory lines ({@link DEFAULT_MAX_MEMORY_CHARS} at
 * 4 chars a token) + {@link WRITE_REQUEST_FRAME_TOKENS} = 27,000. Both layouts keep to it on every
 * tokenizer (see {@link defaultMemoryChars}); `pnpm bench -- write-pass` prints every request's
 * size against it at up to 50,000 files.
 *
 * @example WRITE_REQUEST_MAX_TOKENS // 27_000
 */
export const WRITE_REQUEST_MAX_TOKENS =
  DEFAULT_MAX_INDEX_TOKENS + DEFAULT_MAX_MEMORY_CHARS / 4 + WRITE_REQUEST_FRAME_TOKENS;

/**
 * The default budget of the write request's memory lines (subject) or file bodies (fact), in
 * chars: {@link DEFAULT_MAX_MEMORY_CHARS}, or what the index leaves of
 * {@link WRITE_REQUEST_MAX_TOKENS} on the model's tokenizer when that is less.
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
