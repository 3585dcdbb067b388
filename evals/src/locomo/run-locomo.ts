import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { type MemoryRow, MemoryStore } from "@memfiles/core";
import { LAYOUT_NAMES } from "@memfiles/core/internal";
import {
  countTokens,
  type EvidenceCeiling,
  type EvidenceComparison,
  type EvidenceRow,
  type SampleEvidence,
  type SpeakerMemory,
  sampleEvidenceRecall,
  summarizeEvidence,
  type UnanswerableFill,
} from "./evidence-recall.js";
import { importSpeaker } from "./import-sample.js";
import type { LocomoSample } from "./load-locomo.js";
import { memoryBackend } from "./memory-backend.js";
import {
  type DescriptionMode,
  isAccepted,
  ORACLE_PROVENANCE,
  type OracleLayout,
  type OracleOutcome,
  runOracle,
  type SessionFigures,
} from "./oracle-write.js";
import {
  bm25TurnRecall,
  memoryRecall,
  type QuestionRecall,
  RECALL_KS,
  wholeConversationTokens,
} from "./recall-at-k.js";
import { type SideQuerySize, sideQuerySizes } from "./side-query-size.js";
import { snapshotStore } from "./store-snapshot.js";
import { withoutSecretlintMarks } from "./without-secretlint-marks.js";

/** `--layout`: the memory layouts to run: `subject`, `fact` (one file per fact), or `both`. */
export const LOCOMO_LAYOUTS = [...LAYOUT_NAMES, "both"] as const;
export type LocomoLayout = (typeof LOCOMO_LAYOUTS)[number];

/** Accepted and refused proposals of one code (`applied` or a rejection code). */
export type CodeCounts = { code: string; positive: number; negative: number };

/** A refusal shown for a person to judge. */
export type RefusalExample = {
  sampleId: string;
  speaker: string;
  session: number;
  kind: "positive" | "negative";
  code: string;
  fact: string;
  evidence: string;
};

/** Mean recall (0..1) at each k, mean tokens, and how many questions were averaged. */
export type RecallSummary = {
  strategy: string;
  questions: number;
  /** Mean share of targets found in the first k; `null` past what the strategy returns. */
  recall: Record<number, number | null>;
  /** Mean estimated tokens a question puts in the prompt. */
  tokens: number;
};

/** Store figures of one speaker's memory after each session. */
export type SpeakerStore = { sampleId: string; speaker: string; sessions: SessionFigures[] };

/** Everything `pnpm bench:locomo` prints, and writes with `--json`. */
export type LocomoReport = {
  /** Always `dataset`: the proposals are the annotators' facts, not a model's. */
  provenance: typeof ORACLE_PROVENANCE;
  /** The layout this report's memories were written in. */
  layout: OracleLayout;
  /** Subject layout: `--descriptions`; fact layout: `own-words` (each fact's own words). */
  descriptions: DescriptionMode | "own-words";
  samples: string[];
  write: {
    codes: CodeCounts[];
    positives: number;
    negatives: number;
    /** Refused positives / positives sent. */
    falseRejectRate: number;
    /** The same, `too_long` (a cap hit, where a model would consolidate) left out of both counts. */
    falseRejectRateWithoutCap: number;
    /** Refused negatives / negatives sent. */
    trueRejectRate: number;
    /** Annotated facts not sent: dia_id in no turn of the session, or not the speaker's own turn. */
    skipped: { unknownDiaId: number; notOwnTurn: number };
    refusals: RefusalExample[];
  };
  store: SpeakerStore[];
  recall: {
    /** (question, speaker) pairs with target files in that speaker's memory. */
    memoryQuestions: number;
    /** (question, speaker) pairs whose evidence facts are in no file of that speaker's memory. */
    withoutTargets: number;
    strategies: RecallSummary[];
    /** Mean estimated tokens of sending a whole conversation. */
    wholeConversationTokens: number;
  };
  /**
   * Evidence recall against prompt tokens, every row over the same questions (categories 1-4 whose
   * evidence names a turn): the baselines (`BASELINE_STRATEGIES` at every budget, `full-context`;
   * `layout` null) and memfiles' strategies in this layout.
   */
  evidenceRecall: EvidenceRow[];
  /** Budgeted recall minus each baseline at each budget, with paired bootstrap intervals. */
  comparisons: EvidenceComparison[];
  /** What budgeted recall alone sends for the adversarial questions (category 5), per budget. */
  unanswerable: UnanswerableFill[];
  /** The share of evidence any annotated fact names (and any stored fact, in this layout). */
  ceiling: EvidenceCeiling;
  /** The side query's request at 10,000 and 50,000 files, with and without its catalog budget. */
  sideQuerySize: SideQuerySize[];
  /** Wall time of the whole run, in ms. */
  elapsedMs: number;
};

