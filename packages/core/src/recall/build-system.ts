import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { type CacheWarning, checkCachedPrefix, estimateTokens } from "../cost/cache-minimum.js";
import { type MemoryBlockRenderOptions, renderMemoryBlock } from "./memory-block.js";

export {
  ALWAYS_LOADED,
  DEFAULT_MAX_DESCRIPTION_CHARS,
  DEFAULT_PREFILTER_ABOVE_TOKENS,
  MAX_INLINED_CHARS,
  renderMemoryBlock,
} from "./memory-block.js";

/** Options of `buildSystem`. */
export type BuildSystemOptions = MemoryBlockRenderOptions & {
  /** The application's own system prompt; first in the stable prefix. */
  basePrompt: string;
  /** The memory rules; defaults to the `memory-rules` prompt from `@memfiles/prompts`. */
  rules?: string;
  /** Cache lifetime of both cache breakpoints (default the API's `5m`). */
  cacheTtl?: "5m" | "1h";
  /** When given with `onWarning`, each cached prefix is checked against the model's minimum. */
  model?: string;
  /** Called with a warning per cache breakpoint whose prefix is too short to be cached. */
  onWarning?: (warning: CacheWarning) => void;
  /** Overrides of the minimum cacheable lengths, tokens (see `MIN_CACHEABLE_TOKENS`). */
  minimums?: Record<string, number>;
};

/**
 * Builds the system prompt: the stable prefix (base prompt, memory rules) with a cache breakpoint,
 * then the memory block (index of every file, full `profile.md` and `preferences.md`) fenced and
 * labelled as data the user stated, with a second cache breakpoint (seed design, recall). The
 * output is byte-identical while the folder is unchanged.
 *
 * Size budget: each description in the index is cut to `maxDescriptionChars` (default 300 chars,
 * `…` marking the cut; the file keeps its full description). When the folder has more than
 * `prefilterAbove` files (default 300), or the full index is estimated above
 * `prefilterAboveTokens` (default 12,000 tokens: twice the seed design's ~20 tokens a line, over
 * 300 files), a lexical pre-filter (minisearch over name, path, description) queried with
 * `query` keeps the best `prefilterKeep` index lines; profile and preferences always stay (the
 * block then varies with the query, so the memory-block cache hits only for repeated queries; the
 * stable prefix still hits). `profile.md` and `preferences.md` are loaded in full up to
 * `MAX_INLINED_CHARS` (12,000 chars, the store's cap); past it they are cut, with a marker. Bidi control characters in memory text are shown as `\u202E`-style
 * escapes, so they cannot reorder how the memory displays.
 *
 * Token figures (index budget, cache warning) are estimated from chars with the model's tokenizer
 * class (`estimateTokens`; the index budget with the newer tokenizer, ~3.08 chars a token); tools sent with the request come before the system prompt and are not
 * counted, so the cache check errs on the side of warning.
 *
 * @param options - `{ store, basePrompt, rules?, query?, prefilterAbove?, prefilterAboveTokens?,
 *   prefilterKeep?, maxDescriptionChars?, cacheTtl?, model?, onWarning?, minimums? }`:
 *   `prefilterAbove` in files (default 300), `prefilterAboveTokens` in estimated tokens of the
 *   index (default 12,000), `prefilterKeep` in index lines (default 30), `maxDescriptionChars` in
 *   chars (default 300), `cacheTtl` `"5m"` (default) or `"1h"`, `minimums` in tokens per model.
 * @returns `TextBlockParam[]`: base prompt, rules (cache breakpoint), memory block (cache breakpoint).
 * @throws {MemoryPathError} when `profile.md` or `preferences.md` is a link that resolves outside
 *   the folder; file-system errors (such as `EACCES`) from listing or reading pass through.
 * @throws {UnknownModelError} when `model` and `onWarning` are given and the model has no minimum
 *   cacheable length (in `MIN_CACHEABLE_TOKENS` or `minimums`).
 * @example
 * const system = await buildSystem({ store, basePrompt: "You are a helpful assistant." });
 * await client.messages.create({ model, max_tokens: 1024, system, messages });
 */
export async function buildSystem(
  options: BuildSystemOptions,
): Promise<Anthropic.TextBlockParam[]> {
  const rules = options.rules ?? getPrompt("memory-rules").text;
  const cacheControl: Anthropic.CacheControlEphemeral =
    options.cacheTtl === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
  const memoryBlock = await renderMemoryBlock(options);
  const system: Anthropic.TextBlockParam[] = [
    { type: "text", text: options.basePrompt },
    { type: "text", text: rules, cache_control: cacheControl },
    { type: "text", text: memoryBlock, cache_control: cacheControl },
  ];
  if (options.model !== undefined && options.onWarning !== undefined) {
    const { model } = options;
    const stableTokens = estimateTokens(options.basePrompt, model) + estimateTokens(rules, model);
    const checks = [
      { breakpoint: "stable_prefix", tokens: stableTokens },
      { breakpoint: "memory_block", tokens: stableTokens + estimateTokens(memoryBlock, model) },
    ];
    for (const check of checks) {
      const warning = checkCachedPrefix({
        model: options.model,
        ...check,
        ...(options.minimums === undefined ? {} : { minimums: options.minimums }),
      });
      if (warning !== undefined) options.onWarning(warning);
    }
  }
  return system;
}
