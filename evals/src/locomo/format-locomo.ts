import { formatTable } from "../internal/text-table.js";
import type { EvidenceRow } from "./evidence-recall.js";
import type { LeaveOneOutRow } from "./leave-one-out.js";
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
  const { write } = report;
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
    ...formatEvidence(report),
    "",
    `Elapsed: ${(report.elapsedMs / 1000).toFixed(1)} s.`,
  );
  return out.join("\n");
}

const tokens = (value: number) => Math.round(value).toLocaleString("en-US");

/**
 * A budgeted row's lines, tokens a line and tokens spent elsewhere (wrapper, `[date]` headers,
 * the list of files); blank for a row that is no fill.
 */
function spendingColumns(row: EvidenceRow): [string, string, string] {
  const { linesMean, lineTokensMean } = row;
  if (linesMean === undefined || lineTokensMean === undefined) return ["", "", ""];
  return [
    linesMean.toFixed(1),
    linesMean === 0 ? "" : (lineTokensMean / linesMean).toFixed(1),
    tokens(row.tokensMean - lineTokensMean),
  ];
}

const STRATEGY_LABELS: Record<string, string> = {
  "bm25-turns": "baseline: BM25 over raw turns",
  "bm25-facts": "baseline: BM25 over the annotated facts",
  "bm25-turns-tuned": "baseline: BM25 over raw turns, memfiles' terms, dated",
  "bm25-facts-tuned": "baseline: BM25 over the annotated facts, memfiles' terms, dated",
  "chance-facts": "baseline: the annotated facts in a random order, dated",
  "full-context": "baseline: the whole conversation",
  "memory-block": "memory block always sent (buildSystem's default)",
  "prefilter-top-30": "memory block, pre-filter forced on (top 30 index lines)",
  "side-query-fallback-5-files": "memory block + side query's keyword fallback (5 files)",
  "perfect-pick-5-files": "memory block + a perfect 5-file pick (upper bound)",
  budget: "budgeted recall alone (every file's lines ranked)",
  "memory-block+budget": "memory block + budgeted recall (profile, preferences in the block)",
};

function label(row: EvidenceRow): string {
  const name = STRATEGY_LABELS[row.strategy] ?? row.strategy;
  return row.budgetTokens === null ? name : `${name}, ${tokens(row.budgetTokens)} tokens`;
}

