import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { checkCachedPrefix, estimateTokens, readUsage, sumUsage } from "../cost/index.js";
import { type Effort, effortParameter, supportsForcedToolChoice } from "../models/index.js";
import { withSessionDate } from "../transcript/index.js";
import { reportUsage } from "../usage/report-usage.js";
import type { WritePassOptions, WritePassResult } from "../write/index.js";
import { finishPendingForgetLocked } from "../write/pending-forget.js";
import { fitTranscript } from "../write/transcript-budget.js";
import { DEFAULT_MAX_INDEX_TOKENS, fitMemoryIndex } from "../write/write-index-budget.js";
import { defaultMemoryChars } from "../write/write-request-budget.js";
import type { Layout } from "./layout.js";
import { checkWritePrompt, layoutOf } from "./layout-of.js";

const DEFAULT_MAX_TOKENS = 4096;

/** The cache breakpoint after the write pass's stable prefix (tool, then extraction prompt). */
export const WRITE_PREFIX_BREAKPOINT = "write_prefix";

/**
 * Default effort of the write pass: `"medium"`. Extraction needs judgement (durable or not, which
 * line a fact replaces) but every proposal is checked in code afterwards, so `high` would buy
 * thinking tokens for little; and sending it explicitly keeps the cost the same on Sonnet 5.5,
 * whose API default is `high` (models overview: Opus 5.5 and Haiku 5.5 default to `medium`).
 */
export const WRITE_EFFORT: Effort = "medium";

/**
 * Runs the write pass over one session, in either layout (the seed design: the model proposes,
 * code edits): one Messages API call with the layout's prompt, tool and memory section and the
 * session's transcript, each within its budget (`buildWriteRequest`), then every proposal through
 * the checks of `WRITE_CHECKS` and the layout's version-tokened file edit.
 *
 * @param options - `{ store, transcript, client, model, prompt?, now?, maxTokens?, onUsage?,
 *   onStep?, sessionId?, onTooLong?, maxMemoryChars?, maxTranscriptTokens?, maxIndexTokens?,
 *   effort?, onWarning? }`: `transcript.date` an ISO date (`YYYY-MM-DD`); `prompt` defaults to the
 *   layout's (`extraction@1`, `fact-extraction@1`); budgets in chars or estimated tokens; effort
 *   default {@link WRITE_EFFORT}.
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
  const { params, folder } = await buildRequest(layout, options);
  options.onStep?.({ stage: "write" });
  const message = await options.client.messages.create(params);
  return withIndexDeferred(options, () => applyReply(layout, options, message, folder));
}

// The proposals' writes rewrite MEMORY.md once, at the end, not once per write (each rewrite lists
// the folder); a store view without `deferIndex` rewrites it after each write.
function withIndexDeferred<T>(options: WritePassOptions, fn: () => Promise<T>): Promise<T> {
  const { store } = options;
  return store.deferIndex === undefined ? fn() : store.deferIndex(fn);
}

/**
 * Builds the Messages API request of one write pass as `writePass` sends it: the prompt as a cached
 * system block (`WRITE_PREFIX_BREAKPOINT`), the index within `maxIndexTokens`, the memory within
 * `maxMemoryChars`, the transcript within `maxTranscriptTokens`, the tool forced on models that
 * accept it (decision 0012). `submitWritePasses` sends it in a batch, `applyWriteReply` applies it.
 *
 * @returns The request body, also valid as a batch entry's `params`.
 * @throws {WritePromptLayoutError} when `prompt` is written for the other layout.
 * @throws {PromptNotFoundError} when no `prompt` is given and the layout's default is missing.
 */
export async function buildWriteRequest(
  options: WritePassOptions,
): Promise<Anthropic.MessageCreateParamsNonStreaming> {
  const layout = layoutOf(options.store);
  checkWritePrompt(layout, options.prompt);
  return (await buildRequest(layout, options)).params;
}

