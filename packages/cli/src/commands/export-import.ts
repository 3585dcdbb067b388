import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { BundleSchema, exportBundle, planImport } from "../bundle/bundle.js";
import { CliError } from "../cli-error.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder } from "../memory-folder.js";
import { printJson } from "../output.js";
import { findTextSecrets, secretRefusalMessage } from "../secrets/find-text-secrets.js";
import { folderOf, MEMORY_OPTION, type RegisterCommand } from "./command.js";

/** `memfiles export [folder] [-o file]`: every memory file in one JSON bundle. */
export const registerExport: RegisterCommand = (program, context, done) => {
  program
    .command("export")
    .description("write every memory file to one JSON bundle (stdout, or --output)")
    .argument("[folder]", "the memory folder")
    .option(...MEMORY_OPTION)
    .option("-o, --output <file>", "write the bundle to this file instead of stdout")
    .action(async (folder: string | undefined, options: { memory?: string; output?: string }) => {
      const store = openMemoryFolder(folderOf(folder, options), context);
      const bundle = await exportBundle(store, new Date());
      const text = `${JSON.stringify(bundle, null, 2)}\n`;
      if (options.output) {
        await writeFile(resolve(context.cwd, options.output), text, { flag: "wx" }).catch(
          (error: unknown) => {
            throw new CliError(
              `Cannot write ${options.output}: ${error instanceof Error ? error.message : String(error)} (an existing file is never overwritten).`,
              { code: "bad_argument", cause: error },
            );
          },
        );
        context.stderr(
          `Exported ${bundle.files.length} memory file${bundle.files.length === 1 ? "" : "s"} from ${store.root} to ${resolve(context.cwd, options.output)}.\n`,
        );
      } else context.stdout(text);
      done(EXIT_CODES.ok);
    });
};

/**
 * `memfiles import <bundle> [folder]`: writes a bundle's files, each only at the version token it
 * was planned against; refuses the whole import when any file on disk is newer or differs.
 */
export const registerImport: RegisterCommand = (program, context, done) => {
  program
    .command("import")
    .description(
      "write the files of a bundle from `memfiles export`; refuses to overwrite newer files",
    )
    .argument("<bundle>", "the bundle file (JSON)")
    .argument("[folder]", "the memory folder (created when missing)")
    .option(...MEMORY_OPTION)
    .option("--dry-run", "only show what would be written")
    .option("--json", "print the plan and result as JSON")
    .action(
      async (
        bundlePath: string,
        folder: string | undefined,
        options: { memory?: string; dryRun?: boolean; json?: boolean },
      ) => {
        const text = await readFile(resolve(context.cwd, bundlePath), "utf8").catch(
          (error: unknown) => {
            throw new CliError(
              `Cannot read the bundle ${bundlePath}: ${error instanceof Error ? error.message : String(error)}.`,
              { code: "bad_bundle", cause: error },
            );
          },
        );
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (error) {
          throw new CliError(
            `${bundlePath} is not JSON; give a file written by \`memfiles export\`.`,
            { code: "bad_bundle", cause: error },
          );
        }
        const parsed = BundleSchema.safeParse(json);
        if (!parsed.success) {
          const version = (json as { version?: unknown } | null)?.version;
          throw new CliError(
            version !== undefined && version !== 1
              ? `${bundlePath} is a version ${String(version)} bundle; this memfiles reads version 1. Upgrade memfiles.`
              : `${bundlePath} is not a memfiles bundle: ${parsed.error.issues[0]?.message ?? "bad shape"} at ${parsed.error.issues[0]?.path.join(".") ?? "?"}.`,
            { code: "bad_bundle" },
          );
        }
        const store = openMemoryFolder(folderOf(folder, options), context, { create: true });
        const plan = await planImport(store, parsed.data);
        const refused = plan.filter(
          (step) => step.code === "newer_on_disk" || step.code === "differs",
        );
        const writes = plan.filter((step) => step.code === "create" || step.code === "replace");
        // The same secret guard as `remember`: a bundle holding a secret is refused whole.
        const secrets = (
          await Promise.all(writes.map((step) => findTextSecrets(step.path, step.content)))
        ).flat();
        if (secrets.length > 0) {
          const message = secretRefusalMessage(
            "the bundle",
            secrets.map((secret) => secret.kind),
          );
          if (options.json)
            printJson(context, { written: false, code: "secret", message, secrets });
          else {
            for (const { path, line, kind } of secrets)
              context.stdout(`secret  ${path}:${line} ${kind}\n`);
            context.stdout(`Nothing was imported. ${message}\n`);
          }
          done(EXIT_CODES.failed);
          return;
        }
        let conflict = false;
        if (refused.length === 0 && !options.dryRun) {
          for (const step of writes) {
            const written = await store.write(step.path, step.content, step.ifVersion);
            if (!written.ok) {
              context.stderr(`${written.message}\n`);
              conflict = true;
              break;
            }
          }
        }
        const steps = plan.map(({ ifVersion: _version, content: _content, ...step }) => step);
        if (options.json)
          printJson(context, {
            written: refused.length === 0 && !options.dryRun && !conflict,
            steps,
          });
        else {
          for (const step of steps) context.stdout(`${step.code}  ${step.message}\n`);
          if (refused.length > 0)
            context.stdout(
              "Nothing was imported: newer files on disk. Export them first or fix the bundle.\n",
            );
        }
        done(
          conflict ? EXIT_CODES.conflict : refused.length > 0 ? EXIT_CODES.failed : EXIT_CODES.ok,
        );
      },
    );
};
