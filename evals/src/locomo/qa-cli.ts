import { mkdir, readdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Anthropic from "@anthropic-ai/sdk";
import { MODELS } from "@memfiles/core";
import { LAYOUT_NAMES, safeParseLayoutName } from "@memfiles/core/internal";
import { formatTable } from "../internal/text-table.js";
import { RecordBudget } from "../recordings/record-budget.js";
import { wilsonInterval } from "../statistics/index.js";
import { DEFAULT_LOCOMO_RELATIVE_PATH, defaultLocomoPath, loadLocomo } from "./load-locomo.js";
import type { OracleLayout } from "./oracle-write.js";
import { prepareQaQuestions, type QaQuestion } from "./qa-questions.js";
import {
  type QaAuthored,
  type QaRecordingFile,
  type QaSettings,
  qaRecordingPath,
  readQaAuthored,
  readQaRecording,
  writeQaRecording,
} from "./qa-recording.js";
import { QA_ANSWER_PROMPT, QA_JUDGE_PROMPT } from "./qa-requests.js";
import { estimateQaCost, type QaMode, type QaResult, runQaQuestions, spentOn } from "./qa-run.js";

const QA_ROOT = fileURLToPath(new URL("../../locomo/qa/", import.meta.url));
/** Default folder of QA recordings: `evals/locomo/qa/recordings`. */
export const DEFAULT_QA_RECORDINGS_DIR = path.join(QA_ROOT, "recordings");
/** Default folder of authored QA answers: `evals/locomo/qa/authored`. */
export const DEFAULT_QA_AUTHORED_DIR = path.join(QA_ROOT, "authored");

/**
 * Budget of budgeted recall when `--max-tokens` is not given, estimated tokens: the default of
 * `recall: { strategy: "budget" }` in core.
 */
export const DEFAULT_QA_RECALL_TOKENS = 2_000;

/** The paper whose protocol the J score follows, as cited in every report. */
export const J_SCORE_SOURCE =
  'Mem0 paper\'s LLM-as-a-Judge score J (Chhikara et al. 2025, "Mem0: Building Production-Ready AI Agents with Scalable Long-Term Memory", arXiv:2504.19413)';

/** Usage text of `pnpm bench:locomo --qa`. */
export const BENCH_LOCOMO_QA_USAGE = `Usage: pnpm bench:locomo --qa [--data <path>] [--sample <id>] [--layout subject|fact] [--max-tokens <n>] [--model <id>] [--judge-model <id>] [--record [--questions <n>] [--max-usd <n>] [--force]] [--author] [--json <file>]

Answers LoCoMo questions with memfiles' budgeted recall and a model, and grades each answer with
the judge (${J_SCORE_SOURCE}): CORRECT or WRONG against the gold answer. Prints J beside the
evidence recall of the same questions, and the cost. Offline it replays evals/locomo/qa/recordings
(an authored subset); --record calls the API (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL honoured).
  --data <path>         a LoCoMo JSON file (default ${DEFAULT_LOCOMO_RELATIVE_PATH})
  --sample <id>         only this sample (default: replay and --author every sample with a recording or
                        authored answers; --record every sample)
  --layout <layout>     subject (default) or fact
  --max-tokens <n>      budget of budgeted recall, estimated tokens (default ${DEFAULT_QA_RECALL_TOKENS})
  --model <id>          answering model (default ${MODELS.haiku})
  --judge-model <id>    judge model (default ${MODELS.haiku})
  --record              call the API and write the recordings (a cost estimate prints first)
  --questions <n>       with --record: at most n questions per sample (default every question of
                        categories 1-4 whose evidence names a turn)
  --max-usd <n>         with --record: stop before a call would take the spend past n USD (each call
                        priced at its input and its max_tokens as output, an upper bound)
  --force               with --record: ask questions again that the recording holds (default: resume)
  --author              write the recordings from evals/locomo/qa/authored/<sample>.yaml (provenance
                        authored), then report them
  --recordings <dir>    QA recordings folder (default evals/locomo/qa/recordings)
  --authored <dir>      authored answers folder (default evals/locomo/qa/authored)
  --json <file>         also write the report as JSON
  -h, --help            show this help`;

/** One sample's QA outcome. */
export type QaSampleReport = {
  sample: string;
  provenance: QaRecordingFile["provenance"];
  recordingFile: string;
  note?: string;
  results: QaResult[];
};

/** What `pnpm bench:locomo --qa` prints, and writes with `--json`. */
export type QaReport = {
  settings: Omit<QaSettings, "sample">;
  samples: QaSampleReport[];
  /** CORRECT / graded questions (broken ones left out), with its 95% Wilson interval. */
  j: { correct: number; graded: number; score: number; interval: [number, number] };
  /** Mean evidence recall (0..1) of the graded questions: the same questions as J. */
  evidenceRecall: number;
  broken: number;
  byCategory: { category: number; correct: number; graded: number; evidenceRecall: number }[];
  spent: ReturnType<typeof spentOn>;
};

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * Sums the QA results of every sample: J (CORRECT over graded questions) with its 95% Wilson
 * interval, the mean evidence recall of the same graded questions, per category, and the spend.
 *
 * @param settings - The run's settings (the sample aside).
 * @param samples - Per-sample results.
 * @returns The {@link QaReport}.
 * @example summarizeQa(settings, samples).j.score // 0.75
 */
export function summarizeQa(settings: QaReport["settings"], samples: QaSampleReport[]): QaReport {
  const all = samples.flatMap((sample) => sample.results);
  const graded = all.filter((result) => result.verdict !== undefined);
  const correct = graded.filter((result) => result.verdict?.pass === true).length;
  const categories = [...new Set(graded.map((result) => result.category))].sort((a, b) => a - b);
  return {
    settings,
    samples,
    j: {
      correct,
      graded: graded.length,
      score: graded.length === 0 ? 0 : correct / graded.length,
      interval: graded.length === 0 ? [0, 1] : wilsonInterval(correct, graded.length),
    },
    evidenceRecall: mean(graded.map((result) => result.evidenceRecall)),
    broken: all.length - graded.length,
    byCategory: categories.map((category) => {
      const own = graded.filter((result) => result.category === category);
      return {
        category,
        correct: own.filter((result) => result.verdict?.pass === true).length,
        graded: own.length,
        evidenceRecall: mean(own.map((result) => result.evidenceRecall)),
      };
    }),
    spent: spentOn(all),
  };
}

function clip(text: string, chars: number): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length <= chars ? one : `${one.slice(0, chars - 1)}…`;
}

