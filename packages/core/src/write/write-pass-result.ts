import type Anthropic from "@anthropic-ai/sdk";
import type { CacheWarning, ModelUsage } from "../cost/index.js";
import type { Effort } from "../models/index.js";
import type { Transcript } from "../transcript/index.js";
import type { OnStep, OnUsage } from "../usage/index.js";
import type { ConsolidateFailureCode, DroppedLine } from "./consolidation-outcome.js";
import type { Proposal } from "./proposal.js";
import type { WriteCheckCode } from "./write-checks.js";
import type { OnTooLong, ResolvedDate, WriteStore } from "./write-pipeline.js";

/** Every code a rejected proposal can carry (see {@link writePass}). */
export type WriteRejectionCode = WriteCheckCode;

/** A proposal code applied. */
export type AppliedProposal = {
  code: "applied";
  /**
   * The proposal as the model gave it; a fact-layout proposal as `{ file, fact, evidence,
   * replaces, description }` with `file` the fact file and `fact` its body (relative dates resolved).
   */
  proposal: Proposal;
  /** Memory path written; differs from `proposal.file` when `replaces` named a line in another file. */
  path: string;
  /** The line added, e.g. `[stated 2026/09/12] deploys on Fly.io`. */
  line: string;
  /** Whole lines removed because `replaces` named them. */
  replaced: string[];
  /**
   * Present only when this write created the file: the description put in its header, the
   * model's `description` when it passed the checks, else the one made from the path.
   */
  description?: string;
  /**
   * The fact layout's change to the fact file (`line` is its new body, `replaced` the old one);
   * absent in the subject layout, where a line is always added.
   */
  change?: "created" | "updated" | "deleted";
  /**
   * Relative times resolved against the session date, e.g. `{ text: "tomorrow", replacement: "on
   * 2026/09/13" }`, in either layout; present only when there were any.
   */
  resolvedDates?: ResolvedDate[];
};

/** A proposal code refused, with why. */
export type RejectedProposal = {
  code: WriteRejectionCode;
  /**
   * The proposal as the model gave it; secrets replaced by `[redacted]` when `code` is `secret`,
   * and in `description` whatever the code. A fact-layout proposal is shown as applied ones are,
   * `file` being the file `replaces` names, else the proposal's name.
   */
  proposal: Proposal;
  /** What was refused and why. */
  message: string;
};

/**
 * A consolidation the write pass ran because a write would pass the store's cap: accepted (the file
 * was rewritten) or refused (the file is as it was, and `code` says why).
 */
export type WritePassConsolidation = {
  /** Memory path of the file consolidated. */
  path: string;
  /** Size of the file before, in chars. */
  charsBefore: number;
  /** Size after, in chars (equal to `charsBefore` when refused). */
  charsAfter: number;
  /** Input lines the rewrite left out (or would have), each `{ line, reason, by }`. */
  dropped: DroppedLine[];
  /** Tokens of the consolidation's model call. */
  usage: ModelUsage;
} & (
  | { ok: true; code: "consolidated" }
  | { ok: false; code: ConsolidateFailureCode; message: string }
);

/** Result of {@link writePass}. */
export type WritePassResult = {
  applied: AppliedProposal[];
  rejected: RejectedProposal[];
  /** Consolidations run to make room (default `onTooLong` only), in the order they ran. */
  consolidated: WritePassConsolidation[];
  /** Tokens of every model call: the write pass's own and each consolidation's, summed. */
  usage: ModelUsage;
  /**
   * Consolidation calls that failed without stopping the pass (their proposals are refused with
   * `consolidation_failed`); absent when every call succeeded.
   */
  errors?: WritePassError[];
};

/** A model call of the write pass that failed without stopping it (see `WritePassResult.errors`). */
export type WritePassError = {
  stage: "consolidate";
  /** Memory path of the file the call was for. */
  path: string;
  /** The error's name, e.g. `OverloadedError` or `InternalServerError`. */
  name: string;
  /** HTTP status of an API error (e.g. 529), when it has one. */
  status?: number;
  message: string;
};

/** A prompt as `getPrompt` returns it (only `text` is sent). */
export type WritePrompt = { id: string; version: number; text: string };

/** Options of {@link writePass}. */
export type WritePassOptions = {
  store: WriteStore;
  transcript: Transcript;
  client: Anthropic;
  /** Model id, e.g. `claude-haiku-5-5` (today's cheap write model; the seed design named Haiku 4.5) or `claude-opus-5-5`. */
  model: string;
  /**
   * Extraction prompt; default `extraction@1`, pinned so recordings stay valid. The tool asks for a
   * new file's `description` with any prompt; `extraction@3` also states the rule in the prompt.
   */
  prompt?: WritePrompt;
  /** Clock for `updated:` headers and usage dates; default `new Date()`. */
  now?: Date;
  /**
   * The user's IANA time zone (`Asia/Shanghai`), in which `updated:` and a transcript with
   * `date: ""` are dated (so "tomorrow" counts from the user's day); default `UTC`.
   */
  timeZone?: string;
  /** `max_tokens` of the call; default 4,096 tokens (Opus 5.5 thinking counts toward it). */
  maxTokens?: number;
  onUsage?: OnUsage;
  /**
   * Called right before each model call: `{ stage: "write" }`, and `{ stage: "consolidate", path }`
   * for a consolidation the cap calls for.
   */
  onStep?: OnStep;
  /** Session id for usage records; default `transcript.sessionId`. */
  sessionId?: string;
  /**
   * Shrinks a file before a write that would pass the cap. Default: `consolidate` from this
   * package with the same client and model (loaded lazily; a second model call, reported in
   * `consolidated` and `usage`); `false` refuses such writes with `too_long` at once. A custom
   * function's work is not reported in the result.
   */
  onTooLong?: OnTooLong | false;
  /**
   * Budget of memory lines shown to the model, in chars; default 24,000, less when the index
   * leaves less of `WRITE_REQUEST_MAX_TOKENS` on the model's tokenizer (see `defaultMemoryChars`).
   */
  maxMemoryChars?: number;
  /** Budget of the transcript, in estimated tokens (see `fitTranscript`); default 100,000. */
  maxTranscriptTokens?: number;
  /**
   * Budget of the memory index shown, in estimated tokens; default 20,000. A larger index is
   * pre-filtered against the transcript (see `fitMemoryIndex`) and marked partial.
   */
  maxIndexTokens?: number;
  /**
   * `output_config.effort` of the write call (default `WRITE_EFFORT`, `"medium"`); not sent to a
   * model without the effort parameter (Claude Haiku 4.5). A consolidation the write triggers uses
   * `consolidate`'s default.
   */
  effort?: Effort;
  /**
   * Called when the prefix up to the `write_prefix` cache breakpoint is estimated below the
   * model's minimum cacheable length (it is then billed as input every time).
   */
  onWarning?: (warning: CacheWarning) => void;
};
