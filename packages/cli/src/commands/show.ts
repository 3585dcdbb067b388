import {
  isMemoryIndexPath,
  maskRows,
  maskSecrets,
  notShownMessage,
  shownLenientlyNote,
  showWithoutForgotten,
} from "@memfiles/core/internal";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder } from "../memory-folder.js";
import { printJson } from "../output.js";
import { showFile } from "../read-memory.js";
import { folderAndArguments, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/** `memfiles show [folder] <path>`: one memory file's text, or with `--json` its header, lines and version. */
export const registerShow: RegisterCommand = (program, context, done) => {
  program
    .command("show")
    .description("print one memory file (path relative to the memory folder, e.g. topics/tools.md)")
    .usage("[options] [folder] <path>")
    .argument("[folder]", "the memory folder: the first of two arguments, or -m <folder>")
    .argument("[path]", "memory path, e.g. topics/tools.md")
    .option(...MEMORY_OPTION)
    .option("--json", "print the file's header, lines and version token as JSON")
    .action(
      async (
        first?: string,
        second?: string,
        options: { memory?: string; json?: boolean } = {},
      ) => {
        const { folder, rest } = folderAndArguments(
          "show",
          [first, second],
          ["path"],
          options,
          context,
        );
        const path = rest[0] ?? "";
        const store = openMemoryFolder(folder, context);
        if (isMemoryIndexPath(path)) {
          // The index is shown as stored; it is no memory file, so it has no header or lines.
          const index = await store.readIndex();
          if (!index.exists) {
            context.stderr(
              `No ${index.path} in ${store.root}. \`memfiles check --fix\` writes it.\n`,
            );
            done(EXIT_CODES.failed);
            return;
          }
          // Over 16 times the cap: not read, as no memory file that large is.
          const notShown = notShownMessage(index);
          if (notShown !== undefined) {
            context.stderr(`${notShown}\n`);
            done(EXIT_CODES.failed);
            return;
          }
          const indexNotText = shownLenientlyNote(index);
          if (indexNotText !== undefined) context.stderr(`${indexNotText}\n`);
          // Masked as MCP `read` masks the index: a person's line or a link to a file named
          // after a secret.
          const { text: indexText } = await maskSecrets(index.content);
          if (options.json)
            printJson(context, {
              path: index.path,
              version: index.version,
              content: indexText,
            });
          else context.stdout(indexText.endsWith("\n") ? indexText : `${indexText}\n`);
          done(EXIT_CODES.ok);
          return;
        }
        const read = await store.read(path);
        if (!read.exists) {
          context.stderr(
            `No memory file ${read.path} in ${store.root}. \`memfiles ls\` lists them.\n`,
          );
          done(EXIT_CODES.failed);
          return;
        }
        const notShown = notShownMessage(read);
        if (notShown !== undefined) {
          context.stderr(`${notShown}\n`);
          done(EXIT_CODES.failed);
          return;
        }
        const notText = shownLenientlyNote(read);
        if (notText !== undefined) context.stderr(`${notText}\n`);
        // Shown as MCP `read` shows it: a secret written into the file by hand is `[redacted]`
        // (through Bash a model reads this output); the file on disk is left as it is.
        // A line a tombstone matches is left out, as every surface shows it (`memfiles check`
        // reports it).
        const masked = await maskSecrets(await showWithoutForgotten(store, read.content));
        if (!options.json) {
          // The byte order mark is how the file is stored, not text to print (it would reach a
          // terminal or a pipe as an invisible character).
          const text = masked.text.replace(/^\uFEFF/, "");
          context.stdout(text.endsWith("\n") ? text : `${text}\n`);
          done(EXIT_CODES.ok);
          return;
        }
        const row = (await store.list()).find((candidate) => candidate.path === read.path) ?? {
          path: read.path,
          name: read.path,
          description: "",
          chars: read.content.length,
        };
        const [shownRow] = await maskRows([row]);
        printJson(context, showFile(shownRow ?? row, read.version, masked.text, store.layout));
        done(EXIT_CODES.ok);
      },
    );
};
