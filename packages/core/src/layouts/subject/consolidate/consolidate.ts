import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { checkCachedPrefix, estimateTokens } from "../../../cost/cache-minimum.js";
import { type ModelUsage, readUsage, sumUsage, ZERO_USAGE } from "../../../cost/usage.js";
import { dateTag } from "../../../format/dated-line.js";
import { editMemoryText, type MemoryFile, safeParseMemoryFile } from "../../../format/index.js";
import { type Effort, effortParameter, supportsForcedToolChoice } from "../../../models/index.js";
import { neutralizeFence, withLineFeeds } from "../../../recall/fence.js";
import { MEMORY_INDEX_FILE } from "../../../store/memory-path.js";
import {
  ModelReplyError,
  parseToolReply,
  type ToolReplyProblem,
} from "../../../tool-reply/index.js";
import { reportUsage } from "../../../usage/report-usage.js";
import type { ConsolidateFailureCode } from "../../../write/consolidation-outcome.js";
import type {
  ConsolidateLongFilesOptions,
  ConsolidateLongFilesResult,
  ConsolidateOptions,
  ConsolidatePrompt,
  ConsolidateResult,
} from "../../../write/consolidation-result.js";
import { accountForLines } from "./account-for-lines.js";
import { checkRewrite } from "./check-rewrite.js";
import { commitFile } from "./git-commit.js";
import {
  type DroppedLine,
  SAVE_CONSOLIDATED_FILE,
  SAVE_TOOL_V1,
  SAVE_TOOL_V2,
  SaveConsolidatedFileInputSchema,
  SaveConsolidatedFileInputV1Schema,
} from "./save-tool.js";

/**
 * Default effort of consolidation: `"high"`. A rewrite must account for every fact it drops
 * (duplicate, superseded, expired) or code refuses the whole file, so a careless pass costs a
 * retry; it runs rarely (a file over 6,000 chars, or on schedule), so the extra thinking is cheap
 * in total.
 */
export const CONSOLIDATE_EFFORT: Effort = "high";

export type { ConsolidateFailureCode } from "../../../write/consolidation-outcome.js";
export type {
  ConsolidateLongFilesOptions,
  ConsolidateLongFilesResult,
  ConsolidateOptions,
  ConsolidatePrompt,
  ConsolidateResult,
  ConsolidateStore,
} from "../../../write/consolidation-result.js";

type ToolVersion = 1 | 2;

function resolvePrompt(prompt: ConsolidatePrompt | undefined): {
  text: string;
  tool: ToolVersion;
} {
  const { text, version } = prompt ?? getPrompt("consolidation");
  return { text, tool: version === 1 ? 1 : 2 };
}

/** How many times a consolidation whose file changed during the model call is made again. */
export const MAX_CONSOLIDATE_RETRIES = 2;

const REPLY_HINTS: Record<ToolReplyProblem, string> = {
  no_tool_call: "Retry, or raise maxTokens if the reply was cut off.",
  several_tool_calls: "The consolidation prompt asks for one call; check the prompt version.",
  invalid_tool_input: "Retry; if it recurs, check that the prompt version matches the tool.",
};

/**
 * The new file from the reply: the save tool's input (validated), else the reply's text without a
 * code fence (a model that may not be forced to call the tool can answer in text).
 */
function readReply(
  message: Anthropic.Message,
  tool: ToolVersion,
  path: string,
): { content: string; dropped?: DroppedLine[] } {
  const parsed =
    tool === 1
      ? parseToolReply(message, {
          name: SAVE_CONSOLIDATED_FILE,
          schema: SaveConsolidatedFileInputV1Schema,
        })
      : parseToolReply(message, {
          name: SAVE_CONSOLIDATED_FILE,
          schema: SaveConsolidatedFileInputSchema,
        });
  if (parsed.success) return parsed.value;
  const text = message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("")
    .trim();
  if (parsed.code === "no_tool_call" && text !== "") {
    const fenced = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(text);
    return { content: fenced?.[1] ?? text };
  }
  throw ModelReplyError.of(parsed, {
    stage: "consolidate",
    tool: SAVE_CONSOLIDATED_FILE,
    message,
    hint: REPLY_HINTS[parsed.code],
    outcome: `${path} is unchanged.`,
  });
}

