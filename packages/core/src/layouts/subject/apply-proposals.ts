import type Anthropic from "@anthropic-ai/sdk";
import type { Transcript } from "../../transcript/index.js";
import type { Proposal } from "../../write/proposal.js";
import type { WritePassResult } from "../../write/write-pass-result.js";
import type { WriteStore } from "../../write/write-pipeline.js";
import { PROPOSE_MEMORIES } from "./propose-memories-tool.js";
import { applySubjectWriteReply } from "./subject-write-pass.js";

/** Options of {@link applyProposals}. */
export type ApplyProposalsOptions = {
  store: WriteStore;
  /** The session the proposals come from: their evidence must quote its user turns. */
  transcript: Transcript;
  /** Proposals as `propose_memories` takes them (`{ file, fact, evidence, replaces, description }`). */
  proposals: Proposal[];
  /** Clock for `updated:` headers and tombstone checks; default `new Date()`. */
  now?: Date;
  /** The user's IANA time zone, for `updated:` and a transcript with `date: ""`; default `UTC`. */
  timeZone?: string;
};

// No model ran here, so there is no usage: the reply is the caller's, in the tool's shape.
const NO_USAGE = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation: null,
  server_tool_use: null,
  service_tier: null,
} as unknown as Anthropic.Usage;

/**
 * Applies proposals a caller's own model wrote (an MCP client that runs its own write pass) with
 * every check of the write pass, in its order: secret -> evidence (a verbatim quote of a user turn
 * of `transcript`) -> fact shape -> allowed path -> forgotten (tombstone) -> replaces found ->
 * duplicate -> cap. A write that would pass a file's cap is refused (`too_long`): no model is
 * called here to consolidate. Nothing is priced: no usage is reported.
 *
 * @param options - `{ store, transcript, proposals, now? }`.
 * @returns `{ applied, rejected, consolidated: [], usage }` as `writePass` returns them (usage all 0).
 * @throws {ModelReplyError} when a proposal does not have the `propose_memories` shape; nothing is written.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example
 * await applyProposals({ store, transcript, proposals: [{ file: "topics/hosting.md", fact: "deploys on Fly.io",
 *   evidence: "I deploy everything on Fly.io", replaces: null, description: null }] });
 */
export function applyProposals(options: ApplyProposalsOptions): Promise<WritePassResult> {
  const message = {
    id: "msg_applied_proposals",
    type: "message",
    role: "assistant",
    model: "caller",
    stop_reason: "tool_use",
    stop_sequence: null,
    content: [
      {
        type: "tool_use",
        id: "toolu_applied_proposals",
        name: PROPOSE_MEMORIES,
        input: { memories: options.proposals },
      },
    ],
    usage: NO_USAGE,
  } as unknown as Anthropic.Message;
  return applySubjectWriteReply(
    {
      store: options.store,
      transcript: options.transcript,
      // Never called: onTooLong is off, and nothing else here calls a model.
      client: undefined as unknown as Anthropic,
      model: "caller",
      onTooLong: false,
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    },
    message,
  );
}
