// The built server (dist/main.js, what the published package runs) as a process on stdio, driven by
// the SDK's Client: plain node, no tsx. Every tool's behaviour is tested in process (server.test.ts,
// server-fact-pg.test.ts); this checks what only the process has: the stdio transport and its
// message cap, start-up from argv, and the exit on SIGTERM.
import { spawn } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { beforeAll, expect, it } from "vitest";
import { expectBuilt } from "../../core/test/fixtures/built-dist.js";

const PACKAGES = fileURLToPath(new URL("../../", import.meta.url));
const MAIN = join(PACKAGES, "mcp", "dist", "main.js");
// The workspace packages export their sources (docs/decisions/0003); the `memfiles-dist` condition
// resolves them to their built dist/, the files their publishConfig.exports names.
const NODE_ARGS = ["--conditions=memfiles-dist", MAIN];
const BUILT = ["mcp", "core", "errors", "prompts"];
// A ceiling against a hang, as before: a process start and a 20 MB message on a busy 2-core machine.
const SPAWN_LIMIT_MS = 60_000;

// turbo builds dist/ before this package's tests (turbo.json); run alone, the test says so
// rather than run JS older than the sources.
beforeAll(() => expectBuilt(BUILT));

it(
  "starts from argv on stdio, lists and remembers, refuses a 20 MB message and answers the next call, and exits on SIGTERM with a call running",
  async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-stdio-")), "memory");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...NODE_ARGS, "--root", root, "--create"],
      stderr: "pipe",
    });
    const client = new Client({ name: "memfiles-test", version: "0.0.0" });
    await client.connect(transport);
    const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
      (result.content as Array<{ type: string; text: string }>)[0]?.text ?? "";

    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(tools).toEqual(["forget", "list", "propose", "read", "remember", "search"]);
    const remembered = await client.callTool({
      name: "remember",
      arguments: { file: "topics/tools.md", fact: "uses Neovim" },
    });
    expect(remembered.isError, textOf(remembered)).toBeFalsy();
    const file = await readFile(join(root, "topics/tools.md"), "utf8");
    expect(file).toMatch(/\] uses Neovim\n$/);

    const refused = await client
      .callTool({
        name: "remember",
        arguments: { file: "topics/tools.md", fact: "x".repeat(20 * 1024 * 1024) },
      })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: -32600 });
    expect(String(refused)).toContain("over memfiles-mcp's cap of 4194304 bytes");
    const list = JSON.parse(textOf(await client.callTool({ name: "list", arguments: {} })));
    expect(list.map((row: { path: string }) => row.path)).toEqual(["topics/tools.md"]);
    expect(await readFile(join(root, "topics/tools.md"), "utf8")).toBe(file);

    const pid = transport.pid ?? 0;
    // The client's own handler rejects the calls still waiting; this one also tells the test.
    const clientOnClose = transport.onclose;
    const exited = new Promise<void>((resolvePromise) => {
      transport.onclose = () => {
        clientOnClose?.();
        resolvePromise();
      };
    });
    const running = client
      .callTool({ name: "search", arguments: { words: "neovim" } })
      .catch(() => {});
    process.kill(pid, "SIGTERM");
    await exited;
    await running;
    expect(() => process.kill(pid, 0)).toThrow();
  },
  SPAWN_LIMIT_MS,
);

// A client that pipes its calls in and closes stdin (`printf ... | memfiles-mcp`): the remember in
// flight when input ends must land and be answered, not be dropped by the close, also when the
// last line has no newline after it (`printf '%s' "$call"`, a file saved without one).
it.each([
  ["each line ending in a newline", "\n"],
  ["the last line without a newline", ""],
])(
  "finishes a call in flight when stdin ends (%s): the fact is written and the reply sent",
  async (_name, last) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-eof-")), "memory");
    const child = spawn(process.execPath, [...NODE_ARGS, "--root", root, "--create"], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    const exited = new Promise<number | null>((resolvePromise) => {
      child.on("close", resolvePromise);
    });
    const lines = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "memfiles-test", version: "0.0.0" },
        },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "remember", arguments: { file: "topics/tools.md", fact: "uses Neovim" } },
      },
    ];
    child.stdin.end(`${lines.map((line) => JSON.stringify(line)).join("\n")}${last}`);

    expect(await exited).toBe(0);
    const replies = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: number; result?: { isError?: boolean } });
    expect(replies.map((reply) => reply.id)).toEqual([1, 2]);
    expect(replies[1]?.result?.isError).toBeFalsy();
    expect(await readFile(join(root, "topics/tools.md"), "utf8")).toMatch(/\] uses Neovim\n$/);
  },
  SPAWN_LIMIT_MS,
);
