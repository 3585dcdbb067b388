import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { MemfilesError } from "@memfiles/core";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMemfilesMcpServer } from "./server.js";

const USAGE = `Usage: memfiles-mcp --root <memory folder> [--project <kebab-name>] [--max-chars <n>]

Serves a memfiles memory folder over MCP (stdio). --root defaults to $MEMFILES_ROOT.`;

// stdout carries the protocol: every message for a person goes to stderr.
try {
  const { values } = parseArgs({
    options: {
      root: { type: "string" },
      project: { type: "string" },
      "max-chars": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(0);
  }
  const root = values.root ?? process.env.MEMFILES_ROOT;
  if (root === undefined || root === "") {
    process.stderr.write(`memfiles-mcp: no memory folder given.\n${USAGE}\n`);
    process.exit(2);
  }
  const maxChars = values["max-chars"] === undefined ? undefined : Number(values["max-chars"]);
  if (maxChars !== undefined && !(Number.isInteger(maxChars) && maxChars > 0)) {
    process.stderr.write(
      `memfiles-mcp: --max-chars must be a whole number of chars above 0, got ${values["max-chars"]}.\n`,
    );
    process.exit(2);
  }
  const server = createMemfilesMcpServer({
    root: resolve(root),
    ...(values.project === undefined ? {} : { project: values.project }),
    ...(maxChars === undefined ? {} : { maxChars }),
  });
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
