import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { LAYOUT_NAMES } from "@memfiles/core/internal";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { type JsonValue, normalizeJson } from "../recordings/normalize.js";
import { LocomoDataError } from "./locomo-data-error.js";

const JsonSchema = z.json() as z.ZodType<JsonValue>;
const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

/** The two calls made for each question. */
export const QA_STEPS = ["answer", "judge"] as const;
export type QaStep = (typeof QA_STEPS)[number];

/**
 * One call of a QA recording. Unlike a scenario recording it holds no request: the request holds
 * the question and memories from the dataset, which never go into the repository. The key (sha256
 * of the normalized request) tells whether a replayed request is the recorded one.
 */
export const QaRecordingEntrySchema = z.strictObject({
  /** Position of the question in its sample's `qa` list (0-based). */
  question: z.number().int().nonnegative(),
  step: z.enum(QA_STEPS),
  /** sha256 of the normalized request body (`recordingKey`). */
  key: Sha256Schema,
  /** Answer step: sha256 of the recalled-memory note in the request, to say what changed. */
  noteSha256: Sha256Schema.optional(),
  response: z.strictObject({ status: z.number().int(), body: JsonSchema }),
});
export type QaRecordingEntry = z.infer<typeof QaRecordingEntrySchema>;

/** What a QA recording was made with; a replay with other settings is refused, naming them. */
const QaSettingsShape = {
  sample: z.string(),
  answerModel: z.string(),
  judgeModel: z.string(),
  /** `locomo-answer@N`. */
  answerPrompt: z.string(),
  /** `locomo-judge@N`. */
  judgePrompt: z.string(),
  layout: z.enum(LAYOUT_NAMES),
  /** The budget of budgeted recall, estimated tokens. */
  maxTokens: z.number().int().positive(),
};

/**
 * A QA recording file, `evals/locomo/qa/recordings/<answer model>/<sample>.json`: the answer and
 * judge replies of some questions of one sample, `recorded` (from the API, dated) or `authored`
 * (written by hand in the API's format, usage estimated by the stated method).
 */
export const QaRecordingFileSchema = z.discriminatedUnion("provenance", [
  z.strictObject({
    provenance: z.literal("recorded"),
    date: z.string(),
    ...QaSettingsShape,
    note: z.string().optional(),
    entries: z.array(QaRecordingEntrySchema),
  }),
  z.strictObject({
    provenance: z.literal("authored"),
    usageMethod: z.string(),
    ...QaSettingsShape,
    note: z.string().optional(),
    entries: z.array(QaRecordingEntrySchema),
  }),
]);
export type QaRecordingFile = z.infer<typeof QaRecordingFileSchema>;
export type QaSettings = Pick<QaRecordingFile, keyof typeof QaSettingsShape>;

/**
 * The path of a QA recording.
 *
 * @param recordingsDir - Folder of QA recordings (`evals/locomo/qa/recordings`).
 * @param answerModel - The answering model.
 * @param sampleId - The LoCoMo sample, e.g. `conv-26`.
 * @returns `<recordingsDir>/<answerModel>/<sampleId>.json`.
 * @example qaRecordingPath("evals/locomo/qa/recordings", "claude-haiku-5-5", "conv-26")
 */
export function qaRecordingPath(
  recordingsDir: string,
  answerModel: string,
  sampleId: string,
): string {
  return join(recordingsDir, answerModel, `${sampleId}.json`);
}

/**
 * Reads and validates a QA recording.
 *
 * @param file - Its path.
 * @returns The recording, or `undefined` when the file does not exist.
 * @throws {LocomoDataError} (`qa_recording_invalid`) when it is not JSON or not in the format.
 * @example const recording = await readQaRecording(qaRecordingPath(dir, "claude-haiku-5-5", "conv-26"));
 */
