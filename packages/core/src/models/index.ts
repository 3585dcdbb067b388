/**
 * The Claude models memfiles knows by name, and what differs between them for this library: the
 * tokenizer, the minimum cacheable prompt, and which request features each one accepts.
 *
 * Every row names the page it was read from (read 2026-11-30 through the stored copies of the
 * Claude docs; `docs/decisions/0012-request-shapes-every-model-accepts.md` lists what each page
 * confirmed or contradicted). Where a fact comes only from a third-party page, the row's `notes`
 * say so.
 */

export { apiErrorOf } from "./api-error.js";

/** Model ids used by the evals, the A/B and the examples. */
export const MODELS = {
  /** Claude Haiku 5.5 (released 2026-10-07): the current Haiku, the cheap model for the write pass. */
  haiku: "claude-haiku-5-5",
  /** Claude Sonnet 5.5 (released 2026-09-28). */
  sonnet: "claude-sonnet-5-5",
  /** Claude Opus 5.5 (released 2026-09-22): the current Opus. */
  opus: "claude-opus-5-5",
  /** Claude Haiku 4.5 (released 2025-10-01): legacy, still active; the A/B's optional arm. */
  haiku45: "claude-haiku-4-5",
} as const;

/**
 * Tokenizer classes. `claude-4` is the older one (Claude Haiku 4.5); `claude-4-7` is the newer one
 * every model from Claude 4.7 on uses: "the same text counts as approximately 30% more tokens than
 * on Claude Haiku 4.5" (Claude Haiku 5.5 overview).
 */
export const TOKENIZERS = {
  "claude-4": { tokens: 1, chars: 4 },
  // 13 tokens per 40 chars = 1.3 x (1 per 4): the overview's ~30% more tokens for the same text.
  "claude-4-7": { tokens: 13, chars: 40 },
} as const;

export type Tokenizer = keyof typeof TOKENIZERS;

/** The `effort` levels of the Messages API (`output_config.effort`, `@anthropic-ai/sdk` 1.14). */
export type Effort = "low" | "medium" | "high" | "xhigh" | "max";

/**
 * What the API does with `tool_choice: { type: "any" | "tool" }`: `accepted`; `accepted_without_thinking`
 * (the call is made but thinking is skipped); `rejected` (400).
 */
export type ForcedToolChoice = "accepted" | "accepted_without_thinking" | "rejected";

/** One row of the model table. */
export type ModelInfo = {
  id: string;
  name: string;
  /** ISO date of the release. */
  released: string;
  status: "current" | "legacy";
  tokenizer: Tokenizer;
  /** Minimum cacheable prompt, tokens: a shorter cached prefix is not cached at all. */
  minCacheableTokens: number;
  forcedToolChoice: ForcedToolChoice;
  /** Whether `thinking: { type: "disabled" }` is accepted. */
  disableThinking: boolean;
  /** Whether non-default `temperature` / `top_p` / `top_k` are accepted. */
  samplingParameters: boolean;
  /** Whether a request may end with an assistant turn (prefill). */
  prefill: boolean;
  /** The API's effort when none is sent; `null` when the model has no effort parameter. */
  defaultEffort: Effort | null;
  /** Whether a replayed thinking block is bound to its prefix (400 when system, tools or earlier messages changed). */
  thinkingBoundToPrefix: boolean;
  /** The page the row was read from. */
  source: string;
  notes?: string;
};

const DOCS = "https://platform.claude.com/docs/en";

/**
 * Every current model and the legacy ones people still run, newest family first.
 *
 * @example MODEL_TABLE.find((row) => row.id === "claude-sonnet-5-5")?.forcedToolChoice // "rejected"
 */