/** The evidence-recall section: rows, then per category and per conversation side by side. */
function formatEvidence(report: LocomoReport): string[] {
  const rows = report.evidenceRecall;
  const find = (strategy: string, budget: number | null) =>
    rows.find((row) => row.strategy === strategy && row.budgetTokens === budget);
  const side = [1_000, 2_000, 4_000].flatMap((budget) => {
    const bm25 = find("bm25-facts-tuned", budget);
    const ours = find("budget", budget);
    return bm25 === undefined || ours === undefined ? [] : [{ budget, bm25, ours }];
  });
  const groupTable = (title: string, pick: (row: EvidenceRow) => EvidenceRow["byCategory"]) => {
    const keys = [...new Set(side.flatMap(({ bm25 }) => Object.keys(pick(bm25))))].sort();
    return [
      title,
      formatTable({
        headers: [
          "",
          "questions",
          ...side.flatMap(({ budget }) => [
            `tuned BM25 facts ${tokens(budget)}`,
            `budgeted ${tokens(budget)}`,
          ]),
        ],
        rows: keys.map((key) => [
          key,
          String(side[0] === undefined ? 0 : (pick(side[0].bm25)[key]?.questions ?? 0)),
          ...side.flatMap(({ bm25, ours }) => [
            percent(pick(bm25)[key]?.recall ?? 0),
            percent(pick(ours)[key]?.recall ?? 0),
          ]),
        ]),
        align: ["left", "right", ...side.flatMap(() => ["right", "right"] as const)],
      }),
    ];
  };
  const stored = report.ceiling.stored[report.layout];
  return [
    `## 3. Evidence in the prompt against prompt tokens (${report.layout} layout, no model)`,
    "For each question of categories 1-4 whose evidence names a turn, the share of its evidence turns (dia_ids) whose fact is present, whole, in the text the strategy puts into the prompt; tokens are that text's, by one estimator for every row (estimateTokens). memfiles rows send what both speakers' memories would give (the question's prompt holds both). Every row counts the same questions: one whose evidence no memory holds counts 0, not left out. Every budgeted row, baselines included, is filled and rendered by budgeted recall's own fill (its <recalled_memory> wrapper counted, one [date] header per day of dated units) up to its budget; a baseline's units that matched nothing come last, so its budget is a size, while budgeted recall's rows are what it sends: it stops where its matches end (tokens (mean) is what it spends). Tuned BM25: memfiles' own terms (Porter stems, stop words dropped, prefix match) over the same texts, each dated by its session. Same-tokens columns: tuned BM25 filled, per question, to that row's own token count.",
    formatTable({
      headers: [
        "strategy",
        "questions",
        "evidence in prompt",
        "tokens (mean)",
        "lines (mean)",
        "tokens a line",
        "tokens not on lines",
        "tuned BM25 facts, same tokens",
        "tuned BM25 turns, same tokens",
      ],
      rows: rows.map((row) => [
        `${row.layout === null ? "" : `${row.layout}: `}${label(row)}`,
        String(row.questions),
        percent(row.recall),
        tokens(row.tokensMean),
        ...spendingColumns(row),
        row.bm25FactsTunedSameTokens === undefined ? "" : percent(row.bm25FactsTunedSameTokens),
        row.bm25TurnsTunedSameTokens === undefined ? "" : percent(row.bm25TurnsTunedSameTokens),
      ]),
      align: ["left", "right", "right", "right", "right", "right", "right", "right", "right"],
    }),
    "",
    `Ceiling: ${percent(report.ceiling.annotated)} of evidence turns are named by some annotated fact (any memory built from them holds at most that); ${stored === undefined ? "-" : percent(stored)} by a fact the write pass stored in the ${report.layout} layout.`,
    "",
    ...formatComparisons(report),
    "",
    ...formatUnanswerable(report),
    "",
    ...groupTable(
      "Budgeted recall beside tuned BM25 over the annotated facts, per question category:",
      (row) => row.byCategory,
    ),
    "",
    ...groupTable(
      "The same, per conversation (no one conversation should carry the result):",
      (row) => row.byConversation,
    ),
    "",
    "The side query's request (its user message), catalog lines made by repeating this memory's rows:",
    ...report.sideQuerySize.map(
      (size) =>
        `- ${tokens(size.files)} files: ${tokens(size.unbudgetedTokens)} tokens with every catalog line; sent: ${tokens(size.sentTokens)} tokens (${tokens(size.sentFiles)} best-matching lines, budget ${tokens(size.budgetTokens)}).`,
    ),
    "",
    "What these figures show: which stored text reaches the prompt, and at what size. What they do not show: answers. No model is called; the memories come from an oracle write pass over the annotators' facts (provenance dataset), so a model's own extraction, choice of file and reading are not measured, and published LoCoMo scores that need a model (LLM-judge accuracy, F1 of answers) are a different measure, not compared here.",
  ];
}

/**
 * What budgeted recall alone sends for the adversarial questions (category 5: about what the
 * conversation never says), per budget, beside what it sends for the answerable ones.
 *
 * @param report - From `runLocomo`.
 * @returns Lines; none when the report has no such questions.
 */