/**
 * The QA report as text: provenance and settings, one row per question, J with the judge named,
 * beside the evidence recall of the same questions, per category, broken questions, and the spend.
 *
 * @param report - From {@link summarizeQa}.
 * @returns The text, ending with a newline.
 * @example process.stdout.write(formatQaReport(report));
 */
export function formatQaReport(report: QaReport): string {
  const { settings, j } = report;
  const lines: string[] = [
    `LoCoMo QA: J score after the ${J_SCORE_SOURCE}.`,
    ...report.samples.map(
      (sample) =>
        `Provenance: ${sample.provenance} (${sample.sample}: ${sample.recordingFile})` +
        (sample.provenance === "authored"
          ? " - answers and verdicts written by hand in the API's format, usage estimated: they test the path, not a model."
          : "."),
    ),
    `Answering: ${settings.answerModel} (${settings.answerPrompt}) from budgeted recall (${settings.maxTokens.toLocaleString("en-US")} tokens, ${settings.layout} layout, both speakers' memories from the oracle write pass); judge: ${settings.judgeModel} (${settings.judgePrompt}).`,
    "",
    formatTable({
      headers: ["sample", "q", "cat", "evidence", "memory tokens", "answer", "J"],
      align: ["left", "right", "right", "right", "right", "left", "left"],
      rows: report.samples.flatMap((sample) =>
        sample.results.map((result) => [
          sample.sample,
          String(result.index),
          String(result.category),
          percent(result.evidenceRecall),
          result.noteTokens.toLocaleString("en-US"),
          clip(result.answer, 40),
          result.broken !== undefined
            ? "BROKEN"
            : result.verdict?.pass === true
              ? "CORRECT"
              : "WRONG",
        ]),
      ),
    }),
    "",
    `J = ${j.correct}/${j.graded} = ${percent(j.score)} (95% CI ${percent(j.interval[0])}-${percent(j.interval[1])}), judged by ${settings.judgeModel}, provenance ${[...new Set(report.samples.map((sample) => sample.provenance))].join(", ")}; evidence recall of the same ${j.graded} questions: ${percent(report.evidenceRecall)} (budgeted recall, ${settings.maxTokens.toLocaleString("en-US")} tokens).`,
    ...report.byCategory.map(
      (row) =>
        `- category ${row.category}: J ${row.correct}/${row.graded}, evidence recall ${percent(row.evidenceRecall)}`,
    ),
  ];
  const broken = report.samples.flatMap((sample) =>
    sample.results.filter((result) => result.broken !== undefined),
  );
  if (broken.length > 0) {
    lines.push(
      "",
      `Broken (${broken.length}, not graded, left out of J):`,
      ...broken.map(
        (result) =>
          `- ${result.sampleId} question ${result.index}: ${result.broken?.name}: ${result.broken?.message}`,
      ),
    );
  }
  const { answering, judging } = report.spent;
  lines.push(
    "",
    `Cost (${answering.calls + judging.calls} calls): answering ${answering.usage.input.toLocaleString("en-US")} input + ${answering.usage.output.toLocaleString("en-US")} output tokens, $${answering.usd.toFixed(4)}; judging ${judging.usage.input.toLocaleString("en-US")} + ${judging.usage.output.toLocaleString("en-US")} tokens, $${judging.usd.toFixed(4)}.`,
    "What J shows: whether an answer from memfiles' recall says what the annotators' answer says, by one judge model that is generous on wording; it depends on the answering and judge models and prompts, so compare J only at the same settings.",
  );
  return `${lines.join("\n")}\n`;
}

