import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { LocomoDataError } from "./locomo-data-error.js";

/**
 * Where CI keeps the 7 LoCoMo conversations, relative to the repository root. The data
 * is CC BY-NC 4.0 (Maharana et al., ACL 2024) and never committed into this repository.
 */
export const DEFAULT_LOCOMO_RELATIVE_PATH = "../shared/data/locomo/locomo7.json";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * The default LoCoMo file, {@link DEFAULT_LOCOMO_RELATIVE_PATH} resolved from the repository root
 * (not from the folder the command runs in).
 *
 * @returns An absolute path.
 * @example defaultLocomoPath() // "<the clone>/../shared/data/locomo/locomo7.json"
 */
export function defaultLocomoPath(): string {
  return resolve(REPO_ROOT, DEFAULT_LOCOMO_RELATIVE_PATH);
}

const TurnSchema = z.looseObject({
  speaker: z.string(),
  dia_id: z.string(),
  text: z.string(),
});
export type LocomoTurn = z.infer<typeof TurnSchema>;

// An observation is `[fact, dia_id]`; the dia_id is sometimes a list, sometimes "D1:2, D1:5".
const ObservationSchema = z.tuple([z.string(), z.union([z.string(), z.array(z.string())])]);

const QuestionSchema = z.looseObject({
  question: z.string(),
  answer: z.unknown().optional(),
  evidence: z.array(z.string()),
  category: z.number().int(),
});
export type LocomoQuestion = z.infer<typeof QuestionSchema>;

/**
 * One LoCoMo sample as `locomo10.json` holds it (README of `../shared/data/locomo`): speakers,
 * `session_N_date_time` and `session_N` turns, per-session annotator observations per speaker, and
 * the questions. Other fields are kept and ignored.
 */
export const LocomoSampleSchema = z.looseObject({
  sample_id: z.string(),
  conversation: z
    .looseObject({ speaker_a: z.string(), speaker_b: z.string() })
    .catchall(z.union([z.string(), z.array(TurnSchema)])),
  observation: z.record(z.string(), z.record(z.string(), z.array(ObservationSchema))),
  qa: z.array(QuestionSchema),
});
export type LocomoSample = z.infer<typeof LocomoSampleSchema>;

export const LocomoFileSchema = z.array(LocomoSampleSchema).min(1);

/**
 * Reads and validates a LoCoMo JSON file (the full `locomo10.json` or a subset in its shape).
 *
 * @param path - Absolute path of the file; see {@link defaultLocomoPath}.
 * @param sampleId - Keep only this sample (e.g. `conv-26`); default all.
 * @returns The samples, in file order.
 * @throws {LocomoDataError} `locomo_file_missing` when the file cannot be read,
 *   `locomo_file_invalid` when it is not JSON in the LoCoMo shape, `locomo_sample_not_found` when
 *   `sampleId` is not in it.
 * @example const samples = await loadLocomo(defaultLocomoPath(), "conv-26");
 */
export async function loadLocomo(path: string, sampleId?: string): Promise<LocomoSample[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new LocomoDataError(
      `Cannot read the LoCoMo file ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}). Pass --data <path> to a copy of locomo10.json (https://github.com/snap-research/LoCoMo, data/locomo10.json) or a file in its shape; CI uses ${DEFAULT_LOCOMO_RELATIVE_PATH} from the repository root.`,
      { code: "locomo_file_missing", cause: error },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new LocomoDataError(
      `The LoCoMo file ${path} is not valid JSON: ${(error as Error).message}. Point --data at locomo10.json or a file in its shape.`,
      { code: "locomo_file_invalid", cause: error },
    );
  }
  const parsed = LocomoFileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    throw new LocomoDataError(
      `The LoCoMo file ${path} is not in the LoCoMo shape (a list of samples with sample_id, conversation, observation, qa): ${issues}. Point --data at locomo10.json or a file in its shape.`,
      { code: "locomo_file_invalid", cause: parsed.error },
    );
  }
  if (sampleId === undefined) return parsed.data;
  const kept = parsed.data.filter((sample) => sample.sample_id === sampleId);
  if (kept.length === 0) {
    throw new LocomoDataError(
      `No sample "${sampleId}" in ${path}; it holds ${parsed.data.map((sample) => sample.sample_id).join(", ")}. Pass one of those to --sample.`,
      { code: "locomo_sample_not_found" },
    );
  }
  return kept;
}
