import {
  fillRecallBudget,
  isPrefixSearchTerm,
  type RecallUnit,
  recallText,
  splitSearchTerms,
  stemmedSearchTerm,
} from "@memfiles/core/internal";
import MiniSearch from "minisearch";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { mersenne } from "pure-rand/generator/mersenne";
import { parseDiaIds, parseSessionDate } from "./import-sample.js";
import type { LocomoSample, LocomoTurn } from "./load-locomo.js";

/** A piece of text that holds the evidence of some dialogue turns. */
export type EvidenceUnit = { text: string; diaIds: readonly string[] };

/** A unit a baseline ranks: its text as shown, its dialogue ids, its session's day. */
export type DatedUnit = EvidenceUnit & {
  /** `YYYY/MM/DD` of the session it comes from, as memory lines are dated; absent when unknown. */
  date?: string;
};

/** How tokens are counted for every row: one estimator, passed in so a test can swap it. */
export type CountTokens = (text: string) => number;

/** A text and its spaces normalized (`normalize(text)`); a fill's text also says what it spent. */
export type FilledText = { text: string; normalized: string; spent?: LineSpending };

/**
 * What a fill spent on lines: how many units it holds and the tokens of their lines alone (each
 * line and its line break); the rest of its tokens went to the wrapper,
 * the `[date]` headers and, in the subject layout, the list of files.
 */
export type LineSpending = { lines: number; lineTokens: number };

/**
 * {@link LineSpending} of the units a fill picked: their lines as `fillRecallBudget` shows them (the
 * shown text and a line break), counted together, so every row is measured alike.
 *
 * @param units - The picked units (`fillRecallBudget(...).units`).
 * @param count - The token estimator.
 * @returns `{ lines, lineTokens }`.
 * @example spentOnLines(fillRecallBudget(ranking, 1_000, count).units, count).lines
 */
export function spentOnLines(units: readonly RecallUnit[], count: CountTokens): LineSpending {
  // Counted as one text: a sum of per-line estimates would add each line's rounding.
  const lines = units.map((unit) => `${recallText(unit.text)}\n`).join("");
  return { lines: units.length, lineTokens: count(lines) };
}

/**
 * The baselines filled to each budget, beside memfiles' budgeted recall:
 * - `bm25-turns` / `bm25-facts`: minisearch with its defaults (lower-cased words, no stemming, stop
 *   words kept, no prefix match) over the raw turns / the annotated facts, undated.
 * - `bm25-turns-tuned` / `bm25-facts-tuned`: the same texts under memfiles' own normalization
 *   (`splitSearchTerms`, `stemmedSearchTerm`: Porter stems, stop words dropped; prefix match by
 *   `isPrefixSearchTerm`), each dated by its session, rendered as budgeted recall renders (one
 *   `[date]` header per day): a flat BM25 with everything memfiles' ranking has but the structure.
 * - `chance-facts`: the annotated facts in a random order (seeded per question), dated: the floor
 *   any ranking should clear.
 */
export const BASELINE_STRATEGIES = [
  "bm25-turns",
  "bm25-facts",
  "bm25-turns-tuned",
  "bm25-facts-tuned",
  "chance-facts",
] as const;

/** One of {@link BASELINE_STRATEGIES}. */
export type BaselineStrategy = (typeof BASELINE_STRATEGIES)[number];

/** Seed of the chance baseline's orders (one Mersenne Twister, pure-rand, per sample, drawn question by question). */
const CHANCE_SEED = 37;

export const normalize = (text: string) => text.replace(/\s+/g, " ").trim();

// A unit is looked for in dozens of texts a question: its spaces are normalized once.
const normalizedTexts = new WeakMap<EvidenceUnit, string>();

/** A unit's text with its spaces normalized, computed once a unit. */
export function normalizedText(unit: EvidenceUnit): string {
  let text = normalizedTexts.get(unit);
  if (text === undefined) {
    text = normalize(unit.text);
    normalizedTexts.set(unit, text);
  }
  return text;
}

/** The session numbers of a sample, in order. */
function sessionNumbers(sample: LocomoSample): number[] {
  const conversation = sample.conversation as Record<string, unknown>;
  return Object.keys(conversation)
    .flatMap((key) => {
      const match = /^session_(\d+)$/.exec(key);
      return match && Array.isArray(conversation[key]) ? [Number(match[1])] : [];
    })
    .sort((a, b) => a - b);
}

/** `YYYY/MM/DD` of session `index`, as a memory line's `[stated ...]` date; absent when unreadable. */
function sessionDay(sample: LocomoSample, index: number): string | undefined {
  const text = (sample.conversation as Record<string, unknown>)[`session_${index}_date_time`];
  const parsed = parseSessionDate(String(text ?? ""));
  return parsed.success ? parsed.value.replaceAll("-", "/") : undefined;
}

/** The turns of every session of a sample, in order. */
export function sampleTurns(sample: LocomoSample): LocomoTurn[] {
  const conversation = sample.conversation as Record<string, unknown>;
  return sessionNumbers(sample).flatMap(
    (index) => conversation[`session_${index}`] as LocomoTurn[],
  );
}

/**
 * Every turn as `speaker: text` (as shown, fence-neutralized as recall shows lines), with its
 * session's day, in conversation order.
 *
 * @param sample - A LoCoMo sample.
 * @returns One unit per turn.
 */
export function datedTurns(sample: LocomoSample): DatedUnit[] {
  const conversation = sample.conversation as Record<string, unknown>;
  return sessionNumbers(sample).flatMap((index) => {
    const date = sessionDay(sample, index);
    return (conversation[`session_${index}`] as LocomoTurn[]).map((turn) => ({
      text: recallText(normalize(`${turn.speaker}: ${turn.text}`)),
      diaIds: [turn.dia_id],
      ...(date === undefined ? {} : { date }),
    }));
  });
}

