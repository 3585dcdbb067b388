import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { detectLayout, MemoryStore } from "@memfiles/core";
import { isTimeZone } from "@memfiles/core/internal";
import { importOptional } from "@memfiles/errors";
import { CappedStdioServerTransport, DEFAULT_MAX_MESSAGE_BYTES } from "./capped-stdio-transport.js";
import { parseLayoutOption } from "./layout.js";
import { McpOptionsError } from "./options-error.js";
import { createMemfilesMcpServer } from "./server.js";
import { createShutdown } from "./shutdown.js";
import { prepareMemoryFolder, startupErrorLine } from "./startup.js";

const USAGE = `Usage: memfiles-mcp --root <memory folder> [--create] [--layout subject|fact|auto] [--project <kebab-name>] [--max-chars <n>] [--time-zone <IANA name>]
       memfiles-mcp --database-url <postgres://...> --tenant <user> [--layout ...] [--project ...]
       memfiles-mcp --pglite <data folder> [--tenant <user>] [--layout ...] [--project ...]

Serves a memfiles memory over MCP (stdio): a folder (--root, default $MEMFILES_ROOT), or PostgreSQL
(--database-url, default $DATABASE_URL, with --tenant) or an embedded PGlite database (--pglite;
tenant "local" unless given). --layout defaults to auto: "fact" when every memory file is a
top-level file other than profile.md / preferences.md, "subject" otherwise. A missing --root is
refused unless --create is given. --max-message-bytes (default ${DEFAULT_MAX_MESSAGE_BYTES}) caps
one JSON-RPC message: a bigger one is refused with an error and the server goes on. Dates are
written in --time-zone (default $TZ when it names a zone, else UTC).`;

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
      "max-message-bytes": { type: "string" },
      create: { type: "boolean" },
      "time-zone": { type: "string" },
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
  // $TZ counts only when it names a zone (":/etc/localtime" does not); else UTC.
  const envZone = process.env.TZ;
  const timeZone =
    givenZone ?? (envZone !== undefined && envZone !== "" && isTimeZone(envZone) ? envZone : "UTC");
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
    await prepareMemoryFolder(resolve(root), { create: values.create === true });
    const layout = layoutOption === "auto" ? detectLayout(resolve(root)) : layoutOption;
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
    const layout = layoutOption === "auto" ? await detectLayout(probe) : layoutOption;
    store = pg.pgMemoryStore(sql, tenant, { ...options, layout });
  } else {
    process.stderr.write(`memfiles-mcp: no memory folder or database given.\n${USAGE}\n`);
    process.exit(2);
  }
  const server = createMemfilesMcpServer({
    store,
    timeZone,
    ...(values.project === undefined ? {} : { project: values.project }),
  });
  // A refused message or a transport error is worth a line for whoever reads the client's log.
  server.server.onerror = (error) => {
    process.stderr.write(`memfiles-mcp: ${error.message}\n`);
  };
  // The client closing stdin ends the session: close the database so PGlite's files are flushed.
  const shutdown = createShutdown({
    close: async () => {
      await server.close().catch(() => {});
      await close();
    },
    exit: (code) => process.exit(code),
  });
  process.stdin.on("end", shutdown);
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  await server.connect(
    new CappedStdioServerTransport(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
  );
} catch (error) {
  const line = startupErrorLine(error);
  if (line === undefined) throw error;
  const usage =
    error instanceof TypeError &&
    String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
  process.stderr.write(`${line}\n${usage ? `${USAGE}\n` : ""}`);
  process.exit(2);
}