export async function readQaRecording(file: string): Promise<QaRecordingFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new LocomoDataError(
      `The QA recording ${file} is not JSON (${(error as Error).message}). Restore it from git or record it again.`,
      { code: "qa_recording_invalid" },
    );
  }
  const parsed = QaRecordingFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new LocomoDataError(
      `The QA recording ${file} is not in the QA recording format:\n${z.prettifyError(parsed.error)}\nRestore it from git or record it again.`,
      { code: "qa_recording_invalid" },
    );
  }
  return parsed.data;
}

/**
 * Writes a QA recording deterministically (entries by question then step, response bodies with
 * sorted keys, 2-space JSON, a trailing newline) through a temporary file and a rename.
 *
 * @param file - Its path (folders are created).
 * @param recording - The recording.
 * @returns Resolves when written.
 * @throws {Error} file-system errors.
 * @example await writeQaRecording(file, recording);
 */
export async function writeQaRecording(file: string, recording: QaRecordingFile): Promise<void> {
  const entries = [...recording.entries]
    .sort((a, b) => a.question - b.question || QA_STEPS.indexOf(a.step) - QA_STEPS.indexOf(b.step))
    .map((entry) => ({
      question: entry.question,
      step: entry.step,
      key: entry.key,
      ...(entry.noteSha256 === undefined ? {} : { noteSha256: entry.noteSha256 }),
      response: { status: entry.response.status, body: normalizeJson(entry.response.body) },
    }));
  const header =
    recording.provenance === "recorded"
      ? { provenance: recording.provenance, date: recording.date }
      : { provenance: recording.provenance, usageMethod: recording.usageMethod };
  const ordered = {
    ...header,
    sample: recording.sample,
    answerModel: recording.answerModel,
    judgeModel: recording.judgeModel,
    answerPrompt: recording.answerPrompt,
    judgePrompt: recording.judgePrompt,
    layout: recording.layout,
    maxTokens: recording.maxTokens,
    ...(recording.note === undefined ? {} : { note: recording.note }),
    entries,
  };
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(ordered, null, 2)}\n`, "utf8");
  await rename(temporary, file);
}

/**
 * The authored answers of a QA subset (`evals/locomo/qa/authored/<sample>.yaml`): per question (by
 * its position in the sample's `qa` list) the answer a model gives and the judge's verdict input,
 * as written; no question or conversation text (that is read from the data at run time).
 */
export const QaAuthoredSchema = z.strictObject({
  sample: z.string(),
  /** Why the subset is what it is (shown in the recording's `note`). */
  note: z.string().optional(),
  answers: z
    .array(
      z.strictObject({
        question: z.number().int().nonnegative(),
        answer: z.string().min(1),
        /** The `submit_verdict` input as the judge writes it; a malformed one is kept as written. */
        verdict: z.record(z.string(), z.unknown()),
      }),
    )
    .min(1),
});
export type QaAuthored = z.infer<typeof QaAuthoredSchema>;

/**
 * Reads the authored answers of a QA subset.
 *
 * @param file - `<authoredDir>/<sample>.yaml`.
 * @returns The answers.
 * @throws {LocomoDataError} (`qa_authored_invalid`) when the file is missing, not YAML, or invalid.
 * @example const { answers } = await readQaAuthored("evals/locomo/qa/authored/conv-26.yaml");
 */
export async function readQaAuthored(file: string): Promise<QaAuthored> {
  let data: unknown;
  try {
    data = parseYaml(await readFile(file, "utf8"));
  } catch (error) {
    throw new LocomoDataError(
      `Cannot read the authored QA answers ${file}: ${(error as Error).message}. Write one answer and verdict per question there (see evals/locomo/README.md).`,
      { code: "qa_authored_invalid" },
    );
  }
  const parsed = QaAuthoredSchema.safeParse(data);
  if (!parsed.success) {
    throw new LocomoDataError(
      `The authored QA answers ${file} are invalid:\n${z.prettifyError(parsed.error)}`,
      { code: "qa_authored_invalid" },
    );
  }
  return parsed.data;
}
