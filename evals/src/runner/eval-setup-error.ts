/**
 * A scenario run cannot start as configured: record mode without `ANTHROPIC_API_KEY`, author mode
 * without a folder of authored replies, an extraction prompt id that is not `<id>@<version>`.
 */
export class EvalSetupError extends Error {
  override readonly name = "EvalSetupError";
  /** The setting at fault, e.g. `ANTHROPIC_API_KEY`, `authoredDir`, `extractionPrompt`. */
  readonly setting: string;

  constructor(options: { setting: string; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.setting = options.setting;
  }
}
