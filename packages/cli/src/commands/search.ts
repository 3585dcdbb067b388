import { forgottenShownCheck, quoteText, searchShown } from "@memfiles/core/internal";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder } from "../memory-folder.js";
import { printJson } from "../output.js";
import { notReadNotes, readSearched } from "../read-memory.js";
import { folderAndWords, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/** `memfiles search [folder] <words...>`: lines (and file descriptions) holding every word. */
export const registerSearch: RegisterCommand = (program, context, done) => {
  program
    .command("search")
    .description("find memory lines holding every word (case and accents ignored)")
    .usage("[options] [folder] <words...>")
    .argument(
      "<words...>",
      "the words to look for; the first is the memory folder when it is an existing folder and words follow (-m, or words after --, to search for a folder's name)",
    )
    .option(...MEMORY_OPTION)
    .option("--json", "print the matches as JSON")
    .action(async (typed: string[], options: { memory?: string; json?: boolean }) => {
      const { folder, words } = folderAndWords(typed, options, context);
      const store = openMemoryFolder(folder, context);
      const files = await readSearched(store);
      for (const note of notReadNotes(files)) context.stderr(note);
      // Core's search as every surface shows it: matched on the masked text without forgotten
      // lines, paths masked.
      const forgotten = await forgottenShownCheck(store);
      const matches = (await searchShown(files, words, forgotten)).map(({ path, line, text }) => ({
        file: path,
        line,
        text,
      }));
      if (options.json) printJson(context, matches);
      else if (matches.length === 0)
        context.stdout(`Nothing in ${store.root} holds ${quoteText(words.join(" "))}.\n`);
      else
        for (const match of matches) context.stdout(`${match.file}:${match.line}: ${match.text}\n`);
      done(matches.length > 0 ? EXIT_CODES.ok : EXIT_CODES.failed);
    });
};
