import { forget, previewForget } from "@memfiles/core";
import {
  contentWords,
  FORGET_QUERY_WITHOUT_WORDS,
  forgetFileTexts,
  forgetLinesShown,
  forgetQueryText,
  MAX_FORGET_QUERY_CHARS,
  maskPathsOfEach,
  quoteText,
} from "@memfiles/core/internal";
import { CliError } from "../cli-error.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolderToWrite } from "../memory-folder.js";
import { printJson } from "../output.js";
import { folderAndWords, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/**
 * `memfiles forget [folder] <query...>`: shows the lines core's `forget` would remove, asks, then removes
 * exactly those (the shown files' version tokens are passed on, so a change in between aborts
 * with exit 3 instead of removing more than was shown). Leaves a tombstone.
 */
export const registerForget: RegisterCommand = (program, context, done) => {
  program
    .command("forget")
    .description(
      "remove the lines matching a query, after showing them; leaves a tombstone (hashes only)",
    )
    .usage("[options] [folder] <query...>")
    .argument(
      "<query...>",
      'what to forget, e.g. "where I deploy"; the first word is the memory folder when it is an existing folder and words follow (-m, or words after --, to forget a folder\'s name)',
    )
    .option(...MEMORY_OPTION)
    .option("-y, --yes", "remove without asking (for scripts); still only what is shown")
    .option("--dry-run", "only show what would be removed")
    .option("--json", "print the preview and result as JSON")
    .action(
      async (
        typed: string[],
        options: { memory?: string; yes?: boolean; dryRun?: boolean; json?: boolean },
      ) => {
        const { folder, words } = folderAndWords(typed, options, context);
        const store = await openMemoryFolderToWrite(folder, context);
        const query = words.join(" ");
        const preview = await previewForget({ store, query });
        // Printed as every surface shows memory (core's `forgetLinesShown`): a secret a person
        // wrote into a line, or a file's name, is `[redacted]`; `only` gets the lines as written.
        const texts = await forgetFileTexts(
          store,
          preview.files.map((file) => file.path),
        );
        const lines = (
          await forgetLinesShown(
            preview.files.flatMap((file) => file.lines.map((line) => ({ path: file.path, line }))),
            texts,
          )
        ).map(({ path, line }) => ({ file: path, line }));
        const deletes = (
          await maskPathsOfEach(
            preview.files.filter((file) => file.deletesFile).map((file) => file.path),
          )
        ).map(({ path }) => path);
        const notRemoved =
          preview.notRemoved === undefined
            ? undefined
            : await forgetLinesShown(preview.notRemoved, texts);
        if (!options.json) {
          if (lines.length === 0 && notRemoved !== undefined) {
            // The library knows why the lines that hold the words stay: say that, not a guess.
            context.stdout(`Nothing removed for ${quoteText(query)}:\n`);
            // One line a file and reason: every matching line of an unreadable file shares both.
            const shown = new Set(notRemoved.map((kept) => `  ${kept.path}: ${kept.reason}\n`));
            for (const line of shown) context.stdout(line);
          } else if (lines.length === 0 && query.length > MAX_FORGET_QUERY_CHARS)
            context.stdout(
              `Nothing removed: the query ${quoteText(query)} is over ${MAX_FORGET_QUERY_CHARS} chars; forget matches no line with it. Name the fact in a few of its words, e.g. "where I deploy".\n`,
            );
          else if (lines.length === 0 && contentWords(query).length === 0)
            context.stdout(
              `${quoteText(query)}: ${FORGET_QUERY_WITHOUT_WORDS} (\`memfiles search\` finds it.)\n`,
            );
          else if (lines.length === 0) {
            // The typed words forget compared, as typed, without the request ("vergiss, dass …")
            // and stop words: what a search for the same line needs. As typed, so a secret in
            // them is masked on output as in the query (its folded words would not be).
            const compared = new Set(contentWords(forgetQueryText(query)));
            const search = query
              .split(/\s+/u)
              .filter((typed) => contentWords(typed).some((word) => compared.has(word)))
              .join(" ");
            context.stdout(
              `Nothing matches ${quoteText(query)}: forget removes the lines that hold every word of the query as whole words (memfiles search also finds parts of words, so it may show more). See the candidates with ${search !== "" && quoteText(search) === JSON.stringify(search) ? `memfiles search ${search}` : "memfiles search and a few of its words"}.\n`,
            );
          } else {
            context.stdout(`${options.dryRun ? "Would remove" : "To remove"} (${lines.length}):\n`);
            for (const { file, line } of lines) context.stdout(`  ${file}: ${line}\n`);
            // A file left with nothing but memfiles' own header goes too: say so before it does.
            if (deletes.length > 0)
              context.stdout(
                `${options.dryRun ? "Would also delete" : "Also to delete"} (nothing else is left in it) (${deletes.length}):\n`,
              );
            for (const path of deletes) context.stdout(`  ${path}\n`);
            // A fact file that only mentions the words stays; say so, as when nothing is removed.
            const kept = notRemoved ?? [];
            if (kept.length > 0) context.stdout(`Kept (${kept.length}):\n`);
            for (const { path, reason } of kept) context.stdout(`  ${path}: ${reason}\n`);
          }
        }
        // Nothing to remove still leaves the library's tombstone of the query's words (as MCP's and
        // the library's forget do), so recall leaves out a line kept in a file memfiles cannot edit.
        const tombstoned =
          lines.length === 0 &&
          !options.dryRun &&
          query.length <= MAX_FORGET_QUERY_CHARS &&
          contentWords(query).length > 0;
        if (tombstoned) {
          const left = await forget({
            store,
            query,
            only: preview.files,
            ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
          });
          if (!left.ok) context.stderr(`${left.message}\n`);
          else if (!options.json)
            context.stdout(
              "A tombstone (hashes only) keeps the query's words out of recall and the write pass; remember lifts it.\n",
            );
        }
        if (lines.length === 0 || options.dryRun) {
          if (options.json)
            printJson(context, {
              code: lines.length === 0 ? "nothing_matched" : "preview",
              preview: lines,
              ...(tombstoned ? { tombstone: true } : {}),
              ...(deletes.length > 0 ? { deletes } : {}),
              ...(notRemoved === undefined ? {} : { notRemoved }),
            });
          done(lines.length === 0 ? EXIT_CODES.failed : EXIT_CODES.ok);
          return;
        }
        if (!options.yes) {
          if (!context.interactive) {
            throw new CliError(
              "forget asks before removing lines, and this is not a terminal: add --yes (only the lines shown are removed).",
              { code: "not_a_terminal" },
            );
          }
          if (!(await context.confirm(`Remove ${lines.length} line(s) and leave a tombstone?`))) {
            context.stdout("Nothing removed.\n");
            done(EXIT_CODES.failed);
            return;
          }
        }
        const result = await forget({
          store,
          query,
          only: preview.files,
          ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
        });
        if (options.json)
          printJson(context, {
            ...result,
            removed: await forgetLinesShown(result.removed, texts),
            ...(result.notRemoved === undefined
              ? {}
              : { notRemoved: await forgetLinesShown(result.notRemoved, texts) }),
            preview: lines,
            ...(deletes.length > 0 ? { deletes } : {}),
          });
        else if (result.code === "removed")
          context.stdout(
            `Removed ${result.removed.length} line(s); a tombstone keeps them from coming back.\n`,
          );
        else context.stderr(`${"message" in result ? result.message : result.code}\n`);
        done(
          result.code === "removed"
            ? EXIT_CODES.ok
            : result.code === "version_conflict"
              ? EXIT_CODES.conflict
              : EXIT_CODES.failed,
        );
      },
    );
};