/**
 * The rewrite's body under the input's own header, byte for byte but for `updated:`, which takes
 * the rewrite's value (see `editMemoryText`): a description a person wrote is never overwritten by
 * a consolidation, and a header memfiles reads leniently is never rewritten strictly. The body
 * takes the input's line breaks. A rewrite without a clean YAML header, an input without a
 * header, or a text that cannot be parsed is left as it is, for `checkRewrite` to judge.
 */
function keepInputHeader(path: string, before: string, rewrite: string): string {
  const input = safeParseMemoryFile(before, { path });
  const output = safeParseMemoryFile(rewrite, { path });
  if (!input.success || !output.success || input.value.headerStyle === "none") return rewrite;
  const notYaml = (file: MemoryFile) =>
    file.problems.some((problem) => problem.code === "header_not_yaml");
  // A hand-written header that is not YAML is kept whatever the model wrote in its place.
  if (!notYaml(input.value) && (output.value.headerStyle === "none" || notYaml(output.value))) {
    return rewrite;
  }
  const lineCount = before.split(/(?<=\n)/).length;
  const body = new Set<number>();
  for (let line = input.value.lineMap.bodyLine; line <= lineCount; line++) body.add(line);
  const updated = output.value.header.updated;
  const header = editMemoryText(before, input.value, {
    remove: body,
    ...(updated === undefined ? {} : { updated }),
  });
  const eol = header.includes("\r\n") ? "\r\n" : "\n";
  const rewriteBody = rewrite
    .replace(/^\uFEFF/, "")
    .split(/(?<=\n)/)
    .slice(output.value.lineMap.bodyLine - 1)
    .join("")
    .replace(/\r?\n/g, eol);
  return (header === "" || header.endsWith("\n") ? header : header + eol) + rewriteBody;
}

function withFinalNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/**
 * Asks the model to rewrite one memory file shorter (merge duplicates, resolve contradictions to
 * the newest dated line, drop what expired) and writes the rewrite only if code accepts it (seed
 * design; decision 0008: `accountForLines`, `checkRewrite`); a refused rewrite leaves the file
 * untouched and says why. A file changed during the call is rewritten again on its new text, up to
 * `MAX_CONSOLIDATE_RETRIES` times. In a git repository, an accepted rewrite is one commit.
 *
 * @param options - `{ store, path, client, model, prompt?, now?, maxTokens?, onUsage?, sessionId? }`:
 *   `prompt` defaults to the latest `consolidation`; `maxTokens` in tokens (default 16,000).
 * @returns `{ ok: true, code, path, changed, before, after, version, dropped, git, usage }` or
 *   `{ ok: false, path, code, message, problems, rewrite?, dropped, usage }`; sizes in chars,
 *   usage in tokens, `dropped` as `[{ line, reason, by }]`.
 * @throws {Anthropic.APIError} when the request fails.
 * @throws {ModelReplyShapeError} when a 200 reply has no usable `usage`.
 * @throws {ModelReplyError} when the reply holds no usable call; the file is unchanged.
 * @throws {MemoryPathError} when `path` is not an allowed memory path.
 * @throws {MemoryLockError} when the store lock cannot be taken for the write.
 * @example
 * const result = await consolidate({ store, path: "topics/tools.md", client, model: "claude-haiku-5-5" });
 * if (!result.ok) console.warn(result.code, result.message);
 */
export async function consolidate(options: ConsolidateOptions): Promise<ConsolidateResult> {
  // A writer that changed the file during the model call wins; the rewrite is made again on the
  // new text, a bounded number of times (steady writers would otherwise starve consolidation).
  let usage = ZERO_USAGE;
  for (let attempt = 0; ; attempt++) {
    const result = await consolidateOnce(options);
    usage = sumUsage(usage, result.usage);
    if (result.ok || result.code !== "version_conflict" || attempt >= MAX_CONSOLIDATE_RETRIES) {
      return { ...result, usage };
    }
  }
}

