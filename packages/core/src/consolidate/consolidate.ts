import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt, listPrompts } from "@memfiles/prompts";
import type { z } from "zod";
import { type ModelUsage, readUsage, sumUsage, ZERO_USAGE } from "../cost/usage.js";
import { dateTag } from "../format/fact-line.js";
import { reportUsage } from "../internal/report-usage.js";
import { type Effort, effortParameter, supportsForcedToolChoice } from "../models/index.js";
import { neutralizeFence } from "../recall/fence.js";
import { MEMORY_INDEX_FILE } from "../store/memory-path.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { WriteFailureCode } from "../store/types.js";
import type { OnUsage } from "../usage/types.js";
import { accountForFacts } from "./account-for-facts.js";
import { checkRewrite, type RewriteProblem, type RewriteProblemCode } from "./check-rewrite.js";
import { commitFile, type GitCommitResult } from "./git-commit.js";
import {
  type DroppedLine,
  SAVE_CONSOLIDATED_FILE,
  SAVE_TOOL_V1,
  SAVE_TOOL_V2,
  SaveConsolidatedFileInputSchema,
  SaveConsolidatedFileInputV1Schema,
} from "./save-tool.js";

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
   * System prompt; default the latest `consolidation` prompt from `@memfiles/prompts`. Its version
   * picks the save tool: `consolidation@1` asks for the file only (then every input fact must be
   * kept), later versions also for the `dropped` list. A plain string is matched against the
   * released prompt texts; an unknown text gets the latest tool.
   */
  prompt?: string | ConsolidatePrompt;
  /** The clock for the date shown to the model and the usage record (default `new Date()`). */
  now?: Date;
  /** `max_tokens` of the request (default 16,000: room for thinking and a 12,000-char file). */
  maxTokens?: number;
  onUsage?: OnUsage;
  sessionId?: string;
  /** `output_config.effort` (default `CONSOLIDATE_EFFORT`, `"high"`); not sent where the model has no effort parameter. */
  effort?: Effort;
};

/**
 * Default effort of consolidation: `"high"`. A rewrite must account for every fact it drops
 * (duplicate, superseded, expired) or code refuses the whole file, so a careless pass costs a
 * retry; it runs rarely (a file over 6,000 chars, or on schedule), so the extra thinking is cheap
 * in total.
 */
export const CONSOLIDATE_EFFORT: Effort = "high";

/** Why a consolidation left the file as it was. */
export type ConsolidateFailureCode =
  | RewriteProblemCode
  | WriteFailureCode
  | "missing_file"
  | "no_output"
  | "invalid_tool_input";

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

type ToolVersion = 1 | 2;

function resolvePrompt(prompt: string | ConsolidatePrompt | undefined): {
  text: string;
  tool: ToolVersion;
} {
  if (prompt === undefined) {
    const latest = getPrompt("consolidation");
    return { text: latest.text, tool: latest.version === 1 ? 1 : 2 };
  }
  if (typeof prompt !== "string") return { text: prompt.text, tool: prompt.version === 1 ? 1 : 2 };
  const released = listPrompts().find(
    (candidate) => candidate.id === "consolidation" && candidate.text === prompt,
  );
  return { text: prompt, tool: released?.version === 1 ? 1 : 2 };
}