/** Options of {@link runLocomo}. */
export type RunLocomoOptions = {
  samples: LocomoSample[];
  /** Default `subject`. */
  layout?: OracleLayout;
  /** Default `facts` (see {@link DescriptionMode}). */
  descriptions?: DescriptionMode;
  /**
   * A folder to keep the memories in as memory folders (a temporary folder each, removed after;
   * {@link defaultStoreDir} is a good one). Default: none, each memory is a `MemoryStore` on an
   * in-process backend ({@link memoryBackend}), the same files and outcomes without the file
   * system's calls. A folder store fsyncs every write, so on a busy disk the write-pass times
   * measure the disk, not the code.
   */
  storeDir?: string;
  /** Called after each session of each speaker (for a progress bar). */
  onSession?: (label: string) => void;
  /** Also measure the side query's request at 10,000 and 50,000 files (seconds of work; default off). */
  sideQuerySize?: boolean;
  /** The folder sizes of `sideQuerySize`, in files (default 10,000 and 50,000). */
  sideQueryFiles?: readonly number[];
};

/**
 * Where the benchmark's temporary memory folders go: `/dev/shm` (RAM-backed on Linux, so the
 * store's fsync costs nothing and the timings measure the code) when it exists, else the OS temp
 * folder.
 *
 * @returns An absolute folder path.
 * @example defaultStoreDir() // "/dev/shm"
 */
export function defaultStoreDir(): string {
  return existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
}

/**
 * How many sessions {@link runLocomoLayouts} runs for these samples (both speakers, every layout
 * `layout` names), for a progress bar.
 */
