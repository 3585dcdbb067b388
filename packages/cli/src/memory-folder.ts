import { type Stats, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { detectLayout, MemoryStore } from "@memfiles/core";
import { autoMemoryFolder, projectRootOf, safeParseMemoryFile } from "@memfiles/core/internal";
import { CliError } from "./cli-error.js";
import type { CommandContext } from "./command-context.js";

/**
 * The default memory folder when none is given: the one `--claude-code-memory` found, else
 * `MEMFILES_DIR`, else `./memory`.
 */
export function defaultFolder(context: CommandContext): string {
  return context.memoryFolder ?? context.env.MEMFILES_DIR ?? "memory";
}

/**
 * The folder of `memfiles --claude-code-memory`: Claude Code's auto memory of the project the
 * command runs in, by the rule the hooks and `memfiles-mcp --claude-code-memory` use (core's
 * `autoMemoryFolder`: `$CLAUDE_CONFIG_DIR`, else `$HOME/.claude`, then
 * `projects/<project folder name>/memory`).
 *
 * @param context - The command's context (`cwd`, `env` with `HOME` / `USERPROFILE`).
 * @returns The absolute folder, which exists.
 * @throws {CliError} `folder_missing` when the project has no auto memory yet.
 */
export function claudeCodeMemoryFolder(context: CommandContext): string {
  const home = context.env.HOME ?? context.env.USERPROFILE;
  const root = autoMemoryFolder({
    cwd: context.cwd,
    env: context.env,
    ...(home === undefined ? {} : { home }),
  });
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new CliError(
      `No Claude Code auto memory for the project ${projectRootOf(context.cwd)}: ${root} does not exist. Claude Code makes it when it first saves a memory in this project; run the command inside the project's folder, or give the memory folder instead (\`-m <folder>\`).`,
      { code: "folder_missing" },
    );
  }
  return root;
}

/**
 * Opens the memory folder the user named, resolved from the folder they ran the command in; or
 * the database store of the global `--database-url` / `--pglite` options (`context.database`).
 *
 * @param folder - Absolute or relative path; undefined for the default (see {@link defaultFolder}).
 * @param context - The command's context.
 * @param options - `create: true` lets a missing folder be created on first write (its parent
 *   must exist); otherwise a missing folder is an error, so a typo never looks like empty memory.
 *   The layout is `context.layout` (`--layout`), else detected from the files (`detectLayout`).
 *   `createHint`, e.g. `memfiles remember --create ...`: the command that takes `--create`, named
 *   in the refusal of a missing folder.
 * @returns The store.
 * @throws {CliError} `folder_missing` / `folder_not_a_folder`; `bad_argument` for a folder with a
 *   database or with `--claude-code-memory`.
 */
export function openMemoryFolder(
  folder: string | undefined,
  context: CommandContext,
  options: { create?: boolean; createHint?: string } = {},
): MemoryStore {
  if (context.database !== undefined) {
    if (folder !== undefined) throw folderWithDatabaseError(folder);
    return context.database;
  }
  if (folder !== undefined && context.memoryFolder !== undefined) {
    throw new CliError(
      `Refused the memory folder ${folder} with --claude-code-memory: a command works on one memory. Give the folder or --claude-code-memory, not both.`,
      { code: "bad_argument" },
    );
  }
  const root = resolve(context.cwd, folder ?? defaultFolder(context));
  const stats = statOf(root);
  if (stats && !stats.isDirectory()) {
    throw new CliError(
      `${root} is not a folder. Give the memory folder (the one that holds MEMORY.md).`,
      {
        code: "folder_not_a_folder",
      },
    );
  }
  if (!stats && options.create && !statOf(dirname(root))?.isDirectory()) {
    throw new CliError(
      `No folder at ${dirname(root)} to start the memory ${root} in: --create makes the memory folder, not the folders above it. Create ${dirname(root)} first, or give a folder inside one that exists.`,
      { code: "folder_missing" },
    );
  }
  if (!stats && !options.create) {
    throw new CliError(
      `No memory folder at ${root}. Give the folder that holds MEMORY.md, e.g. \`memfiles ls ./memory\`${options.createHint === undefined ? "" : `; to start a new memory there, add --create (\`${options.createHint}\`)`}.`,
      { code: "folder_missing" },
    );
  }
  // `--layout` when given, else detected, so a Claude Code `.memory/` folder is read as facts.
  return new MemoryStore({
    root,
    layout: context.layout ?? detectLayout(root, { env: context.env }),
  });
}

/** A path's stats, or undefined when nothing is there; a name too long for the file system names nothing. */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENAMETOOLONG") return undefined;
    throw error;
  }
}

/**
 * The refusal of a memory folder given beside `--database-url` / `--pglite`.
 *
 * @param folder - The folder as typed.
 * @returns The `bad_argument` error to throw.
 */
export function folderWithDatabaseError(folder: string): CliError {
  return new CliError(
    `Refused the memory folder ${folder} with --database-url / --pglite: a command works on one memory. Give the folder or the database, not both.`,
    { code: "bad_argument" },
  );
}

/**
 * Opens a memory folder for a command that writes to it (see {@link openMemoryFolder}), refusing a
 * `--layout` the folder's files disagree with: `--layout fact` on a folder of dated lines would
 * add fact files beside (and into) its subject files, `--layout subject` on a Claude Code folder
 * dated lines into its fact files. Reading commands take any `--layout`, to look at a folder both ways.
 *
 * @param folder - As for {@link openMemoryFolder}.
 * @param context - The command's context (`layout` from `--layout`).
 * @param options - As for {@link openMemoryFolder}.
 * @returns The store.
 * @throws {CliError} `layout_mismatch` naming both layouts and a file that shows the folder's.
 */
export async function openMemoryFolderToWrite(
  folder: string | undefined,
  context: CommandContext,
  options: { create?: boolean; createHint?: string } = {},
): Promise<MemoryStore> {
  const store = openMemoryFolder(folder, context, options);
  if (context.layout === undefined || context.database !== undefined) return store;
  const detected = detectLayout(store.root, { env: context.env });
  let shown: string | undefined;
  if (detected === "fact" && context.layout === "subject") {
    shown = (await new MemoryStore({ root: store.root, layout: "fact" }).list())[0]?.path;
  } else if (context.layout === "fact") {
    shown = await firstDatedFile(new MemoryStore({ root: store.root, layout: "subject" }));
  }
  if (shown === undefined) return store;
  const found = context.layout === "fact" ? "subject" : "fact";
  const mark =
    found === "subject"
      ? `dated lines such as "[stated 2026/09/01] ..." in ${shown}`
      : `one fact per file with front matter, such as ${shown}`;
  throw new CliError(
    `Refused --layout ${context.layout} on ${store.root}: its files are in the ${found} layout (${mark}), and writing ${context.layout}-layout files there would mix the two. Leave --layout out (memfiles detects ${found} here), or give a folder in the ${context.layout} layout.`,
    { code: "layout_mismatch" },
  );
}

// The first file (in path order) with a dated line, as `ls` shows one. One read of each file; only
// a text holding "[stated " is parsed, as a dated line starts with it (`parseDatedLine`).
async function firstDatedFile(store: MemoryStore): Promise<string | undefined> {
  const { rows, files } = await store.readAll();
  for (const row of rows) {
    const content = files.get(row.path)?.content;
    if (content === undefined || !content.includes("[stated ")) continue;
    const parsed = safeParseMemoryFile(content, { path: row.path });
    if (parsed.success && parsed.value.lines.some((line) => line.kind === "dated")) return row.path;
  }
  return undefined;
}
