import type Anthropic from "@anthropic-ai/sdk";
import type { WritePassOptions, WritePassResult } from "../write/index.js";
import { checkWritePrompt, layoutOf } from "./layout-of.js";

/**
 * Runs the write pass over one session, in either layout: one Messages API call with the store's
 * layout's prompt, memory section (within its budgets) and tool, then every proposal through the
 * ordered checks of `WRITE_CHECKS` and the layout's file edit, each write version-tokened (the
 * seed design: the model proposes, code edits). Every refusal code, in order, with its rule and
 * message, is a row of `WRITE_CHECKS`; the subject layout's request in detail is documented on
 * `buildSubjectWriteRequestWithSnapshot`, the fact layout's on `buildFactWriteRequest`.
 *
 * @param options - `{ store, transcript, client, model, prompt?, now?, maxTokens?, onUsage?,
 *   onStep?, sessionId?, onTooLong?, maxMemoryChars?, maxTranscriptTokens?, maxIndexTokens?,
 *   effort?, onWarning? }`: `transcript.date` an ISO date (`YYYY-MM-DD`); `prompt` defaults to the
 *   layout's (`extraction@1`, `fact-extraction@1`); budgets in chars or estimated tokens.
 * @returns `{ applied, rejected, consolidated, usage, errors }`, the same shape in both layouts
 *   (a fact-layout item has `change`: created, updated or deleted); usage in tokens.
 * @throws {WritePromptLayoutError} when `prompt` is written for the other layout; nothing is sent.
 * @throws {ModelReplyError} when the reply has no usable tool call; nothing is written then.
 * @throws {Anthropic.APIError} when the write call fails after the client's retries (an API error
 *   of a consolidation inside the pass does not throw: see `errors`).
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @throws {WriteInterruptedError} when a write fails (a full disk) after some proposals landed:
 *   its `applied` lists them, and `MEMORY.md` is rewritten before it is thrown.
 * @example
 * const result = await writePass({ store, transcript, client: new Anthropic(), model: "claude-haiku-5-5" });
 * for (const item of result.rejected) console.log(item.code, item.message);
 */
export async function writePass(options: WritePassOptions): Promise<WritePassResult> {
  const layout = layoutOf(options.store);
  checkWritePrompt(layout, options.prompt);
  const request = await layout.buildWriteRequest(options);
  options.onStep?.({ stage: "write" });
  const message = await options.client.messages.create(request.params);
  return withIndexDeferred(options, () => request.apply(message));
}

// The proposals' writes rewrite MEMORY.md once, at the end, not once per write (each rewrite lists
// the folder); a store view without `deferIndex` rewrites it after each write.
function withIndexDeferred<T>(options: WritePassOptions, fn: () => Promise<T>): Promise<T> {
  const { store } = options;
  return store.deferIndex === undefined ? fn() : store.deferIndex(fn);
}

/**
 * Builds the Messages API request of one write pass, as `writePass` sends it; `submitWritePasses`
 * sends it in a Message Batch and `applyWriteReply` applies the reply, so a batched write pass runs
 * every check a synchronous one does.
 *
 * @param options - The options of {@link writePass}.
 * @returns The request body, also valid as a batch entry's `params`.
 * @throws {WritePromptLayoutError} when `prompt` is written for the other layout.
 * @throws {PromptNotFoundError} when no `prompt` is given and the layout's default is missing.
 * @example const params = await buildWriteRequest({ store, transcript, client, model: "claude-haiku-5-5" });
 */
export async function buildWriteRequest(
  options: WritePassOptions,
): Promise<Anthropic.MessageCreateParamsNonStreaming> {
  const layout = layoutOf(options.store);
  checkWritePrompt(layout, options.prompt);
  return (await layout.buildWriteRequest(options)).params;
}

/**
 * Applies the model's reply to a write-pass request built earlier (`buildWriteRequest`, a batch
 * entry's `result.message`), against the files as they are now, with every check of
 * {@link writePass}.
 *
 * @param options - The options of {@link writePass}; `client` serves a consolidation the cap calls for.
 * @param message - The reply.
 * @returns `{ applied, rejected, consolidated, usage, errors }` as {@link writePass} returns them.
 * @throws {ModelReplyError} when the reply has no usable tool call; nothing is written.
 * @throws {ModelReplyShapeError} when the reply has no usable `usage`.
 * @example const result = await applyWriteReply({ store, transcript, client, model }, message);
 */
export function applyWriteReply(
  options: WritePassOptions,
  message: Anthropic.Message,
): Promise<WritePassResult> {
  return withIndexDeferred(options, () =>
    layoutOf(options.store).applyWriteReply(options, message),
  );
}
