import type Anthropic from "@anthropic-ai/sdk";
import type { CacheWarning } from "../cost/cache-minimum.js";
import type { ModelUsage } from "../cost/usage.js";
import type { Effort } from "../models/index.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { OnStep, OnUsage } from "../usage/types.js";
import type {
  ConsolidateFailureCode,
  DroppedLine,
  RewriteProblemCode,
} from "./consolidation-outcome.js";

// The shapes both layouts' consolidations report, kept below layouts/ so the layout seam
// (layouts/layout.ts) names its results without importing a layout implementation.

/** A consolidation prompt as `getPrompt` returns it (only `text` is sent; `version` picks the tool). */
export type ConsolidatePrompt = { id?: string; version: number; text: string };

/** What consolidation needs of a `MemoryStore`. */
export type ConsolidateStore = Pick<MemoryStore, "root" | "list" | "read" | "write" | "withLock">;

/** Options of `consolidate`. */
export type ConsolidateOptions = {
  store: ConsolidateStore;
  /** Memory path of the file to rewrite, e.g. `topics/tools.md`. */
  path: string;
  /** An `Anthropic` client from `@anthropic-ai/sdk`. */
  client: Anthropic;
  model: string;
  /**
   * System prompt as `getPrompt` returns it (`{ version, text }`); default the latest
   * `consolidation` prompt from `@memfiles/prompts`. Its version picks the save tool:
   * `consolidation@1` asks for the file only (then every input fact must be kept), later versions
   * also for the `dropped` list.
   */
  prompt?: ConsolidatePrompt;
  /** The clock for the date shown to the model and the usage record (default `new Date()`). */
  now?: Date;
  /** The user's IANA time zone (`Asia/Shanghai`) dates are written in; default `UTC`. */
  timeZone?: string;
  /** `max_tokens` of the request (default 16,000: room for thinking and a 12,000-char file). */
  maxTokens?: number;
  onUsage?: OnUsage;
  /** Called right before the model call, with `{ stage: "consolidate", path }`. */
  onStep?: OnStep;
  sessionId?: string;
  /** `output_config.effort` (default `CONSOLIDATE_EFFORT`, `"high"`); not sent where the model has no effort parameter. */
  effort?: Effort;
  /**
   * Called when the stable prefix (save tool + consolidation prompt, up to the
   * `consolidate_prefix` cache breakpoint) is estimated below the model's minimum cacheable
   * length: then it is not cached and is billed as input every time.
   */
  onWarning?: (warning: CacheWarning) => void;
};

/** Result of `consolidate`. */
export type ConsolidateResult =
  | {
      ok: true;
      /** `consolidated` when the file was rewritten, `unchanged` when the rewrite equals it. */
      code: "consolidated" | "unchanged";
      path: string;
      /** Whether the file changed (`false` when the rewrite equals the input). */
      changed: boolean;
      /** Chars before and after. */
      before: number;
      after: number;
      /** Version token of the file now. */
      version: string;
      /** Input lines the rewrite left out, each with its reason and the line that holds it now. */
      dropped: DroppedLine[];
      /** The git commit, or why there is none. */
      git: GitCommitResult;
      usage: ModelUsage;
    }
  | {
      ok: false;
      path: string;
      code: ConsolidateFailureCode;
      message: string;
      /** Every reason the rewrite was refused (the first one is `code`). */
      problems: RewriteProblem[];
      /** The model's rewrite, when there was one, for inspection. */
      rewrite?: string;
      /** Input lines the rewrite would have left out with an accepted reason (nothing was written). */
      dropped: DroppedLine[];
      usage: ModelUsage;
    };

/** Options of `consolidateLongFiles`: those of `consolidate` without `path`, plus `threshold`. */
export type ConsolidateLongFilesOptions = Omit<ConsolidateOptions, "path"> & {
  /** Files longer than this many chars are consolidated (default 6,000, the seed design's). */
  threshold?: number;
};

/** Result of `consolidateLongFiles`. */
export type ConsolidateLongFilesResult = {
  /** One result per file over the threshold, in path order. */
  results: ConsolidateResult[];
  /** Tokens of every request summed. */
  usage: ModelUsage;
};

/** The result of a git commit of the memory folder, or why there is none. */
export type GitCommitResult =
  | { committed: true; commit: string; message: string }
  | { committed: false; reason: "not_a_repository" | "unchanged" }
  | { committed: false; reason: "commit_failed"; message: string };

/** A problem code found in a rewrite. */
export type RewriteProblem = {
  code: RewriteProblemCode;
  /** What is wrong, where, and what the rewrite should have done. */
  message: string;
  /** 1-based line number in the rewrite, when the problem is on one line. */
  line?: number;
  /** The input fact lines concerned, as written in the input (`dropped_fact`). */
  facts?: string[];
};

/** One merge the model proposes: a group of fact files folded into the one it keeps. */
export type FactMerge = {
  files: string[];
  keep: string;
  name: string;
  description: string;
  body: string;
  dropped: { file: string; reason: "duplicate" | "superseded" }[];
};

/** Codes of a merge code refused (see {@link consolidateFacts}). */
export type FactMergeRefusalCode =
  | "unknown_file"
  | "unaccounted"
  | "grew"
  | "invented"
  | "unparsable_file"
  | "version_conflict";

/** Result of {@link consolidateFacts}. */
export type ConsolidateFactsResult =
  | { ran: false; reason: "not_fact_layout" | "under_threshold"; files: number }
  | {
      ran: true;
      files: number;
      /** Merges applied: the kept file, the files deleted with their reason, sizes in chars. */
      merged: Array<{
        keep: string;
        dropped: FactMerge["dropped"];
        charsBefore: number;
        charsAfter: number;
      }>;
      /** Merges refused, each with its code and why; their files are as they were. */
      refused: Array<{ code: FactMergeRefusalCode; merge: FactMerge; message: string }>;
      /** Tokens of the model call. */
      usage: ModelUsage;
      /**
       * Fact files not sent this run because the request was at its token budget (absent when
       * every file was sent); the next run looks at them again.
       */
      waiting?: number;
    };
