import { formatTable } from "../internal/text-table.js";
import { RECALL_KS } from "./recall-at-k.js";
import type { LocomoReport } from "./run-locomo.js";

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
};

/**
 * The report of `pnpm bench:locomo` as text: the provenance and data credit, then three tables
 * (write guards by code with the false- and true-reject rates and 20 refusals to judge; the store
 * by session; recall@k per strategy beside the baselines).
 *
 * @param report - From `runLocomo`.
 * @returns Lines joined with `\n`.
 * @example console.log(formatLocomoReport(report));
 */
export function formatLocomoReport(report: LocomoReport): string {
  const { write, recall } = report;
  const out: string[] = [
    `LoCoMo benchmark, provenance: ${report.provenance} (the annotators' facts sent through the real write pass by a fake client; no model call, NOT a model result)`,
    'Data: LoCoMo, Maharana et al., "Evaluating Very Long-Term Conversational Memory of LLM Agents", ACL 2024 (CC BY-NC 4.0).',
    `Samples: ${report.samples.join(", ")}. Layout: ${report.layout}. Descriptions: ${report.descriptions}. ${report.layout === "fact" ? "One file per fact, named and described by the fact's own words (evals/locomo/README.md)." : "Files chosen by the oracle's keyword rule (evals/locomo/README.md)."}`,
    "",
    `## 1. Write guards (${report.layout} layout)`,
    formatTable({
      headers: ["code", "annotated facts (own turn)", "negatives (other's turn)"],
      rows: write.codes.map((counts) => [
        counts.code,
        String(counts.positive),
        String(counts.negative),
      ]),
      align: ["left", "right", "right"],
    }),
    "",
    `False-reject rate on annotated facts: ${percent(write.falseRejectRate)} of ${write.positives} (${percent(write.falseRejectRateWithoutCap)} without too_long, where a model would consolidate).`,
    `True-reject rate on negatives: ${percent(write.trueRejectRate)} of ${write.negatives}.`,
    `Not sent: ${write.skipped.unknownDiaId} facts whose dia_id is in no turn of the session, ${write.skipped.notOwnTurn} whose dia_id is the other speaker's turn.`,
    "",
    `Refusals to judge (${write.refusals.length}, evenly spaced over the run):`,
    ...write.refusals.map(
      (item, index) =>
        `${index + 1}. [${item.code}] ${item.kind} ${item.sampleId} ${item.speaker} session ${item.session}\n   fact: ${oneLine(item.fact, 160)}\n   evidence: ${oneLine(item.evidence, 200)}`,
    ),
    "",
    `## 2. Store by session (${report.layout} layout, over every speaker's memory)`,
  ];
  const bySession = new Map<number, LocomoReport["store"][number]["sessions"]>();
  for (const speaker of report.store) {
    for (const figures of speaker.sessions) {
      bySession.set(figures.session, [...(bySession.get(figures.session) ?? []), figures]);
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  out.push(
    formatTable({
      headers: [
        "session",
        "memories",
        "files (mean)",
        "chars (mean)",
        "largest file (max)",
        "cap hits (sum)",
        "write pass ms (mean)",
        "ms (max)",
      ],
      rows: [...bySession]
        .sort((a, b) => a[0] - b[0])
        .map(([session, rows]) => [
          String(session),
          String(rows.length),
          mean(rows.map((row) => row.files)).toFixed(1),
          Math.round(mean(rows.map((row) => row.totalChars))).toLocaleString("en-US"),
          Math.max(...rows.map((row) => row.largestChars)).toLocaleString("en-US"),
          String(rows.reduce((sum, row) => sum + row.capHits, 0)),
          mean(rows.map((row) => row.writeMs)).toFixed(0),
          Math.max(...rows.map((row) => row.writeMs)).toFixed(0),
        ]),
      align: ["right", "right", "right", "right", "right", "right", "right", "right"],
    }),
    "",
    "At the last session of each memory:",
    formatTable({
      headers: [
        "sample",
        "speaker",
        "sessions",
        "files",
        "chars",
        "largest file",
        "cap hits (all sessions)",
      ],
      rows: report.store.map((speaker) => {
        const last = speaker.sessions.at(-1);
        return [
          speaker.sampleId,
          speaker.speaker,
          String(speaker.sessions.length),
          String(last?.files ?? 0),
          (last?.totalChars ?? 0).toLocaleString("en-US"),
          (last?.largestChars ?? 0).toLocaleString("en-US"),
          String(speaker.sessions.reduce((sum, row) => sum + row.capHits, 0)),
        ];
      }),
      align: ["left", "left", "right", "right", "right", "right", "right"],
    }),
    "",
    `## 3. Recall@k without a model (${report.layout} layout; questions of categories 1-4, queried with the question text)`,
    formatTable({
      headers: ["strategy", "questions", ...RECALL_KS.map((k) => `R@${k}`), "tokens (mean)"],
      rows: recall.strategies.map((summary) => [
        summary.strategy,
        String(summary.questions),
        ...RECALL_KS.map((k) => {
          const value = summary.recall[k];
          return value === null || value === undefined ? "-" : percent(value);
        }),
        Math.round(summary.tokens).toLocaleString("en-US"),
      ]),
      align: ["left", "right", "right", "right", "right", "right", "right"],
    }),
    "",
    `Memory rows count (question, speaker) pairs with target files in that speaker's memory (${recall.memoryQuestions}; ${recall.withoutTargets} pairs had none); R@k = share of target FILES in the first k. BM25 counts each question once; R@k = share of evidence TURNS in the first k turns.`,
    `Baseline (b), the whole conversation: ${Math.round(recall.wholeConversationTokens).toLocaleString("en-US")} tokens on average (estimated), for every question.`,
    report.layout === "fact"
      ? "Peers publish LoCoMo retrieval recall without an LLM in the 90s (R@5) over turns or extracted facts; in the fact layout a file is one annotated fact, so the memory rows are close to that measure. The BM25-over-turns row is the baseline in the same run."
      : "Peers publish LoCoMo retrieval recall without an LLM in the 90s (R@5) over turns or extracted facts; our memory rows measure files (a coarser unit: a subject file holds many facts), so they are a different measure. The BM25-over-turns row is the like-for-like one.",
    "",
    `Elapsed: ${(report.elapsedMs / 1000).toFixed(1)} s.`,
  );
  return out.join("\n");
}