async function consolidateOnce(options: ConsolidateOptions): Promise<ConsolidateResult> {
  const built = await buildConsolidateRequest(options);
  if (!built.ok) return built.result;
  options.onStep?.({ stage: "consolidate", path: options.path });
  const message = await options.client.messages.create(built.params);
  return applyConsolidateReply(options, built.request, message);
}

/** The cache breakpoint after consolidation's stable prefix (tool, then consolidation prompt). */
export const CONSOLIDATE_PREFIX_BREAKPOINT = "consolidate_prefix";

/**
 * The file a consolidation request was built from: what `applyConsolidateReply` checks the reply
 * against and writes over (only if the file still has this version token).
 */
export type ConsolidateRequestBase = {
  path: string;
  /** The file's text when the request was built. */
  before: string;
  /** Its version token then (see `store.read`). */
  version: string;
};

/** Result of {@link buildConsolidateRequest}: the request, or why there is none (no model call). */
export type BuiltConsolidateRequest =
  | {
      ok: true;
      params: Anthropic.MessageCreateParamsNonStreaming;
      request: ConsolidateRequestBase;
    }
  | { ok: false; result: Extract<ConsolidateResult, { ok: false }> };

/**
 * Builds the Messages API request of one consolidation (what `consolidate` sends and a batch
 * entry carries): the save tool and the prompt as a cached system block, then the file in the user
 * message. Reads the file once; warns through `onWarning` when the prefix is estimated below the
 * model's minimum cacheable length ({@link CONSOLIDATE_PREFIX_BREAKPOINT}).
 *
 * @returns `{ ok: true, params, request: { path, before, version } }`, or `{ ok: false, result }`
 *   (`missing_file`, `not_text`).
 * @throws {MemoryPathError} when `path` is not an allowed memory path.
 */
export async function buildConsolidateRequest(
  options: ConsolidateOptions,
): Promise<BuiltConsolidateRequest> {
  const { store, path } = options;
  const now = options.now ?? new Date();
  const current = await store.read(path);
  if (!current.exists) {
    return {
      ok: false,
      result: refused(
        path,
        "missing_file",
        `Cannot consolidate ${path}: no such file in ${store.root}.`,
        ZERO_USAGE,
      ),
    };
  }
  if (current.notText !== undefined) {
    return {
      ok: false,
      result: refused(
        path,
        "not_text",
        `Cannot consolidate ${path}: ${current.notText}.`,
        ZERO_USAGE,
      ),
    };
  }
  const before = current.content;
  // Shown as every model request shows a memory file: LF line breaks, whatever the editor saved.
  const shown = withLineFeeds(before);
  const prompt = resolvePrompt(options.prompt);
  const tool = prompt.tool === 1 ? SAVE_TOOL_V1 : SAVE_TOOL_V2;
  const ask =
    prompt.tool === 1
      ? `Call ${tool.name} once with the whole new file.`
      : `Call ${tool.name} once with the whole new file and every input line you leave out.`;
  const forced = supportsForcedToolChoice(options.model);
  if (options.onWarning !== undefined) {
    const warning = checkCachedPrefix({
      model: options.model,
      breakpoint: CONSOLIDATE_PREFIX_BREAKPOINT,
      tokens: estimateTokens(JSON.stringify(tool) + prompt.text, options.model),
    });
    if (warning !== undefined) options.onWarning(warning);
  }
  const params: Anthropic.MessageCreateParamsNonStreaming = {
    model: options.model,
    max_tokens: options.maxTokens ?? 16_000,
    // Stable prefix first (tool, prompt) with a cache breakpoint; the file to rewrite after it.
    system: [{ type: "text", text: prompt.text, cache_control: { type: "ephemeral" } }],
    tools: [tool],
    tool_choice: forced ? { type: "tool", name: tool.name } : { type: "auto" },
    ...effortParameter(options.model, options.effort ?? CONSOLIDATE_EFFORT),
    messages: [
      {
        role: "user",
        content:
          `Today is ${dateTag(now, options.timeZone)}. Consolidate the memory file ${path} (${shown.length} chars). ` +
          `${ask}\n\n` +
          `<memory_file path="${neutralizeFence(path)}">\n${neutralizeFence(shown)}</memory_file>`,
      },
    ],
  };
  return { ok: true, params, request: { path, before, version: current.version } };
}

