import { access, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";
import { type JsonValue, normalizeJson } from "./normalize.js";
import { RecordingFileError } from "./recording-file-error.js";

const JsonSchema = z.json() as z.ZodType<JsonValue>;

/** The result of a batch entry that did not succeed (Message Batches API result types). */
export const BatchFailureSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("errored"), error: JsonSchema }),
  z.strictObject({ type: z.literal("expired") }),
  z.strictObject({ type: z.literal("canceled") }),
]);
export type BatchFailure = z.infer<typeof BatchFailureSchema>;

/** The host of the Anthropic API; a recording made against any other names its host. */
export const API_HOST = "api.anthropic.com";

/** One recorded request and its response. */
export const RecordingEntrySchema = z.strictObject({
  /** sha256 (hex) of the normalized request body (`recordingKey`). */
  key: z.string().regex(/^[0-9a-f]{64}$/),
  /** 1-based: the nth time this exact request was sent in the scenario run. */
  occurrence: z.number().int().positive(),
  /** The runner's step label when the request was sent, e.g. `session 2: write`. */
  step: z.string(),
  /** The normalized request body (keys sorted). */
  request: JsonSchema,
  response: z.strictObject({ status: z.number().int(), body: JsonSchema }),
  /**
   * Record mode: the token-counting endpoint's `input_tokens` for this request (`POST
   * /v1/messages/count_tokens`, sent once per request), beside the real `usage` in the response,
   * so character-based estimates can be calibrated from recordings. It counts the whole prompt
   * (uncached input + cache reads + cache writes). Absent in authored recordings and when the
   * endpoint failed (then `countTokensError` says why).
   */
  countedInputTokens: z.number().int().nonnegative().optional(),
  countTokensError: z.string().optional(),
  /**
   * A request sent in a Message Batch whose result was not `succeeded`: the batch's result as the
   * results JSONL gave it (`errored` with its error, `expired`, `canceled`; see
   * https://platform.claude.com/docs/en/build-with-claude/batch-processing). `response` is then
   * `{ status: 200, body: null }`: there was no message. A succeeded batch entry is a plain entry
   * (its message in `response.body`), so one recording serves a request sent alone or in a batch.
   */
  batchResult: BatchFailureSchema.optional(),
});
export type RecordingEntry = z.infer<typeof RecordingEntrySchema>;

/**
 * The epoch of a recording file past the first (2, 3, ...): one more independent sample of the
 * same cell (scenario x model x prompt). Absent in epoch 1, so recordings made before epochs
 * existed are epoch 1 unchanged.
 */
const EpochSchema = z.number().int().min(2).optional();

/**
 * What is special about an authored recording, in words (e.g. the slip a real model makes that
 * this epoch reproduces); reports print it beside the provenance.
 */
const NoteSchema = z.string().optional();

/**
 * A recording file: `evals/recordings/<model>/<extractionPrompt>/<scenarioId>.json` (epoch 1) or
 * `<scenarioId>.epoch-<n>.json` (epoch n >= 2). Its provenance is `recorded` (with the date, and
 * the host when not the Anthropic API) or `authored` (replies written by hand, usage estimated by the stated `usageMethod`).
 */
export const RecordingFileSchema = z.discriminatedUnion("provenance", [
  z.strictObject({
    provenance: z.literal("recorded"),
    model: z.string(),
    /** ISO date `YYYY-MM-DD` of the recording. */
    date: z.string(),
    /**
     * The host it was recorded against when not the Anthropic API (`ANTHROPIC_BASE_URL`: a proxy,
     * a local fake), e.g. `127.0.0.1:8787`; absent when recorded from api.anthropic.com.
     */
    host: z.string().min(1).optional(),
    scenario: z.string(),
    extractionPrompt: z.string(),
    epoch: EpochSchema,
    note: NoteSchema,
    entries: z.array(RecordingEntrySchema),
  }),
  z.strictObject({
    provenance: z.literal("authored"),
    model: z.string(),
    /** How the usage figures were estimated, in words. */
    usageMethod: z.string(),
    scenario: z.string(),
    extractionPrompt: z.string(),
    epoch: EpochSchema,
    note: NoteSchema,
    entries: z.array(RecordingEntrySchema),
  }),
]);
export type RecordingFile = z.infer<typeof RecordingFileSchema>;

