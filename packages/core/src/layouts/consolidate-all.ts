import type { ConsolidateAllOptions, ConsolidateAllResult } from "./layout.js";
import { layoutOf } from "./layout-of.js";

/**
 * Consolidates a memory folder in its layout's way: subject, rewrites every file past `threshold`
 * chars (default 6,000, the seed design's; `consolidateLongFiles`); fact, merges fact files once
 * the folder holds `mergeThreshold` (default 10; `consolidateFacts`).
 *
 * @param options - `{ store, client, model, threshold?, mergeThreshold?, prompt?, now?, ... }`.
 * @returns `{ results, usage, merges? }` (see `ConsolidateAllResult`); usage in tokens.
 * @throws {Anthropic.APIError} when a request fails (work done before keeps its result on disk).
 * @throws {ModelReplyError} when a reply has no usable tool call.
 * @example const { results, merges } = await consolidateAll({ store, client, model: "claude-haiku-5-5" });
 */
export function consolidateAll(options: ConsolidateAllOptions): Promise<ConsolidateAllResult> {
  return layoutOf(options.store).consolidateAll(options);
}