/**
 * `pnpm bench:locomo --qa`: replays the authored QA subset offline (default), writes it from the
 * authored answers (`--author`), or records answers and verdicts from the API (`--record`, after a
 * cost estimate per model; `--max-usd` stops before a call would pass the cap, `--force` asks
 * recorded questions again). Prints the report of {@link formatQaReport}.
 *
 * @param options - `{ argv, cwd, write, writeError }`: arguments without the command (with `--qa`).
 * @returns The exit code: 0 every question graded, 1 a question broke or the budget stopped the
 *   run, 2 bad arguments.
 * @throws {LocomoDataError} when the data, a QA recording or the authored answers are invalid.
 * @example await runBenchLocomoQa({ argv: ["--qa"], cwd: process.cwd(), write: console.log, writeError: console.error })
 */
export async function runBenchLocomoQa(options: {
  argv: string[];
  cwd: string;
  write: (text: string) => void;
  writeError: (text: string) => void;
  /** ISO date of a recorded file (default today, UTC). */
  date?: string;
}): Promise<number> {
  const usageError = (message: string) => {
    options.writeError(`pnpm bench:locomo --qa: ${message}\n\n${BENCH_LOCOMO_QA_USAGE}\n`);
    return 2;
  };
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(options.argv).values;
  } catch (error) {
    return usageError((error as Error).message);
  }
  if (values.help) {
    options.write(`${BENCH_LOCOMO_QA_USAGE}\n`);
    return 0;
  }
  if (values.record && values.author)
    return usageError("--record and --author exclude each other.");
  const mode: QaMode = values.record ? "record" : values.author ? "author" : "replay";
  const parsedLayout = safeParseLayoutName(values.layout ?? "subject");
  if (!parsedLayout.success) {
    return usageError(`--layout must be ${LAYOUT_NAMES.join(" or ")}, not "${values.layout}".`);
  }
  const layout = parsedLayout.value;
  const numberOf = (text: string | undefined, integer: boolean) => {
    if (text === undefined) return undefined;
    const value = Number(text);
    return Number.isFinite(value) && value > 0 && (!integer || Number.isInteger(value))
      ? value
      : Number.NaN;
  };
  const maxTokens = numberOf(values["max-tokens"], true);
  const limit = numberOf(values.questions, true);
  const maxUsd = numberOf(values["max-usd"], false);
  for (const [name, value] of [
    ["--max-tokens", maxTokens],
    ["--questions", limit],
    ["--max-usd", maxUsd],
  ] as const) {
    if (Number.isNaN(value)) return usageError(`${name} takes a number above 0.`);
  }
  if (mode !== "record" && (limit !== undefined || maxUsd !== undefined || values.force)) {
    return usageError("--questions, --max-usd and --force go with --record.");
  }
  const recordingsDir = values.recordings
    ? path.resolve(options.cwd, values.recordings)
    : DEFAULT_QA_RECORDINGS_DIR;
  const authoredDir = values.authored
    ? path.resolve(options.cwd, values.authored)
    : DEFAULT_QA_AUTHORED_DIR;
  const dataPath =
    values.data === undefined ? defaultLocomoPath() : path.resolve(options.cwd, values.data);
  const wanted: QaSettings = {
    sample: "",
    answerModel: values.model ?? MODELS.haiku,
    judgeModel: values["judge-model"] ?? MODELS.haiku,
    answerPrompt: `${QA_ANSWER_PROMPT.id}@${QA_ANSWER_PROMPT.version}`,
    judgePrompt: `${QA_JUDGE_PROMPT.id}@${QA_JUDGE_PROMPT.version}`,
    layout: layout as OracleLayout,
    maxTokens: maxTokens ?? DEFAULT_QA_RECALL_TOKENS,
  };

  // Which samples: replay and author take the samples that have a recording or authored answers.
  let sampleIds: string[] | undefined = values.sample === undefined ? undefined : [values.sample];
  if (sampleIds === undefined && mode !== "record") {
    const folder = mode === "author" ? authoredDir : path.join(recordingsDir, wanted.answerModel);
    const suffix = mode === "author" ? ".yaml" : ".json";
    const files = await readdir(folder).catch(() => [] as string[]);
    sampleIds = files
      .filter((file) => file.endsWith(suffix))
      .map((file) => file.slice(0, -suffix.length))
      .sort();
    if (sampleIds.length === 0) {
      options.writeError(
        mode === "author"
          ? `pnpm bench:locomo --qa --author: no authored answers in ${folder} (<sample>.yaml).\n`
          : `pnpm bench:locomo --qa: no QA recordings for ${wanted.answerModel} in ${folder}. Author them (--author) or record them (--record, needs ANTHROPIC_API_KEY).\n`,
      );
      return 1;
    }
  }
  const samples =
    sampleIds === undefined
      ? await loadLocomo(dataPath)
      : await Promise.all(sampleIds.map(async (id) => (await loadLocomo(dataPath, id))[0])).then(
          (found) => found.filter((sample) => sample !== undefined),
        );

  // Everything that needs no call first: the inputs of each sample and its questions.
  type Planned = {
    settings: QaSettings;
    file: string;
    questions: QaQuestion[];
    recording?: QaRecordingFile;
    authored?: QaAuthored;
  };
  const planned: Planned[] = [];
  for (const sample of samples) {
    const file = qaRecordingPath(recordingsDir, wanted.answerModel, sample.sample_id);
    const settings = { ...wanted, sample: sample.sample_id };
    let only: Set<number> | undefined;
    let recording: QaRecordingFile | undefined;
    let authored: QaAuthored | undefined;
    if (mode === "replay" || mode === "record") {
      recording = await readQaRecording(file);
      // Record mode resumes only what the API answered; an authored subset is recorded over.
      if (mode === "record" && recording?.provenance === "authored") recording = undefined;
      if (mode === "replay" && recording === undefined) {
        options.writeError(
          `pnpm bench:locomo --qa: no QA recording ${file}. Author it (--author) or record it (--record).\n`,
        );
        return 1;
      }
      if (recording !== undefined) {
        const differs = (Object.keys(settings) as (keyof QaSettings)[]).filter(
          (key) => recording?.[key] !== settings[key],
        );
        if (differs.length > 0 && (mode === "replay" || !values.force)) {
          options.writeError(
            `pnpm bench:locomo --qa: ${file} was made with other settings (${differs
              .map(
                (key) =>
                  `${key} ${JSON.stringify(recording?.[key])}, asked ${JSON.stringify(settings[key])}`,
              )
              .join(
                "; ",
              )}). ${mode === "replay" ? "Replay with its settings, or record them (--record)." : "Pass --force to record it again with these settings."}\n`,
          );
          return 2;
        }
        if (mode === "record" && differs.length > 0) recording = undefined;
      }
      if (mode === "replay") {
        only = new Set(recording?.entries.map((entry) => entry.question));
      }
    } else {
      authored = await readQaAuthored(path.join(authoredDir, `${sample.sample_id}.yaml`));
      only = new Set(authored.answers.map((answer) => answer.question));
    }
    const questions = await prepareQaQuestions({
      sample,
      layout: settings.layout,
      maxTokens: settings.maxTokens,
      ...(only === undefined ? {} : { only }),
      ...(limit === undefined ? {} : { limit }),
    });
    planned.push({
      settings,
      file,
      questions,
      ...(recording === undefined ? {} : { recording }),
      ...(authored === undefined ? {} : { authored }),
    });
  }

  const estimate = estimateQaCost(
    planned.flatMap((item) => item.questions),
    wanted,
  );
  options.write(
    `${[
      `Cost estimate of recording these ${estimate.questions} question(s) (input by characters, output at each request's max_tokens: an upper bound; prices from core's price table):`,
      ...estimate.rows.map(
        (row) =>
          `- ${row.role} on ${row.model}: ${row.calls} calls, ~${row.input.toLocaleString("en-US")} input + <=${row.output.toLocaleString("en-US")} output tokens, <=$${row.usd.toFixed(4)}`,
      ),
      `Total: <=$${estimate.usd.toFixed(4)}` +
        (mode !== "record"
          ? ` (${mode === "replay" ? "replay" : "author"} makes no call).`
          : maxUsd === undefined
            ? " (no cap: --max-usd <n> stops before a call would pass n USD)."
            : `; cap --max-usd ${maxUsd}: the run stops before a call would pass it.`),
    ].join("\n")}\n\n`,
  );

  let client: Anthropic | undefined;
  if (mode === "record") {
    if (!process.env.ANTHROPIC_API_KEY) {
      options.writeError(
        "pnpm bench:locomo --qa --record: ANTHROPIC_API_KEY is not set. Set it to record, or run without --record to replay the recordings.\n",
      );
      return 2;
    }
    client = new Anthropic();
  }
  const budget = maxUsd === undefined ? undefined : new RecordBudget(maxUsd);
  const reports: QaSampleReport[] = [];
  let stopped: string | undefined;
  for (const item of planned) {
    if (stopped !== undefined) break;
    const run = await runQaQuestions({
      mode,
      settings: item.settings,
      questions: item.questions,
      recordingFile: item.file,
      ...(item.recording === undefined ? {} : { recording: item.recording }),
      ...(item.authored === undefined ? {} : { authored: item.authored }),
      ...(client === undefined ? {} : { client }),
      ...(budget === undefined ? {} : { budget }),
      force: values.force ?? false,
      ...(options.date === undefined ? {} : { date: options.date }),
    });
    stopped = run.stopped;
    if (run.recording !== undefined && run.recording.entries.length > 0) {
      await writeQaRecording(item.file, run.recording);
    }
    const provenance = run.recording?.provenance ?? item.recording?.provenance ?? "authored";
    const note = run.recording?.note ?? item.recording?.note;
    reports.push({
      sample: item.settings.sample,
      provenance,
      recordingFile: path.relative(options.cwd, item.file) || item.file,
      ...(note === undefined ? {} : { note }),
      results: run.results,
    });
  }
  const { sample: _sample, ...settings } = { ...wanted };
  const report = summarizeQa(settings, reports);
  options.write(formatQaReport(report));
  if (stopped !== undefined) {
    options.write(
      `\n${stopped}\nSpent $${(budget?.spentUsd ?? 0).toFixed(4)} (${budget?.calls ?? 0} calls); the questions answered so far are saved.\n`,
    );
  }
  if (values.json !== undefined) {
    const target = path.resolve(options.cwd, values.json);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${JSON.stringify({ data: dataPath, ...report }, null, 2)}\n`);
    options.write(`JSON report: ${target}\n`);
  }
  return report.broken > 0 || stopped !== undefined ? 1 : 0;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      qa: { type: "boolean" },
      data: { type: "string" },
      sample: { type: "string" },
      layout: { type: "string" },
      "max-tokens": { type: "string" },
      model: { type: "string" },
      "judge-model": { type: "string" },
      record: { type: "boolean" },
      questions: { type: "string" },
      "max-usd": { type: "string" },
      force: { type: "boolean" },
      author: { type: "boolean" },
      recordings: { type: "string" },
      authored: { type: "string" },
      json: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
}