/**
 * The annotators' facts of both speakers, each with its dialogue ids and its session's day, in
 * session order.
 *
 * @param sample - A LoCoMo sample.
 * @returns One unit per annotated fact.
 */
export function annotatedFacts(sample: LocomoSample): DatedUnit[] {
  const sessions = Object.keys(sample.observation)
    .map((key) => ({ key, index: Number(/^session_(\d+)/.exec(key)?.[1] ?? Number.NaN) }))
    .sort((a, b) => a.index - b.index || (a.key < b.key ? -1 : 1));
  const units: DatedUnit[] = [];
  for (const { key, index } of sessions) {
    const date = Number.isNaN(index) ? undefined : sessionDay(sample, index);
    for (const facts of Object.values(sample.observation[key] ?? {})) {
      for (const [fact, ids] of facts as [string, unknown][]) {
        units.push({
          text: recallText(normalize(String(fact))),
          diaIds: parseDiaIds(ids as never),
          ...(date === undefined ? {} : { date }),
        });
      }
    }
  }
  return units;
}

/** A baseline's order of a sample's units for one question: every unit, best first. */
export type Ranking = readonly RecallUnit[];

/** Units as recall units (`path` is the unit's index), `dated` keeping their day. */
function recallUnits(units: readonly DatedUnit[], dated: boolean): RecallUnit[] {
  return units.map((unit, index) => ({
    path: String(index),
    text: unit.text,
    kind: "body",
    score: 0,
    ...(dated && unit.date !== undefined ? { date: unit.date } : {}),
  }));
}

/**
 * Every unit in one order: the matches by score, then the rest newest first (as budgeted recall
 * orders what matched nothing), each with a score above 0 so a fill may take it.
 */
function everyUnit(base: readonly RecallUnit[], scores: ReadonlyMap<number, number>): RecallUnit[] {
  const matched = [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .flatMap(([index, score]) => {
      const unit = base[index];
      return unit === undefined ? [] : [{ ...unit, score }];
    });
  const rest: RecallUnit[] = [];
  for (let index = base.length - 1; index >= 0; index -= 1) {
    const unit = base[index];
    if (unit !== undefined && !scores.has(index)) rest.push(unit);
  }
  return [...matched, ...toFill(rest)];
}

/**
 * Units a fill may take after the ranked ones: budgeted recall never shows a unit that matched
 * nothing, so a row would stop short of its budget where few units match. Every row of the
 * bench is filled to its budget (a size, not a cap): what matched nothing comes last, in its
 * order, with the least score above 0.
 *
 * @param units - Ranked units, those that matched nothing (score 0) last.
 * @returns The same units, a score of 0 raised to `Number.MIN_VALUE`.
 */
export function toFill(units: readonly RecallUnit[]): RecallUnit[] {
  return units.map((unit) => (unit.score > 0 ? unit : { ...unit, score: Number.MIN_VALUE }));
}

/** A BM25 ranker of a sample's units: minisearch with its defaults, or with memfiles' terms. */
export function bm25Ranker(
  units: readonly DatedUnit[],
  tuned: boolean,
): (query: string) => Ranking {
  const search = new MiniSearch<{ id: number; text: string }>(
    tuned
      ? {
          fields: ["text"],
          tokenize: splitSearchTerms,
          processTerm: stemmedSearchTerm,
          searchOptions: { prefix: isPrefixSearchTerm, combineWith: "OR" },
        }
      : { fields: ["text"] },
  );
  search.addAll(units.map((unit, id) => ({ id, text: unit.text })));
  const base = recallUnits(units, tuned);
  return (query) =>
    everyUnit(base, new Map(search.search(query).map((hit) => [hit.id as number, hit.score])));
}

/** The chance ranker of a sample's units: a new random order (Fisher-Yates) for each question. */
export function chanceRanker(units: readonly DatedUnit[]): (query: string) => Ranking {
  const draw = mersenne(CHANCE_SEED);
  const base = recallUnits(units, true);
  return () => {
    const order = toFill(base);
    for (let index = order.length - 1; index > 0; index -= 1) {
      const other = uniformInt(draw, 0, index);
      [order[index], order[other]] = [order[other] as RecallUnit, order[index] as RecallUnit];
    }
    return order;
  };
}

/**
 * Fills a token budget from a ranking with the one fill and rendering of budgeted recall
 * (`fillRecallBudget`: the `<recalled_memory>` wrapper counted, one `[date]` header per day of
 * dated units, a unit that does not fit passed over for a shorter one after it), so every
 * budgeted row of the bench pays the same wrapper and the same date headers for the same units.
 *
 * @param ranking - From a ranker of `units`.
 * @param units - The units the ranking's paths index.
 * @param budget - Most tokens of the text, wrapper included.
 * @param count - The token estimator.
 * @returns `{ text, normalized, spent }`: the note, the picked units' normalized texts joined by a
 *   space (what `measureEvidence` searches; the wrapper and headers hold no evidence), and
 *   {@link spentOnLines} of the picked units.
 * @example fillBaseline(rank("Where did Ana move?"), units, 1_000, countTokens).text
 */
export function fillBaseline(
  ranking: Ranking,
  units: readonly EvidenceUnit[],
  budget: number,
  count: CountTokens,
): FilledText {
  const filled = fillRecallBudget(ranking, budget, count);
  return {
    text: filled.note,
    normalized: filled.units
      .flatMap((unit) => {
        const source = units[Number(unit.path)];
        return source === undefined ? [] : [normalizedText(source)];
      })
      .filter((text) => text !== "")
      .join(" "),
    spent: spentOnLines(filled.units, count),
  };
}