/**
 * Applies the reply to a consolidation request ({@link buildConsolidateRequest}) with every check
 * of `consolidate`, without a model call or retry: reports usage (stage `consolidate`, at the
 * reply's service tier), and writes (and commits) the rewrite only if the file still has
 * `request.version`, else refuses it `version_conflict`.
 *
 * @throws {ModelReplyError} when the reply holds no new file; nothing is written.
 * @throws {ModelReplyShapeError} when the reply has no usable `usage`.
 * @throws {MemoryLockError} when the store lock cannot be taken for the write.
 */
export async function applyConsolidateReply(
  options: ConsolidateOptions,
  request: ConsolidateRequestBase,
  message: Anthropic.Message,
): Promise<ConsolidateResult> {
  const { store } = options;
  const { path, before } = request;
  const now = options.now ?? new Date();
  const prompt = resolvePrompt(options.prompt);
  const read = readUsage(message.usage);
  const { usage } = read;
  await reportUsage(options.onUsage, {
    sessionId: options.sessionId,
    stage: "consolidate",
    model: options.model,
    read,
    now,
  });

  const reply = readReply(message, prompt.tool, path);
  const after = keepInputHeader(path, before, withFinalNewline(reply.content));
  const accounting = accountForLines({
    path,
    before,
    after,
    dropped: reply.dropped,
    today: dateTag(now, options.timeZone),
  });
  const { dropped } = accounting;
  const problems = [...checkRewrite({ path, before, after }), ...accounting.problems];
  const [first] = problems;
  if (first !== undefined) {
    return {
      ok: false,
      path,
      code: first.code,
      message: first.message,
      problems,
      rewrite: after,
      dropped,
      usage,
    };
  }
  if (after === before) {
    return {
      ok: true,
      code: "unchanged",
      path,
      changed: false,
      before: before.length,
      after: after.length,
      version: request.version,
      dropped,
      git: { committed: false, reason: "unchanged" },
      usage,
    };
  }
  // Write and commit under one lock, so a concurrent remember cannot slip into this commit.
  const outcome = await store.withLock(async () => {
    const written = await store.write(path, after, request.version);
    if (!written.ok) return written;
    const message = `consolidate ${path}: ${before.length} -> ${after.length} chars`;
    return { ...written, git: await commitFile(store.root, [path, MEMORY_INDEX_FILE], message) };
  });
  if (!outcome.ok) {
    return {
      ...refused(path, outcome.code, outcome.message, usage),
      rewrite: after,
      dropped,
    };
  }
  const { git, version } = outcome;
  return {
    ok: true,
    code: "consolidated",
    path,
    changed: true,
    before: before.length,
    after: after.length,
    version,
    dropped,
    git,
    usage,
  };
}

function refused(
  path: string,
  code: ConsolidateFailureCode,
  message: string,
  usage: ModelUsage,
): Extract<ConsolidateResult, { ok: false }> {
  return { ok: false, path, code, message, problems: [], dropped: [], usage };
}

/**
 * The subject layout's consolidation: `consolidate` on every file longer than `threshold` chars
 * (default 6,000, the seed design's), one after another; a refused rewrite does not stop the rest.
 *
 * @returns `{ results, usage }`: a result per file, in path order, and the summed tokens.
 * @throws {Anthropic.APIError} when a request fails (files done before keep their result).
 * @throws {ModelReplyShapeError} when a 200 reply has no usable `usage`.
 * @throws {MemoryLockError} when the store lock cannot be taken for a write.
 */
export async function consolidateLongFiles(
  options: ConsolidateLongFilesOptions,
): Promise<ConsolidateLongFilesResult> {
  const { threshold = 6000, ...rest } = options;
  const rows = (await options.store.list())
    .filter((row) => row.chars > threshold && row.path !== "MEMORY.md")
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const results: ConsolidateResult[] = [];
  for (const row of rows) {
    results.push(await consolidate({ ...rest, path: row.path }));
  }
  return { results, usage: sumUsage(...results.map((result) => result.usage)) };
}
