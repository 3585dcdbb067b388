import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { fillRecallBudget, type RecallUnit, rankPooledRecallUnits } from "@memfiles/core/internal";
import {
  countTokens,
  EVIDENCE_CATEGORIES,
  type EvidenceUnit,
  measureEvidence,
  type SpeakerMemory,
  sampleTurns,
  storedEvidence,
} from "./evidence-recall.js";
import { importSpeaker, parseDiaIds } from "./import-sample.js";
import type { LocomoSample } from "./load-locomo.js";
import { memoryBackend } from "./memory-backend.js";
import { type OracleLayout, runOracle } from "./oracle-write.js";
import { goldText } from "./qa-requests.js";
import { snapshotStore } from "./store-snapshot.js";
import { withoutSecretlintMarks } from "./without-secretlint-marks.js";

/** One question of the QA run, with what budgeted recall gave for it. */
export type QaQuestion = {
  sampleId: string;
  /** Position in the sample's `qa` list (0-based): what recordings and authored answers name. */
  index: number;
  category: number;
  question: string;
  gold: string;
  /** The `<recalled_memory>` note of budgeted recall over both speakers' memories (`""`: none). */
  note: string;
  /** Estimated tokens of `note`. */
  noteTokens: number;
  /** Share of the question's evidence in `note` (0..1), as the bench's `budget` row measures it. */
  evidenceRecall: number;
};

/** Options of {@link prepareQaQuestions}. */
export type PrepareQaQuestionsOptions = {
  sample: LocomoSample;
  layout: OracleLayout;
  /** Budget of budgeted recall, estimated tokens. */
  maxTokens: number;
  /** Keep only these question positions (replay and author: the recorded or authored ones). */
  only?: ReadonlySet<number>;
  /** Keep at most this many questions (record mode's `--questions`). */
  limit?: number;
  /**
   * A folder to keep the two memories in, as memory folders (removed after). Default: none, each
   * memory is a `MemoryStore` on an in-process backend, as the bench's (the same files and
   * outcomes without the file system's calls).
   */
  storeDir?: string;
};

/** Both speakers' units ranked for the query in one index, paths told apart by speaker. */
function pooledUnits(memories: readonly SpeakerMemory[], query: string): Promise<RecallUnit[]> {
  return rankPooledRecallUnits({
    memories: memories.map((memory) => ({ label: memory.speaker, store: memory.store })),
    query,
    skipPaths: [],
  });
}

/**
 * The questions of one sample the QA run asks, each with its budgeted-recall note: the oracle
 * write pass (the annotators' facts, provenance `dataset`) builds each speaker's memory (in
 * process, or in a temporary folder under `storeDir`), and for each question of categories 1-4
 * whose evidence names a turn (the population of the bench's evidence recall, so J and evidence
 * recall count the same questions; category 5 is adversarial and has no answer, and the Mem0
 * paper leaves it out too), the units of both memories are ranked in one index by
 * `rankPooledRecallUnits` and filled to `maxTokens` by `fillRecallBudget`: what `recall: { strategy: "budget", maxTokens }` adds to a request, over
 * both speakers (the bench's `budget` row). Any folders are removed before it returns: no API
 * call is made, so the cost preview can be printed before the first one.
 *
 * @param options - `{ sample, layout, maxTokens, only?, limit?, storeDir? }`.
 * @returns The questions in the sample's order.
 * @throws File-system errors from the temporary folders (with `storeDir`); `LocomoDataError` on a
 *   session date that cannot be read.
 * @example const questions = await prepareQaQuestions({ sample, layout: "subject", maxTokens: 2_000, limit: 20 });
 */
export async function prepareQaQuestions(
  options: PrepareQaQuestionsOptions,
): Promise<QaQuestion[]> {
  return withoutSecretlintMarks(async () => {
    const { sample } = options;
    const turnIds = new Set(sampleTurns(sample).map((turn) => turn.dia_id));
    const picked = sample.qa.flatMap((item, index) => {
      if (!(EVIDENCE_CATEGORIES as readonly number[]).includes(item.category)) return [];
      if (options.only !== undefined && !options.only.has(index)) return [];
      const evidence = new Set(parseDiaIds(item.evidence).filter((id) => turnIds.has(id)));
      return evidence.size === 0 ? [] : [{ item, index, evidence }];
    });
    const chosen = options.limit === undefined ? picked : picked.slice(0, options.limit);
    if (chosen.length === 0) return [];
    const roots: string[] = [];
    try {
      const memories: SpeakerMemory[] = [];
      for (const speaker of [sample.conversation.speaker_a, sample.conversation.speaker_b]) {
        let store: MemoryStore;
        if (options.storeDir === undefined) {
          store = new MemoryStore({
            backend: memoryBackend(`locomo-qa:${sample.sample_id}:${speaker}`),
            layout: options.layout,
          });
        } else {
          const root = await mkdtemp(
            join(options.storeDir, `memfiles-locomo-qa-${sample.sample_id}-`),
          );
          roots.push(root);
          store = new MemoryStore({ root, layout: options.layout });
        }
        const conversation = importSpeaker(sample, speaker);
        const result = await runOracle({
          sample,
          conversation,
          store,
          descriptions: options.layout === "fact" ? "path" : "facts",
        });
        // Nothing writes from here on: every question reads this snapshot.
        memories.push({ speaker, store: await snapshotStore(store), outcomes: result.outcomes });
      }
      const stored: EvidenceUnit[] = (await Promise.all(memories.map(storedEvidence))).flat();
      const questions: QaQuestion[] = [];
      for (const { item, index, evidence } of chosen) {
        const recalled = fillRecallBudget(
          await pooledUnits(memories, item.question),
          options.maxTokens,
          countTokens,
        );
        questions.push({
          sampleId: sample.sample_id,
          index,
          category: item.category,
          question: item.question,
          gold: goldText(item.answer),
          note: recalled.note,
          noteTokens: recalled.tokens,
          evidenceRecall: measureEvidence([recalled.note], stored, evidence, countTokens).recall,
        });
      }
      return questions;
    } finally {
      for (const root of roots) await rm(root, { recursive: true, force: true });
    }
  });
}
