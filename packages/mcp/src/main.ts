import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { MemfilesError, MemoryStore } from "@memfiles/core";
import { importOptional } from "@memfiles/errors";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { detectLayout, parseLayoutOption } from "./layout.js";
import { McpOptionsError } from "./options-error.js";
import { createMemfilesMcpServer } from "./server.js";

const USAGE = `Usage: memfiles-mcp --root <memory folder> [--layout subject|fact|auto] [--project <kebab-name>] [--max-chars <n>]
       memfiles-mcp --database-url <postgres://...> --tenant <user> [--layout ...] [--project ...]
       memfiles-mcp --pglite <data folder> [--tenant <user>] [--layout ...] [--project ...]

Serves a memfiles memory over MCP (stdio): a folder (--root, default $MEMFILES_ROOT), or PostgreSQL
(--database-url, default $DATABASE_URL, with --tenant) or an embedded PGlite database (--pglite;
tenant "local" unless given). --layout defaults to auto: "fact" when every memory file is a
top-level file other than profile.md / preferences.md, "subject" otherwise.`;

// The tenant of a single-user PGlite database when none is given.
const LOCAL_TENANT = "local";

// stdout carries the protocol: every message for a person goes to stderr.
try {
  const { values } = parseArgs({
    options: {
      root: { type: "string" },
      layout: { type: "string" },
      "database-url": { type: "string" },
      tenant: { type: "string" },
      pglite: { type: "string" },
      project: { type: "string" },
      "max-chars": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(0);
  }
  const maxChars = values["max-chars"] === undefined ? undefined : Number(values["max-chars"]);
  if (maxChars !== undefined && !(Number.isInteger(maxChars) && maxChars > 0)) {
    process.stderr.write(
      `memfiles-mcp: --max-chars must be a whole number of chars above 0, got ${values["max-chars"]}.\n`,
    );
    process.exit(2);
  }
  const layoutOption = parseLayoutOption(values.layout);
  const givenDatabase = values["database-url"] ?? values.pglite;
  if (values.root !== undefined && givenDatabase !== undefined) {
    throw new McpOptionsError(
      "Refused --root with --database-url or --pglite: the server serves one memory. Pass --root for a folder, or --database-url / --pglite for a database.",
    );
  }
  const root = values.root ?? (givenDatabase === undefined ? process.env.MEMFILES_ROOT : undefined);
  const databaseUrl =
    values["database-url"] ??
    (root === undefined && values.pglite === undefined ? process.env.DATABASE_URL : undefined);
  let store: MemoryStore;
  let close = async () => {};
  if (root !== undefined && root !== "") {
    const layout =
      layoutOption === "auto"
        ? detectLayout(await new MemoryStore({ root: resolve(root) }).list())
        : layoutOption;
    store = new MemoryStore({
      root: resolve(root),
      layout,
      ...(maxChars === undefined ? {} : { maxChars }),
    });
  } else if ((databaseUrl !== undefined && databaseUrl !== "") || values.pglite !== undefined) {
    const tenant =
      values.tenant ?? (values.pglite !== undefined ? LOCAL_TENANT : process.env.MEMFILES_TENANT);
    if (tenant === undefined || tenant === "") {
      throw new McpOptionsError(
        "Refused --database-url without --tenant: a PostgreSQL database holds many users' memories. Pass --tenant user-42 (or set MEMFILES_TENANT).",
      );
    }
    // @memfiles/pg (pg, PGlite) loads only for a database, so a folder's server starts without it.
    const pg = await importOptional(
      () => import("@memfiles/pg"),
      "@memfiles/pg",
      databaseUrl !== undefined && databaseUrl !== "" ? "--database-url" : "--pglite",
    );
    const sql = await pg.openDatabase(
      databaseUrl !== undefined && databaseUrl !== ""
        ? { databaseUrl }
        : { dataDir: resolve(values.pglite ?? "") },
    );
    close = () => sql.close();
    const options = maxChars === undefined ? {} : { maxChars };
    const probe = pg.pgMemoryStore(sql, tenant, options);
    const layout = layoutOption === "auto" ? detectLayout(await probe.list()) : layoutOption;
    store = pg.pgMemoryStore(sql, tenant, { ...options, layout });
  } else {
    process.stderr.write(`memfiles-mcp: no memory folder or database given.\n${USAGE}\n`);
    process.exit(2);
  }
  const server = createMemfilesMcpServer({
    store,
    ...(values.project === undefined ? {} : { project: values.project }),
  });
  // The client closing stdin ends the session: close the database so PGlite's files are flushed.
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => {});
    await close().catch(() => {});
    process.exit(0);
  };
  process.stdin.on("end", shutdown);
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  await server.connect(new StdioServerTransport());
} catch (error) {
  if (MemfilesError.isInstance(error) && error.userFixable) {
    process.stderr.write(`memfiles-mcp: ${error.message}\n`);
    process.exit(2);
  }
  if (
    error instanceof TypeError &&
    "code" in error &&
    String(error.code).startsWith("ERR_PARSE_ARGS")
  ) {
    process.stderr.write(`memfiles-mcp: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  throw error;
}
