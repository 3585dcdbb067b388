import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { z } from "zod";
import { type ModelUsage, readUsage } from "../../cost/usage.js";
import { dateTag } from "../../format/fact-line.js";
import { editFactText, type FactFile, safeParseFactFile } from "../../format/index.js";
import { type Effort, effortParameter, supportsForcedToolChoice } from "../../models/index.js";
import { neutralizeFence } from "../../recall/fence.js";
import type { MemoryStore } from "../../store/memory-store.js";
import { contentWords, MERGE_WORDS } from "../../text/index.js";
import { ModelReplyError, parseToolReply } from "../../tool-reply/index.js";
import { reportUsage } from "../../usage/report-usage.js";
import type { OnStep, OnUsage } from "../../usage/types.js";

/** The file count at which the fact layout consolidates (the third write-up: "when the folder reaches 10 files"). */
export const DEFAULT_FACT_CONSOLIDATION_FILES = 10;

/** Name of the fact consolidation tool. */
export const MERGE_FACTS = "merge_facts";

/** One merge the model proposes: a group of fact files folded into the one it keeps. */
export const FactMergeSchema = z.strictObject({
  files: z.array(z.string()),
  keep: z.string(),
  name: z.string(),
  description: z.string(),
  body: z.string(),
  dropped: z.array(
    z.strictObject({ file: z.string(), reason: z.enum(["duplicate", "superseded"]) }),
  ),
});
export type FactMerge = z.infer<typeof FactMergeSchema>;

const MergeFactsInputSchema = z.strictObject({ merges: z.array(FactMergeSchema) });

const MERGE_FACTS_TOOL: Anthropic.Tool = {
  name: MERGE_FACTS,
  description:
    "Propose merges of duplicate or contradicting fact files. Call exactly once; an empty list is fine.",
  strict: true,
  input_schema: {
    type: "object",
    properties: {
      merges: {
        type: "array",
        items: {
          type: "object",
          properties: {
            files: { type: "array", items: { type: "string" } },
            keep: { type: "string" },
            name: { type: "string" },
            description: { type: "string" },
            body: { type: "string" },
            dropped: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  file: { type: "string" },
                  reason: { type: "string", enum: ["duplicate", "superseded"] },
                },
                required: ["file", "reason"],
                additionalProperties: false,
              },
            },
          },
          required: ["files", "keep", "name", "description", "body", "dropped"],
          additionalProperties: false,
        },
      },
    },
    required: ["merges"],
    additionalProperties: false,
  },
};

/** Codes of a merge code refused (see {@link consolidateFacts}). */
export type FactMergeRefusalCode =
  | "unknown_file"
  | "unaccounted"
  | "grew"
  | "invented"
  | "unparsable_file"
  | "version_conflict";

/** Options of {@link consolidateFacts}. */
export type ConsolidateFactsOptions = {
  store: Pick<MemoryStore, "layout" | "list" | "read" | "write" | "delete" | "withLock">;
  client: Anthropic;
  /** Model id, e.g. `claude-haiku-5-5`. */
  model: string;
  /** Consolidate when the folder has at least this many fact files (default 10). */
  threshold?: number;
  /** Default `fact-consolidation@1`. */
  prompt?: { text: string };
  /** Clock for `updated:`; default `new Date()`. */
  now?: Date;
  /** The user's IANA time zone (`Asia/Shanghai`) dates are written in; default `UTC`. */
  timeZone?: string;
  /** `max_tokens`, default 8,192 tokens. */
  maxTokens?: number;
  /** `output_config.effort`, default `"medium"`. */
  effort?: Effort;
  onUsage?: OnUsage;
  onStep?: OnStep;
  sessionId?: string;
};

/** Result of {@link consolidateFacts}. */
export type ConsolidateFactsResult =
  | { ran: false; reason: "not_fact_layout" | "under_threshold"; files: number }
  | {
      ran: true;
      files: number;
      /** Merges applied: the kept file, the files deleted with their reason, sizes in chars. */
      merged: Array<{
        keep: string;
        dropped: FactMerge["dropped"];
        charsBefore: number;
        charsAfter: number;
      }>;
      /** Merges refused, each with its code and why; their files are as they were. */
      refused: Array<{ code: FactMergeRefusalCode; merge: FactMerge; message: string }>;
      /** Tokens of the model call. */
      usage: ModelUsage;
    };

