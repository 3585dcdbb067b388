import type {
  ConsolidateAllResult,
  MemoryStore,
  ModelUsage,
  RecallStrategy,
  StoreLayout,
  WritePassResult,
} from "@memfiles/core";
import type {
  CacheWarning,
  ConsolidateFactsResult,
  Stage,
  ToolCall,
} from "@memfiles/core/internal";
import type { GradeResult } from "../graders/types.js";
import type { RecordBudget } from "../recordings/record-budget.js";
import type { AuthoredReply } from "../scenarios/index.js";
import type { Scenario } from "../scenarios/schema.js";

/** Where a recording came from. Reports print it next to every result. */
export type Provenance =
  | {
      kind: "recorded";
      model: string;
      date: string;
      /** The host it was recorded against when not the Anthropic API (`ANTHROPIC_BASE_URL`). */
      host?: string | undefined;
    }
  | { kind: "authored"; usageMethod: string };

/**
 * How the runner reaches the Messages API: `replay` from recordings (the default), `record`
 * through the real API (needs `ANTHROPIC_API_KEY`), `author` from authored replies
 * (`evals/authored/<scenario>.yaml`), writing recordings with provenance `authored`.
 */
export type RunMode = "replay" | "record" | "author";

/**
 * Prompt texts that replace the released ones for one run (a draft under test). Replay then
 * fails with a missing recording until recordings are made with the draft.
 */
export type PromptOverrides = {
  /** Replaces the extraction prompt named by `extractionPrompt`. */
  extraction?: string;
  /**
   * Overrides the consolidation prompt (default: the latest, `consolidation@2`); its `version`
   * picks the save tool.
   */
  consolidation?: { version: number; text: string };
  /** Replaces `base@1`. */
  base?: string;
  /** Replaces `memory-rules@1`. */
  rules?: string;
};

/** Options of `runScenario`. */
export type RunScenarioOptions = {
  scenarioId: string;
  /** The scenario, when the caller has loaded it already; else it is loaded from `scenariosDir`. */
  scenario?: Scenario;
  /** Model used for every stage of the scenario (write, consolidate, chat). */
  model: string;
  /** Extraction prompt used by the write pass, e.g. `extraction@1`. */
  extractionPrompt: string;
  mode: RunMode;
  /** Folder holding recordings: `<dir>/<model>/<extractionPrompt>/<scenarioId>.json`. */
  recordingsDir: string;
  /** Folder holding scenario YAML files. */
  scenariosDir: string;
  /** Author mode: folder of authored replies (`evals/authored`). */
  authoredDir?: string;
  /**
   * Author mode: these replies instead of `<authoredDir>/<scenarioId>.yaml` (an epoch re-authored
   * from its own recording).
   */
  authoredReplies?: readonly AuthoredReply[];
  /** Author mode: the `note` of the recording written (what is special about this epoch). */
  recordingNote?: string;
  /** Prompt texts replacing released ones (see `PromptOverrides`). */
  prompts?: PromptOverrides;
  /** Record and author modes: write the recording file at the end of a run that did not break (default true). */
  saveRecording?: boolean;
  /**
   * Run every `write` stage through a Message Batch, as `write: { batch: true }` does (default
   * false: as the scenario says). The seed tests run both ways from the same recordings.
   */
  writeBatch?: boolean;
  /**
   * Recall strategy of every chat call, overriding the scenario's `recall.strategy` (an A/B arm).
   * A run whose strategy differs from the scenario's replays `<scenarioId>@<strategy>.json`.
   */
  recall?: RecallStrategy;
  /**
   * Where the run's memory lives (`pnpm eval --backend pg`): opened on the run's folder
   * after its seed files are written; omit for the folder itself (the file system backend).
   */
  storeBackend?: EvalStoreBackend;
  /**
   * 1-based epoch of the run (default 1): one independent sample of the cell, replayed from or
   * recorded to its own file (`<id>.epoch-<n>.json` for n >= 2).
   */
  epoch?: number;
  /** Record mode: the run's spending cap (`--max-usd`), shared by every scenario run. */
  budget?: RecordBudget;
};

