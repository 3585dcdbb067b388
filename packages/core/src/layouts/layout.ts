import type Anthropic from "@anthropic-ai/sdk";
import type {
  ConsolidateLongFilesOptions,
  ConsolidateLongFilesResult,
} from "../consolidate/index.js";
import type { StoreLayout } from "../store/index.js";
import type {
  RememberOptions,
  RememberResult,
  WritePassOptions,
  WritePassResult,
} from "../write/index.js";
import type { ConsolidateFactsResult } from "./fact/consolidate-facts.js";

/** A write request as a layout builds it, with what applying its reply needs from the same read. */
export type LayoutWriteRequest = {
  params: Anthropic.MessageCreateParamsNonStreaming;
  /** Applies the reply to this request against the read the request was built from. */
  apply: (message: Anthropic.Message) => Promise<WritePassResult>;
};

/**
 * What the two memory layouts really differ in, behind one interface: the write prompt and tool,
 * the memory section of the write request (within its budget), reading and deciding proposals
 * (shape, target, the stored item's date, duplicates, the file edit), a direct `remember`, and
 * consolidation. `writePass`, `remember` and `consolidateAll` ask `layoutOf(store)` and never
 * branch on the layout themselves; every check runs in the order of `WRITE_CHECKS`, in the one
 * check pipeline (`runWritePipeline`), which asks the layout's `WriteSteps` for what differs.
 */
export type Layout = {
  /** The store layout this implements. */
  readonly name: StoreLayout;
  /** Ids of the prompts written for this layout's tool, e.g. `extraction`. */
  readonly promptIds: readonly string[];
  /** The tool the write request offers, e.g. `propose_memories`. */
  readonly tool: string;
  /** The write request for one session, from one read of the folder. */
  buildWriteRequest(options: WritePassOptions): Promise<LayoutWriteRequest>;
  /** Applies a reply to a request built earlier (a batch result), reading the folder now. */
  applyWriteReply(options: WritePassOptions, message: Anthropic.Message): Promise<WritePassResult>;
  /**
   * Saves a fact the user asked for through the check pipeline (`rememberThrough`), with this
   * layout's steps for a direct write.
   */
  remember(options: RememberOptions): Promise<RememberResult>;
  /**
   * What the memory tool may create: `undefined` when the model may create the file at `relative`
   * (a memory path), else the refusal's message (`memoryPath` is the path as the model wrote it).
   */
  refuseMemoryToolCreate(relative: string, memoryPath: string): string | undefined;
  /** The layout's consolidation: subject, rewrite files past a size; fact, merge past a count. */
  consolidateAll(options: ConsolidateAllOptions): Promise<ConsolidateAllResult>;
};

/** Options of `consolidateAll`. */
export type ConsolidateAllOptions = ConsolidateLongFilesOptions & {
  /**
   * Fact layout: merge once the folder holds at least this many fact files (default 10, the third
   * write-up's). The subject layout uses `threshold` (chars per file) instead.
   */
  mergeThreshold?: number;
};

/** Result of `consolidateAll`. */
export type ConsolidateAllResult = ConsolidateLongFilesResult & {
  /** Fact layout: the merge pass (`consolidateFacts`); then `results` is empty. */
  merges?: ConsolidateFactsResult;
};
