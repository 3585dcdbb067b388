import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { z } from "zod";
import { estimateTokens } from "../../cost/cache-minimum.js";
import { readUsage } from "../../cost/usage.js";
import { dateTag } from "../../format/dated-line.js";
import { editFactText, type FactFile, safeParseFactFile } from "../../format/index.js";
import {
  type Effort,
  effortParameter,
  supportsForcedToolChoice,
  tokenizerRatio,
} from "../../models/index.js";
import { neutralizeFence, withLineFeeds } from "../../recall/fence.js";
import type { MemoryStore } from "../../store/memory-store.js";
import {
  compareCodeUnits,
  contentWords,
  foldText,
  isTooShortTerm,
  MERGE_WORDS,
  STOP_WORDS,
} from "../../text/index.js";
import { ModelReplyError, parseToolReply } from "../../tool-reply/index.js";
import { reportUsage } from "../../usage/report-usage.js";
import type { OnStep, OnUsage } from "../../usage/types.js";
import type {
  ConsolidateFactsResult,
  FactMerge,
  FactMergeRefusalCode,
} from "../../write/consolidation-result.js";

/** The file count at which the fact layout consolidates (the third write-up: "when the folder reaches 10 files"). */
export const DEFAULT_FACT_CONSOLIDATION_FILES = 10;

/**
 * Most estimated tokens of the fact consolidation request's user message by default: the side
 * query's budget (`DEFAULT_SIDE_QUERY_MAX_TOKENS`), ~300 fact files of ~260 chars; at 1,000 files
 * the whole folder would be ~65,000 tokens, at 50,000 files over 3 million.
 */
export const DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS = 20_000;

// A word in more files than this (200, or 2% of a larger folder) says nothing about which two
// files repeat each other.
const MIN_SHARED_WORD_FILES = 200;
const SHARED_WORD_SHARE = 0.02;
// Files sent with each recent file: the ones that share the most words with it.
const NEIGHBOURS = 4;
// Groups in a row that no longer fit the budget before the choice stops looking.
const MAX_MISSES = 50;

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
}) satisfies z.ZodType<FactMerge>;

export type {
  ConsolidateFactsResult,
  FactMerge,
  FactMergeRefusalCode,
} from "../../write/consolidation-result.js";

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

/** Options of {@link consolidateFacts}. */
export type ConsolidateFactsOptions = {
  store: Pick<MemoryStore, "layout" | "list" | "read" | "write" | "delete" | "withLock"> &
    Partial<Pick<MemoryStore, "readAll">>;
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
  /**
   * Most estimated tokens of the request's user message (the fact files), default
   * {@link DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS}; past it only the likeliest merges are sent.
   */
  maxRequestTokens?: number;
  /** `output_config.effort`, default `"medium"`. */
  effort?: Effort;
  onUsage?: OnUsage;
  onStep?: OnStep;
  sessionId?: string;
};

type Loaded = { version: string; text: string; fact: FactFile };

// Content words, stemmed; the connectives a merge needs ("previously", "moved") carry no fact.
function words(text: string): Set<string> {
  return new Set(contentWords(text, { ignore: MERGE_WORDS }));
}

/**
 * The fact layout's consolidation (the third write-up: once the folder holds `threshold` files,
 * default 10): one model call (`fact-consolidation@1`, `merge_facts`) proposes merges of duplicate
 * or contradicting fact files; code checks each (`FactMergeRefusalCode`) and applies an accepted
 * one under the store lock (the kept file rewritten, the others deleted). Past `maxRequestTokens`
 * (default {@link DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS}) only the newest files and their
 * likeliest duplicates are sent; the rest wait (`waiting`).
 *
 * @param options - `{ store, client, model, threshold?, prompt?, now?, maxTokens?, maxRequestTokens?, effort?, onUsage?, onStep?, sessionId? }`.
 * @returns `{ ran: false, reason, files }` below the threshold or outside the fact layout, else
 *   `{ ran: true, files, merged, refused, usage, waiting? }`.
 * @throws {ModelReplyError} when the reply has no usable `merge_facts` call; nothing is changed.
 * @throws {Anthropic.APIError} when the API call fails.
 * @example const result = await consolidateFacts({ store, client, model: "claude-haiku-5-5" });
 */
