import { CliError } from "../cli-error.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolderToWrite } from "../memory-folder.js";
import { startMemoryPage } from "../page/memory-page-server.js";
import { folderOf, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/** `memfiles serve [folder]`: the memory page on 127.0.0.1 until Ctrl-C. */
export const registerServe: RegisterCommand = (program, context, done) => {
  program
    .command("serve")
    .description(
      "open the memory page: see, search, delete lines, edit descriptions (127.0.0.1 only)",
    )
    .argument("[folder]", "the memory folder")
    .option(...MEMORY_OPTION)
    .option("-p, --port <port>", "port on 127.0.0.1 (default: a free one)")
    .action(async (folder: string | undefined, options: { memory?: string; port?: string }) => {
      const port = options.port === undefined ? 0 : Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65_535) {
        throw new CliError(`--port must be a port number (0-65535), not "${options.port}".`, {
          code: "bad_argument",
        });
      }
      const store = await openMemoryFolderToWrite(folderOf(folder, options), context);
      const page = await startMemoryPage({
        store,
        port,
        ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
        onRefused: ({ reason, method, path, origin }) =>
          context.stderr(
            `refused ${method} ${path}${origin ? ` from ${origin}` : ""}: ${reason}\n`,
          ),
      }).catch((error: unknown) => {
        throw new CliError(
          `Cannot listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}. Try another --port.`,
          { code: "bad_argument", cause: error },
        );
      });
      context.stdout(
        `Memory page for ${store.root}:\n  ${page.url}\nOnly this address works (it holds a per-run token). Ctrl-C stops it.\n`,
      );
      await context.untilStopped();
      await page.close();
      done(EXIT_CODES.ok);
    });
};
