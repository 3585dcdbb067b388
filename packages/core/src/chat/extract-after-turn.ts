import type Anthropic from "@anthropic-ai/sdk";
import { writePass } from "../layouts/index.js";
import type { Transcript, TranscriptTurn } from "../transcript/index.js";
import type { WritePassOptions, WritePassResult } from "../write/index.js";
import type { ChatResult } from "./chat.js";

/** How many messages of the conversation the extraction reads by default. */
export const DEFAULT_EXTRACT_MESSAGES = 10;

/** Options of {@link extractAfterTurn}. */
export type ExtractAfterTurnOptions = Omit<WritePassOptions, "transcript"> & {
  /** What `chat()` returned for the turn that just ended. */
  result: Pick<ChatResult, "stopReason" | "messages" | "toolCalls">;
  /**
   * The session's date, ISO `YYYY-MM-DD` (relative dates are resolved against it); default today
   * in `timeZone` (UTC unless given).
   */
  date?: string;
  /** Read only the last this many messages of the conversation (default 10). */
  lastMessages?: number;
};

/** Why {@link extractAfterTurn} did not run. */
export type ExtractSkipReason = "turn_not_ended" | "memory_written_in_turn" | "no_text";

/** Result of {@link extractAfterTurn}. */
export type ExtractAfterTurnResult =
  | { ran: true; result: WritePassResult }
  | { ran: false; reason: ExtractSkipReason };

function textOf(content: Anthropic.MessageParam["content"]): string {
  if (typeof content === "string") return content;
  return content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n")
    .trim();
}

/**
 * The third write-up's extraction trigger: after a chat turn that ends without a tool call (the
 * final reply's `stop_reason` is `end_turn`) and in which the model did not write memory itself
 * (no `memory_write` call: the user's explicit remember or forget already acted), runs the write
 * pass (`writePass`, in the store's layout) over the last `lastMessages` messages of the
 * conversation, their text only (tool calls and tool results are left out). Otherwise nothing runs.
 *
 * @param options - `writePass`'s options without `transcript`, plus `{ result, date, lastMessages? }`.
 * @returns `{ ran: true, result }` with the write pass's result, or `{ ran: false, reason }`:
 *   `turn_not_ended` (stopped on max_tokens, a refusal, a pause), `memory_written_in_turn`, or
 *   `no_text` (nothing to read).
 * @throws What `writePass` throws.
 * @example
 * const turn = await chat({ store, client, model, messages, basePrompt });
 * await extractAfterTurn({ store, client, model: "claude-haiku-5-5", result: turn, date: "2026-09-12" });
 */
export async function extractAfterTurn(
  options: ExtractAfterTurnOptions,
): Promise<ExtractAfterTurnResult> {
  const { result, date, lastMessages = DEFAULT_EXTRACT_MESSAGES, ...rest } = options;
  if (result.stopReason !== "end_turn") return { ran: false, reason: "turn_not_ended" };
  if (result.toolCalls.some((call) => call.name === "memory_write")) {
    return { ran: false, reason: "memory_written_in_turn" };
  }
  const turns: TranscriptTurn[] = result.messages
    .slice(-Math.max(1, lastMessages))
    .flatMap((message) => {
      const content = textOf(message.content);
      if (content === "" || (message.role !== "user" && message.role !== "assistant")) return [];
      return [{ role: message.role, content }];
    });
  if (!turns.some((turn) => turn.role === "user")) return { ran: false, reason: "no_text" };
  const transcript: Transcript = { date: date ?? "", turns };
  return { ran: true, result: await writePass({ ...rest, transcript }) };
}
