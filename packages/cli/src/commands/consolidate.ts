import Anthropic from "@anthropic-ai/sdk";
import { consolidateAll, MODELS } from "@memfiles/core";
import { CliError } from "../cli-error.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolderToWrite } from "../memory-folder.js";
import { printJson } from "../output.js";
import { folderOf, MEMORY_OPTION, type RegisterCommand } from "./command.js";
import { knownModel } from "./model-option.js";

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
        knownModel(options.model);
        const store = await openMemoryFolderToWrite(folderOf(folder, options), context);
        if (!context.env.ANTHROPIC_API_KEY) {
          throw new CliError(
            "consolidate calls the Anthropic API: set ANTHROPIC_API_KEY (nothing was changed).",
            { code: "no_api_key" },
          );
        }
        const due = (await store.list()).filter((row) => row.chars > threshold);
        let step = 0;
        // The store's layout decides: subject files past the threshold are rewritten, a fact
        // folder's files are merged (then `merges` says what was merged or refused).
        const { results, merges } = await consolidateAll({
          store,
          client: new Anthropic({ apiKey: context.env.ANTHROPIC_API_KEY }),
          model: options.model,
          threshold,
          ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
          onStep: ({ path }) => {
            step += 1;
            context.stderr(
              path === "" || path === undefined
                ? "merging fact files ...\n"
                : `[${step}/${due.length}] consolidating ${path} ...\n`,
            );
          },
        });
        if (results.length === 0 && merges?.ran !== true) {
          context.stderr(
            merges === undefined
              ? `No file is over ${threshold} chars; nothing to do.\n`
              : `${merges.files} fact files, under the merge threshold; nothing to do.\n`,
          );
        }
        if (options.json) printJson(context, merges === undefined ? results : { results, merges });
        else {
          for (const result of results) {
            context.stdout(
              result.ok
                ? `${result.path}: ${result.changed ? `${result.before} -> ${result.after} chars` : "unchanged"}\n`
                : `${result.path}: refused (${result.code}): ${result.message}\n`,
            );
          }
        }
        if (!options.json && merges?.ran === true) {
          for (const merge of merges.merged) {
            context.stdout(
              `${merge.keep}: merged ${merge.dropped.map((item) => item.file).join(", ")} (${merge.charsBefore} -> ${merge.charsAfter} chars)\n`,
            );
          }
          for (const refusal of merges.refused) {
            context.stdout(
              `${refusal.merge.keep}: refused (${refusal.code}): ${refusal.message}\n`,
            );
          }
        }
        const refused = merges?.ran === true && merges.refused.length > 0;
        done(results.every((result) => result.ok) && !refused ? EXIT_CODES.ok : EXIT_CODES.failed);
      },
    );
};
