import { MemfilesError } from "@memfiles/errors";

/**
 * A scenario run cannot start as configured: record mode without `ANTHROPIC_API_KEY`, author mode
 * without a folder of authored replies, an extraction prompt id that is not `<id>@<version>`.
 */
export class EvalSetupError extends MemfilesError {
  override readonly name = "EvalSetupError";
  /** The setting at fault, e.g. `ANTHROPIC_API_KEY`, `authoredDir`, `extractionPrompt`. */
  readonly setting: string;

  constructor(options: { setting: string; message: string; cause?: unknown }) {
    super(options.message, { code: "eval_setup_invalid", userFixable: true, cause: options.cause });
    this.setting = options.setting;
  }
}