export function formatUnanswerable(
  report: Pick<LocomoReport, "layout" | "unanswerable" | "evidenceRecall">,
): string[] {
  const items = report.unanswerable.filter((item) => item.questions > 0);
  if (items.length === 0) return [];
  const answerable = (budget: number) =>
    report.evidenceRecall.find((row) => row.strategy === "budget" && row.budgetTokens === budget);
  return [
    `Adversarial questions (category 5, no answer in the conversation): what budgeted recall alone sends (${report.layout} layout), beside the answerable questions' tokens:`,
    formatTable({
      headers: [
        "budget",
        "questions",
        "tokens (mean)",
        "share of budget",
        "no note",
        "answerable: tokens (mean)",
      ],
      rows: items.map((item) => {
        const row = answerable(item.budgetTokens);
        return [
          tokens(item.budgetTokens),
          String(item.questions),
          tokens(item.tokensMean),
          percent(item.budgetShare),
          percent(item.emptyShare),
          row === undefined ? "" : tokens(row.tokensMean),
        ];
      }),
      align: ["right", "right", "right", "right", "right", "right"],
    }),
  ];
}

const points = (share: number) => `${share >= 0 ? "+" : ""}${(share * 100).toFixed(1)}`;

const interval = (item: { difference: number; low: number; high: number }) =>
  `${points(item.difference)} [${points(item.low)}, ${points(item.high)}]`;

/**
 * Budgeted recall minus each baseline at each budget, in points with the paired bootstrap's 95%
 * interval, over all questions and per conversation.
 *
 * @param report - From `runLocomo`.
 * @returns Lines; none when the report has no comparisons.
 */
export function formatComparisons(report: Pick<LocomoReport, "layout" | "comparisons">): string[] {
  const items = report.comparisons;
  if (items.length === 0) return [];
  const conversations = [
    ...new Set(items.flatMap((item) => Object.keys(item.byConversation))),
  ].sort();
  return [
    `Budgeted recall minus each baseline (${report.layout} layout), points of evidence in the prompt with the paired bootstrap's 95% interval (questions resampled, 2,000 times, fixed seed); an interval above 0 is a win, one below 0 a loss, one across 0 a tie:`,
    formatTable({
      headers: ["budget", "baseline", "all questions", ...conversations],
      rows: items.map((item) => [
        tokens(item.budgetTokens),
        item.baseline,
        interval(item),
        ...conversations.map((key) => {
          const one = item.byConversation[key];
          return one === undefined ? "" : points(one.difference);
        }),
      ]),
      align: ["right", "left", "right", ...conversations.map(() => "right" as const)],
    }),
  ];
}

/** The budgets {@link formatLayoutsSideBySide} shows. */
const SIDE_BY_SIDE_BUDGETS = [1_000, 2_000, 4_000, 8_000] as const;

/**
 * Budgeted recall of every layout of one run side by side, beside BM25 over the annotated facts
 * and over the raw turns at the same budgets: all questions, then each conversation, then how
 * many conversations each layout is at or above BM25 over the facts in (the result should not
 * rest on one conversation).
 *
 * @param reports - The reports of one run (`--layout both`: subject, then fact).
 * @returns Lines joined with `\n`; `""` for fewer than two reports.
 * @example console.log(formatLayoutsSideBySide([subject, fact]));
 */
