import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { checkCachedPrefix, estimateTokens, readUsage, sumUsage } from "../../cost/index.js";
import { dateTag, formatFactLine } from "../../format/index.js";
import { findSecrets } from "../../guards/index.js";
import {
  apiErrorOf,
  type Effort,
  effortParameter,
  supportsForcedToolChoice,
} from "../../models/index.js";
import { ModelReplyError, parseToolReply, type ToolReplyProblem } from "../../tool-reply/index.js";
import type { Transcript } from "../../transcript/index.js";
import { withSessionDate } from "../../transcript/index.js";
import { reportUsage } from "../../usage/report-usage.js";
import { type MemoryFileState, readFolder, readFolderWithRows } from "../../write/memory-files.js";
import { finishPendingForget } from "../../write/pending-forget.js";
import { MAX_DESCRIPTION_CHARS, type Proposal } from "../../write/proposal.js";
import { fitTranscript } from "../../write/transcript-budget.js";
import { checkDescriptionShape } from "../../write/write-checks.js";
import { DEFAULT_MAX_INDEX_TOKENS, fitMemoryIndex } from "../../write/write-index-budget.js";
import { WriteInterruptedError } from "../../write/write-interrupted-error.js";
import type {
  AppliedProposal,
  RejectedProposal,
  WritePassConsolidation,
  WritePassError,
  WritePassOptions,
  WritePassResult,
} from "../../write/write-pass-result.js";
import {
  type OnTooLong,
  type PipelineApplied,
  type PipelineRefusal,
  runWritePipeline,
} from "../../write/write-pipeline.js";
import { defaultMemoryChars } from "../../write/write-request-budget.js";
import { type AddFactApplied, type SubjectCandidate, subjectWriteSteps } from "./add-fact.js";
import {
  PROPOSE_MEMORIES,
  PROPOSE_MEMORIES_TOOL,
  ProposeMemoriesInputSchema,
} from "./propose-memories-tool.js";
import { formatWriteRequest, writeIndexLine } from "./write-request.js";

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
 * The subject layout's write request and how its reply is applied (`writePass` sends the one and
 * runs the other). The write pass over one session: one Messages API call shows the model the memory index,
 * the current memory lines and the role-labelled, dated transcript (fitted to a budget of
 * `maxTranscriptTokens`, default 100,000 tokens estimated with the model's tokenizer ratio, ~3.08
 * chars a token, 4 on Claude Haiku 4.5: when the turns are longer, the longest turns are trimmed
 * around a marker, assistant turns first, so a long session still saves its facts; see
 * `fitTranscript`), and asks for one `propose_memories` call (`strict: true`; `tool_choice` forces
 * the tool only on models known to accept it with thinking intact, else `auto` and the prompt
 * demands the call: decision 0012), at an explicit effort (`WRITE_EFFORT` unless `effort` is
 * given). The tool input is validated with zod. Then code decides each proposal, in order, through
 * the one check pipeline (`runWritePipeline` with the subject layout's `subjectWriteSteps`), and
 * applies the accepted ones one file write each (the seed design: the model proposes, code
 * edits). Every refusal code, in the order it is checked, with its rule and message, is a row of
 * `WRITE_CHECKS` (`write/write-checks.ts`); a secret in the proposal is redacted in the result.
 * An applied proposal removes the lines it replaces and adds `[stated <session date>] fact`
 * (the transcript's date, the day the user said it). A new file gets a header with its name and a
 * description, the index's retrieval surface (seed design): the proposal's own `description` when
 * it is one line of 1 to 200 chars ({@link MAX_DESCRIPTION_CHARS}) with a letter or digit, no
 * control character, line break or `---`, and no secret (a secret is also redacted in the result);
 * otherwise one made from the path (`describeNewFile`). Either way the proposal is applied, and
 * the applied item's `description` says which one was written. A file that exists keeps its
 * description; the proposal's is ignored, so a description a person wrote is never overwritten.
 *
 * When a write would pass the store's cap (`maxChars`), the write pass by default makes a second
 * model call: it consolidates that file (`consolidate`, latest prompt, same client and model),
 * then applies the proposal once more. The consolidation's own checks hold (every fact kept or
 * dropped with a reason, see `accountForFacts`); it is reported in `consolidated`, accepted or
 * refused, with the lines it dropped, and its tokens are added to `usage` and sent to `onUsage`
 * (stage `consolidate`). A refused consolidation leaves the file as it was, and the proposal is
 * refused with `too_long`.
 *
 * The memory index in the request has a budget too, `maxIndexTokens` (default 20,000 estimated
 * tokens): past it, the index keeps profile, preferences and the files the transcript names, and
 * fills the budget with the files that match the transcript's words best (the recall pre-filter),
 * and says it is partial (see `fitMemoryIndex`). A folder within budget gets the same request as
 * before, byte for byte.
 *
 * @param options - `{ store, transcript, client, model, prompt?, now?, maxTokens?, onUsage?,
 *   sessionId?, onTooLong?, maxMemoryChars?, maxTranscriptTokens?, maxIndexTokens?, effort? }`: `transcript.date` is an ISO
 *   date (`YYYY-MM-DD`, else `now` dates the lines); `prompt` defaults to `extraction@1`;
 *   `maxTokens` in tokens (default 4,096); `maxMemoryChars` in chars (default 24,000);
 *   `maxTranscriptTokens` in estimated tokens (default 100,000); `maxIndexTokens` in estimated
 *   tokens (default 20,000).
 * @returns `{ applied, rejected, consolidated, usage }`; each applied item has `description` when
 *   it created the file; sizes in chars, usage in tokens (every model call of the pass,
 *   consolidations included).
 * @throws {ModelReplyError} when the reply has no `propose_memories` call, several, or an
 *   input the schema refuses; nothing is written then.
 * @throws {Anthropic.APIError} when the API call fails after the client's retries.
 * @throws {ModelReplyShapeError} when a 200 reply has no usable `usage` (not a Messages API reply).
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @throws {PromptNotFoundError} when no `prompt` is given and `extraction@1` is missing.
 * @example
 * const result = await writePass({ store, transcript, client: new Anthropic(), model: "claude-haiku-5-5" });
 * for (const item of result.rejected) console.log(item.code, item.message);
 */
export async function buildSubjectWriteRequestWithSnapshot(options: WritePassOptions): Promise<{
  params: Anthropic.MessageCreateParamsNonStreaming;
  apply: (message: Anthropic.Message) => Promise<WritePassResult>;
}> {
  const { params, snapshot } = await buildRequest(options);
  return { params, apply: (message) => applyReply(options, message, snapshot) };
}

/**
 * Builds the Messages API request of one write pass, as `writePass` sends it: the memory index and
 * lines read now, the fitted transcript, the `propose_memories` tool and the effort. `writePass`
 * sends it at once; `submitWritePasses` sends it in a Message Batch, and `applyWriteReply` applies
 * the reply either way, so a batched write pass runs every check a synchronous one does.
 *
 * @param options - The options of {@link writePass} (`client`, `onUsage`, `onStep`, `onTooLong`
 *   are not used here).
 * @returns The request body (`MessageCreateParamsNonStreaming`), also valid as a batch entry's `params`.
 * @throws {PromptNotFoundError} when no `prompt` is given and `extraction@1` is missing.
 * @example
 * const params = await buildWriteRequest({ store, transcript, client, model: "claude-haiku-5-5" });
 */
export async function buildSubjectWriteRequest(
  options: WritePassOptions,
): Promise<Anthropic.MessageCreateParamsNonStreaming> {
  return (await buildRequest(options)).params;
}

type Snapshot = Map<string, MemoryFileState>;

// The request and the one read of the folder it was built from, which a synchronous pass applies
// its proposals against (kept current by addFact; version tokens guard every write).
async function buildRequest(
  options: WritePassOptions,
): Promise<{ params: Anthropic.MessageCreateParamsNonStreaming; snapshot: Snapshot }> {
  const { store, model } = options;
  const now = options.now ?? new Date();
  const transcript = withSessionDate(options.transcript, now, options.timeZone);
  const prompt = options.prompt ?? getPrompt("extraction", 1);
  const today = dateTag(now, options.timeZone);

  // A forget killed midway is finished first, so the model never sees the lines it removes.
  await store.withLock(() => finishPendingForget(store));
  // The one read of the folder (each file once, the rows from the same read): the request is built
  // from it, and a synchronous pass checks and applies every proposal against it (a batch result
  // reads the folder again when it arrives).
  const { rows, snapshot } = await readFolderWithRows(store);
  const lines = new Map<string, string[]>();
  for (const [path, state] of snapshot) {
    if ("unparsable" in state) continue;
    lines.set(
      path,
      state.lines.flatMap((line) => (line.kind === "fact" ? [formatFactLine(line)] : [])),
    );
  }

  const memoryIndex = fitMemoryIndex({
    rows,
    transcript,
    maxIndexTokens: options.maxIndexTokens ?? DEFAULT_MAX_INDEX_TOKENS,
    model,
    line: writeIndexLine,
  });

  if (options.onWarning !== undefined) {
    const warning = checkCachedPrefix({
      model,
      breakpoint: WRITE_PREFIX_BREAKPOINT,
      tokens: estimateTokens(JSON.stringify(PROPOSE_MEMORIES_TOOL) + prompt.text, model),
    });
    if (warning !== undefined) options.onWarning(warning);
  }

  // The API's prefix order is tools, system, messages: the tool and the extraction prompt are the
  // same for every session and store, so they are cached up to the breakpoint on the system block;
  // the per-session part (date, file index, memory lines, transcript) follows in the message.
  const params: Anthropic.MessageCreateParamsNonStreaming = {
    model,
    max_tokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
    system: [{ type: "text", text: prompt.text, cache_control: { type: "ephemeral" } }],
    messages: [
      {
        role: "user",
        content: formatWriteRequest({
          rows: memoryIndex.rows,
          ...(memoryIndex.partial ? { totalFiles: rows.length } : {}),
          lines,
          transcript: fitTranscript(transcript, options.maxTranscriptTokens, model).transcript,
          today,
          maxMemoryChars:
            options.maxMemoryChars ??
            defaultMemoryChars(memoryIndex.rows.map(writeIndexLine).join("\n"), model),
        }),
      },
    ],
    tools: [PROPOSE_MEMORIES_TOOL],
    tool_choice: supportsForcedToolChoice(model)
      ? { type: "tool", name: PROPOSE_MEMORIES }
      : { type: "auto" },
    ...effortParameter(model, options.effort ?? WRITE_EFFORT),
  };
  return { params, snapshot };
}

/**
 * Applies the model's reply to a write-pass request (`buildWriteRequest`): reports its usage
 * (stage `write`), reads the `propose_memories` call and decides each proposal with every check of
 * {@link writePass}, against the files as they are NOW: each write reads the file's version token
 * when it applies, so a file changed since the request was built is re-checked (duplicates,
 * `replaces`, tombstones, cap) and never overwritten. The folder is read once, as it is when the
 * reply is applied, and every proposal is checked against that read.
 *
 * @param options - The options of {@link writePass}; `client` serves a consolidation the cap calls for.
 * @param message - The reply (a Messages API reply, or a batch entry's `result.message`).
 * @returns `{ applied, rejected, consolidated, usage }` as {@link writePass} returns them.
 * @throws {ModelReplyError} when the reply has no usable `propose_memories` call; nothing is written.
 * @throws {ModelReplyShapeError} when the reply has no usable `usage`.
 * @example
 * const result = await applyWriteReply({ store, transcript, client, model }, message);
 */
export async function applySubjectWriteReply(
  options: WritePassOptions,
  message: Anthropic.Message,
): Promise<WritePassResult> {
  return applyReply(options, message, undefined);
}

// `given`: the read the request was built from (a synchronous pass), else the folder is read now.
async function applyReply(
  options: WritePassOptions,
  message: Anthropic.Message,
  given: Snapshot | undefined,
): Promise<WritePassResult> {
  const { model } = options;
  const now = options.now ?? new Date();
  const read = readUsage(message.usage);
  const { usage } = read;
  const sessionId = options.sessionId ?? options.transcript.sessionId;
  await reportUsage(options.onUsage, {
    sessionId,
    stage: "write",
    model,
    read,
    now,
  });
  const proposals = readProposals(message);
  const consolidated: WritePassConsolidation[] = [];
  const errors: WritePassError[] = [];
  const onTooLong =
    options.onTooLong === false
      ? undefined
      : (options.onTooLong ?? lazyConsolidate(options, now, sessionId, consolidated, errors));
  const { applied, rejected } = await decideProposals(
    { ...options, now, onTooLong, errors },
    proposals,
    given,
  );
  return {
    applied,
    rejected,
    consolidated,
    usage: sumUsage(usage, ...consolidated.map((entry) => entry.usage)),
    ...(errors.length === 0 ? {} : { errors }),
  };
}

/** Options of {@link decideProposals}: what deciding proposals needs besides a model. */
export type DecideProposalsOptions = Pick<WritePassOptions, "store" | "transcript" | "timeZone"> & {
  now: Date;
  /** Shrinks a file a write would take past the cap (a consolidation); absent: `too_long`. */
  onTooLong?: OnTooLong | undefined;
  /** The consolidations that failed in this pass (`consolidation_failed`). */
  errors?: readonly WritePassError[];
};

/**
 * Decides and applies the subject layout's proposals through the check pipeline, against one
 * read of the folder (`given`, else read now).
 *
 * @param options - `{ store, transcript, timeZone?, now, onTooLong?, errors? }`.
 * @param proposals - The proposals in `propose_memories` shape.
 * @param given - The read the request was built from, when there was one.
 * @returns The applied and rejected proposals.
 */
export async function decideProposals(
  options: DecideProposalsOptions,
  proposals: readonly Proposal[],
  given?: Snapshot,
): Promise<Pick<WritePassResult, "applied" | "rejected">> {
  const { store, now } = options;
  const transcript = withSessionDate(options.transcript, now, options.timeZone);
  const today = dateTag(now, options.timeZone);
  const stated = statedTag(transcript, now);
  const errors = options.errors ?? [];
  // A forget killed since the request was built is finished before any proposal is applied, and
  // the lines it removed leave the snapshot too. Every proposal is checked and applied against one
  // read of the folder (kept current by the steps), not a fresh read per proposal.
  const finished = await store.withLock(() => finishPendingForget(store));
  const snapshot = given === undefined || finished > 0 ? await readFolder(store) : given;
  // A secret in the description only sets it aside (the file gets the one made from its path).
  const items = await Promise.all(proposals.map(scanDescription));
  const reported = {
    applied: (outcome: PipelineApplied<SubjectCandidate, AddFactApplied>): AppliedProposal => ({
      ...outcome.applied,
      proposal: asProposal(outcome.item),
    }),
    rejected: ({ code, message, item }: PipelineRefusal<SubjectCandidate>): RejectedProposal => ({
      code,
      proposal: asProposal(item),
      message,
    }),
  };
  const result = await runWritePipeline({
    store,
    items,
    steps: subjectWriteSteps({ store, stated, updated: today, snapshot }),
    transcript,
    checkTombstones: true,
    sessionDate: transcript.date,
    stated,
    onTooLong: options.onTooLong,
    consolidationError: (path) => {
      const failed = errors.find((error) => error.path === path);
      return failed === undefined
        ? undefined
        : `${failed.name}${failed.status === undefined ? "" : ` ${failed.status}`}: ${failed.message}`;
    },
  }).catch((error: unknown) => {
    throw error instanceof WriteInterruptedError ? error.reported(reported) : error;
  });
  return {
    applied: result.applied.map(reported.applied),
    rejected: result.rejected.map(reported.rejected),
  };
}

const REPLY_HINTS: Record<ToolReplyProblem, string> = {
  no_tool_call:
    "Models that cannot be forced to call a tool (Opus 5.5) must be told by the prompt to call propose_memories; if stop_reason is max_tokens, raise maxTokens.",
  several_tool_calls:
    "The extraction prompt asks for exactly one propose_memories call; check the prompt version.",
  invalid_tool_input:
    "The tool input must be { memories: [{ file, fact, evidence, replaces: string | null, description: string | null }] }; if stop_reason is max_tokens, raise maxTokens.",
};

function readProposals(message: Anthropic.Message): Proposal[] {
  const parsed = parseToolReply(message, {
    name: PROPOSE_MEMORIES,
    schema: ProposeMemoriesInputSchema,
  });
  if (!parsed.success) {
    throw ModelReplyError.of(parsed, {
      stage: "write",
      tool: PROPOSE_MEMORIES,
      message,
      hint: REPLY_HINTS[parsed.code],
      outcome: "Nothing was written.",
    });
  }
  return parsed.value.memories;
}

// The secret scan of the description: one there is redacted in the result and sets the
// description aside (the new file gets the one made from its path); the proposal is still decided.
async function scanDescription(given: Proposal): Promise<SubjectCandidate> {
  const scan = given.description === null ? undefined : await findSecrets(given.description);
  const clean = scan === undefined || scan.findings.length === 0;
  const usable = clean ? usableDescription(given.description) : undefined;
  return {
    ...given,
    description: clean ? given.description : (scan?.redacted ?? null),
    ...(usable === undefined ? {} : { usableDescription: usable }),
  };
}

// The proposal as reported: the model's fields, without what the steps carry besides.
function asProposal(item: SubjectCandidate): Proposal {
  const { file, fact, evidence, replaces, description } = item;
  return { file, fact, evidence, replaces, description };
}

/**
 * The model's description for a new file, trimmed, when it passes the description shape check
 * (`checkDescriptionShape`, at most {@link MAX_DESCRIPTION_CHARS} chars). Secrets are checked by the caller.
 * Otherwise `undefined`, and the file gets the description made from its path.
 */
function usableDescription(description: string | null): string | undefined {
  if (description === null) return undefined;
  const text = description.trim();
  return checkDescriptionShape(text, MAX_DESCRIPTION_CHARS).ok ? text : undefined;
}

// The tag records the day the user said it: the session's date when it is a valid YYYY-MM-DD.
function statedTag(transcript: Transcript, now: Date): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(transcript.date);
  if (match) {
    const day = new Date(`${transcript.date}T00:00:00Z`);
    if (!Number.isNaN(day.getTime()) && dateTag(day) === `${match[1]}/${match[2]}/${match[3]}`) {
      return dateTag(day);
    }
  }
  return dateTag(now);
}

