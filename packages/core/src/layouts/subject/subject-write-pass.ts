import type Anthropic from "@anthropic-ai/sdk";
import { dateTag, formatDatedLine } from "../../format/index.js";
import { findSecrets } from "../../guards/index.js";
import { apiErrorOf } from "../../models/index.js";
import { ModelReplyError, parseToolReply, type ToolReplyProblem } from "../../tool-reply/index.js";
import { sessionDayTag, withSessionDate } from "../../transcript/index.js";
import { type MemoryFileState, readFolder, readFolderWithRows } from "../../write/memory-files.js";
import { finishPendingForgetLocked } from "../../write/pending-forget.js";
import type { Proposal } from "../../write/proposal.js";
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
import type { LayoutWritePass } from "../layout.js";
import { usableDescription } from "../write-text.js";
import { type AddLineApplied, type SubjectCandidate, subjectWriteSteps } from "./add-line.js";
import {
  PROPOSE_MEMORIES,
  PROPOSE_MEMORIES_TOOL,
  ProposeMemoriesInputSchema,
} from "./propose-memories-tool.js";
import { formatWriteRequest, writeIndexLine } from "./write-request.js";

type Snapshot = Map<string, MemoryFileState>;

/**
 * The subject layout's part of the write pass: the `extraction` prompt and `propose_memories`
 * tool (`strict: true`), the memory index and the lines of the memory files
 * (`formatWriteRequest`), and the proposals decided line by line through the check pipeline
 * (`decideProposals`). A new file's description is the proposal's own when it passes the
 * description shape check and has no secret, else one made from its path; a file that exists keeps
 * its description. A write past the cap first consolidates that file (a second model call,
 * reported in `consolidated` and `usage`) unless `onTooLong` says otherwise.
 */
export const subjectWrite: LayoutWritePass<Snapshot, Proposal> = {
  promptId: "extraction",
  tool: PROPOSE_MEMORIES_TOOL,
  async read(store) {
    const { rows, snapshot } = await readFolderWithRows(store);
    return { rows, folder: snapshot };
  },
  indexLine: writeIndexLine,
  message({ rows, totalFiles, folder, transcript, now, timeZone, maxMemoryChars }) {
    const lines = new Map<string, string[]>();
    for (const [path, state] of folder) {
      if ("unparsable" in state) continue;
      lines.set(
        path,
        state.lines.flatMap((line) => (line.kind === "dated" ? [formatDatedLine(line)] : [])),
      );
    }
    return formatWriteRequest({
      rows,
      ...(totalFiles === undefined ? {} : { totalFiles }),
      lines,
      transcript,
      today: dateTag(now, timeZone),
      maxMemoryChars,
    });
  },
  proposals: readProposals,
  async apply(options, proposals, folder) {
    const { now } = options;
    const sessionId = options.sessionId ?? options.transcript.sessionId;
    const consolidated: WritePassConsolidation[] = [];
    const errors: WritePassError[] = [];
    const onTooLong =
      options.onTooLong === false
        ? undefined
        : (options.onTooLong ?? lazyConsolidate(options, now, sessionId, consolidated, errors));
    const { applied, rejected } = await decideProposals(
      { ...options, onTooLong, errors },
      proposals,
      folder,
    );
    return { applied, rejected, consolidated, ...(errors.length === 0 ? {} : { errors }) };
  },
};

/** Options of {@link decideProposals}: what deciding proposals needs besides a model. */
export type DecideProposalsOptions = Pick<WritePassOptions, "store" | "transcript" | "timeZone"> & {
  now: Date;
  /** Shrinks a file a write would take past the cap (a consolidation); absent: `too_long`. */
  onTooLong?: OnTooLong | undefined;
  /** The consolidations that failed in this pass (`consolidation_failed`). */
  errors?: readonly WritePassError[];
};

/** Decides and applies subject proposals through the check pipeline, on `given` or a new read. */
export async function decideProposals(
  options: DecideProposalsOptions,
  proposals: readonly Proposal[],
  given?: Snapshot,
): Promise<Pick<WritePassResult, "applied" | "rejected">> {
  const { store, now } = options;
  const transcript = withSessionDate(options.transcript, now, options.timeZone);
  const today = dateTag(now, options.timeZone);
  const stated = sessionDayTag(transcript, now);
  const errors = options.errors ?? [];
  // A forget killed since the request was built is finished before any proposal is applied, and
  // the lines it removed leave the snapshot too. Every proposal is checked and applied against one
  // read of the folder (kept current by the steps), not a fresh read per proposal.
  const finished = await finishPendingForgetLocked(store);
  const snapshot = given === undefined || finished > 0 ? await readFolder(store) : given;
  // A secret in the description only sets it aside (the file gets the one made from its path).
  const items = await Promise.all(proposals.map(scanDescription));
  const reported = {
    applied: (outcome: PipelineApplied<SubjectCandidate, AddLineApplied>): AppliedProposal => ({
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
  const usable =
    clean && given.description !== null ? usableDescription(given.description.trim()) : undefined;
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
