import { CappedStdioServerTransport } from "./capped-stdio-transport.js";
import { createMemfilesMcpServer } from "./server.js";
import { openServerMemory, USAGE } from "./server-options.js";
import { createShutdown } from "./shutdown.js";
import { startupErrorLine } from "./startup.js";

// stdout carries the protocol: every message for a person goes to stderr.
try {
  const opened = await openServerMemory(process.argv.slice(2), process.env);
  if (opened.code === "help") {
    process.stderr.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (opened.code === "no_memory") {
    process.stderr.write(`memfiles-mcp: no memory folder or database given.\n${USAGE}\n`);
    process.exit(2);
  }
  if (opened.warning !== undefined) {
    process.stderr.write(`memfiles-mcp: ${opened.warning} Or pass --time-zone.\n`);
  }
  if (opened.projectWarning !== undefined) {
    process.stderr.write(`memfiles-mcp: ${opened.projectWarning}\n`);
  }
  const server = createMemfilesMcpServer(opened.serverOptions);
  // A refused message or a transport error is worth a line for whoever reads the client's log.
  server.server.onerror = (error) => {
    process.stderr.write(`memfiles-mcp: ${error.message}\n`);
  };
  // The client closing stdin ends the session: close the database so PGlite's files are flushed.
  const shutdown = createShutdown({
    close: async () => {
      await server.close().catch(() => {});
      await opened.close();
    },
    exit: (code) => process.exit(code),
  });
  const transport = new CappedStdioServerTransport(
    opened.maxMessageBytes === undefined ? {} : { maxMessageBytes: opened.maxMessageBytes },
  );
  // A client that sends its calls and closes stdin still gets them done: the calls in flight end
  // (their writes land, their replies go out) before the close. A signal stops at once.
  process.stdin.on("end", () => void transport.settled().then(shutdown));
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  await server.connect(transport);
} catch (error) {
  const line = startupErrorLine(error);
  if (line === undefined) throw error;
  process.stderr.write(`${line}\n`);
  process.exit(2);
}
