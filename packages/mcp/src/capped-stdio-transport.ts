import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";

/**
 * The default cap on one message, in bytes (4 MiB): a long session's transcript for `propose` fits
 * (200,000 tokens are about 800 KB), while a call big enough to hurt is refused unread.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

// How much of an oversized message is kept to find its id: the SDK client writes `id` last, other
// clients first, so both ends are kept.
const EDGE_BYTES = 1024;

/**
 * How long {@link CappedStdioServerTransport.settled} waits at most, in ms (60,000): a remember on
 * a large memory folder under load finishes well within it; a handler that never answers does not
 * keep the process alive.
 */
export const SETTLE_LIMIT_MS = 60_000;

/** Options of {@link CappedStdioServerTransport}. */
export type CappedStdioTransportOptions = {
  /** Where messages come from, one JSON-RPC message a line (default `process.stdin`). */
  input?: Readable;
  /** Where answers go (default `process.stdout`). */
  output?: Writable;
  /** The largest message accepted, in bytes (default {@link DEFAULT_MAX_MESSAGE_BYTES}). */
  maxMessageBytes?: number;
};

/**
 * An MCP stdio server transport that checks each message's size before reading it: a line over
 * `maxMessageBytes` is skipped as it streams in (never buffered whole, never parsed) and answered
 * with a JSON-RPC `InvalidRequest` error, and a line that is not JSON-RPC gets a `ParseError`; the
 * server keeps serving. The input's end closes a last line sent without its newline. The SDK's `StdioServerTransport` instead closes the connection when its
 * 10 MB buffer overflows, which ends the server silently.
 *
 * @example await server.connect(new CappedStdioServerTransport({ maxMessageBytes: 1_000_000 }));
 */
