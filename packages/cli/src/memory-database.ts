import { resolve } from "node:path";
import type { MemoryStore, StoreLayout } from "@memfiles/core";
import { safeParseLayoutName } from "@memfiles/core/internal";
import { importOptional, LOCAL_TENANT, tenantRefusal } from "@memfiles/errors";
import { CliError } from "./cli-error.js";
import type { CommandContext } from "./command-context.js";
import { folderWithDatabaseError } from "./memory-folder.js";

/** The global options that put the memory in PostgreSQL instead of a folder. */
export type DatabaseOptions = {
  databaseUrl?: string;
  tenant?: string;
  pglite?: string;
  layout?: string;
};

/** Commands that work on a database as on a folder (the others read files: git history, locks, temp files). */
export const DATABASE_COMMANDS = new Set([
  "ls",
  "show",
  "search",
  "remember",
  "forget",
  "cost",
  "export",
]);

/** An opened database store and how to close it. */
export type OpenedDatabase = { store: MemoryStore; close: () => Promise<void> };

/**
 * Reads `--layout`.
 *
 * @param value - `subject`, `fact` or undefined.
 * @returns The layout, or undefined (read from the memory with `detectLayout`).
 * @throws {CliError} `bad_argument` for any other value.
 */
export function layoutOption(value: string | undefined): StoreLayout | undefined {
  if (value === undefined) return undefined;
  const parsed = safeParseLayoutName(value);
  if (parsed.success) return parsed.value;
  throw new CliError(parsed.error, { code: "bad_argument" });
}

/**
 * Opens the memory in PostgreSQL when the global options ask for it: `--database-url` (or
 * `$DATABASE_URL` when `--tenant` is given) with `--tenant`, or `--pglite <folder>` (tenant
 * `local` unless given). `@memfiles/pg` is loaded only then, so folder commands never load pg or
 * PGlite. The schema is migrated on open (node-pg-migrate).
 *
 * @param command - The subcommand's name (`ls`, `remember`, ...).
 * @param options - The global options as parsed.
 * @param context - For `env` (DATABASE_URL) and `cwd` (a relative PGlite folder).
 * @param folder - A memory folder typed beside the database options, refused before opening.
 * @returns The store and its `close`, or undefined when no database was asked for.
 * @throws {CliError} `bad_argument`: a database for a command that needs a folder, a folder
 *   beside the database, no tenant.
 * @throws {TenantError} when the tenant is refused; pg's error when the server cannot be reached.
 */
export async function openMemoryDatabase(
  command: string,
  options: DatabaseOptions,
  context: CommandContext,
  folder?: string,
): Promise<OpenedDatabase | undefined> {
  const databaseUrl =
    options.databaseUrl ??
    (options.tenant !== undefined && options.pglite === undefined
      ? context.env.DATABASE_URL
      : undefined);
  if ((databaseUrl === undefined || databaseUrl === "") && options.pglite === undefined) {
    return undefined;
  }
  if (!DATABASE_COMMANDS.has(command)) {
    throw new CliError(
      `memfiles ${command} works on a memory folder only (it reads files, locks or git history); run it without --database-url / --pglite. On a database: ${[...DATABASE_COMMANDS].join(", ")}.${command === "import" ? " To copy a memory folder into a database, use copyMemory of @memfiles/pg (docs/postgresql.md)." : ""}`,
      { code: "bad_argument" },
    );
  }
  if (folder !== undefined) throw folderWithDatabaseError(folder);
  const tenant = options.tenant ?? (options.pglite !== undefined ? LOCAL_TENANT : undefined);
  if (tenant === undefined || tenant === "") {
    const database =
      databaseUrl !== undefined && databaseUrl !== "" ? "--database-url" : "--pglite";
    throw new CliError(
      tenantRefusal({ database, tenantFrom: tenant === undefined ? undefined : "--tenant" }),
      { code: "bad_argument" },
    );
  }
  const layout = layoutOption(options.layout);
  const pg = await importOptional(
    () => import("@memfiles/pg"),
    "@memfiles/pg",
    databaseUrl !== undefined && databaseUrl !== "" ? "--database-url" : "--pglite",
  );
  // Without --layout the layout is read from the memory, as on a folder and in memfiles-mcp.
  return pg.openTenantMemory({
    ...(databaseUrl !== undefined && databaseUrl !== ""
      ? { databaseUrl }
      : { dataDir: resolve(context.cwd, options.pglite ?? "") }),
    tenant,
    ...(layout === undefined ? {} : { layout }),
  });
}
