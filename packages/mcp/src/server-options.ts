import { basename, resolve } from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { detectLayout, MemoryStore } from "@memfiles/core";
import {
  autoMemoryFolder,
  explainProjectName,
  isTimeZone,
  LAYOUT_NAMES,
  projectNameOf,
  projectRootOf,
  timeZoneFromEnv,
} from "@memfiles/core/internal";
import { importOptional, LOCAL_TENANT, tenantRefusal } from "@memfiles/errors";
import { DEFAULT_MAX_MESSAGE_BYTES } from "./capped-stdio-transport.js";
import { parseLayoutOption } from "./layout.js";
import { McpOptionsError } from "./options-error.js";
import type { MemfilesMcpServerOptions } from "./server.js";
import { prepareMemoryFolder } from "./startup.js";

/** `memfiles-mcp --help`, and what a start without a memory prints. */
export const USAGE = `Usage: memfiles-mcp --root <memory folder> [--create] [--layout ${[...LAYOUT_NAMES, "auto"].join("|")}] [--project <name> | --cwd-project] [--max-chars <n>] [--time-zone <IANA name>]
       memfiles-mcp --claude-code-memory [--create] [--layout ...] [--project ...]
       memfiles-mcp --database-url <postgres://...> --tenant <user> [--layout ...] [--project ...]
       memfiles-mcp --pglite <data folder> [--tenant <user>] [--layout ...] [--project ...]

Serves a memfiles memory over MCP (stdio): a folder (--root, default $MEMFILES_ROOT), or PostgreSQL
(--database-url, default $DATABASE_URL, with --tenant) or an embedded PGlite database (--pglite;
tenant "local" unless given). --layout defaults to auto: "fact" for Claude Code's kind of folder
(one fact a file with front matter, or its auto memory even when empty), "subject" otherwise. A missing --root is
refused unless --create is given. --max-message-bytes (default ${DEFAULT_MAX_MESSAGE_BYTES}) caps
one JSON-RPC message: a bigger one is refused with an error and the server goes on. Dates are
written in --time-zone (default $MEMFILES_TIME_ZONE, else $TZ, when it names a zone, else UTC). --claude-code-memory serves
Claude Code's auto memory of the project the server runs in (the folder the memfiles hooks use
without --root), found from the working directory when the server starts, and is scoped to that
project as the hooks are (--project defaults to the project folder's name as a project name).
--cwd-project scopes any memory so, to the project of the folder the server starts in. A project
name is lower-case letters and digits of any script joined by single hyphens (my-app, café); a
folder name that gives none serves global memories only, as the hooks recall there.`;

/** Result of {@link openServerMemory}. */
export type OpenServerMemoryResult =
  | { code: "help" }
  | { code: "no_memory" }
  | {
      code: "opened";
      /**
       * For `createMemfilesMcpServer`: the memory to serve (a folder's store, or a database's for
       * the tenant), `--project` (with `--claude-code-memory`, by default the
       * project the server starts in), and the time zone (`--time-zone`, else the
       * environment's by core's `timeZoneFromEnv`: `MEMFILES_TIME_ZONE`, else `$TZ`, else `UTC`).
       */
      serverOptions: MemfilesMcpServerOptions & { store: MemoryStore; timeZone: string };
      /** Closes what the store holds open (a database); a no-op for a folder. */
      close: () => Promise<void>;
      /** `--max-message-bytes`, when given. */
      maxMessageBytes?: number;
      /** Set when no `--time-zone` is given and the environment's names no zone (UTC is used). */
      warning?: string;
      /**
       * Set when `--claude-code-memory` or `--cwd-project` found a project folder whose name gives
       * no project name (no letter or digit, or too long): the server serves global memories only.
       */
      projectWarning?: string;
    };

/** `memfiles-mcp`'s options, as node's `parseArgs` reads them. */
export const SERVER_OPTIONS = {
  root: { type: "string" },
  "claude-code-memory": { type: "boolean" },
  layout: { type: "string" },
  "database-url": { type: "string" },
  tenant: { type: "string" },
  pglite: { type: "string" },
  project: { type: "string" },
  "cwd-project": { type: "boolean" },
  "max-chars": { type: "string" },
  "max-message-bytes": { type: "string" },
  create: { type: "boolean" },
  "time-zone": { type: "string" },
  help: { type: "boolean" },
} as const satisfies ParseArgsConfig["options"];

