import Anthropic from "@anthropic-ai/sdk";
import { ALWAYS_LOADED, estimateTokens, rankRows, selectMemories } from "@memfiles/core/internal";
import MiniSearch from "minisearch";
import { parseDiaIds } from "./import-sample.js";
import type { LocomoQuestion, LocomoSample, LocomoTurn } from "./load-locomo.js";
import { memoryBlock, type ReadOnlyStore } from "./store-snapshot.js";

/** The cut-offs recall is reported at. */
export const RECALL_KS = [1, 5, 10, 30] as const;

/** Question categories with an answer in the conversation (category 5 is adversarial, no answer). */
export const ANSWERABLE_CATEGORIES = [1, 2, 3, 4] as const;

/** How many files the side query's keyword fallback returns (DESIGN.md: a cheap model picks <= 5; core's `MAX_RECALLED_FILES`). */
export const FALLBACK_KEEP = 5;

/** How many index lines the pre-filter keeps (DESIGN.md, `buildSystem`'s `prefilterKeep`). */
export const PREFILTER_KEEP = 30;

/** Recall of one question: the share of its targets found within each cut-off. */
export type QuestionRecall = {
  /** Share of targets found in the first k, by k (a key of {@link RECALL_KS}). */
  recall: Record<number, number>;
  /** Estimated tokens of what this strategy puts in the prompt for the question. */
  tokens: number;
};

/** Where the recall of one speaker's memory stands, per strategy. */
export type MemoryRecall = {
  /** Questions (categories 1-4) with at least one target file in this memory. */
  questions: number;
  /** Questions (categories 1-4) whose evidence facts landed in no file of this memory. */
  withoutTargets: number;
  prefilter: QuestionRecall[];
  fallback: QuestionRecall[];
};

function answerable(question: LocomoQuestion): boolean {
  return (ANSWERABLE_CATEGORIES as readonly number[]).includes(question.category);
}

/**
 * Recall@k of one question for each of {@link RECALL_KS}: the share of its target files that are
 * always loaded (`profile.md`, `preferences.md`: their text is in the memory block whatever the
 * ranking) or among the first k of the ranking.
 *
 * @param ranked - Paths, best first.
 * @param targets - The files holding the question's evidence (at least one).
 * @param always - The always-loaded files of the memory.
 * @returns Shares 0..1 by k.
 * @example recallOf(["people/ana.md"], new Set(["profile.md", "topics/work.md"]), new Set(["profile.md"]))[1] // 0.5
 */
export function recallOf(
  ranked: readonly string[],
  targets: ReadonlySet<string>,
  always: ReadonlySet<string>,
) {
  const recall: Record<number, number> = {};
  for (const k of RECALL_KS) {
    const top = new Set(ranked.slice(0, k));
    const found = [...targets].filter((path) => always.has(path) || top.has(path)).length;
    recall[k] = found / targets.size;
  }
  return recall;
}

/**
 * A client whose every request fails as an unreachable API would (`APIConnectionError`, an
 * `Anthropic.APIError`): `selectMemories` and `recallFiles` then take the side query's keyword
 * fallback, the path measured here.
 */
export const NO_MODEL_CLIENT = {
  messages: {
    create: async () => {
      throw new Anthropic.APIConnectionError({
        message: "No model in the LoCoMo benchmark: the side query's keyword fallback is measured.",
      });
    },
  },
} as unknown as Anthropic;

/**
 * The side query's keyword fallback for a question, run through core's own path: `selectMemories`
 * with a client that cannot reach the API, so it falls back to `matchRows` (BM25 over name, path
 * and description, matching files only, at most 5) over its catalog (every file but `MEMORY.md`,
 * `profile.md` and `preferences.md`).
 *
 * @param store - The memory.
 * @param query - The question text.
 * @returns The paths picked, best first (0-5 of them).
 * @throws {Error} when `selectMemories` did not take the fallback (it always should here).
 */
export async function keywordFallback(store: ReadOnlyStore, query: string): Promise<string[]> {
  const selected = await selectMemories({
    store,
    client: NO_MODEL_CLIENT,
    query,
    maxFiles: FALLBACK_KEEP,
  });
  if (selected.rows.length > 0 && selected.fallback?.reason !== "api_error") {
    throw new Error("selectMemories answered without its keyword fallback; nothing was measured.");
  }
  return selected.rows.map((row) => row.path);
}

/**
 * Recall@k of one speaker's memory, without a model, for every question of categories 1-4: the
 * targets are the files holding an applied fact annotated with one of the question's evidence
 * `dia_id`s. Two strategies, each queried with the question text, in either layout:
 * - `prefilter`: the index pre-filter (`rankRows`, minisearch over name, path and description) over
 *   the files other than `profile.md` and `preferences.md`, whose text is always in the memory
 *   block (a target there counts as found at every k); tokens: the memory block `buildSystem` sends
 *   with the pre-filter on (top 30 lines, `renderMemoryBlock`; `MEMORY.md` is never a line).
 * - `fallback`: the side query's keyword fallback ({@link keywordFallback}: `selectMemories` with
 *   no model reachable, so core's `matchRows` over name and description, top 5, matching files
 *   only), whose catalog also leaves out `profile.md` and `preferences.md` (counted found at every
 *   k, as they are in the memory block); tokens: the text of the files it picks.
 *
 * @param options - `{ sample, store, filesByDiaId }`: the memory after every session, and where
 *   each annotated fact landed ({@link runOracle}).
 * @returns Per-question recall (shares 0..1) and tokens, per strategy.
 * @example const recall = await memoryRecall({ sample, store, filesByDiaId });
 */