type Loaded = { version: string; text: string; fact: FactFile };

// Content words, stemmed; the connectives a merge needs ("previously", "moved") carry no fact.
function words(text: string): Set<string> {
  return new Set(contentWords(text, { ignore: MERGE_WORDS }));
}

/**
 * The fact layout's consolidation (the third write-up: it runs when the folder reaches 10 files),
 * with the subject layout's guards: one model call (`fact-consolidation@1`, the `merge_facts`
 * tool) proposes merges of duplicate or contradicting fact files; code checks each merge and
 * refuses it, leaving its files as they were, with a code:
 * - `unknown_file`: a file that is not in the folder, a file in two merges, `keep` not among
 *   `files`, or fewer than two files;
 * - `unaccounted`: `dropped` does not name every other file of the group exactly once (every
 *   dropped fact is accounted for, as `duplicate` or `superseded`);
 * - `grew`: the kept file after the merge is longer than the files it merges, together (never grows);
 * - `invented`: the merged body or description has a content word none of the merged files has
 *   (never invents);
 * - `unparsable_file`: the kept file's header is not plain YAML;
 * - `version_conflict`: a file changed since it was read (the store's version tokens).
 * An accepted merge rewrites the kept file (body, description, `updated:`; its name, path and every
 * other header line stay) and deletes the dropped files, all under the store lock.
 *
 * @param options - `{ store, client, model, threshold?, prompt?, now?, maxTokens?, effort?, onUsage?, onStep?, sessionId? }`.
 * @returns `{ ran: false, reason, files }` below the threshold or outside the fact layout, else
 *   `{ ran: true, files, merged, refused, usage }`.
 * @throws {ModelReplyError} when the reply has no usable `merge_facts` call; nothing is changed.
 * @throws {Anthropic.APIError} when the API call fails.
 * @example const result = await consolidateFacts({ store, client, model: "claude-haiku-5-5" });
 */
