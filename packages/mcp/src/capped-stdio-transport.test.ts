import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { CappedStdioServerTransport } from "./capped-stdio-transport.js";
import { createMemfilesMcpServer } from "./server.js";

const CAP = 64 * 1024;
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "memfiles-test", version: "0.0.0" },
  },
};
const LIST_TOOLS = { jsonrpc: "2.0", id: 99, method: "tools/list", params: {} };
const big = (chars: number) => "x".repeat(chars);

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A memfiles server on the capped transport, fed raw bytes, answering on a line stream. */
async function serve() {
  const input = new PassThrough();
  const output = new PassThrough();
  const server = createMemfilesMcpServer({
    root: join(await mkdtemp(join(tmpdir(), "memfiles-capped-")), "memory"),
  });
  const errors: string[] = [];
  server.server.onerror = (error) => errors.push(error.message);
  await server.connect(new CappedStdioServerTransport({ input, output, maxMessageBytes: CAP }));
  closers.push(() => server.close());
  let pending = "";
  const answers: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  output.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    for (let newline = pending.indexOf("\n"); newline !== -1; newline = pending.indexOf("\n")) {
      answers.push(JSON.parse(pending.slice(0, newline)));
      pending = pending.slice(newline + 1);
      waiters.splice(0).forEach((wake) => {
        wake();
      });
    }
  });
  const next = async () => {
    while (answers.length === 0) await new Promise<void>((wake) => waiters.push(wake));
    return answers.shift() ?? {};
  };
  /** Writes `text` in pieces of `chunk` bytes, as a pipe delivers a big message. */
  const send = (text: string, chunk = 16 * 1024) => {
    const bytes = Buffer.from(text);
    for (let start = 0; start < bytes.length; start += chunk) {
      input.write(bytes.subarray(start, start + chunk));
    }
  };
  send(`${JSON.stringify(INITIALIZE)}\n`);
  await next();
  send(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  return { send, next, errors };
}

const refusal = (id: number | string | null, bytes: number) => ({
  jsonrpc: "2.0",
  id,
  error: {
    code: -32600,
    message: `Refused a message of ${bytes} bytes: over memfiles-mcp's cap of ${CAP} bytes (--max-message-bytes). Send less at once: a fact is one line, a transcript one session.`,
  },
});

// The SDK's Client writes `id` after `params`; other clients put it first; a notification has none.
const oversized = {
  "id last (the SDK's Client)": {
    jsonrpc: "2.0",
    method: "tools/call",
    params: { name: "remember", arguments: { file: "topics/a.md", fact: big(CAP), id: 5 } },
    id: 7,
  },
  "id first": {
    jsonrpc: "2.0",
    id: "call-8",
    method: "tools/call",
    params: { name: "remember", arguments: { file: "topics/a.md", fact: big(CAP) } },
  },
  "an id only inside the arguments": {
    jsonrpc: "2.0",
    method: "tools/call",
    params: { name: "remember", arguments: { fact: big(CAP), id: 5 } },
  },
};

describe("CappedStdioServerTransport", () => {
  it.each([
    ["id last (the SDK's Client)", 7],
    ["id first", "call-8"],
    ["an id only inside the arguments", null],
  ] as const)(
    "refuses a message over the cap (%s) with a JSON-RPC error and keeps serving",
    async (name, id) => {
      const { send, next, errors } = await serve();
      const line = JSON.stringify(oversized[name]);
      send(`${line}\n`);
      expect(await next()).toEqual(refusal(id, Buffer.byteLength(line)));
      send(`${JSON.stringify(LIST_TOOLS)}\n`);
      expect(await next()).toMatchObject({ id: 99, result: { tools: expect.any(Array) } });
      expect(errors).toEqual([refusal(id, Buffer.byteLength(line)).error.message]);
    },
  );

  it("refuses a line that is not JSON-RPC with a parse error and answers the next one", async () => {
    const { send, next } = await serve();
    send('{"jsonrpc":"2.0","id":3,"method":\n');
    expect(await next()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    send(`${JSON.stringify(LIST_TOOLS)}\r\n`);
    expect(await next()).toMatchObject({ id: 99, result: { tools: expect.any(Array) } });
  });

  it("takes a message just under the cap, split across many chunks, whole", async () => {
    const { send, next } = await serve();
    const call = (fact: string) => ({
      jsonrpc: "2.0",
      id: 11,
      method: "tools/call",
      params: { name: "search", arguments: { words: fact } },
    });
    const overhead = Buffer.byteLength(JSON.stringify(call("")));
    send(`${JSON.stringify(call(`é${big(CAP - overhead - 2)}`))}\n`, 1000);
    expect(await next()).toMatchObject({ id: 11, result: { content: expect.any(Array) } });
  });
});

describe("settled: what the end of stdin waits for", () => {
  const request = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list", params: {} });
  const cases: Array<
    [string, (transport: CappedStdioServerTransport, input: PassThrough) => void]
  > = [
    [
      "the reply is sent",
      (transport) => void transport.send({ jsonrpc: "2.0", id: 1, result: {} }),
    ],
    [
      "an error reply is sent",
      (transport) =>
        void transport.send({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "boom" } }),
    ],
    [
      "the client cancels it",
      (_transport, input) =>
        input.write(
          `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } })}\n`,
        ),
    ],
  ];

  it.each(cases)("waits for a request in flight until %s", async (_name, end) => {
    const input = new PassThrough();
    const transport = new CappedStdioServerTransport({ input, output: new PassThrough() });
    await transport.start();
    input.write(`${JSON.stringify(request(1))}\n`);
    let done = false;
    const settled = transport.settled().then(() => {
      done = true;
    });
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 20));
    expect(done).toBe(false);
    end(transport, input);
    await settled;
    expect(done).toBe(true);
    await transport.close();
  });

  it("takes a last request without a newline at the end, before the end's other listeners", async () => {
    const input = new PassThrough();
    const transport = new CappedStdioServerTransport({ input, output: new PassThrough() });
    const events: string[] = [];
    // As the server's entry does: the end's listener registered before the transport starts.
    const ended = new Promise<void>((resolvePromise) => {
      input.on("end", () => void transport.settled().then(resolvePromise));
    });
    transport.onmessage = (message) => {
      events.push(`received ${"id" in message ? message.id : ""}`);
      setTimeout(() => {
        events.push("replied");
        void transport.send({ jsonrpc: "2.0", id: 1, result: {} });
      }, 20);
    };
    await transport.start();
    input.end(JSON.stringify(request(1)));
    await ended;
    events.push("settled");
    expect(events).toEqual(["received 1", "replied", "settled"]);
    await transport.close();
  });

  it("does not wait past its limit for a request never answered", async () => {
    const input = new PassThrough();
    const transport = new CappedStdioServerTransport({ input, output: new PassThrough() });
    await transport.start();
    input.write(`${JSON.stringify(request(1))}\n`);
    await transport.settled(30);
    await transport.close();
  });
});