export async function memoryRecall(options: {
  sample: LocomoSample;
  store: ReadOnlyStore;
  filesByDiaId: ReadonlyMap<string, ReadonlySet<string>>;
}): Promise<MemoryRecall> {
  const { sample, store, filesByDiaId } = options;
  const rows = (await store.list()).filter((row) => row.path !== "MEMORY.md");
  const always = new Set<string>(
    rows
      .filter((row) => (ALWAYS_LOADED as readonly string[]).includes(row.path))
      .map((row) => row.path),
  );
  const ranked = rows.filter((row) => !always.has(row.path));
  const fileTokens = new Map<string, number>();
  for (const row of rows) {
    const read = await store.read(row.path);
    fileTokens.set(row.path, read.exists ? estimateTokens(read.content) : 0);
  }
  const result: MemoryRecall = { questions: 0, withoutTargets: 0, prefilter: [], fallback: [] };
  for (const question of sample.qa.filter(answerable)) {
    const targets = new Set(
      parseDiaIds(question.evidence).flatMap((id) => [...(filesByDiaId.get(id) ?? [])]),
    );
    if (targets.size === 0) {
      result.withoutTargets += 1;
      continue;
    }
    result.questions += 1;
    const byPrefilter = rankRows(ranked, question.question, PREFILTER_KEEP).map((row) => row.path);
    const block = await memoryBlock(store, question.question, 0);
    result.prefilter.push({
      recall: recallOf(byPrefilter, targets, always),
      tokens: estimateTokens(block),
    });
    const byFallback = await keywordFallback(store, question.question);
    result.fallback.push({
      recall: recallOf(byFallback, targets, always),
      tokens: byFallback.reduce((sum, path) => sum + (fileTokens.get(path) ?? 0), 0),
    });
  }
  return result;
}

/** The turns of every session of a sample, in order. */
export function sampleTurns(sample: LocomoSample): LocomoTurn[] {
  const conversation = sample.conversation as Record<string, unknown>;
  return Object.keys(conversation)
    .flatMap((key) => {
      const match = /^session_(\d+)$/.exec(key);
      return match && Array.isArray(conversation[key]) ? [Number(match[1])] : [];
    })
    .sort((a, b) => a - b)
    .flatMap((index) => conversation[`session_${index}`] as LocomoTurn[]);
}

/**
 * Baseline (a): BM25 over the raw turns (minisearch's BM25 scoring, lower-cased words, no stemming,
 * no prefix or fuzzy match), queried with each question of categories 1-4; recall@k is the share of
 * the question's evidence turns in the first k turns found. Questions whose evidence names no turn
 * of the conversation are left out.
 *
 * @param sample - A LoCoMo sample.
 * @returns Per-question recall (shares 0..1); `tokens` is the top 5 turns' text, estimated.
 * @example bm25TurnRecall(sample).length
 */
export function bm25TurnRecall(sample: LocomoSample): QuestionRecall[] {
  const turns = sampleTurns(sample);
  const byId = new Map(turns.map((turn) => [turn.dia_id, turn]));
  const search = new MiniSearch<LocomoTurn>({ idField: "dia_id", fields: ["text"] });
  search.addAll([...byId.values()]);
  const recalls: QuestionRecall[] = [];
  for (const question of sample.qa.filter(answerable)) {
    const evidence = new Set(parseDiaIds(question.evidence).filter((id) => byId.has(id)));
    if (evidence.size === 0) continue;
    const ranked = search
      .search(question.question)
      .slice(0, Math.max(...RECALL_KS))
      .map((hit) => hit.id as string);
    recalls.push({
      recall: recallOf(ranked, evidence, new Set()),
      tokens: ranked
        .slice(0, 5)
        .reduce((sum, id) => sum + estimateTokens(byId.get(id)?.text ?? ""), 0),
    });
  }
  return recalls;
}

/**
 * Baseline (b): the estimated tokens of sending the whole conversation, every session's date and
 * every turn as `speaker: text` (the repo's token estimate, `estimateTokens`, default ratio).
 *
 * @param sample - A LoCoMo sample.
 * @returns Tokens.
 * @example wholeConversationTokens(sample) // ~ 20,000 for conv-26
 */
export function wholeConversationTokens(sample: LocomoSample): number {
  const conversation = sample.conversation as Record<string, unknown>;
  const lines: string[] = [];
  for (const key of Object.keys(conversation)) {
    const match = /^session_(\d+)$/.exec(key);
    if (!match || !Array.isArray(conversation[key])) continue;
    lines.push(`[${String(conversation[`session_${match[1]}_date_time`] ?? "")}]`);
    for (const turn of conversation[key] as LocomoTurn[])
      lines.push(`${turn.speaker}: ${turn.text}`);
  }
  return estimateTokens(lines.join("\n"));
}