export function formatLayoutsSideBySide(reports: readonly LocomoReport[]): string {
  if (reports.length < 2) return "";
  const first = reports[0] as LocomoReport;
  const find = (rows: EvidenceRow[], strategy: string, budget: number) =>
    rows.find((row) => row.strategy === strategy && row.budgetTokens === budget);
  const budgets = SIDE_BY_SIDE_BUDGETS.filter((budget) =>
    reports.every((report) => find(report.evidenceRecall, "budget", budget) !== undefined),
  );
  const columns = budgets.map((budget) => ({
    budget,
    plain: find(first.evidenceRecall, "bm25-facts", budget),
    facts: find(first.evidenceRecall, "bm25-facts-tuned", budget),
    turns: find(first.evidenceRecall, "bm25-turns-tuned", budget),
    layouts: reports.map((report) => find(report.evidenceRecall, "budget", budget)),
  }));
  const headers = [
    "",
    "questions",
    ...budgets.flatMap((budget) => [
      `tuned BM25 turns ${tokens(budget)}`,
      `BM25 facts ${tokens(budget)}`,
      `tuned BM25 facts ${tokens(budget)}`,
      ...reports.map((report) => `${report.layout} ${tokens(budget)}`),
    ]),
  ];
  const cell = (row: EvidenceRow | undefined, key: string | undefined) => {
    if (row === undefined) return "";
    return percent(key === undefined ? row.recall : (row.byConversation[key]?.recall ?? 0));
  };
  const rowOf = (name: string, key: string | undefined): string[] => [
    name,
    String(
      key === undefined
        ? (columns[0]?.facts?.questions ?? 0)
        : (columns[0]?.facts?.byConversation[key]?.questions ?? 0),
    ),
    ...columns.flatMap((column) => [
      cell(column.turns, key),
      cell(column.plain, key),
      cell(column.facts, key),
      ...column.layouts.map((row) => cell(row, key)),
    ]),
  ];
  const conversations = Object.keys(columns[0]?.facts?.byConversation ?? {}).sort();
  const atOrAbove = columns.flatMap((column) =>
    column.layouts.map((row, index) => {
      const wins = conversations.filter(
        (key) =>
          (row?.byConversation[key]?.recall ?? 0) >=
          (column.facts?.byConversation[key]?.recall ?? 0),
      ).length;
      return `${reports[index]?.layout} ${tokens(column.budget)}: ${wins}/${conversations.length}`;
    }),
  );
  return [
    "## Budgeted recall, every layout of this run, beside BM25 at the same budgets",
    "Evidence in the prompt (as in section 3), all questions and per conversation; the BM25 columns are the same in every layout (tuned: memfiles' own terms, dated).",
    formatTable({
      headers,
      rows: [rowOf("all", undefined), ...conversations.map((key) => rowOf(key, key))],
      align: ["left", ...headers.slice(1).map(() => "right" as const)],
    }),
    "",
    `Conversations where budgeted recall is at or above tuned BM25 over the annotated facts: ${atOrAbove.join("; ")}.`,
  ].join("\n");
}

/**
 * The leave-one-out check as a table: for each layout and budget, budgeted recall minus BM25 over
 * the annotated facts (points) over all questions and with each conversation left out, and
 * whether it stays at or above with any one left out (no one conversation carries it).
 *
 * @param rows - From `leaveOneOutRows`.
 * @returns Lines joined with `\n`; `""` when there are no rows.
 * @example console.log(formatLeaveOneOut(leaveOneOutRows(reports)));
 */
export function formatLeaveOneOut(rows: readonly LeaveOneOutRow[]): string {
  if (rows.length === 0) return "";
  const conversations = [
    ...new Set(rows.flatMap((row) => row.without.map((entry) => entry.conversation))),
  ].sort();
  const headers = [
    "layout",
    "budget",
    "all",
    ...conversations.map((conversation) => `without ${conversation}`),
    "no one conversation carries it",
  ];
  return [
    "## Leave one out: budgeted recall minus tuned BM25 over the annotated facts",
    "Points of evidence in the prompt over all questions, then with each conversation's questions left out; the last column says whether every one of them is at or above 0.",
    formatTable({
      headers,
      rows: rows.map((row) => [
        row.layout,
        tokens(row.budgetTokens),
        points(row.margin),
        ...conversations.map((conversation) => {
          const entry = row.without.find((item) => item.conversation === conversation);
          return entry === undefined ? "" : points(entry.margin);
        }),
        row.holds
          ? "yes"
          : row.margin < 0 || row.worst === undefined
            ? "no (below over all)"
            : `no (without ${row.worst.conversation})`,
      ]),
      align: ["left", ...headers.slice(1).map(() => "right" as const)],
    }),
  ].join("\n");
}