export async function consolidateFacts(
  options: ConsolidateFactsOptions,
): Promise<ConsolidateFactsResult> {
  const { store, model } = options;
  const rows = await store.list();
  if (store.layout !== "fact") return { ran: false, reason: "not_fact_layout", files: rows.length };
  if (rows.length < (options.threshold ?? DEFAULT_FACT_CONSOLIDATION_FILES)) {
    return { ran: false, reason: "under_threshold", files: rows.length };
  }
  const now = options.now ?? new Date();
  const loaded = new Map<string, Loaded>();
  for (const row of rows) {
    const read = await store.read(row.path);
    if (!read.exists || read.notText !== undefined) continue;
    const parsed = safeParseFactFile(read.content, row.path);
    if (parsed.success) {
      loaded.set(row.path, { version: read.version, text: read.content, fact: parsed.value });
    }
  }
  const fenced = (text: string) => neutralizeFence(text, ["file", "memory_files"]);
  const listing = [...loaded]
    .map(
      ([path, { fact }]) =>
        `<file path="${fenced(path)}" name="${fenced(fact.name)}" type="${fact.type ?? ""}" updated="${fact.updated ?? ""}">\ndescription: ${fenced(fact.description)}\n${fenced(fact.body.trim())}\n</file>`,
    )
    .join("\n");
  const prompt = options.prompt ?? getPrompt("fact-consolidation", 1);
  options.onStep?.({ stage: "consolidate", path: "" });
  const message = await options.client.messages.create({
    model,
    max_tokens: options.maxTokens ?? 8192,
    system: [{ type: "text", text: prompt.text, cache_control: { type: "ephemeral" } }],
    messages: [
      {
        role: "user",
        content: `Today is ${dateTag(now, options.timeZone)} (${options.timeZone ?? "UTC"}).\n\n<memory_files>\n${listing}\n</memory_files>`,
      },
    ],
    tools: [MERGE_FACTS_TOOL],
    tool_choice: supportsForcedToolChoice(model)
      ? { type: "tool", name: MERGE_FACTS }
      : { type: "auto" },
    ...effortParameter(model, options.effort ?? "medium"),
  });
  const read = readUsage(message.usage);
  await reportUsage(options.onUsage, {
    sessionId: options.sessionId,
    stage: "consolidate",
    model,
    read,
    now,
  });
  const parsed = parseToolReply(message, { name: MERGE_FACTS, schema: MergeFactsInputSchema });
  if (!parsed.success) {
    throw ModelReplyError.of(parsed, {
      stage: "consolidate",
      tool: MERGE_FACTS,
      message,
      hint: "The fact-consolidation prompt asks for exactly one merge_facts call.",
      outcome: "Nothing was changed.",
    });
  }

  const merged: Extract<ConsolidateFactsResult, { ran: true }>["merged"] = [];
  const refused: Extract<ConsolidateFactsResult, { ran: true }>["refused"] = [];
  const claimed = new Set<string>();
  await store.withLock(async () => {
    for (const merge of parsed.value.merges) {
      const refuse = (code: FactMergeRefusalCode, text: string) =>
        refused.push({ code, merge, message: `Refused the merge into ${merge.keep}: ${text}` });
      const files = [...new Set(merge.files)];
      const unknown = files.filter((file) => !loaded.has(file) || claimed.has(file));
      if (files.length < 2 || unknown.length > 0 || !files.includes(merge.keep)) {
        refuse(
          "unknown_file",
          `it must name two or more fact files of the folder, none in another merge, and keep one of them (unknown or taken: ${unknown.join(", ") || "none"}).`,
        );
        continue;
      }
      const others = files.filter((file) => file !== merge.keep).sort();
      const dropped = merge.dropped.map((item) => item.file).sort();
      if (JSON.stringify(others) !== JSON.stringify(dropped)) {
        refuse(
          "unaccounted",
          `dropped must name each other file once (${others.join(", ")}), it names ${dropped.join(", ") || "none"}.`,
        );
        continue;
      }
      const group = files.map((file) => loaded.get(file) as Loaded);
      const known = words(
        group.map(({ fact }) => `${fact.name} ${fact.description} ${fact.body}`).join("\n"),
      );
      const invented = [...words(`${merge.description} ${merge.body}`)].filter(
        (word) => !known.has(word),
      );
      if (invented.length > 0) {
        refuse(
          "invented",
          `the merged text has words no merged file has (${invented.join(", ")}).`,
        );
        continue;
      }
      const keep = loaded.get(merge.keep) as Loaded;
      const text = editFactText(keep.text, keep.fact, {
        set: { description: merge.description.trim(), updated: dateTag(now, options.timeZone) },
        body: merge.body,
      });
      if (text === undefined) {
        refuse(
          "unparsable_file",
          `${merge.keep}'s header is not plain YAML; memfiles never rewrites it.`,
        );
        continue;
      }
      const before = group.reduce((sum, { text: source }) => sum + source.length, 0);
      if (text.length > before) {
        refuse(
          "grew",
          `the kept file would be ${text.length} chars, more than the ${before} chars of the files it merges.`,
        );
        continue;
      }
      const current = await Promise.all(files.map((file) => store.read(file)));
      if (current.some((file, index) => file.version !== group[index]?.version)) {
        refuse(
          "version_conflict",
          "a file changed since it was read; run the consolidation again.",
        );
        continue;
      }
      const written = await store.write(merge.keep, text, keep.version);
      if (!written.ok) {
        refuse(written.code === "too_long" ? "grew" : "version_conflict", written.message);
        continue;
      }
      for (const file of others) {
        await store.delete(file, loaded.get(file)?.version);
      }
      for (const file of files) claimed.add(file);
      merged.push({
        keep: merge.keep,
        dropped: merge.dropped,
        charsBefore: before,
        charsAfter: text.length,
      });
    }
  });
  return { ran: true, files: rows.length, merged, refused, usage: read.usage };
}
