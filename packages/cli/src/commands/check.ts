import { checkFolder } from "../check/check-folder.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder } from "../memory-folder.js";
import { printJson } from "../output.js";
import { folderOf, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/** `memfiles check [folder]` (alias `doctor`): what is wrong with the folder; `--fix` the safe ones. */
export const registerCheck: RegisterCommand = (program, context, done) => {
  program
    .command("check")
    .alias("doctor")
    .description(
      "find problems: index out of sync, unparsable or non-UTF-8 files, names that differ only in case or Unicode normalization, undated lines, over-cap files, broken links, stale locks, left temp files, secrets",
    )
    .argument("[folder]", "the memory folder")
    .option(...MEMORY_OPTION)
    .option(
      "--fix",
      "repair the safe ones: rebuild MEMORY.md, remove a stale lock and left temp files",
    )
    .option("--json", "print the findings as JSON")
    .action(
      async (
        folder: string | undefined,
        options: { memory?: string; fix?: boolean; json?: boolean },
      ) => {
        const store = openMemoryFolder(folderOf(folder, options), context);
        const findings = await checkFolder(store, { fix: options.fix === true });
        const open = findings.filter((finding) => !finding.fixed);
        const secrets = findings
          .filter((finding) => finding.code === "secret")
          .map(({ path, line, kind }) => ({ path, line, kind }));
        if (options.json) printJson(context, { ok: open.length === 0, findings, secrets });
        else if (findings.length === 0) context.stdout(`${store.root}: no problems found.\n`);
        else {
          for (const finding of findings) {
            const mark = finding.fixed ? "fixed" : finding.fixable ? "fixable" : "to fix by hand";
            context.stdout(`${finding.code}  ${finding.message}  [${mark}]\n`);
          }
          if (options.fix === true) {
            const fixed = findings.length - open.length;
            context.stdout(
              `Fixed ${fixed} of ${findings.length} problem${findings.length === 1 ? "" : "s"}; ${open.length === 0 ? "nothing is left." : `${open.length} left to fix by hand.`}\n`,
            );
          } else if (open.some((finding) => finding.fixable))
            context.stdout("Run again with --fix to repair the fixable ones.\n");
        }
        done(open.length === 0 ? EXIT_CODES.ok : EXIT_CODES.failed);
      },
    );
};
