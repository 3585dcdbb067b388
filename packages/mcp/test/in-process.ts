import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMemfilesMcpServer } from "../src/server.js";
import { openServerMemory } from "../src/server-options.js";

/**
 * `memfiles-mcp` started in process the way its main starts it (the same arguments through
 * `openServerMemory`), with the SDK's Client connected over the SDK's in-memory transport instead
 * of stdio; the stdio wiring itself has its own smoke test on the built JS.
 *
 * @param args - The command's arguments, e.g. `["--root", folder, "--project", "my-app"]`.
 * @returns `{ client, close }`; `close` ends the session and closes the memory (a database).
 * @throws {Error} when the arguments open no memory (`--help`, nothing given).
 */
export async function startInProcess(args: string[]) {
  const opened = await openServerMemory(args, {});
  if (opened.code !== "opened") {
    throw new Error(`memfiles-mcp ${args.join(" ")} opened no memory (${opened.code})`);
  }
  const session = await connectInProcess(opened.serverOptions);
  return {
    client: session.client,
    close: async () => {
      await session.close();
      await opened.close();
    },
  };
}

/**
 * A memfiles MCP server made from `options`, with the SDK's Client connected over the SDK's
 * in-memory transport (for a store no command line opens, e.g. a database tenant in a test).
 *
 * @param options - What `createMemfilesMcpServer` takes.
 * @returns `{ client, close }`; `close` ends the session (the store stays open).
 */
export async function connectInProcess(options: Parameters<typeof createMemfilesMcpServer>[0]) {
  const server = createMemfilesMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