export const MODEL_TABLE: readonly ModelInfo[] = Object.freeze([
  {
    id: "claude-fable-5-2",
    name: "Claude Fable 5.2",
    released: "2026-11-09",
    status: "current",
    tokenizer: "claude-4-7",
    minCacheableTokens: 512,
    forcedToolChoice: "rejected",
    disableThinking: false,
    samplingParameters: false,
    prefill: false,
    defaultEffort: "high",
    thinkingBoundToPrefix: true,
    source: `${DOCS}/models/fable-5-2/migration-guide`,
    notes:
      "Not on the stored models overview (it lists Fable 5.1 as the current Fable). Release date, " +
      "no forced tool use, no sampling parameters and always-on thinking from @ai-sdk/anthropic 2.0.114 " +
      "(vercel/ai release notes) and runware.ai; the 512-token cache minimum is assumed from Fable 5.1.",
  },
  {
    id: "claude-fable-5-1",
    name: "Claude Fable 5.1",
    released: "2026-09-01",
    status: "current",
    tokenizer: "claude-4-7",
    minCacheableTokens: 512,
    forcedToolChoice: "rejected",
    disableThinking: false,
    samplingParameters: false,
    prefill: false,
    defaultEffort: "high",
    thinkingBoundToPrefix: true,
    source: `${DOCS}/models/fable-5-1/overview`,
    notes: "512-token cache minimum carried over from Fable 5 (litellm discussion #39163).",
  },
  {
    id: "claude-opus-5-5",
    name: "Claude Opus 5.5",
    released: "2026-09-22",
    status: "current",
    tokenizer: "claude-4-7",
    minCacheableTokens: 512,
    forcedToolChoice: "rejected",
    disableThinking: false,
    samplingParameters: false,
    prefill: false,
    defaultEffort: "medium",
    thinkingBoundToPrefix: true,
    source: `${DOCS}/models/opus-5-5/overview`,
  },
  {
    id: "claude-sonnet-5-5",
    name: "Claude Sonnet 5.5",
    released: "2026-09-28",
    status: "current",
    tokenizer: "claude-4-7",
    minCacheableTokens: 512,
    forcedToolChoice: "rejected",
    // thinking.type accepts adaptive and between_tools, not disabled (What's new in Sonnet 5.5).
    disableThinking: false,
    samplingParameters: false,
    prefill: false,
    defaultEffort: "high",
    thinkingBoundToPrefix: true,
    source: `${DOCS}/models/sonnet-5-5/whats-new-sonnet-5-5`,
  },
  {
    id: "claude-haiku-5-5",
    name: "Claude Haiku 5.5",
    released: "2026-10-07",
    status: "current",
    tokenizer: "claude-4-7",
    minCacheableTokens: 512,
    forcedToolChoice: "accepted_without_thinking",
    disableThinking: true,
    samplingParameters: false,
    prefill: false,
    defaultEffort: "medium",
    thinkingBoundToPrefix: true,
    source: `${DOCS}/models/haiku-5-5/overview`,
    notes:
      "Forced tool choice accepted but thinking skipped: from the issue, not found on a stored page. " +
      "The 512-token minimum, the 400 on sampling parameters and prefill from the migration guide as " +
      "summarized by apidog.com (Haiku 5.5 vs 4.5).",
  },
  {
    id: "claude-opus-5",
    name: "Claude Opus 5",
    released: "2026-07-24",
    status: "legacy",
    tokenizer: "claude-4-7",
    minCacheableTokens: 512,
    // Forced tool use returning an error is one of Opus 5.5's breaking changes from Opus 5.
    forcedToolChoice: "accepted",
    // Thinking can be disabled only at effort high or lower (Opus 5 overview).
    disableThinking: true,
    samplingParameters: false,
    prefill: false,
    defaultEffort: "high",
    thinkingBoundToPrefix: false,
    source: `${DOCS}/models/opus-5/overview`,
    notes:
      "Sampling parameters and prefill assumed refused as on Sonnet 5 (not stated on the page).",
  },
  {
    id: "claude-sonnet-5",
    name: "Claude Sonnet 5",
    released: "2026-06-30",
    status: "legacy",
    tokenizer: "claude-4-7",
    minCacheableTokens: 1024,
    // Forced tool use returning an error is one of Sonnet 5.5's breaking changes from Sonnet 5.
    forcedToolChoice: "accepted",
    disableThinking: true,
    // Non-default temperature / top_p / top_k return a 400 (Sonnet 5 overview).
    samplingParameters: false,
    prefill: false,
    defaultEffort: "high",
    thinkingBoundToPrefix: false,
    source: `${DOCS}/models/sonnet-5/overview`,
  },
  {
    id: "claude-haiku-4-5",
    name: "Claude Haiku 4.5",
    released: "2025-10-01",
    status: "legacy",
    tokenizer: "claude-4",
    minCacheableTokens: 4096,
    forcedToolChoice: "accepted",
    disableThinking: true,
    samplingParameters: true,
    prefill: true,
    defaultEffort: null,
    thinkingBoundToPrefix: false,
    source: `${DOCS}/build-with-claude/prompt-caching`,
    notes:
      "Effort 'Not supported' (models overview); extended thinking with a budget, off by default.",
  },
]);

/** The table row of a model id (a dated `-YYYYMMDD` suffix accepted), or `undefined`. */
export function modelInfo(model: string): ModelInfo | undefined {
  const undated = model.replace(/-\d{8}$/, "");
  return MODEL_TABLE.find((row) => row.id === model || row.id === undated);
}

/**
 * Whether to send a forced `tool_choice` (`{ type: "tool", name }`) to a model: only where the
 * table says the API accepts it with thinking intact. An allow-list, so an unknown id (the next
 * release) gets `auto` and no 400; Claude Haiku 5.5 too, since a forced call skips its thinking.
 * With `auto` the prompt says the call is required (decision 0012, correcting 0001).
 *
 * @example supportsForcedToolChoice("claude-haiku-4-5") // true
 */
export function supportsForcedToolChoice(model: string): boolean {
  return modelInfo(model)?.forcedToolChoice === "accepted";
}

/**
 * The `{ output_config: { effort } }` fragment to spread into a request, or `{}` for a model
 * without the effort parameter (Claude Haiku 4.5; unknown ids get it). The effort page
 * (https://platform.claude.com/docs/en/build-with-claude/effort) lists every 5.x model.
 *
 * @example effortParameter("claude-opus-5-5", "low") // { output_config: { effort: "low" } }
 */
export function effortParameter(
  model: string,
  effort: Effort,
): { output_config?: { effort: Effort } } {
  const info = modelInfo(model);
  if (info !== undefined && info.defaultEffort === null) return {};
  return { output_config: { effort } };
}

/**
 * The tokens-per-chars ratio of a model's tokenizer: 1 per 4 for Claude Haiku 4.5, 13 per 40 for
 * the newer one of every model since Claude 4.7 (also for `undefined` and unknown ids).
 */
export function tokenizerRatio(model?: string): { tokens: number; chars: number } {
  const tokenizer = (model === undefined ? undefined : modelInfo(model)?.tokenizer) ?? "claude-4-7";
  return TOKENIZERS[tokenizer];
}
