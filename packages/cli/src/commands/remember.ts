import { remember } from "@memfiles/core";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolderToWrite } from "../memory-folder.js";
import { printJson } from "../output.js";
import { folderAndArguments, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/** `memfiles remember [folder] <file> <fact>`: saves one dated fact at once, through core's `remember`. */
export const registerRemember: RegisterCommand = (program, context, done) => {
  program
    .command("remember")
    .description("save one fact now, dated today (secret and path checks apply)")
    .usage("[options] [folder] <file> <fact>")
    .argument("[folder]", "the memory folder: the first of three arguments, or -m <folder>")
    .argument(
      "[file]",
      "memory path. Subject layout (memfiles' dated lines): profile.md, preferences.md or topics|projects|people/<name>.md, the name lower-case letters and digits of any script joined by single hyphens (home-cooking, café, my-app). Fact layout (a Claude Code .memory/ folder): the fact file to add the fact to, by its file name or name (deploy_host.md, deploy-host), else a new fact file named after it; inside the folder either way",
    )
    .argument("[fact]", 'the fact, one short line, e.g. "deploys on Fly.io"')
    .option(...MEMORY_OPTION)
    .option("--replaces <line>", "text of the line this fact updates")
    .option("--create", "create the memory folder when it does not exist (its parent must)")
    .option("--json", "print the result as JSON")
    .action(
      async (
        first: string | undefined,
        second: string | undefined,
        third: string | undefined,
        options: { memory?: string; replaces?: string; create?: boolean; json?: boolean },
      ) => {
        const { folder, rest } = folderAndArguments(
          "remember",
          [first, second, third],
          ["file", "fact"],
          options,
          context,
          // A memory path has no spaces: one argument with a space is the fact, the file missing.
          (argument) => !/\s/u.test(argument),
        );
        const [file = "", fact = ""] = rest;
        // A missing folder is refused unless --create, as `ls` and `memfiles-mcp --root` refuse
        // one: a typo in the folder's name would otherwise start a second, empty memory.
        const store = await openMemoryFolderToWrite(folder, context, {
          create: options.create === true,
          createHint: "memfiles remember --create <folder> <file> <fact>",
        });
        const result = await remember({
          store,
          path: file,
          fact,
          ...(options.replaces === undefined ? {} : { replaces: options.replaces }),
          ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
        });
        if (options.json) printJson(context, result);
        else if (result.code === "applied") {
          context.stdout(`Saved to ${result.path}: ${result.line}\n`);
          for (const line of result.replaced) context.stdout(`  replaced: ${line}\n`);
        } else
          context.stderr(
            `Not saved (${result.code}): ${result.message.replace(/^Not saved: /, "")}\n`,
          );
        // A path outside the allowed ones is a usage error (exit 2), as for `show` (README).
        done(
          result.code === "applied"
            ? EXIT_CODES.ok
            : result.code === "path_not_allowed"
              ? EXIT_CODES.usage
              : EXIT_CODES.failed,
        );
      },
    );
};