type Reply =
  | { kind: "rewrite"; content: string; dropped?: DroppedLine[] }
  | { kind: "invalid"; issues: string[] }
  | { kind: "none" };

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "(input)"}: ${issue.message}`);
}

/** The new file from the reply: the save tool input (validated), else the text without a code fence. */
function readReply(message: Anthropic.Message, tool: ToolVersion): Reply {
  const call = message.content.find(
    (block): block is Anthropic.ToolUseBlock =>
      block.type === "tool_use" && block.name === SAVE_CONSOLIDATED_FILE,
  );
  if (call !== undefined) {
    if (tool === 1) {
      const parsed = SaveConsolidatedFileInputV1Schema.safeParse(call.input);
      return parsed.success
        ? { kind: "rewrite", content: parsed.data.content }
        : { kind: "invalid", issues: describeIssues(parsed.error) };
    }
    const parsed = SaveConsolidatedFileInputSchema.safeParse(call.input);
    return parsed.success
      ? { kind: "rewrite", content: parsed.data.content, dropped: parsed.data.dropped }
      : { kind: "invalid", issues: describeIssues(parsed.error) };
  }
  const text = message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("")
    .trim();
  if (text === "") return { kind: "none" };
  const fenced = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(text);
  return { kind: "rewrite", content: fenced?.[1] ?? text };
}

function withFinalNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/**
 * Asks the model to rewrite one memory file shorter (merge duplicates, resolve contradictions to the
 * newest dated line, combine related lines, drop what has expired) and writes the rewrite only if
 * code accepts it (seed design, consolidate). Every input fact line must be accounted for: kept in
 * an output line, or listed by the model in `dropped` as `duplicate` or `superseded` (naming the
 * output line, dated the same or later, that holds it now) or `expired` (see `accountForFacts`);
 * with `consolidation@1`, which has no such list, every fact must be kept. Refused rewrites leave
 * the file untouched and return a `code`: `grew`, `invented_fact`, `dropped_date`, `undated_line`,
 * `elided`, `unparsable`, `dropped_fact` (input facts lost without a valid reason, named in
 * `problems[].facts`), `unknown_dropped_line` (see `checkRewrite`, `accountForFacts`), `no_output`
 * (no file in the reply), `invalid_tool_input` (the save tool input fails its schema),
 * `missing_file`, or from the store `version_conflict` (the file changed during the model call: the
 * write uses the version token read before the call, so a concurrent `remember` survives) and
 * `too_long`. Accepted or not, the result lists the lines dropped and why. When the memory folder
 * is the top of a git repository, an accepted rewrite is one commit named
 * `consolidate <path>: <before> -> <after> chars`.
 *
 * On models that refuse forced tool use (Opus 5.5) the save tool is offered with `tool_choice`
 * `auto` and the prompt asks for it; a plain-text reply is accepted too (it has no `dropped` list,
 * so every fact must be kept).
 *
 * @param options - `{ store, path, client, model, prompt?, now?, maxTokens?, onUsage?,
 *   sessionId? }`: `path` a memory path; `prompt` defaults to the latest `consolidation` prompt;
 *   `now` dates the request; `maxTokens` in tokens (default 16,000).
 * @returns `{ ok: true, path, changed, before, after, version, dropped, git, usage }` or
 *   `{ ok: false, path, code, message, problems, rewrite?, dropped, usage }`; sizes in chars,
 *   usage in tokens, `dropped` as `[{ line, reason, by }]` (input line, why, output line or
 *   `null`).
 * @throws {Anthropic.APIError} when the request fails.
 * @throws {ModelReplyShapeError} when a 200 reply has no usable `usage` (not a Messages API reply).
 * @throws {MemoryPathError} when `path` is not an allowed memory path.
 * @throws {MemoryLockError} when the store lock cannot be taken for the write.
 * @example
 * const result = await consolidate({ store, path: "topics/tools.md", client, model: "claude-haiku-5-5" });
 * if (!result.ok) console.warn(result.code, result.message);
 * for (const { line, reason, by } of result.dropped) console.log(`dropped ${line} (${reason}${by ? `, now ${by}` : ""})`);
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
  const prompt = resolvePrompt(options.prompt);
  const tool = prompt.tool === 1 ? SAVE_TOOL_V1 : SAVE_TOOL_V2;
  const ask =
    prompt.tool === 1
      ? `Call ${tool.name} once with the whole new file.`
      : `Call ${tool.name} once with the whole new file and every input line you leave out.`;
  const forced = supportsForcedToolChoice(options.model);
  const message = await options.client.messages.create({
    model: options.model,
    max_tokens: options.maxTokens ?? 16_000,
    system: prompt.text,
    tools: [tool],
    tool_choice: forced ? { type: "tool", name: tool.name } : { type: "auto" },
    ...effortParameter(options.model, options.effort ?? CONSOLIDATE_EFFORT),
    messages: [
      {
        role: "user",
        content:
          `Today is ${dateTag(now)}. Consolidate the memory file ${path} (${before.length} chars). ` +
          `${ask}\n\n` +
          `<memory_file path="${neutralizeFence(path)}">\n${neutralizeFence(before)}</memory_file>`,
      },
    ],
  });
  const read = readUsage(message.usage);
  const { usage } = read;
  await reportUsage(options.onUsage, {
    sessionId: options.sessionId,
    stage: "consolidate",
    model: options.model,
    read,
    now,
  });

  const reply = readReply(message, prompt.tool);
  if (reply.kind === "invalid") {
    return refused(
      path,
      "invalid_tool_input",
      `The model called ${tool.name} for ${path} with input its schema refuses (${reply.issues.join("; ")}); the file is unchanged. Retry; if it recurs, check that the prompt version matches the tool.`,
      usage,
    );
  }
  if (reply.kind === "none") {
    return refused(
      path,
      "no_output",
      `The model returned no rewrite of ${path} (stop_reason ${message.stop_reason}); the file is unchanged. Retry, or raise maxTokens if the reply was cut off.`,
      usage,
    );
  }
  const after = withFinalNewline(reply.content);
  const accounting = accountForFacts({ path, before, after, dropped: reply.dropped });
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
      path,
      changed: false,
      before: before.length,
      after: after.length,
      version: current.version,
      dropped,
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
    return {
      ...refused(path, outcome.code, outcome.message, usage),
      rewrite: after,
      dropped,
    };
  }
  const { git, version } = outcome;
  return {
    ok: true,
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
 * @returns `{ results, usage }`: one `consolidate` result per file over the threshold, in path
 *   order, and the tokens of every request summed.
 * @throws {Anthropic.APIError} when a request fails (files done before keep their result on disk).
 * @throws {ModelReplyShapeError} when a 200 reply has no usable `usage`.
 * @throws {MemoryLockError} when the store lock cannot be taken for a write.
 * @example const { results } = await consolidateAll({ store, client, model: "claude-haiku-5-5" });
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
