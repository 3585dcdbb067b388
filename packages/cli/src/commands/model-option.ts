import { costOf, UnknownModelError } from "@memfiles/core";
import { ZERO_USAGE } from "@memfiles/core/internal";
import { CliError } from "../cli-error.js";

/**
 * A `--model` value checked against core's price table (`costOf`), the table `claude-code import`
 * checks its `--model` against, so a command refuses an unknown model before it calls the API.
 *
 * @param model - The model id as typed.
 * @returns `model`, when the price table knows it (a dated suffix accepted).
 * @throws {CliError} `bad_argument` naming the known models.
 * @example knownModel("claude-haiku-5-5") // "claude-haiku-5-5"
 */
export function knownModel(model: string): string {
  try {
    costOf(ZERO_USAGE, model);
    return model;
  } catch (error) {
    if (!(error instanceof UnknownModelError)) throw error;
    throw new CliError(
      `No price for model "${model}". Known models: ${error.knownModels.join(", ")} (a dated suffix such as "-20251001" is accepted). Give one of them to --model; nothing was changed.`,
      { code: "bad_argument", cause: error },
    );
  }
}