/**
 * The path of a recording file.
 *
 * @param recordingsDir - Folder of recordings (`evals/recordings`).
 * @param model - Model id, e.g. `claude-haiku-4-5`.
 * @param extractionPrompt - Extraction prompt id, e.g. `extraction@1`.
 * @param scenarioId - Scenario id.
 * @param epoch - 1-based epoch (default 1): epoch 1 keeps the name recordings always had.
 * @returns `<recordingsDir>/<model>/<extractionPrompt>/<scenarioId>.json`, or
 *   `<scenarioId>.epoch-<n>.json` for epoch n >= 2.
 * @example recordingPath("evals/recordings", "claude-haiku-4-5", "extraction@1", "remember", 2) // …/remember.epoch-2.json
 */
export function recordingPath(
  recordingsDir: string,
  model: string,
  extractionPrompt: string,
  scenarioId: string,
  epoch = 1,
): string {
  const name = epoch === 1 ? `${scenarioId}.json` : `${scenarioId}.epoch-${epoch}.json`;
  return join(recordingsDir, model, extractionPrompt, name);
}

/**
 * How many epochs of a cell are recorded: epoch 1, 2, ... while their files exist.
 *
 * @param recordingsDir - Folder of recordings.
 * @param model - Model id.
 * @param extractionPrompt - Extraction prompt id, e.g. `extraction@1`.
 * @param scenarioId - The recording id (the scenario id, or `<id>@<strategy>` for an A/B arm).
 * @returns The count of consecutive epoch files from epoch 1 (0 when epoch 1 is missing).
 * @example await recordedEpochs("evals/recordings", "claude-haiku-5-5", "extraction@1", "remember") // 5
 */
export async function recordedEpochs(
  recordingsDir: string,
  model: string,
  extractionPrompt: string,
  scenarioId: string,
): Promise<number> {
  let epochs = 0;
  while (
    await access(recordingPath(recordingsDir, model, extractionPrompt, scenarioId, epochs + 1))
      .then(() => true)
      .catch(() => false)
  ) {
    epochs += 1;
  }
  return epochs;
}

/**
 * Serializes a recording file deterministically: fixed field order, request and response bodies
 * with sorted keys, 2-space JSON and a trailing newline, so regenerating an unchanged recording
 * gives no git diff.
 *
 * @param file - The recording.
 * @returns The file text.
 * @example serializeRecordingFile(file).endsWith("}\n") // true
 */
export function serializeRecordingFile(file: RecordingFile): string {
  const entries = file.entries.map((entry) => ({
    key: entry.key,
    occurrence: entry.occurrence,
    step: entry.step,
    request: normalizeJson(entry.request),
    response: { status: entry.response.status, body: normalizeJson(entry.response.body) },
    ...(entry.countedInputTokens === undefined
      ? {}
      : { countedInputTokens: entry.countedInputTokens }),
    ...(entry.countTokensError === undefined ? {} : { countTokensError: entry.countTokensError }),
    ...(entry.batchResult === undefined ? {} : { batchResult: entry.batchResult }),
  }));
  const header =
    file.provenance === "recorded"
      ? {
          provenance: file.provenance,
          model: file.model,
          date: file.date,
          ...(file.host === undefined ? {} : { host: file.host }),
        }
      : { provenance: file.provenance, model: file.model, usageMethod: file.usageMethod };
  const ordered = {
    ...header,
    scenario: file.scenario,
    extractionPrompt: file.extractionPrompt,
    ...(file.epoch === undefined ? {} : { epoch: file.epoch }),
    ...(file.note === undefined ? {} : { note: file.note }),
    entries,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/**
 * Reads and validates a recording file.
 *
 * @param file - Path of the recording file.
 * @returns The recording, or `undefined` when the file does not exist.
 * @throws {RecordingFileError} when the file is not JSON or does not match `RecordingFileSchema`.
 * @example const recording = await readRecordingFile("evals/recordings/claude-haiku-4-5/extraction@1/remember.json");
 */
export async function readRecordingFile(file: string): Promise<RecordingFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new RecordingFileError({ file, problem: "it cannot be read", cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RecordingFileError({ file, problem: "it is not JSON", cause: error });
  }
  const parsed = RecordingFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new RecordingFileError({
      file,
      problem: `it does not match the recording format:\n${z.prettifyError(parsed.error)}`,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * Writes a recording file (creating its folders) through a temporary file and a rename, so a
 * reader never sees half a file.
 *
 * @param file - Path of the recording file.
 * @param recording - The recording.
 * @returns Resolves when written.
 * @throws {Error} file-system errors (such as `EACCES`) from creating the folders or the file.
 * @example await writeRecordingFile(recordingPath(dir, model, "extraction@1", id), recording);
 */
export async function writeRecordingFile(file: string, recording: RecordingFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, serializeRecordingFile(recording), "utf8");
  await rename(temporary, file);
}
