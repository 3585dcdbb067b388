import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { forgottenOn, maskPathsOfEach } from "@memfiles/core/internal";
import {
  BUNDLE_VERSION,
  BundleSchema,
  describeConversions,
  exportBundle,
  type ImportStepCode,
  importTombstones,
  planImport,
  REFUSING_STEPS,
} from "../bundle/bundle.js";
import { CliError } from "../cli-error.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder, openMemoryFolderToWrite } from "../memory-folder.js";
import { printJson } from "../output.js";
import { findTextSecretsOfEach, secretRefusalMessage } from "../secrets/find-text-secrets.js";
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
      const { bundle, forgottenLines } = await exportBundle(store, new Date());
      if (forgottenLines > 0)
        context.stderr(
          `Left out ${forgottenLines} line${forgottenLines === 1 ? "" : "s"} a tombstone matches (a forgotten fact put back by hand; \`memfiles check\` names ${forgottenLines === 1 ? "it" : "them"}).\n`,
        );
      const text = `${JSON.stringify(bundle, null, 2)}\n`;
      const conversions = describeConversions(bundle);
      if (conversions.length > 0)
        context.stderr(
          `Converted ${conversions.length} file${conversions.length === 1 ? "" : "s"} to Unicode text in the bundle (import writes them as UTF-8):\n${conversions.map((line) => `  ${line}\n`).join("")}`,
        );
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
        const bytes = await readFile(resolve(context.cwd, bundlePath)).catch((error: unknown) => {
          throw new CliError(
            `Cannot read the bundle ${bundlePath}: ${error instanceof Error ? error.message : String(error)}.`,
            { code: "bad_bundle", cause: error },
          );
        });
        const text = decodeBundle(bytes, bundlePath);
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
            version !== undefined && version !== 1 && version !== BUNDLE_VERSION
              ? `${bundlePath} is a version ${String(version)} bundle; this memfiles reads versions 1 and ${BUNDLE_VERSION}. Upgrade memfiles.`
              : `${bundlePath} is not a memfiles bundle: ${parsed.error.issues[0]?.message ?? "bad shape"} at ${parsed.error.issues[0]?.path.join(".") ?? "?"}.`,
            { code: "bad_bundle" },
          );
        }
        const store = await openMemoryFolderToWrite(folderOf(folder, options), context, {
          create: true,
        });
        const plan = await planImport(store, parsed.data);
        const refused = plan.filter((step) => REFUSING_STEPS.has(step.code));
        const writes = plan.filter((step) => step.code === "create" || step.code === "replace");
        // The same secret guard as `remember`: a bundle holding a secret, in a file's text or in
        // its name (decision 0079's one path rule), is refused whole, every path printed masked.
        const named = await maskPathsOfEach(writes.map((step) => step.path));
        const shownPath = new Map(writes.map((step, at) => [step.path, named[at]?.path]));
        const inText = (
          await findTextSecretsOfEach(
            writes.map((step) => ({ path: step.path, text: step.content })),
          )
        )
          .flat()
          .map((secret) => ({ ...secret, path: shownPath.get(secret.path) ?? secret.path }));
        const inName = named.flatMap(({ path, kinds }) =>
          kinds.map((kind) => ({ path, in: "name" as const, kind })),
        );
        const secrets = [...inName, ...inText];
        if (secrets.length > 0) {
          const message = secretRefusalMessage(
            "the bundle",
            secrets.map((secret) => secret.kind),
          );
          if (options.json)
            printJson(context, { written: false, code: "secret", message, secrets });
          else {
            for (const secret of secrets)
              context.stdout(
                "line" in secret
                  ? `secret  ${secret.path}:${secret.line} ${secret.kind}\n`
                  : `secret  ${secret.path} (its name) ${secret.kind}\n`,
              );
            context.stdout(`Nothing was imported. ${message}\n`);
          }
          done(EXIT_CODES.failed);
          return;
        }
        let conflict = false;
        // The source's tombstones first, as a forget writes its tombstone before its files: kept
        // if a file write fails after, and added even when a file is refused (a copy made before
        // a forget that left other lines in the file conflicts with it): they only ever hide
        // what the source forgot (decision 0132, amending 0121).
        let tombstonesAdded = false;
        // Only a bundle with tombstones takes the lock (which would make a missing folder).
        if (!options.dryRun && parsed.data.tombstones !== undefined) {
          await store.withLock(async () => {
            const tombstones = await importTombstones(store, parsed.data);
            if (tombstones === undefined) return;
            await store.writeInternal("tombstones.json", tombstones);
            tombstonesAdded = true;
          });
        }
        if (refused.length === 0 && !options.dryRun) {
          // All or nothing: the plan checked the whole bundle, so a write fails only when a file
          // changed meanwhile; then the files already written are put back as they were.
          const applied: Array<{ path: string; before: string | undefined; version: string }> = [];
          for (const step of writes) {
            const before = step.code === "replace" ? await store.read(step.path) : undefined;
            const written = await store.write(step.path, step.content, step.ifVersion);
            if (!written.ok) {
              context.stderr(`${written.message}\n`);
              conflict = true;
              break;
            }
            applied.push({
              path: step.path,
              before: before?.exists ? before.content : undefined,
              version: written.version,
            });
          }
          if (conflict) {
            for (const { path, before, version } of applied.reverse()) {
              const undone =
                before === undefined
                  ? await store.delete(path, version)
                  : await store.write(path, before, version);
              if (!undone.ok) context.stderr(`Could not put ${path} back: ${undone.message}\n`);
            }
          }
        }
        const steps = plan.map(({ ifVersion: _version, content: _content, ...step }) => step);
        if (options.json)
          printJson(context, {
            written: refused.length === 0 && !options.dryRun && !conflict,
            tombstonesAdded,
            steps,
          });
        else {
          for (const step of steps) {
            context.stdout(`${step.code}  ${step.message}\n`);
            if (step.converted !== undefined)
              context.stdout(`converted  ${step.path}: ${step.converted}\n`);
            for (const line of step.forgotten ?? [])
              context.stdout(
                `forgotten  ${line.path}:${line.line}: not imported, the user asked to forget it ${forgottenOn(line.forgotten)} (a tombstone, rule ${line.rule}); \`memfiles remember\` it to bring it back\n`,
              );
          }
          if (refused.length > 0)
            context.stdout(
              `Nothing was imported: ${refusalSummary(refused.map((step) => step.code))}. Fix the bundle (or the files on disk) and import again.${tombstonesAdded ? " The bundle's tombstones were added: the lines its folder forgot are hidden here too." : ""}\n`,
            );
          else if (conflict)
            context.stdout(
              "Nothing was imported: a file changed while importing; the files written were put back. Run the import again.\n",
            );
        }
        // A forgotten line left out is a change refused: the rest is written, the answer is no.
        const leftOut = plan.some((step) => (step.forgotten?.length ?? 0) > 0);
        done(
          conflict
            ? EXIT_CODES.conflict
            : refused.length > 0 || leftOut
              ? EXIT_CODES.failed
              : EXIT_CODES.ok,
        );
      },
    );
};

const REFUSAL_WORDS: Partial<Record<ImportStepCode, string>> = {
  newer_on_disk: "newer on disk",
  differs: "different on disk",
  name_clash: "whose names clash in the bundle",
  too_long: "over the size cap",
  not_text: "not text on disk",
};

function refusalSummary(codes: readonly ImportStepCode[]): string {
  const counts = new Map<ImportStepCode, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts]
    .map(([code, count]) => `${count} file${count === 1 ? "" : "s"} ${REFUSAL_WORDS[code] ?? code}`)
    .join(", ");
}

/**
 * A bundle's text: UTF-8, or UTF-16 with a byte order mark (what a Windows shell's `>` writes);
 * refused when the bytes are neither, so no character is turned into U+FFFD unseen.
 */
function decodeBundle(bytes: Uint8Array, bundlePath: string): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? "utf-16le"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "utf-16be"
        : "utf-8";
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch (error) {
    throw new CliError(
      `The bundle ${bundlePath} is not valid ${encoding.toUpperCase()} text; give the file \`memfiles export\` wrote, unchanged.`,
      { code: "bad_bundle", cause: error },
    );
  }
}
