import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { type ModelUsage, sumUsage, toModelUsage, ZERO_USAGE } from "../cost/usage.js";
import { dateTag } from "../format/fact-line.js";
import { supportsForcedToolChoice } from "../models/index.js";
import { neutralizeFence } from "../recall/fence.js";
import { MEMORY_INDEX_FILE } from "../store/memory-path.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { WriteFailureCode } from "../store/types.js";
import type { OnUsage } from "../usage/types.js";
import { checkRewrite, type RewriteProblem, type RewriteProblemCode } from "./check-rewrite.js";
import { commitFile, type GitCommitResult } from "./git-commit.js";

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
  /** System prompt; defaults to the latest `consolidation` prompt from `@memfiles/prompts`. */
  prompt?: string;
  /** The clock for the date shown to the model and the usage record (default `new Date()`). */
  now?: Date;
  /** `max_tokens` of the request (default 16,000: room for thinking and a 12,000-char file). */
  maxTokens?: number;
  onUsage?: OnUsage;
  sessionId?: string;
};

/** Why a consolidation left the file as it was. */
export type ConsolidateFailureCode =
  | RewriteProblemCode
  | WriteFailureCode
  | "missing_file"
  | "no_output";

/** Result of `consolidate`. */
export type ConsolidateResult =
  | {
      ok: true;
      path: string;
      /** Whether the file changed (`false` when the rewrite equals the input). */
      changed: boolean;
      /** Chars before and after. */
      before: number;
      after: number;
      /** Version token of the file now. */
      version: string;
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
      usage: ModelUsage;
    };

const SAVE_TOOL: Anthropic.Tool = {
  name: "save_consolidated_file",
  description: "Save the whole consolidated file: header and every line, written out in full.",
  input_schema: {
    type: "object",
    properties: { content: { type: "string", description: "The whole new file text." } },
    required: ["content"],
  },
};

/** The new file text from the reply: the tool input, else the text blocks without a code fence. */
function extractRewrite(message: Anthropic.Message): string | undefined {
  for (const block of message.content) {
    if (block.type === "tool_use" && block.name === SAVE_TOOL.name) {
      const content = (block.input as { content?: unknown }).content;
      if (typeof content === "string") return content;
    }
  }
  const text = message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("")
    .trim();
  if (text === "") return undefined;
  const fenced = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(text);
  return fenced ? fenced[1] : text;
}

function withFinalNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/**
 * Asks the model to rewrite one memory file shorter (merge duplicates, resolve contradictions to the
 * newest dated line, combine related lines) and writes the rewrite only if code accepts it
 * (seed design, consolidate). Refused rewrites leave the file untouched and return a `code`:
 * `grew`, `invented_fact`, `dropped_date`, `undated_line`, `elided`, `unparsable` (see
 * `checkRewrite`), `no_output` (no file in the reply), `missing_file`, or from the store
 * `version_conflict` (the file changed during the model call: the write uses the version token
 * read before the call, so a concurrent `remember` survives) and `too_long`. When the memory
 * folder is the top of a git repository, an accepted rewrite is one commit named
 * `consolidate <path>: <before> -> <after> chars`.
 *
 * On models that refuse forced tool use (Opus 5.5) the save tool is offered with `tool_choice`
 * `auto` and the prompt asks for it; a plain-text reply is accepted too.
 *
 * @param options - See `ConsolidateOptions`.
 * @returns `{ ok: true, changed, before, after, version, git, usage }` or
 *   `{ ok: false, code, message, problems, rewrite?, usage }`; sizes in chars, usage in tokens.
 * @throws {Anthropic.APIError} when the request fails.
 * @example
 * const result = await consolidate({ store, path: "topics/tools.md", client, model: "claude-haiku-4-5" });
 * if (!result.ok) console.warn(result.code, result.message);
 */