const HELP = "Run memfiles-mcp --help for the options.";

// node's strict parse throws a TypeError whose text names no fix and spans lines; reading the
// tokens leniently first lets each misuse be refused as the other option errors are.
function parseServerArgs(argv: readonly string[]) {
  const { tokens } = parseArgs({
    args: [...argv],
    options: SERVER_OPTIONS,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === "positional") {
      throw new McpOptionsError(
        `Refused ${JSON.stringify(token.value)}: memfiles-mcp takes options only. ${HELP}`,
      );
    }
    if (token.kind !== "option") continue;
    const option = Object.hasOwn(SERVER_OPTIONS, token.name)
      ? SERVER_OPTIONS[token.name as keyof typeof SERVER_OPTIONS]
      : undefined;
    if (option === undefined) {
      throw new McpOptionsError(`Refused ${token.rawName}: there is no such option. ${HELP}`);
    }
    if (option.type === "boolean" && token.value !== undefined) {
      throw new McpOptionsError(
        `Refused ${token.rawName}=${token.value}: ${token.rawName} takes no value. Pass ${token.rawName} alone.`,
      );
    }
    if (option.type === "string" && token.value === undefined) {
      throw new McpOptionsError(`Refused ${token.rawName} without a value: give it one. ${HELP}`);
    }
    if (option.type === "string" && !token.inlineValue && token.value?.startsWith("-")) {
      throw new McpOptionsError(
        `Refused ${token.rawName} ${token.value}: a value after ${token.rawName} that starts with "-" reads as an option. Give ${token.rawName} its value, or write ${token.rawName}=${token.value} for a value that starts with "-".`,
      );
    }
  }
  return parseArgs({ args: [...argv], options: SERVER_OPTIONS }).values;
}

/**
 * Reads `memfiles-mcp`'s arguments and opens the memory they name: a folder (`--root`, refused
 * when missing unless `--create`), PostgreSQL (`--database-url` with `--tenant`) or PGlite
 * (`--pglite`, tenant `local` unless given), with `--layout auto` read from the memory. The server
 * itself is left to the caller, so tests drive the same start-up in process.
 *
 * @param argv - Arguments after the program name, e.g. `["--root", "./memory"]`.
 * @param env - The environment: `MEMFILES_ROOT`, `DATABASE_URL`, `MEMFILES_TENANT`,
 *   `MEMFILES_TIME_ZONE`, `TZ`,
 *   `CLAUDE_CONFIG_DIR`.
 * @param cwd - The working directory `--claude-code-memory` finds the project from.
 * @returns `{ code: "opened", serverOptions, close, maxMessageBytes?, warning?, projectWarning? }`, or
 *   `{ code: "help" }` for `--help`, or `{ code: "no_memory" }` when no folder or database is given.
 * @throws {McpOptionsError} for an unknown option, a missing or bad value (the message says which
 *   and how to fix it).
 * @example const opened = await openServerMemory(["--root", "memory"], process.env);
 */
