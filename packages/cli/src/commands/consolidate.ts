import Anthropic from "@anthropic-ai/sdk";
import { consolidateAll, MODELS } from "@memfiles/core";
import { CliError } from "../cli-error.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder } from "../memory-folder.js";
import { printJson } from "../output.js";
import { folderOf, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/** `memfiles consolidate [folder]`: core's `consolidateAll` with progress lines on stderr. */
export const registerConsolidate: RegisterCommand = (program, context, done) => {
  program
    .command("consolidate")
    .description(
      "merge, correct and shrink files over the threshold with a model (needs ANTHROPIC_API_KEY)",
    )
    .argument("[folder]", "the memory folder")
    .option(...MEMORY_OPTION)
    .option("--model <id>", "model id", MODELS.haiku)
    .option("--threshold <chars>", "consolidate files longer than this many chars", "6000")
    .option("--json", "print the results as JSON")
    .action(
      async (
        folder: string | undefined,
        options: { memory?: string; model: string; threshold: string; json?: boolean },
      ) => {
        const threshold = Number(options.threshold);
        if (!Number.isInteger(threshold) || threshold < 0) {
          throw new CliError(
            `--threshold must be a whole number of chars, not "${options.threshold}".`,
            { code: "bad_argument" },
          );
        }
        const store = openMemoryFolder(folderOf(folder, options), context);
        if (!context.env.ANTHROPIC_API_KEY) {
          throw new CliError(
            "consolidate calls the Anthropic API: set ANTHROPIC_API_KEY (nothing was changed).",
            { code: "no_api_key" },
          );
        }
        const due = (await store.list()).filter((row) => row.chars > threshold);
        if (due.length === 0)
          context.stderr(`No file is over ${threshold} chars; nothing to do.\n`);
        let step = 0;
        const { results } = await consolidateAll({
          store,
          client: new Anthropic({ apiKey: context.env.ANTHROPIC_API_KEY }),
          model: options.model,
          threshold,
          ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
          onStep: ({ path }) => {
            step += 1;
            context.stderr(`[${step}/${due.length}] consolidating ${path ?? "?"} ...\n`);
          },
        });
        if (options.json) printJson(context, results);
        else {
          for (const result of results) {
            context.stdout(
              result.ok
                ? `${result.path}: ${result.changed ? `${result.before} -> ${result.after} chars` : "unchanged"}\n`
                : `${result.path}: refused (${result.code}): ${result.message}\n`,
            );
          }
        }
        done(results.every((result) => result.ok) ? EXIT_CODES.ok : EXIT_CODES.failed);
      },
    );
};