export async function consolidateFacts(
  options: ConsolidateFactsOptions,
): Promise<ConsolidateFactsResult> {
  const { store, model } = options;
  if (store.layout !== "fact") {
    return { ran: false, reason: "not_fact_layout", files: (await store.list()).length };
  }
  // One read of each file: the rows and the texts together when the store can (readAll).
  const all =
    store.readAll === undefined
      ? { rows: await store.list(), files: undefined }
      : await store.readAll();
  const { rows } = all;
  if (rows.length < (options.threshold ?? DEFAULT_FACT_CONSOLIDATION_FILES)) {
    return { ran: false, reason: "under_threshold", files: rows.length };
  }
  const now = options.now ?? new Date();
  const loaded = new Map<string, Loaded>();
  for (const row of rows) {
    const read = all.files?.get(row.path) ?? (await store.read(row.path));
    if (!read.exists || read.notText !== undefined) continue;
    const parsed = safeParseFactFile(read.content, row.path);
    if (parsed.success) {
      loaded.set(row.path, { version: read.version, text: read.content, fact: parsed.value });
    }
  }
  const fenced = (text: string) => neutralizeFence(withLineFeeds(text), ["file", "memory_files"]);
  const block = (path: string, { fact }: Loaded) =>
    `<file path="${fenced(path)}" name="${fenced(fact.name)}" type="${fact.type ?? ""}" updated="${fact.updated ?? ""}">\ndescription: ${fenced(fact.description)}\n${fenced(fact.body.trim())}\n</file>`;
  const today = `Today is ${dateTag(now, options.timeZone)} (${options.timeZone ?? "UTC"}).`;
  const format = (files: ReadonlyArray<[string, Loaded]>, partial: boolean) =>
    `${today}${partial ? `\n\nThese are ${files.length} of the ${loaded.size} fact files, the likeliest to merge; the others wait for the next run. Merge only files listed here.` : ""}\n\n<memory_files>\n${files.map(([path, file]) => block(path, file)).join("\n")}\n</memory_files>`;
  const maxRequestTokens = options.maxRequestTokens ?? DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS;
  let shown = loaded;
  let content = format([...loaded], false);
  if (estimateTokens(content, model) > maxRequestTokens) {
    const fit = fitMergeCandidates(loaded, (files) => format(files, true), maxRequestTokens, model);
    shown = new Map(fit);
    content = format(fit, true);
  }
  const prompt = options.prompt ?? getPrompt("fact-consolidation", 1);
  options.onStep?.({ stage: "consolidate", path: "" });
  const message = await options.client.messages.create({
    model,
    max_tokens: options.maxTokens ?? 8192,
    system: [{ type: "text", text: prompt.text, cache_control: { type: "ephemeral" } }],
    messages: [
      {
        role: "user",
        content,
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
      const unknown = files.filter((file) => !shown.has(file) || claimed.has(file));
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
  const waiting = loaded.size - shown.size;
  return {
    ran: true,
    files: rows.length,
    merged,
    refused,
    usage: read.usage,
    ...(waiting > 0 ? { waiting } : {}),
  };
}

// Cheap words for choosing candidates (not for any check): folded, split at what is not a letter
// or digit, function words dropped.
function candidateWords(fact: FactFile): Set<string> {
  const text = foldText(`${fact.name} ${fact.description} ${fact.body}`);
  return new Set(
    text.split(/[^\p{L}\p{N}]+/u).filter((word) => !isTooShortTerm(word) && !STOP_WORDS.has(word)),
  );
}

/**
 * The fact files a budgeted consolidation request sends: the most recently updated first (ties by
 * path), each with up to {@link NEIGHBOURS} files sharing the most words with it that are in at
 * most 200 files (or 2% of a larger folder); a file sharing no such word with any other is not
 * sent. As many as fit `maxTokens` once formatted, in the folder's order.
 */
function fitMergeCandidates(
  loaded: ReadonlyMap<string, Loaded>,
  format: (files: ReadonlyArray<[string, Loaded]>) => string,
  maxTokens: number,
  model: string,
): Array<[string, Loaded]> {
  const paths = [...loaded.keys()];
  const maxSharing = Math.max(MIN_SHARED_WORD_FILES, Math.ceil(paths.length * SHARED_WORD_SHARE));
  const words = paths.map((path) => candidateWords((loaded.get(path) as Loaded).fact));
  const filesOf = new Map<string, number[]>();
  words.forEach((set, file) => {
    for (const word of set) {
      const files = filesOf.get(word);
      if (files === undefined) filesOf.set(word, [file]);
      else files.push(file);
    }
  });
  const updated = (file: number) =>
    (loaded.get(paths[file] as string) as Loaded).fact.updated ?? "";
  const recent = paths
    .map((_, file) => file)
    .sort((a, b) => compareCodeUnits(updated(b), updated(a)) || a - b);
  const chosen = new Set<number>();
  const base = format([]).length;
  const sizeOf = (file: number) =>
    format([[paths[file] as string, loaded.get(paths[file] as string) as Loaded]]).length -
    base +
    1;
  // estimateTokens of a text of `length` chars, without building one.
  const ratio = tokenizerRatio(model);
  const tokensOf = (length: number) => Math.ceil((length * ratio.tokens) / ratio.chars);
  let chars = base;
  let misses = 0;
  for (const seed of recent) {
    // Full once group after group no longer fits.
    if (misses > MAX_MISSES) break;
    const shared = new Map<number, number>();
    for (const word of words[seed] as Set<string>) {
      const files = filesOf.get(word) as number[];
      if (files.length > maxSharing) continue;
      for (const other of files)
        if (other !== seed) shared.set(other, (shared.get(other) ?? 0) + 1);
    }
    if (shared.size === 0) continue;
    const group = [
      seed,
      ...[...shared]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, NEIGHBOURS)
        .map(([other]) => other),
    ];
    // A group is sent whole or not at all: a recent file without its neighbours cannot merge.
    const added = group.filter((file) => !chosen.has(file));
    const extra = added.reduce((sum, file) => sum + sizeOf(file), 0);
    if (added.length === 0) continue;
    if (tokensOf(chars + extra) > maxTokens) {
      misses += 1;
      continue;
    }
    misses = 0;
    for (const file of added) chosen.add(file);
    chars += extra;
  }
  const selected = () =>
    [...chosen]
      .sort((a, b) => a - b)
      .map((file): [string, Loaded] => [
        paths[file] as string,
        loaded.get(paths[file] as string) as Loaded,
      ]);
  // Sizes were summed one file at a time; the formatted request decides (the count in its note).
  let files = selected();
  while (files.length > 0 && estimateTokens(format(files), model) > maxTokens) {
    chosen.delete(Math.max(...chosen));
    files = selected();
  }
  return files;
}