/**
 * Applies the reply to a write-pass request built earlier (`buildWriteRequest`, a batch entry's
 * `result.message`) against the files as they are now, with every check of {@link writePass};
 * `client` serves a consolidation the cap calls for.
 *
 * @throws {ModelReplyError} when the reply has no usable tool call; nothing is written.
 * @throws {ModelReplyShapeError} when the reply has no usable `usage`.
 */
export function applyWriteReply(
  options: WritePassOptions,
  message: Anthropic.Message,
): Promise<WritePassResult> {
  return withIndexDeferred(options, () =>
    applyReply(layoutOf(options.store), options, message, undefined),
  );
}

// The request and the one read of the memory it was built from, which a synchronous pass applies
// its proposals against (kept current by the steps; version tokens guard every write).
async function buildRequest(
  layout: Layout,
  options: WritePassOptions,
): Promise<{ params: Anthropic.MessageCreateParamsNonStreaming; folder: unknown }> {
  const { store, model } = options;
  const { write } = layout;
  const now = options.now ?? new Date();
  const transcript = withSessionDate(options.transcript, now, options.timeZone);
  const prompt = options.prompt ?? getPrompt(write.promptId, 1);
  // A forget killed midway is finished first, so the model never sees what it removes.
  await finishPendingForgetLocked(store);
  const { rows, folder } = await write.read(store);
  const index = fitMemoryIndex({
    rows,
    transcript,
    maxIndexTokens: options.maxIndexTokens ?? DEFAULT_MAX_INDEX_TOKENS,
    model,
    line: write.indexLine,
  });
  if (options.onWarning !== undefined) {
    const warning = checkCachedPrefix({
      model,
      breakpoint: WRITE_PREFIX_BREAKPOINT,
      tokens: estimateTokens(JSON.stringify(write.tool) + prompt.text, model),
    });
    if (warning !== undefined) options.onWarning(warning);
  }
  // The API's prefix order is tools, system, messages: the tool and the prompt are the same for
  // every session and store, so they are cached up to the breakpoint on the system block; the
  // per-session part (date, index, memory, transcript) follows in the message.
  const params: Anthropic.MessageCreateParamsNonStreaming = {
    model,
    max_tokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
    system: [{ type: "text", text: prompt.text, cache_control: { type: "ephemeral" } }],
    messages: [
      {
        role: "user",
        content: write.message({
          rows: index.rows,
          ...(index.partial ? { totalFiles: rows.length } : {}),
          folder,
          transcript: fitTranscript(transcript, options.maxTranscriptTokens, model).transcript,
          now,
          timeZone: options.timeZone,
          maxMemoryChars:
            options.maxMemoryChars ??
            defaultMemoryChars(index.rows.map(write.indexLine).join("\n"), model),
        }),
      },
    ],
    tools: [write.tool],
    tool_choice: supportsForcedToolChoice(model)
      ? { type: "tool", name: write.tool.name }
      : { type: "auto" },
    ...effortParameter(model, options.effort ?? WRITE_EFFORT),
  };
  return { params, folder };
}

// Reports the reply's usage (stage `write`), reads its proposals and has the layout apply them;
// `folder` is the read the request was built from, else the layout reads the memory now.
async function applyReply(
  layout: Layout,
  options: WritePassOptions,
  message: Anthropic.Message,
  folder: unknown,
): Promise<WritePassResult> {
  const now = options.now ?? new Date();
  const read = readUsage(message.usage);
  await reportUsage(options.onUsage, {
    sessionId: options.sessionId ?? options.transcript.sessionId,
    stage: "write",
    model: options.model,
    read,
    now,
  });
  const proposals = layout.write.proposals(message);
  const { applied, rejected, consolidated, errors } = await layout.write.apply(
    { ...options, now },
    proposals,
    folder,
  );
  return {
    applied,
    rejected,
    consolidated,
    usage: sumUsage(read.usage, ...consolidated.map((entry) => entry.usage)),
    ...(errors === undefined ? {} : { errors }),
  };
}