export class CappedStdioServerTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined;

  readonly #input: Readable;
  readonly #output: Writable;
  readonly #maxMessageBytes: number;
  #chunks: Buffer[] = [];
  #bytes = 0;
  #oversized: { head: Buffer; tail: Buffer; bytes: number } | undefined;
  #started = false;
  // Requests handed to the server and not answered yet: what `settled` waits for.
  readonly #unanswered = new Set<RequestId>();
  readonly #settleWaiters = new Set<() => void>();

  /** @param options - `{ input?, output?, maxMessageBytes? }` (bytes). */
  constructor(options: CappedStdioTransportOptions = {}) {
    this.#input = options.input ?? process.stdin;
    this.#output = options.output ?? process.stdout;
    this.#maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error("CappedStdioServerTransport is already started.");
    this.#started = true;
    this.#input.on("data", this.#onData);
    this.#input.on("error", this.#onError);
    // Before any other listener of the end (the server's `settled().then(shutdown)`), so the last
    // message is handed over, and waited for, before the close.
    this.#input.prependListener("end", this.#onEnd);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    try {
      await this.#write(`${JSON.stringify(message)}\n`);
    } finally {
      if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
        this.#answered(message.id);
      }
    }
  }

  /**
   * Resolves once every request received so far is answered (or cancelled by the client), or after
   * `limitMs`: the input ending waits for it, so a call in flight when the client closes stdin
   * completes, and its reply is written, before the server closes.
   *
   * @param limitMs - The longest wait, in ms (default {@link SETTLE_LIMIT_MS}).
   * @returns A promise that never rejects.
   * @example process.stdin.on("end", () => void transport.settled().then(shutdown));
   */
  settled(limitMs = SETTLE_LIMIT_MS): Promise<void> {
    if (this.#unanswered.size === 0) return Promise.resolve();
    return new Promise((resolvePromise) => {
      const done = () => {
        clearTimeout(timer);
        this.#settleWaiters.delete(done);
        resolvePromise();
      };
      const timer = setTimeout(done, limitMs);
      this.#settleWaiters.add(done);
    });
  }

  #answered(id: RequestId | undefined): void {
    if (id === undefined || !this.#unanswered.delete(id) || this.#unanswered.size > 0) return;
    for (const done of [...this.#settleWaiters]) done();
  }

  async close(): Promise<void> {
    this.#input.off("data", this.#onData);
    this.#input.off("error", this.#onError);
    this.#input.off("end", this.#onEnd);
    if (this.#input.listenerCount("data") === 0) this.#input.pause();
    this.#chunks = [];
    this.#bytes = 0;
    this.#oversized = undefined;
    this.onclose?.();
  }

  readonly #onError = (error: Error) => {
    this.onerror?.(error);
  };

  // A last message without a trailing newline is still a message: the input's end closes it.
  readonly #onEnd = () => {
    if (this.#bytes > 0 || this.#oversized !== undefined) this.#endLine();
  };

  readonly #onData = (chunk: Buffer | string) => {
    const data = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (;;) {
      const newline = data.indexOf(0x0a, start);
      this.#take(newline === -1 ? data.subarray(start) : data.subarray(start, newline));
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  };

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    const oversized = this.#oversized;
    if (oversized !== undefined) {
      oversized.bytes += piece.length;
      oversized.tail = lastBytes(Buffer.concat([oversized.tail, lastBytes(piece)]));
      return;
    }
    if (this.#bytes + piece.length <= this.#maxMessageBytes) {
      this.#chunks.push(piece);
      this.#bytes += piece.length;
      return;
    }
    const head = Buffer.concat([...this.#chunks, piece.subarray(0, EDGE_BYTES)]).subarray(
      0,
      EDGE_BYTES,
    );
    this.#oversized = {
      head,
      tail: lastBytes(Buffer.concat([...this.#chunks.slice(-1), piece])),
      bytes: this.#bytes + piece.length,
    };
    this.#chunks = [];
    this.#bytes = 0;
  }

  #endLine(): void {
    const oversized = this.#oversized;
    if (oversized !== undefined) {
      this.#oversized = undefined;
      const error = new Error(
        `Refused a message of ${oversized.bytes} bytes: over memfiles-mcp's cap of ${this.#maxMessageBytes} bytes (--max-message-bytes). Send less at once: a fact is one line, a transcript one session.`,
      );
      this.onerror?.(error);
      this.#refuse(idOf(oversized.head, oversized.tail), ErrorCode.InvalidRequest, error.message);
      return;
    }
    const line = Buffer.concat(this.#chunks).toString("utf8").replace(/\r$/, "");
    this.#chunks = [];
    this.#bytes = 0;
    if (line.trim() === "") return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (caught) {
      const reason = caught instanceof SyntaxError ? caught.message : "not a JSON-RPC 2.0 message";
      const error = new Error(`Refused a message that is not JSON-RPC (${reason}).`);
      this.onerror?.(error);
      this.#refuse(null, ErrorCode.ParseError, error.message);
      return;
    }
    if (isJSONRPCRequest(message)) this.#unanswered.add(message.id);
    // A cancelled request gets no reply (MCP's cancellation): nothing to wait for.
    if (isJSONRPCNotification(message) && message.method === "notifications/cancelled") {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === "string" || typeof id === "number") this.#answered(id);
    }
    this.onmessage?.(message);
  }

  #refuse(id: string | number | null, code: number, message: string): void {
    this.#write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`).catch(
      (error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }

  #write(text: string): Promise<void> {
    return new Promise((resolvePromise) => {
      if (this.#output.write(text)) resolvePromise();
      else this.#output.once("drain", resolvePromise);
    });
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= EDGE_BYTES ? buffer : buffer.subarray(buffer.length - EDGE_BYTES);
}

const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.){0,200}")`;
const ID_LAST = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);
const ID_ANYWHERE = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}`);

/**
 * The request id of a message only its two ends were kept of: the `id` member closing the object,
 * or one before `params` begins (an `id` inside the arguments is never taken); `null` (JSON-RPC's
 * "id unknown") otherwise.
 */
function idOf(head: Buffer, tail: Buffer): string | number | null {
  const last = ID_LAST.exec(tail.toString("utf8").replace(/\r$/, ""));
  const headText = head.toString("utf8");
  const params = headText.indexOf('"params"');
  const first = ID_ANYWHERE.exec(params === -1 ? headText : headText.slice(0, params));
  const found = last?.[1] ?? first?.[1];
  if (found === undefined) return null;
  try {
    const id: unknown = JSON.parse(found);
    return typeof id === "string" || typeof id === "number" ? id : null;
  } catch {
    return null;
  }
}