export async function consolidate(options: ConsolidateOptions): Promise<ConsolidateResult> {
  const { store, path } = options;
  const now = options.now ?? new Date();
  const current = await store.read(path);
  if (!current.exists) {
    return refused(
      path,
      "missing_file",
      `Cannot consolidate ${path}: no such file in ${store.root}.`,
      ZERO_USAGE,
    );
  }
  const before = current.content;
  const forced = supportsForcedToolChoice(options.model);
  const message = await options.client.messages.create({
    model: options.model,
    max_tokens: options.maxTokens ?? 16_000,
    system: options.prompt ?? getPrompt("consolidation").text,
    tools: [SAVE_TOOL],
    tool_choice: forced ? { type: "tool", name: SAVE_TOOL.name } : { type: "auto" },
    messages: [
      {
        role: "user",
        content:
          `Today is ${dateTag(now)}. Consolidate the memory file ${path} (${before.length} chars). ` +
          `Call ${SAVE_TOOL.name} once with the whole new file.\n\n` +
          `<memory_file path="${neutralizeFence(path)}">\n${neutralizeFence(before)}</memory_file>`,
      },
    ],
  });
  const usage = toModelUsage(message.usage);
  await options.onUsage?.({
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    stage: "consolidate",
    model: options.model,
    usage,
    date: now.toISOString(),
  });

  const raw = extractRewrite(message);
  if (raw === undefined) {
    return refused(
      path,
      "no_output",
      `The model returned no rewrite of ${path} (stop_reason ${message.stop_reason}); the file is unchanged. Retry, or raise maxTokens if the reply was cut off.`,
      usage,
    );
  }
  const after = withFinalNewline(raw);
  const problems = checkRewrite({ path, before, after });
  const [first] = problems;
  if (first !== undefined) {
    return {
      ok: false,
      path,
      code: first.code,
      message: first.message,
      problems,
      rewrite: after,
      usage,
    };
  }
  if (after === before) {
    return {
      ok: true,
      path,
      changed: false,
      before: before.length,
      after: after.length,
      version: current.version,
      git: { committed: false, reason: "unchanged" },
      usage,
    };
  }
  // Write and commit under one lock, so a concurrent remember cannot slip into this commit.
  const outcome = await store.withLock(async () => {
    const written = await store.write(path, after, current.version);
    if (!written.ok) return written;
    const message = `consolidate ${path}: ${before.length} -> ${after.length} chars`;
    return { ...written, git: await commitFile(store.root, [path, MEMORY_INDEX_FILE], message) };
  });
  if (!outcome.ok) {
    return { ...refused(path, outcome.code, outcome.message, usage), rewrite: after };
  }
  const { git, version } = outcome;
  return {
    ok: true,
    path,
    changed: true,
    before: before.length,
    after: after.length,
    version,
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
  return { ok: false, path, code, message, problems: [], usage };
}

/** Options of `consolidateAll`: those of `consolidate` without `path`, plus `threshold`. */
export type ConsolidateAllOptions = Omit<ConsolidateOptions, "path"> & {
  /** Files longer than this many chars are consolidated (default 6,000, the seed design's). */
  threshold?: number;
};

/** Result of `consolidateAll`. */
export type ConsolidateAllResult = {
  /** One result per file over the threshold, in path order. */
  results: ConsolidateResult[];
  /** Tokens of every request summed. */
  usage: ModelUsage;
};

/**
 * Consolidates every file longer than `threshold` chars, one after another (seed design: per file
 * past 6,000 chars). A refused rewrite does not stop the others.
 *
 * @param options - `consolidate` options without `path`, plus `threshold` (chars, default 6,000).
 * @returns `{ results, usage }`.
 * @throws {Anthropic.APIError} when a request fails (files done before keep their result on disk).
 * @example const { results } = await consolidateAll({ store, client, model: "claude-haiku-4-5" });
 */
export async function consolidateAll(
  options: ConsolidateAllOptions,
): Promise<ConsolidateAllResult> {
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