export function countSessions(samples: LocomoSample[], layout: LocomoLayout = "subject"): number {
  const once = samples.reduce(
    (sum, sample) => sum + 2 * importSpeaker(sample, sample.conversation.speaker_a).sessions.length,
    0,
  );
  return layout === "both" ? 2 * once : once;
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function summarize(strategy: string, recalls: QuestionRecall[], upTo: number): RecallSummary {
  const recall: Record<number, number | null> = {};
  for (const k of RECALL_KS)
    recall[k] = k > upTo ? null : mean(recalls.map((item) => item.recall[k] ?? 0));
  return {
    strategy,
    questions: recalls.length,
    recall,
    tokens: mean(recalls.map((item) => item.tokens)),
  };
}

function pickRefusals(
  outcomes: OracleOutcome[],
  sampleIds: Map<OracleOutcome, string>,
  speakers: Map<OracleOutcome, string>,
): RefusalExample[] {
  const refused = outcomes.filter((outcome) => !isAccepted(outcome.code));
  const positives = refused.filter((outcome) => outcome.kind === "positive");
  const pool =
    positives.length >= 20
      ? positives
      : [...positives, ...refused.filter((o) => o.kind === "negative")];
  // Evenly spaced over the run, so every conversation and code can show up; no random draw.
  const step = Math.max(1, pool.length / 20);
  const picked: OracleOutcome[] = [];
  for (let at = 0; at < pool.length && picked.length < 20; at += step) {
    const outcome = pool[Math.floor(at)];
    if (outcome) picked.push(outcome);
  }
  return picked.map((outcome) => ({
    sampleId: sampleIds.get(outcome) ?? "",
    speaker: speakers.get(outcome) ?? "",
    session: outcome.session,
    kind: outcome.kind,
    code: outcome.code,
    fact: outcome.proposal.fact,
    evidence: outcome.proposal.evidence,
  }));
}

/**
 * Runs the LoCoMo benchmark without a model in one layout: for each sample and each of its two
 * speakers, the oracle write pass (provenance `dataset`) into a fresh store of that layout
 * (`new MemoryStore({ backend, layout })` in memory, or a temporary folder under `storeDir`), then
 * recall@k of that memory; and
 * the two baselines per sample.
 * secretlint's per-scan performance marks are off during the run (see `withoutSecretlintMarks`).
 *
 * @param options - `{ samples, layout?, descriptions?, storeDir?, onSession? }`; `layout` `subject`
 *   (default) or `fact`.
 * @returns The {@link LocomoReport}.
 * @example const report = await runLocomo({ samples: await loadLocomo(defaultLocomoPath()) });
 */
export async function runLocomo(options: RunLocomoOptions): Promise<LocomoReport> {
  const layout = options.layout ?? "subject";
  return withoutSecretlintMarks(() => runLayout(options, layout));
}

/**
 * {@link runLocomo} for each layout `--layout` names: `subject`, `fact`, or `both` (subject, then
 * fact, on the same samples; the baselines are the same in both reports).
 *
 * @param options - As {@link runLocomo}, `layout` also `both`.
 * @returns One report per layout, in that order.
 * @example const [subject, fact] = await runLocomoLayouts({ samples, layout: "both" });
 */
export async function runLocomoLayouts(
  options: Omit<RunLocomoOptions, "layout"> & { layout?: LocomoLayout },
): Promise<LocomoReport[]> {
  const layout = options.layout ?? "subject";
  const layouts: OracleLayout[] = layout === "both" ? [...LAYOUT_NAMES] : [layout];
  const reports: LocomoReport[] = [];
  for (const one of layouts) reports.push(await runLocomo({ ...options, layout: one }));
  return reports;
}

// BM25 over the turns uses no memory: both layouts of a run rank the same sample objects once.
const turnRecalls = new WeakMap<LocomoSample, readonly QuestionRecall[]>();
function turnRecall(sample: LocomoSample): readonly QuestionRecall[] {
  let recalls = turnRecalls.get(sample);
  if (recalls === undefined) {
    recalls = bm25TurnRecall(sample);
    turnRecalls.set(sample, recalls);
  }
  return recalls;
}

async function runLayout(options: RunLocomoOptions, layout: OracleLayout): Promise<LocomoReport> {
  const descriptions = layout === "fact" ? "own-words" : (options.descriptions ?? "facts");
  const started = performance.now();
  const outcomes: OracleOutcome[] = [];
  const sampleIds = new Map<OracleOutcome, string>();
  const speakers = new Map<OracleOutcome, string>();
  const skipped = { unknownDiaId: 0, notOwnTurn: 0 };
  const store: SpeakerStore[] = [];
  const prefilter: QuestionRecall[] = [];
  const fallback: QuestionRecall[] = [];
  const bm25: QuestionRecall[] = [];
  const wholeTokens: number[] = [];
  let memoryQuestions = 0;
  let withoutTargets = 0;
  const evidence: SampleEvidence[] = [];
  let sizeRows: MemoryRow[] = [];
  let sizeQuery = "";
  for (const sample of options.samples) {
    bm25.push(...turnRecall(sample));
    wholeTokens.push(wholeConversationTokens(sample));
    const memories: SpeakerMemory[] = [];
    const roots: string[] = [];
    try {
      for (const speaker of [sample.conversation.speaker_a, sample.conversation.speaker_b]) {
        const conversation = importSpeaker(sample, speaker);
        let memory: MemoryStore;
        if (options.storeDir === undefined) {
          memory = new MemoryStore({
            backend: memoryBackend(`locomo:${sample.sample_id}:${speaker}`),
            layout,
          });
        } else {
          const root = await mkdtemp(
            join(options.storeDir, `memfiles-locomo-${sample.sample_id}-`),
          );
          roots.push(root);
          memory = new MemoryStore({ root, layout });
        }
        {
          const result = await runOracle({
            sample,
            conversation,
            store: memory,
            descriptions: descriptions === "own-words" ? "path" : descriptions,
            onSession: (figures) =>
              options.onSession?.(`${sample.sample_id} ${speaker} session ${figures.session}`),
          });
          for (const outcome of result.outcomes) {
            sampleIds.set(outcome, sample.sample_id);
            speakers.set(outcome, speaker);
          }
          outcomes.push(...result.outcomes);
          skipped.unknownDiaId += result.skipped.unknownDiaId;
          skipped.notOwnTurn += result.skipped.notOwnTurn;
          store.push({ sampleId: sample.sample_id, speaker, sessions: result.sessions });
          // Nothing writes from here on: every question reads this snapshot, not the disk again.
          const written = await snapshotStore(memory);
          const recall = await memoryRecall({
            sample,
            store: written,
            filesByDiaId: result.filesByDiaId,
          });
          memoryQuestions += recall.questions;
          withoutTargets += recall.withoutTargets;
          prefilter.push(...recall.prefilter);
          fallback.push(...recall.fallback);
          memories.push({ speaker, store: written, outcomes: result.outcomes });
        }
      }
      evidence.push(await sampleEvidenceRecall({ sample, layout, memories }));
      if (sizeRows.length === 0) {
        sizeRows =
          (await memories[0]?.store.list())?.filter((row) => row.path !== "MEMORY.md") ?? [];
        sizeQuery = sample.qa[0]?.question ?? "";
      }
    } finally {
      for (const root of roots) await rm(root, { recursive: true, force: true });
    }
  }
  const summary = summarizeEvidence(evidence, layout);
  const codes = new Map<string, CodeCounts>();
  for (const outcome of outcomes) {
    const counts = codes.get(outcome.code) ?? { code: outcome.code, positive: 0, negative: 0 };
    counts[outcome.kind] += 1;
    codes.set(outcome.code, counts);
  }
  const positives = outcomes.filter((outcome) => outcome.kind === "positive");
  const negatives = outcomes.filter((outcome) => outcome.kind === "negative");
  const refusedPositives = positives.filter((outcome) => !isAccepted(outcome.code));
  const capHits = positives.filter((outcome) => outcome.code === "too_long").length;
  const rate = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  return {
    provenance: ORACLE_PROVENANCE,
    layout,
    descriptions,
    samples: options.samples.map((sample) => sample.sample_id),
    write: {
      codes: [...codes.values()].sort(
        (a, b) =>
          Number(isAccepted(b.code)) - Number(isAccepted(a.code)) || (a.code < b.code ? -1 : 1),
      ),
      positives: positives.length,
      negatives: negatives.length,
      falseRejectRate: rate(refusedPositives.length, positives.length),
      falseRejectRateWithoutCap: rate(
        refusedPositives.length - capHits,
        positives.length - capHits,
      ),
      trueRejectRate: rate(
        negatives.filter((outcome) => !isAccepted(outcome.code)).length,
        negatives.length,
      ),
      skipped,
      refusals: pickRefusals(outcomes, sampleIds, speakers),
    },
    store,
    recall: {
      memoryQuestions,
      withoutTargets,
      strategies: [
        summarize(`${layout}: index pre-filter (top 30 lines)`, prefilter, 30),
        summarize(`${layout}: side-query keyword fallback (matchRows, top 5)`, fallback, 5),
        summarize("baseline: BM25 over raw turns", bm25, 30),
      ],
      wholeConversationTokens: mean(wholeTokens),
    },
    evidenceRecall: summary.rows,
    comparisons: summary.comparisons,
    unanswerable: summary.unanswerable,
    ceiling: summary.ceiling,
    sideQuerySize: options.sideQuerySize
      ? sideQuerySizes(sizeRows, sizeQuery, countTokens, options.sideQueryFiles)
      : [],
    elapsedMs: performance.now() - started,
  };
}
