import { createHash } from "node:crypto";
import { estimateTokens, minCacheableTokens, tokenizerRatio } from "@memfiles/core/internal";
import type { JsonValue } from "./normalize.js";

/**
 * The usage method written into every authored recording (`usageMethod`), word for word what
 * `estimateAuthoredUsage` does. Nothing is invented: every figure comes from the request and reply
 * text by this rule.
 */
export const AUTHORED_USAGE_METHOD =
  "Estimated, not measured: tokens = ceil(chars x tokens / chars of the model's tokenizer class) " +
  "(core's estimateTokens: 1 per 4 chars for Claude Haiku 4.5, 13 per 40 chars, ~30% more, for " +
  "the newer tokenizer of every later model). " +
  "The request is split into blocks in the API's prefix order (each tool, each system block, " +
  "each message content block; a string content is one block), each block's chars being the " +
  "length of its JSON text without cache_control. input_tokens + cache tokens = the estimate " +
  "of all blocks. At each cache breakpoint (a block with cache_control) the prefix up to and " +
  "including it is cacheable when its estimate reaches the model's minimum cacheable length " +
  "(core's MIN_CACHEABLE_TOKENS); the longest cacheable prefix already sent in this scenario " +
  "run is counted as cache read, the rest up to the last cacheable breakpoint as cache write " +
  "(5-minute, or 1-hour when that breakpoint says ttl 1h), everything else as input_tokens. " +
  "output_tokens = the estimate of the JSON text of the reply's content blocks (an Opus 5.5 " +
  "reply's empty thinking block included).";

/** The `usage` object of an authored reply, in the Messages API's shape (tokens). */
export type AuthoredUsage = {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  inference_geo: null;
  output_tokens_details: null;
  server_tool_use: null;
  service_tier: "standard";
  speed: "standard";
};

type Block = { text: string; cacheControl: JsonValue | undefined };

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return (
    value !== null && value !== undefined && typeof value === "object" && !Array.isArray(value)
  );
}

function toBlock(value: JsonValue): Block {
  if (!isObject(value)) return { text: JSON.stringify(value), cacheControl: undefined };
  const { cache_control: cacheControl, ...rest } = value;
  return { text: JSON.stringify(rest), cacheControl };
}

/** The request's blocks in the order the API builds its cache prefix: tools, system, messages. */
function prefixBlocks(body: JsonValue): Block[] {
  if (!isObject(body)) return [];
  const blocks: Block[] = [];
  if (Array.isArray(body.tools)) blocks.push(...body.tools.map(toBlock));
  if (typeof body.system === "string") blocks.push(toBlock(body.system));
  if (Array.isArray(body.system)) blocks.push(...body.system.map(toBlock));
  if (Array.isArray(body.messages)) {
    for (const message of body.messages) {
      if (!isObject(message)) continue;
      if (Array.isArray(message.content)) blocks.push(...message.content.map(toBlock));
      else if (message.content !== undefined) blocks.push(toBlock(message.content));
    }
  }
  return blocks;
}

/**
 * The prompt cache of one scenario run, as authored usage models it: the ids of the cacheable
 * prefixes sent so far.
 */
export type AuthoredCache = Set<string>;

/** Options of `estimateAuthoredUsage`. */
export type EstimateAuthoredUsageOptions = {
  /** The request body as sent. */
  request: JsonValue;
  /** The reply's content blocks as returned. */
  content: JsonValue[];
  /** Model id (for the minimum cacheable length). */
  model: string;
  /** The scenario run's cache; updated with the prefixes of this request. */
  cache: AuthoredCache;
  /** Overrides of the minimum cacheable length, tokens per model. */
  minimums?: Record<string, number>;
};

/**
 * Estimates the usage of one authored reply by `AUTHORED_USAGE_METHOD`.
 *
 * @param options - `{ request, content, model, cache, minimums? }`.
 * @returns The API-shaped `usage` (tokens).
 * @throws {UnknownModelError} (from core) when the model has no known minimum cacheable length.
 * @example
 * const cache = new Set<string>();
 * estimateAuthoredUsage({ request: body, content: [{ type: "text", text: "Use Fly.io." }], model: "claude-haiku-4-5", cache });
 */
export function estimateAuthoredUsage(options: EstimateAuthoredUsageOptions): AuthoredUsage {
  const blocks = prefixBlocks(options.request);
  const minimum = minCacheableTokens(options.model, options.minimums);
  const hash = createHash("sha256").update(options.model);
  const ratio = tokenizerRatio(options.model);
  const toTokens = (count: number) => Math.ceil((count * ratio.tokens) / ratio.chars);
  let chars = 0;
  const cacheable: { id: string; tokens: number; ttl: string | undefined }[] = [];
  for (const block of blocks) {
    chars += block.text.length;
    hash.update(`\u0000${block.text}`);
    if (block.cacheControl === undefined) continue;
    const tokens = toTokens(chars);
    if (tokens < minimum) continue;
    const ttl = isObject(block.cacheControl) ? block.cacheControl.ttl : undefined;
    cacheable.push({
      id: hash.copy().digest("hex"),
      tokens,
      ttl: typeof ttl === "string" ? ttl : undefined,
    });
  }
  const total = toTokens(chars);
  let read = 0;
  for (const prefix of cacheable) {
    if (options.cache.has(prefix.id)) read = Math.max(read, prefix.tokens);
  }
  const last = cacheable.at(-1);
  const write = last !== undefined && !options.cache.has(last.id) ? last.tokens - read : 0;
  for (const prefix of cacheable) options.cache.add(prefix.id);
  const write1h = last?.ttl === "1h" ? write : 0;
  return {
    input_tokens: total - read - write,
    output_tokens: estimateTokens(JSON.stringify(options.content), options.model),
    cache_creation_input_tokens: write,
    cache_read_input_tokens: read,
    cache_creation: {
      ephemeral_5m_input_tokens: write - write1h,
      ephemeral_1h_input_tokens: write1h,
    },
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: "standard",
    speed: "standard",
  };
}