function lazyConsolidate(
  options: WritePassOptions,
  now: Date,
  sessionId: string | undefined,
  consolidated: WritePassConsolidation[],
  errors: WritePassError[],
): OnTooLong {
  return async ({ store, path }) => {
    // One failed call per file and pass: a later proposal for it is refused without a new call.
    if (errors.some((error) => error.path === path)) return;
    // Loaded on demand: consolidation is its own stage, needed here only when a file is full.
    const { consolidate } = await import("./consolidate/index.js");
    const result = await consolidateOrError(errors, path, () =>
      consolidate({
        store,
        path,
        client: options.client,
        model: options.model,
        now,
        ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
        ...(options.onUsage === undefined ? {} : { onUsage: options.onUsage }),
        ...(options.onStep === undefined ? {} : { onStep: options.onStep }),
        ...(sessionId === undefined ? {} : { sessionId }),
      }),
    );
    if (result === undefined) return;
    if (result.ok) {
      consolidated.push({
        ok: true,
        code: "consolidated",
        path,
        charsBefore: result.before,
        charsAfter: result.after,
        dropped: result.dropped,
        usage: result.usage,
      });
      return;
    }
    const before = await store.read(path);
    const chars = before.exists ? before.content.length : 0;
    consolidated.push({
      ok: false,
      code: result.code,
      message: result.message,
      path,
      charsBefore: chars,
      charsAfter: chars,
      dropped: result.dropped,
      usage: result.usage,
    });
  };
}

// An API error (overloaded, rate limit, a server error after the client's retries) of the
// consolidation refuses only the proposals for that file: it is recorded, and the pass goes on.
async function consolidateOrError<Result>(
  errors: WritePassError[],
  path: string,
  run: () => Promise<Result>,
): Promise<Result | undefined> {
  try {
    return await run();
  } catch (error) {
    // By shape, not class: a client from the SDK's CommonJS entry throws other classes.
    const failed = apiErrorOf(error);
    if (failed === undefined) throw error;
    errors.push({
      stage: "consolidate",
      path,
      name: failed.name,
      ...(failed.status === undefined ? {} : { status: failed.status }),
      message: failed.message,
    });
    return undefined;
  }
}
