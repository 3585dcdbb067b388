import { MemfilesError } from "@memfiles/errors";

/** Where and why a request had no recording. */
export type MissingRecordingErrorOptions = {
  scenarioId: string;
  /** The runner's step label, e.g. `session 2: write`. */
  step: string;
  /** Path of the recording file searched. */
  file: string;
  /** Why nothing matched, in one sentence (no file, no entry, fewer occurrences...). */
  problem: string;
  /** How the request differs from the nearest recorded request, one line per JSON path. */
  difference?: string[];
  /** Step label of the nearest recorded request, when there is one. */
  nearestStep?: string;
};

/**
 * Whether a difference line (from `describeRequestDifference`, `system[0].text: recorded …`) is in
 * prompt text: the system blocks or a tool's definition (name, description, input schema).
 */
function touchesPromptText(difference: readonly string[]): boolean {
  return difference.some((line) => /^(system|tools)\b/.test(line));
}

/**
 * A request was sent in replay that no recording answers. Replay fails at once (no retries) with
 * this error: the request path, a prompt or the code changed since the recording was made.
 */
export class MissingRecordingError extends MemfilesError {
  override readonly name = "MissingRecordingError";
  readonly scenarioId: string;
  readonly step: string;
  readonly file: string;
  /** Lines describing how the request differs from the nearest recorded one (may be empty). */
  readonly difference: string[];

  constructor(options: MissingRecordingErrorOptions, cause?: unknown) {
    const lines = [
      `No recording for scenario "${options.scenarioId}" at step "${options.step}": ${options.problem}`,
      `  recording file: ${options.file}`,
    ];
    if (options.difference && options.difference.length > 0) {
      lines.push(
        `  nearest recorded request (step "${options.nearestStep ?? "?"}") differs at:`,
        ...options.difference.map((line) => `    ${line}`),
      );
    }
    const regenerate =
      "regenerate the recordings: `pnpm eval --record` with ANTHROPIC_API_KEY set, or " +
      "`pnpm --filter @memfiles/evals author` for authored ones.";
    if (touchesPromptText(options.difference ?? [])) {
      lines.push(
        "  If you edited a released prompt (packages/prompts/prompts/*.md), add a new version " +
          "instead: released prompts never change (the prompt lock test fails too). If the change " +
          `is intended, ${regenerate}`,
      );
    } else {
      lines.push(
        `  If the change is intended (a new prompt version, a changed request), ${regenerate}`,
      );
    }
    super(lines.join("\n"), { code: "missing_recording", cause: cause });
    this.scenarioId = options.scenarioId;
    this.step = options.step;
    this.file = options.file;
    this.difference = options.difference ?? [];
  }
}
