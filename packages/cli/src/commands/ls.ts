import { clearedRowsOf, layoutOf, maskRows, rowsWithoutForgotten } from "@memfiles/core/internal";
import type { Command } from "commander";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder } from "../memory-folder.js";
import { formatTable, printJson, truncate } from "../output.js";
import { notReadNotes, readMemory, type ShownFile } from "../read-memory.js";
import { commandOnSameMemory, folderOf, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/**
 * Whether `ls` marks a file `(!)`: the problems reading it found (its `problems`, which `--json`
 * prints), so the table and `--json` say the same. What needs the whole folder (the index,
 * links, secrets, forgotten lines, updated values) is `check`'s: a scan of every file's text is
 * seconds at thousands of files, too slow for a listing.
 */
export function hasProblems(file: Pick<ShownFile, "problems">): boolean {
  return file.problems.length > 0;
}

/**
 * The line under `ls`'s table: what to run for the problems it does not show. On a folder it
 * names `check` (the folder-wide problems, a secret or a broken link, mark no row, so it is
 * always printed); `check` refuses a database, where `ls --json` lists each file's problems.
 *
 * @param marked - Whether a row has `(!)`.
 * @param database - Whether the memory is a database (`--pglite`, `--database-url`).
 * @param commandLine - A command's line on the same memory (`commandOnSameMemory`).
 * @returns The line, without its line break; `undefined` on a database without a `(!)` row.
 */
export function checkHint(
  marked: boolean,
  database: boolean,
  commandLine: (name: string) => string,
): string | undefined {
  if (database) {
    return marked
      ? `(!) has problems: \`${commandLine("ls")} --json\` lists each file's (\`memfiles check\` works on a memory folder only).`
      : undefined;
  }
  const check = commandLine("check");
  return marked
    ? `(!) has problems: run \`${check}\` for details (it also checks the index, links and secrets).`
    : `Run \`${check}\` to check the index, links and secrets too.`;
}

/**
 * `memfiles ls [folder]`: every memory file with its description, item count (lines, or facts in
 * the fact layout), size and last update; `(!)` on a file with problems ({@link hasProblems}).
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
    .action(
      async (
        folder: string | undefined,
        options: { memory?: string; json?: boolean },
        command: Command,
      ) => {
        const store = openMemoryFolder(folderOf(folder, options), context);
        const read = await readMemory(store);
        // Printed as every surface shows memory: a name or description a tombstone matches left
        // out, a secret in a path, name or description masked (a row the stored recall index's
        // screen cleared is printed as it is, unscreened).
        const shown = await rowsWithoutForgotten(store, read);
        const files = (await maskRows(shown, await clearedRowsOf(store))).map((file, at) =>
          file.path === read[at]?.path
            ? file
            : {
                ...file,
                problems: file.problems.map((problem) => ({
                  ...problem,
                  message: problem.message.split(read[at]?.path ?? "").join(file.path),
                })),
              },
        );
        for (const note of notReadNotes(files)) context.stderr(note);
        if (options.json) {
          printJson(
            context,
            files.map(({ lines: _lines, content: _content, ...file }) => file),
          );
        } else if (files.length === 0) {
          context.stdout(`No memory files in ${store.root}.\n`);
        } else {
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
                hasProblems(file) ? `${file.path} (!)` : file.path,
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
          const hint = checkHint(files.some(hasProblems), context.database !== undefined, (name) =>
            commandOnSameMemory(name, folderOf(folder, options), command),
          );
          if (hint !== undefined) context.stdout(`${hint}\n`);
        }
        done(EXIT_CODES.ok);
      },
    );
};
