import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { z } from "zod";
import { ModelReplyShapeError, type ModelUsage, readUsage } from "../cost/index.js";
import { forgottenRow } from "../guards/forgotten-shown.js";
import { maskSecretsOfEach } from "../guards/mask-secrets.js";
import { apiErrorOf, effortParameter, MODELS, supportsForcedToolChoice } from "../models/index.js";
import type { MemoryRow } from "../store/types.js";
import { compareCodeUnits } from "../text/index.js";
import { parseToolReply } from "../tool-reply/index.js";
import { reportUsage } from "../usage/report-usage.js";
import type { OnUsage } from "../usage/types.js";
import { ALWAYS_LOADED, DEFAULT_MAX_DESCRIPTION_CHARS } from "./build-system.js";
import { capChars, oneLine, recallText } from "./fence.js";
import { forgottenShownCheck } from "./forgotten-units.js";
import { matchRows } from "./prefilter.js";
import type { RecallStore } from "./recall-store.js";
import { budgetCatalog, DEFAULT_SIDE_QUERY_MAX_TOKENS } from "./side-query-budget.js";

/** Most files the side query returns (the third write-up: "at most 5"). */
export const MAX_RECALLED_FILES = 5;

/** Model of the side query by default: Claude Haiku 5.5, the cheapest current model (models table). */
export const DEFAULT_SIDE_QUERY_MODEL = MODELS.haiku;

/** Name of the tool the side query must call. */
export const SELECT_MEMORIES = "select_memories";

/** Input of the `select_memories` tool: catalog numbers (1-based). */
export const SelectMemoriesInputSchema = z.strictObject({
  files: z.array(z.number().int()),
});

/** The `select_memories` tool as sent (`strict: true`); {@link SelectMemoriesInputSchema} validates the reply. */
export const SELECT_MEMORIES_TOOL: Anthropic.Tool = {
  name: SELECT_MEMORIES,
  description:
    "Pick the memory files, by catalog number, whose contents would change the answer to the latest message: at most 5, most useful first; an empty list when none fits.",
  strict: true,
  input_schema: {
    type: "object",
    properties: {
      files: {
        type: "array",
        description: "Catalog numbers (1-based), at most 5.",
        items: { type: "integer" },
      },
    },
    required: ["files"],
    additionalProperties: false,
  },
};

/**
 * Why the side query's answer was not used, and the keyword fallback ran instead:
 * `api_error` (the request failed), `unparsable_reply` (no single valid `select_memories` call, or
 * a reply that is not a Messages API message), `unknown_index` (a number outside the catalog).
 */
export type SideQueryFallbackReason = "api_error" | "unparsable_reply" | "unknown_index";

/** Options of {@link selectMemories}. */
export type SelectMemoriesOptions = {
  /** The memory folder as recall sees it (scope it first with `boundaryStore`). */
  store: RecallStore;
  /** An `Anthropic` client from `@anthropic-ai/sdk`. */
  client: Anthropic;
  /** The latest user message. */
  query: string;
  /** Model of the side query (default {@link DEFAULT_SIDE_QUERY_MODEL}, Claude Haiku 5.5). */
  model?: string;
  /** The side query's system prompt; defaults to the released `recall-select` prompt. */
  prompt?: string;
  /** Most files returned (default 5, the third write-up's figure; never more). */
  maxFiles?: number;
  /** Most estimated tokens of the request's catalog message (default 20,000; see `budgetCatalog`). */
  maxRequestTokens?: number;
  /** Called with the side query's usage (stage `recall`). */
  onUsage?: OnUsage;
  sessionId?: string;
  /** The clock for the usage record (default `new Date()`). */
  now?: Date;
};

/** Result of {@link selectMemories}. */
export type SelectMemoriesResult = {
  /** The catalog rows picked, most useful first; at most `maxFiles`. */
  rows: MemoryRow[];
  /** Present when the keyword fallback picked `rows`: why, and the detail. */
  fallback?: { reason: SideQueryFallbackReason; message: string };
  /** Tokens of the side query; absent when it failed before a reply. */
  usage?: ModelUsage;
  /** The side query's model. */
  model: string;
};

/**
 * The catalog the side query sees: every file but `MEMORY.md` and the always-loaded profile and
 * preferences (already in the memory block) and files whose name or description a tombstone
 * matches (`forgottenRow`), sorted by path, numbered from 1; a secret written into a name or
 * description by hand is `[redacted]` (`maskSecretsOfEach`).
 */
export async function recallCatalog(store: RecallStore): Promise<MemoryRow[]> {
  // A file whose name or description a tombstone matches is not listed, as in the memory block.
  const { forgotten } = await forgottenShownCheck(store);
  const rows = (await store.list())
    .filter(
      (row) =>
        row.path !== "MEMORY.md" &&
        !(ALWAYS_LOADED as readonly string[]).includes(row.path) &&
        !forgottenRow(row, forgotten),
    )
    .sort((a, b) => compareCodeUnits(a.path, b.path));
  const masked = await maskSecretsOfEach(rows.flatMap((row) => [row.name, row.description]));
  return rows.map((row, at) => {
    const [name, description] = [masked[2 * at], masked[2 * at + 1]];
    return name?.kinds.length === 0 && description?.kinds.length === 0
      ? row
      : { ...row, name: name?.text ?? "", description: description?.text ?? "" };
  });
}