export async function openServerMemory(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string = process.cwd(),
): Promise<OpenServerMemoryResult> {
  const values = parseServerArgs(argv);
  if (values.help) return { code: "help" };
  const maxChars = values["max-chars"] === undefined ? undefined : Number(values["max-chars"]);
  if (maxChars !== undefined && !(Number.isInteger(maxChars) && maxChars > 0)) {
    throw new McpOptionsError(
      `--max-chars must be a whole number of chars above 0, got ${values["max-chars"]}.`,
    );
  }
  const maxMessageBytes =
    values["max-message-bytes"] === undefined ? undefined : Number(values["max-message-bytes"]);
  if (
    maxMessageBytes !== undefined &&
    !(Number.isInteger(maxMessageBytes) && maxMessageBytes > 0)
  ) {
    throw new McpOptionsError(
      `--max-message-bytes must be a whole number of bytes above 0, got ${values["max-message-bytes"]}.`,
    );
  }
  const givenZone = values["time-zone"];
  if (givenZone !== undefined && !isTimeZone(givenZone)) {
    throw new McpOptionsError(
      `Refused --time-zone ${JSON.stringify(givenZone)}: it is no time zone. Give an IANA name such as "Europe/Berlin", "Asia/Shanghai" or "UTC".`,
    );
  }
  const fromEnv = timeZoneFromEnv(env);
  const timeZone = givenZone ?? fromEnv.timeZone;
  const layoutOption = parseLayoutOption(values.layout);
  const givenDatabase = values["database-url"] ?? values.pglite;
  if (values.root !== undefined && givenDatabase !== undefined) {
    throw new McpOptionsError(
      "Refused --root with --database-url or --pglite: the server serves one memory. Pass --root for a folder, or --database-url / --pglite for a database.",
    );
  }
  if (
    values["claude-code-memory"] === true &&
    (values.root !== undefined || givenDatabase !== undefined)
  ) {
    throw new McpOptionsError(
      "Refused --claude-code-memory with --root, --database-url or --pglite: the server serves one memory. Pass one of them.",
    );
  }
  const root =
    values["claude-code-memory"] === true
      ? autoMemoryFolder({ cwd, env })
      : (values.root ?? (givenDatabase === undefined ? env.MEMFILES_ROOT : undefined));
  const databaseUrl =
    values["database-url"] ??
    (root === undefined && values.pglite === undefined ? env.DATABASE_URL : undefined);
  if (values["cwd-project"] === true && values.project !== undefined) {
    throw new McpOptionsError(
      "Refused --cwd-project with --project: the server has one project scope. Pass one of them.",
    );
  }
  // The auto memory is the project's the server starts in, and so is its scope: the hooks recall
  // for that project (core's projectNameOf), so a server wired for every project (`--user`) shows
  // the session's project's memories and global ones, not every project's. `--cwd-project` asks
  // the same of any memory (a hooks' `--root` folder).
  const askedCwd =
    (values["claude-code-memory"] === true || values["cwd-project"] === true) &&
    values.project === undefined;
  // A folder that gives no project name is in no project: global memories only, as the hooks
  // recall there (core's scope rule), not every project's.
  const project = values.project ?? (askedCwd ? (projectNameOf(cwd) ?? null) : undefined);
  const projectWarning =
    project === null
      ? `the project folder's name gives no project: serving global memories only, as the hooks recall there. ${explainProjectName(basename(projectRootOf(cwd)))} Pass --project <name> to scope the server to a project.`
      : undefined;
  const opened = (store: MemoryStore, close: () => Promise<void>): OpenServerMemoryResult => ({
    code: "opened",
    serverOptions: {
      store,
      timeZone,
      ...(project === undefined ? {} : { project }),
    },
    ...(projectWarning === undefined ? {} : { projectWarning }),
    close,
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
    ...(givenZone === undefined && fromEnv.warning !== undefined
      ? { warning: fromEnv.warning }
      : {}),
  });
  if (root !== undefined && root !== "") {
    await prepareMemoryFolder(resolve(root), { create: values.create === true });
    const layout = layoutOption === "auto" ? detectLayout(resolve(root), { env }) : layoutOption;
    const store = new MemoryStore({
      root: resolve(root),
      layout,
      ...(maxChars === undefined ? {} : { maxChars }),
    });
    return opened(store, async () => {});
  }
  if ((databaseUrl === undefined || databaseUrl === "") && values.pglite === undefined) {
    return { code: "no_memory" };
  }
  const tenant =
    values.tenant ?? (values.pglite !== undefined ? LOCAL_TENANT : env.MEMFILES_TENANT);
  if (tenant === undefined || tenant === "") {
    throw new McpOptionsError(
      tenantRefusal({
        database: databaseUrl !== undefined && databaseUrl !== "" ? "--database-url" : "--pglite",
        tenantFrom:
          tenant === undefined ? undefined : values.tenant === "" ? "--tenant" : "MEMFILES_TENANT",
        orElse: " (or set MEMFILES_TENANT)",
      }),
    );
  }
  // @memfiles/pg (pg, PGlite) loads only for a database, so a folder's server starts without it.
  const pg = await importOptional(
    () => import("@memfiles/pg"),
    "@memfiles/pg",
    databaseUrl !== undefined && databaseUrl !== "" ? "--database-url" : "--pglite",
  );
  const { store, close } = await pg.openTenantMemory({
    ...(databaseUrl !== undefined && databaseUrl !== ""
      ? { databaseUrl }
      : { dataDir: resolve(values.pglite ?? "") }),
    tenant,
    ...(layoutOption === "auto" ? {} : { layout: layoutOption }),
    ...(maxChars === undefined ? {} : { maxChars }),
  });
  return opened(store, close);
}
