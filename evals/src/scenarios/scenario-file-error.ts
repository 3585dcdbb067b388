import { MemfilesError } from "@memfiles/errors";

/** One problem in a fixture file: the field (dotted path, e.g. `sessions.0.turns.1.user`) and what is wrong. */
export type FixtureIssue = {
  /** Dotted path of the field, `(root)` for the whole document. */
  field: string;
  /** zod's message, e.g. `Invalid input: expected string, received number`. */
  message: string;
};

/**
 * A scenario or authored-replies fixture that cannot be used: unreadable, not YAML, or not
 * matching its zod schema. The message names the file and every bad field.
 *
 * @example
 * throw new ScenarioFileError({ file: "scenarios/remember.yaml", issues: [{ field: "sessions.0.date", message: "expected an ISO date YYYY-MM-DD" }] });
 */
export class ScenarioFileError extends MemfilesError {
  override readonly name = "ScenarioFileError";
  /** Path of the fixture file as it was opened. */
  readonly file: string;
  /** Every problem found, in document order. */
  readonly issues: FixtureIssue[];

  /**
   * @param options - `file`: the fixture (or, with `folder: true`, the folder whose files' issues
   *   are listed, each field prefixed with its file name); `issues`; `cause`.
   */
  constructor(options: {
    file: string;
    issues: FixtureIssue[];
    folder?: boolean;
    cause?: unknown;
  }) {
    const lines = options.issues.map((issue) => `  - ${issue.field}: ${issue.message}`);
    const heading = options.folder
      ? `Invalid fixtures in ${options.file}`
      : `Invalid fixture ${options.file}`;
    super(
      `${heading}:\n${lines.join("\n")}\nFix the field(s) above; the format is described in scenarios/README.md.`,
      { code: "scenario_file_invalid", userFixable: true, cause: options.cause },
    );
    this.file = options.file;
    this.issues = options.issues;
  }
}
