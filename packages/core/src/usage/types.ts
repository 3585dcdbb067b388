import type { ModelUsage, UsageModifiers, UsageWarning } from "../cost/usage.js";

/**
 * The stages a model call can belong to, as reports group them (`recall`: the side query that
 * picks files). The usage log's schema reads this list, so every stage that reports usage is logged.
 */
export const STAGES = ["write", "consolidate", "chat", "recall"] as const;

/** The stage a model call belongs to (one of `STAGES`). */
export type Stage = (typeof STAGES)[number];

/**
 * One model call's usage, as passed to an `onUsage` callback and appended (one JSON object a line)
 * to the usage log when it is on.
 */
export type UsageRecord = {
  /** Session id given by the caller; absent when none was given. */
  sessionId?: string;
  stage: Stage;
  /** Model id as sent in the request. */
  model: string;
  usage: ModelUsage;
  /** When the call ended, ISO 8601 (from the injected clock); picks the price row in force. */
  date: string;
  /** Price modifiers the response's `usage` reported (batch, `inference_geo`, fast mode); absent when none. */
  modifiers?: UsageModifiers;
  /** Where the response's `usage` contradicted itself (an incomplete cache breakdown); absent when none. */
  warnings?: UsageWarning[];
};

/** A model call about to be made: its stage, and the memory path it is about (consolidation). */
export type Step = { stage: Stage; path?: string };

/**
 * Callback the stages call right before each model call (`onStep`), so a caller can label or
 * trace requests without wrapping the store.
 */
export type OnStep = (step: Step) => void;

/** Callback every model-calling function accepts as `onUsage`; awaited before the function returns. */
export type OnUsage = (record: UsageRecord) => void | Promise<void>;