/**
 * A store backend for eval runs: `open` takes the run's folder (seed files written), moves it into
 * the backend and returns the store the stages use, and `mirror`, which writes the store back into
 * the folder so the graders (which read files) see what the backend holds.
 */
export type EvalStoreBackend = {
  /** Its name in reports, e.g. `pg`. */
  name: string;
  /** `layout` is the scenario's folder layout (`subject` or `fact`), given to the store it opens. */
  open(
    root: string,
    layout: StoreLayout,
  ): Promise<{ store: MemoryStore; mirror: () => Promise<void> }>;
};

/** One model call, priced. */
export type CallCost = {
  /** 1-based session number, or "question" for the final question. */
  session: number | "question";
  /** The stage that made the call, or `judging` for the judge's call (`expect.answer.judge`). */
  stage: Stage | "judging";
  /** The runner's step label, e.g. `session 3: consolidate topics/tools.md`. */
  step: string;
  model: string;
  usage: ModelUsage;
  /** USD, from core's price table. */
  usd: number;
};

/** What one `write` or `consolidate` stage of a session returned, kept for reports. */
export type StageResult =
  | { session: number; stage: "write"; result: WritePassResult }
  | { session: number; stage: "consolidate"; result: ConsolidateAllResult }
  /** A fact-layout `consolidate` stage: `consolidateFacts` (file-count trigger). */
  | { session: number; stage: "consolidate-facts"; result: ConsolidateFactsResult };

/** The memory tool calls (`memory_read`, `memory_write`) of one `chat()` reply, kept for reports. */
export type ChatToolCalls = {
  /** 1-based session number, or "question" for the final question. */
  session: number | "question";
  toolCalls: ToolCall[];
};

/** The result of one scenario run on one model with one extraction prompt. */
export type ScenarioResult = {
  scenarioId: string;
  model: string;
  extractionPrompt: string;
  pass: boolean;
  checks: GradeResult[];
  /** The final answer text ("" when the scenario has no question). */
  answer: string;
  /** The memory folder at the end: path -> text (MEMORY.md and .memfiles excluded). */
  files: Record<string, string>;
  calls: CallCost[];
  /** What each `write` and `consolidate` stage returned, in order (applied and refused proposals, rewrites, fact merges). */
  stages: StageResult[];
  /** The memory tool calls of every `chat()` reply that made any, in order. */
  toolCalls: ChatToolCalls[];
  /** Of the recording replayed or written; empty when the run replayed or wrote none. */
  provenance: Provenance[];
  /** A broken run (missing recording, thrown error) — reported apart from failed grades. */
  error?: { name: string; message: string };
  /** Wall time of the run in ms. */
  durationMs: number;
  /** The recording file used (replay) or written (record, author). */
  recordingFile?: string;
  /** 1-based epoch of the run; absent for epoch 1. */
  epoch?: number;
  /** The recording's `note` (what an authored epoch reproduces, e.g. a slip a real model makes). */
  recordingNote?: string;
  /**
   * The scenario's `minPassRate` (absent: every epoch must pass), for the cell's verdict in the
   * report.
   */
  minPassRate?: number;
  /**
   * Cached prefixes shorter than the model's minimum cacheable length, as `chat()` reported them
   * (distinct by breakpoint): those prefixes are paid in full on every request.
   */
  cacheWarnings?: CacheWarning[];
  /**
   * Recall of the final question (absent without a question): the strategy, the estimated tokens
   * of the chat request's system prompt (`estimateTokens` with the run's model) and of the
   * memory files side-query recall added after the cache breakpoints (0 with `index`).
   */
  recall?: { strategy: RecallStrategy; systemTokens: number; recalledTokens: number };
};
