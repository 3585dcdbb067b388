import { layoutOf } from "@memfiles/core/internal";
import { checkFolder } from "../check/check-folder.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder } from "../memory-folder.js";
import { formatTable, printJson, truncate } from "../output.js";
import { notReadNotes, readMemory } from "../read-memory.js";
import { folderOf, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/**
 * `memfiles ls [folder]`: every memory file with its description, item count (lines, or facts in
 * the fact layout), size and last update.
 */
export const registerLs: RegisterCommand = (program, context, done) => {
  program
    .command("ls")
    .description(
      "list memory files: path, lines (facts in the fact layout), size in chars, last updated, description",
    )
    .argument("[folder]", "the memory folder")
    .option(...MEMORY_OPTION)
    .option("--json", "print the list as JSON")
    .action(async (folder: string | undefined, options: { memory?: string; json?: boolean }) => {
      const store = openMemoryFolder(folderOf(folder, options), context);
      const files = await readMemory(store);
      for (const note of notReadNotes(files)) context.stderr(note);
      if (options.json) {
        printJson(
          context,
          files.map(({ lines: _lines, content: _content, ...file }) => file),
        );
      } else if (files.length === 0) {
        context.stdout(`No memory files in ${store.root}.\n`);
      } else {
        // `(!)` is `check`'s verdict on the file, in every layout: one rule, one place.
        const flagged = new Set(
          (await checkFolder(store, { fix: false })).map((finding) => finding.path),
        );
        context.stdout(
          formatTable(
            [
              "PATH",
              `${layoutOf(store).items.noun.toUpperCase()}S`,
              "CHARS",
              "UPDATED",
              "DESCRIPTION",
            ],
            files.map((file) => [
              flagged.has(file.path) ? `${file.path} (!)` : file.path,
              file.undated === 0
                ? String(file.facts)
                : `${file.facts === 0 ? "" : `${file.facts} + `}${file.undated} undated`,
              file.problems.some((problem) => problem.code === "too_large")
                ? "- (skipped)"
                : file.problems.some((problem) => problem.code === "over_cap")
                  ? `${file.chars} (over cap)`
                  : String(file.chars),
              file.updated ?? "-",
              truncate(file.description, 80),
            ]),
          ),
        );
        if (files.some((file) => flagged.has(file.path))) {
          context.stdout("(!) has problems: run `memfiles check` for details.\n");
        }
      }
      done(EXIT_CODES.ok);
    });
};