/** The side query's user message: the request, then the numbered catalog, fenced as data. */
export function formatSelectRequest(query: string, catalog: readonly MemoryRow[]): string {
  const lines = catalog.map(
    (row, index) =>
      `${index + 1}. ${recallText(oneLine(row.name))}: ${recallText(capChars(oneLine(row.description), DEFAULT_MAX_DESCRIPTION_CHARS))}`,
  );
  return [
    "<message>",
    recallText(query),
    "</message>",
    "",
    `<catalog files="${catalog.length}">`,
    ...lines,
    "</catalog>",
  ].join("\n");
}

/**
 * Picks the memory files for the current request with a small, cheap model call (the side-query
 * recall strategy; the third write-up: a side query over the catalog, at most 5 files, keyword
 * matching when it fails). The model sees the numbered catalog (name and description of each
 * file) and calls `select_memories` with numbers; code maps them back to files. When the call
 * fails (`Anthropic.APIError`), the reply has no single valid call, or a number is outside the
 * catalog, the files are picked by keyword matching on name and description instead (BM25,
 * `matchRows`), and `fallback` says why. An empty catalog makes no call.
 *
 * @param options - `{ store, client, query, model?, prompt?, maxFiles?, onUsage?, sessionId?, now? }`:
 *   `maxFiles` in files (default 5, at most 5).
 * @returns `{ rows, fallback?, usage?, model }`; `usage` in tokens.
 * @throws Errors other than the API's (a file-system error from `store.list`) pass through.
 * @example
 * const { rows, fallback } = await selectMemories({ store, client, query: "How do I deploy?" });
 * if (fallback) console.warn(`side query failed (${fallback.reason}); keyword matching used`);
 */
export async function selectMemories(
  options: SelectMemoriesOptions,
): Promise<SelectMemoriesResult> {
  const model = options.model ?? DEFAULT_SIDE_QUERY_MODEL;
  const maxFiles = Math.min(options.maxFiles ?? MAX_RECALLED_FILES, MAX_RECALLED_FILES);
  const catalog = budgetCatalog(
    await recallCatalog(options.store),
    options.query,
    options.maxRequestTokens ?? DEFAULT_SIDE_QUERY_MAX_TOKENS,
    formatSelectRequest,
  );
  if (catalog.length === 0) return { rows: [], model };
  const fallback = (
    reason: SideQueryFallbackReason,
    message: string,
    usage?: ModelUsage,
  ): SelectMemoriesResult => ({
    rows: matchRows(catalog, options.query, maxFiles),
    fallback: { reason, message },
    ...(usage === undefined ? {} : { usage }),
    model,
  });

  let message: Anthropic.Message;
  try {
    message = await options.client.messages.create({
      model,
      max_tokens: 256,
      system: [{ type: "text", text: options.prompt ?? getPrompt("recall-select").text }],
      messages: [{ role: "user", content: formatSelectRequest(options.query, catalog) }],
      tools: [SELECT_MEMORIES_TOOL],
      tool_choice: supportsForcedToolChoice(model)
        ? { type: "tool", name: SELECT_MEMORIES }
        : { type: "auto" },
      ...effortParameter(model, "low"),
    });
  } catch (error) {
    // By shape, not class: a client from the SDK's CommonJS entry throws other classes.
    const failed = apiErrorOf(error);
    if (failed !== undefined) {
      return fallback("api_error", `The side query failed: ${failed.message}`);
    }
    throw error;
  }
  let usage: ModelUsage;
  try {
    const read = readUsage(message.usage);
    usage = read.usage;
    await reportUsage(options.onUsage, {
      sessionId: options.sessionId,
      stage: "recall",
      model,
      read,
      now: options.now ?? new Date(),
    });
  } catch (error) {
    if (error instanceof ModelReplyShapeError) {
      return fallback(
        "unparsable_reply",
        `The side query's reply is not a message: ${error.message}`,
      );
    }
    throw error;
  }
  if (!Array.isArray(message.content)) {
    return fallback("unparsable_reply", "The side query's reply has no content blocks.", usage);
  }
  const parsed = parseToolReply(message, {
    name: SELECT_MEMORIES,
    schema: SelectMemoriesInputSchema,
  });
  if (!parsed.success) {
    return fallback(
      "unparsable_reply",
      `The side query's reply is not one valid ${SELECT_MEMORIES} call (${parsed.code}${parsed.issues === "" ? "" : `: ${parsed.issues}`}).`,
      usage,
    );
  }
  const unknown = parsed.value.files.filter((number) => number < 1 || number > catalog.length);
  if (unknown.length > 0) {
    return fallback(
      "unknown_index",
      `The side query picked ${unknown.join(", ")}, outside the catalog's 1-${catalog.length}.`,
      usage,
    );
  }
  const picked = [...new Set(parsed.value.files)].slice(0, maxFiles);
  return { rows: picked.flatMap((number) => catalog[number - 1] ?? []), usage, model };
}
