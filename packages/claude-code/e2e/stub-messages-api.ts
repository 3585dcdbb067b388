import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isAbsolute, join } from "node:path";

/**
 * A stub of the Anthropic Messages API for end-to-end tests with the real Claude Code client
 * (`claude -p` with `ANTHROPIC_BASE_URL` pointing here). It answers two callers, told apart by
 * the tools a request offers:
 *
 * - memfiles' write pass (a request offering `propose_facts` or `propose_memories`): one tool call
 *   whose proposals a fixed rule table builds from the `<turn role="user">` blocks of the
 *   transcript it was sent, each proposal's evidence the user's sentence copied exactly. The stub
 *   is deliberately credulous: it proposes whatever a user turn states, secrets included, so the
 *   tests prove that memfiles' reader and checks, not the model, keep bad facts off the disk.
 * - Claude Code's conversation (any other `/v1/messages` request, streamed as server-sent events
 *   when `stream` is true): a scripted tool call when the person's prompt asks for one (see
 *   {@link CONVERSATION_SCRIPTS}), else a short text reply.
 *
 * `/v1/messages/count_tokens` gets a token count; any other path is recorded in `unknownPaths`
 * and answered with the API's 404 error shape. Every request body is recorded, so a test can
 * assert what Claude Code sent (hook context, `MEMORY.md`) and what the write pass was given.
 */

/** One request the stub received. */
export type RecordedRequest = {
  method: string;
  /** Path and query, e.g. `/v1/messages?beta=true`. */
  path: string;
  /** Which caller the stub took it for. */
  kind:
    | "conversation"
    | "write_pass"
    | "count_tokens"
    | "batch_create"
    | "batch_retrieve"
    | "batch_results"
    | "unknown";
  /** The parsed JSON body (`{}` when there was none or it was not JSON). */
  body: Record<string, unknown>;
};

/** A running stub; see {@link startStubMessagesApi}. */
export type StubMessagesApi = {
  /** `http://127.0.0.1:<port>`, for `ANTHROPIC_BASE_URL`. */
  url: string;
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /** Paths the stub does not know (`METHOD path`), so a test can show Claude Code called nothing new. */
  unknownPaths: string[];
  /** The requests of one kind. */
  requestsOf(kind: RecordedRequest["kind"]): RecordedRequest[];
  /** Stops the server. */
  close(): Promise<void>;
};

/** Options of {@link startStubMessagesApi}. */
export type StubMessagesApiOptions = {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
};

type ContentBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

type Message = { role: string; content: string | Array<Record<string, unknown>> };

/** What a conversation script answers: a tool to call with its input. */
type ScriptedCall = { name: string; input: Record<string, unknown> };

/**
 * The conversation scripts, tried in order on the person's latest prompt (the text they typed, not
 * Claude Code's `<system-reminder>` blocks). Each answers with its tool calls, one a request, the
 * next once the previous result is in the conversation; after the last, the stub replies with
 * text and the turn ends.
 */
export const CONVERSATION_SCRIPTS: ReadonlyArray<{
  name: string;
  pattern: RegExp;
  calls(match: RegExpExecArray, context: { cwd: string }): ScriptedCall[];
}> = [
  {
    // "read the file notes.txt": a Read, so the transcript holds a tool result stored as a user line.
    name: "read",
    pattern: /\bread the file ([\w./@-]+\.\w+)/i,
    calls: (match, { cwd }) => [
      { name: "Read", input: { file_path: absolute(cwd, match[1] ?? "") } },
    ],
  },
  {
    // "write the file <path> with: <text>": Claude Code's own Write (the PreToolUse guard's case).
    name: "write",
    pattern: /\bwrite the file (\S+) with: ([\s\S]+)$/i,
    calls: (match, { cwd }) => [
      {
        name: "Write",
        input: { file_path: absolute(cwd, match[1] ?? ""), content: `${match[2]?.trim()}\n` },
      },
    ],
  },
  {
    // "edit-create the file <path> with: <text>": Claude Code's Edit with an empty old string, which
    // creates the file (or fills a blank one) with the new string.
    name: "edit-create",
    pattern: /\bedit-create the file (\S+) with: ([\s\S]+)$/i,
    calls: (match, { cwd }) => [
      {
        name: "Edit",
        input: {
          file_path: absolute(cwd, match[1] ?? ""),
          old_string: "",
          new_string: `${match[2]?.trim()}\n`,
        },
      },
    ],
  },
  {
    // "forget where I deploy": the memfiles MCP server's forget tool. Claude Code lists MCP tools
    // as deferred (and a server that is still starting as "connecting"), so the tool is loaded
    // through ToolSearch first, as its system text tells the model; ToolSearch waits for the server.
    name: "forget",
    pattern: /\bforget (.+?)[.!]?$/i,
    calls: (match) => [
      { name: "ToolSearch", input: { query: "select:mcp__memfiles__forget" } },
      { name: "mcp__memfiles__forget", input: { query: match[1]?.trim() ?? "" } },
    ],
  },
];

/**
 * The write pass's extraction rules: a sentence of a user turn matching `pattern` becomes one
 * proposal about `topic`. A new fact on a topic the memory already holds replaces that file (fact
 * layout) or line (subject layout), as a model that reads the index would.
 */
export const EXTRACTION_RULES: ReadonlyArray<{
  topic: string;
  name: string;
  type: "user" | "feedback" | "project" | "reference";
  subjectFile: string;
  /** The file's one-line description: what it holds, not the value (a value there goes stale). */
  description: string;
  pattern: RegExp;
  /** Words that mark a stored subject line as being on this topic (the line it replaces). */
  about: RegExp;
  fact(match: RegExpExecArray): string;
}> = [
  {
    topic: "deploy-host",
    name: "Deploy host",
    type: "user",
    subjectFile: "topics/hosting.md",
    description: "Where the user deploys their apps.",
    pattern: /\bI (?:now )?deploy (?:everything |my apps )?(?:on|to) ([A-Z][\w.-]*\w)/,
    about: /\bdeploys?\b/i,
    fact: (match) => `The user deploys on ${match[1]}.`,
  },
  {
    topic: "diet",
    name: "Diet",
    type: "user",
    subjectFile: "profile.md",
    description: "The user's diet.",
    pattern: /\bI(?:'m| am) (?:a )?(vegetarian|vegan|pescatarian)\b/i,
    about: /\b(vegetarian|vegan|pescatarian)\b/i,
    fact: (match) => `The user is ${match[1]?.toLowerCase()}.`,
  },
  {
    topic: "editor",
    name: "Editor",
    type: "user",
    subjectFile: "preferences.md",
    description: "Which editor the user writes code in.",
    pattern: /\bI (?:use|prefer) (Neovim|Emacs|VS Code|Helix|Zed)\b/,
    about: /\bedits code\b/i,
    fact: (match) => `The user edits code in ${match[1]}.`,
  },
  {
    // A credulous model copies a credential too; memfiles' secret check must refuse it.
    topic: "credential",
    name: "API key",
    type: "reference",
    subjectFile: "topics/credentials.md",
    description: "The user's API key.",
    pattern: /\bmy (?:[\w-]+ )?(?:API key|token|password) is (\S+)/i,
    about: /\bkey\b/i,
    fact: (match) => `The user's key is ${match[1]}.`,
  },
];

const WRITE_PASS_TOOLS = ["propose_facts", "propose_memories"] as const;

/**
 * Starts the stub on 127.0.0.1.
 *
 * @param options - `{ port? }`; 0 or absent picks a free port.
 * @returns The running stub: its URL, the recorded requests, unknown paths, `close()`.
 * @example const api = await startStubMessagesApi(); env.ANTHROPIC_BASE_URL = api.url;
 */
export async function startStubMessagesApi(
  options: StubMessagesApiOptions = {},
): Promise<StubMessagesApi> {
  const requests: RecordedRequest[] = [];
  const unknownPaths: string[] = [];
  const batches = new Map<string, BatchEntry[]>();
  const server = createServer((request, response) => {
    readBody(request)
      .then((text) => {
        const body = parseBody(text);
        const path = request.url ?? "/";
        const kind = kindOf(request.method ?? "GET", path, body);
        requests.push({ method: request.method ?? "GET", path, kind, body });
        if (kind.startsWith("batch_")) {
          answerBatch(kind, path, body, batches, `http://${request.headers.host}`, response);
          return;
        }
        answer(kind, body, response);
        if (kind === "unknown") unknownPaths.push(`${request.method} ${path}`);
      })
      .catch((error: unknown) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify(apiError("api_error", String(error))));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unknownPaths,
    requestsOf: (kind) => requests.filter((request) => request.kind === kind),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function parseBody(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function kindOf(
  method: string,
  path: string,
  body: Record<string, unknown>,
): RecordedRequest["kind"] {
  const pathname = path.split("?")[0] ?? "";
  if (method === "POST" && pathname === "/v1/messages/count_tokens") return "count_tokens";
  if (method === "POST" && pathname === "/v1/messages/batches") return "batch_create";
  if (method === "GET" && /^\/v1\/messages\/batches\/[\w-]+\/results$/.test(pathname)) {
    return "batch_results";
  }
  if (method === "GET" && /^\/v1\/messages\/batches\/[\w-]+$/.test(pathname)) {
    return "batch_retrieve";
  }
  if (method !== "POST" || pathname !== "/v1/messages") return "unknown";
  return toolNames(body).some((name) => (WRITE_PASS_TOOLS as readonly string[]).includes(name))
    ? "write_pass"
    : "conversation";
}

function toolNames(body: Record<string, unknown>): string[] {
  const tools = Array.isArray(body.tools) ? (body.tools as Array<{ name?: unknown }>) : [];
  return tools.map((tool) => (typeof tool.name === "string" ? tool.name : ""));
}

function answer(
  kind: RecordedRequest["kind"],
  body: Record<string, unknown>,
  response: ServerResponse,
): void {
  switch (kind) {
    case "count_tokens":
      sendJson(response, 200, { input_tokens: Math.ceil(JSON.stringify(body).length / 4) });
      return;
    case "unknown":
      sendJson(
        response,
        404,
        apiError("not_found_error", "The stub Messages API has no such path."),
      );
      return;
    case "write_pass": {
      const tool = toolNames(body).find((name) =>
        (WRITE_PASS_TOOLS as readonly string[]).includes(name),
      ) as (typeof WRITE_PASS_TOOLS)[number];
      const input = { memories: proposalsFor(tool, writeRequestText(body)) };
      sendMessage(response, body, [
        { type: "tool_use", id: "toolu_stub_write", name: tool, input },
      ]);
      return;
    }
    case "conversation":
      sendMessage(response, body, conversationReply(body));
      return;
  }
}

type BatchEntry = { custom_id: string; params: Record<string, unknown> };

/**
 * The Message Batches endpoints (create, retrieve, results as JSONL): a batch has ended when it is
 * first retrieved, and each entry's result is the write-pass reply the stub gives to the same
 * request sent alone.
 */
function answerBatch(
  kind: RecordedRequest["kind"],
  path: string,
  body: Record<string, unknown>,
  batches: Map<string, BatchEntry[]>,
  origin: string,
  response: ServerResponse,
): void {
  const batchObject = (id: string, entries: BatchEntry[], ended: boolean) => ({
    id,
    type: "message_batch",
    processing_status: ended ? "ended" : "in_progress",
    request_counts: {
      processing: ended ? 0 : entries.length,
      succeeded: ended ? entries.length : 0,
      errored: 0,
      canceled: 0,
      expired: 0,
    },
    created_at: "2026-12-06T00:00:00Z",
    expires_at: "2026-12-07T00:00:00Z",
    ended_at: ended ? "2026-12-06T00:01:00Z" : null,
    archived_at: null,
    cancel_initiated_at: null,
    results_url: ended ? `${origin}/v1/messages/batches/${id}/results` : null,
  });
  if (kind === "batch_create") {
    const entries = Array.isArray(body.requests) ? (body.requests as BatchEntry[]) : [];
    const id = `msgbatch_stub_${batches.size + 1}`;
    batches.set(id, entries);
    sendJson(response, 200, batchObject(id, entries, false));
    return;
  }
  const id = path.split("?")[0]?.split("/")[4] ?? "";
  const entries = batches.get(id);
  if (entries === undefined) {
    sendJson(response, 404, apiError("not_found_error", `No batch ${id}.`));
    return;
  }
  if (kind === "batch_retrieve") {
    sendJson(response, 200, batchObject(id, entries, true));
    return;
  }
  const lines = entries.map((entry) => {
    const tool = toolNames(entry.params).find((name) =>
      (WRITE_PASS_TOOLS as readonly string[]).includes(name),
    ) as (typeof WRITE_PASS_TOOLS)[number];
    const input = { memories: proposalsFor(tool, writeRequestText(entry.params)) };
    const message = {
      id: `msg_stub_batch_${++messageCount}`,
      type: "message",
      role: "assistant",
      model: typeof entry.params.model === "string" ? entry.params.model : "claude-stub",
      content: [{ type: "tool_use", id: "toolu_stub_batch", name: tool, input }],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5, service_tier: "batch" },
    };
    return `${JSON.stringify({ custom_id: entry.custom_id, result: { type: "succeeded", message } })}\n`;
  });
  response.writeHead(200, { "content-type": "application/binary", "request-id": "req_stub" });
  response.end(lines.join(""));
}

function apiError(type: string, message: string) {
  return { type: "error", error: { type, message } };
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "request-id": "req_stub" });
  response.end(JSON.stringify(value));
}

let messageCount = 0;

// A Messages API reply, as one JSON message or as the event stream the SDK reads when streaming.
function sendMessage(
  response: ServerResponse,
  body: Record<string, unknown>,
  content: ContentBlock[],
): void {
  const model = typeof body.model === "string" ? body.model : "claude-stub";
  const stopReason = content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
  const usage = { input_tokens: 10, output_tokens: 5 };
  // Unique per reply: Claude Code joins assistant records that share a message id into one
  // message, which pairs two replies' tool calls with one tool result.
  const id = `msg_stub_${++messageCount}`;
  if (body.stream !== true) {
    sendJson(response, 200, {
      id,
      type: "message",
      role: "assistant",
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage,
    });
    return;
  }
  const events: Array<Record<string, unknown>> = [
    {
      type: "message_start",
      message: {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
  ];
  content.forEach((block, index) => {
    if (block.type === "text") {
      events.push({
        type: "content_block_start",
        index,
        content_block: { type: "text", text: "" },
      });
      events.push({
        type: "content_block_delta",
        index,
        delta: { type: "text_delta", text: block.text },
      });
    } else {
      events.push({
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
      });
      events.push({
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) },
      });
    }
    events.push({ type: "content_block_stop", index });
  });
  events.push({
    type: "message_delta",
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: 5 },
  });
  events.push({ type: "message_stop" });
  response.writeHead(200, { "content-type": "text/event-stream", "request-id": "req_stub" });
  for (const event of events)
    response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  response.end();
}

function blocksOf(message: Message): Array<Record<string, unknown>> {
  return typeof message.content === "string"
    ? [{ type: "text", text: message.content }]
    : message.content;
}

/**
 * The person's latest prompt and how many tool results have come since: the last user message
 * with text that is not a `<system-reminder>` block (Claude Code adds those, and also sends
 * `role: "system"` messages, between the prompt and the end of the list).
 */
function latestPrompt(messages: readonly Message[]): { prompt: string; answered: number } {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role !== "user") continue;
    // A tool's answer, even with text beside it (ToolSearch adds "Tool loaded."), is no prompt.
    if (blocksOf(message).some((block) => block.type === "tool_result")) continue;
    const texts = blocksOf(message)
      .filter((block) => block.type === "text" && typeof block.text === "string")
      .map((block) => (block.text as string).trim())
      .filter((text) => !text.startsWith("<system-reminder>"));
    if (texts.length === 0) continue;
    const answered = messages
      .slice(index + 1)
      .flatMap((later) => blocksOf(later))
      .filter((block) => block.type === "tool_result").length;
    return { prompt: texts.join("\n"), answered };
  }
  return { prompt: "", answered: 0 };
}

function conversationReply(body: Record<string, unknown>): ContentBlock[] {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Message[];
  const { prompt, answered } = latestPrompt(messages);
  const cwd = /Primary working directory: (.+)/.exec(JSON.stringify(body))?.[1]?.split("\\n")[0];
  for (const script of CONVERSATION_SCRIPTS) {
    const match = script.pattern.exec(prompt);
    if (!match) continue;
    const call = script.calls(match, { cwd: cwd ?? process.cwd() })[answered];
    if (call === undefined) break;
    // No id that another begins with: Claude Code 2.1.332 then sends the model "[Tool result
    // missing due to internal error]" for the later call (seen with `toolu_stub_forget` then
    // `toolu_stub_forget_1`, not with `toolu_stub_forget_0` then `toolu_stub_forget_1`). The
    // API's ids are random and of one length.
    const id =
      answered === 0 ? `toolu_stub_${script.name}` : `toolu_stub_${answered}_${script.name}`;
    return [{ type: "tool_use", id, ...call }];
  }
  return [{ type: "text", text: answered > 0 ? "Done." : "Stub reply." }];
}

function absolute(cwd: string, path: string): string {
  return isAbsolute(path) ? path : join(cwd, path);
}

/** The text of a write-pass request's user message (the write pass sends one message). */
export function writeRequestText(body: Record<string, unknown>): string {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Message[];
  return messages
    .flatMap((message) => blocksOf(message))
    .map((block) => (typeof block.text === "string" ? block.text : ""))
    .join("\n");
}

/** The user turns of a write request's transcript, with the request's `&lt;` fence undone. */
export function userTurns(requestText: string): string[] {
  const turns: string[] = [];
  for (const match of requestText.matchAll(/<turn role="user">\n([\s\S]*?)\n<\/turn>/g)) {
    turns.push((match[1] ?? "").replaceAll("&lt;", "<"));
  }
  return turns;
}

// Sentences copied exactly (the evidence check wants the user's own words).
function sentences(turn: string): string[] {
  return turn
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "");
}

/**
 * The proposals the stub's write pass makes for a request: one per user sentence that an
 * {@link EXTRACTION_RULES} row matches, the sentence as evidence, the last one per topic kept (a
 * person who corrects themselves means the correction).
 *
 * @param tool - The write pass tool the request offers.
 * @param requestText - The request's user message.
 * @returns The tool's `memories` array.
 */
export function proposalsFor(
  tool: (typeof WRITE_PASS_TOOLS)[number],
  requestText: string,
): Array<Record<string, unknown>> {
  const byTopic = new Map<string, Record<string, unknown>>();
  for (const turn of userTurns(requestText)) {
    for (const sentence of sentences(turn)) {
      for (const rule of EXTRACTION_RULES) {
        const match = rule.pattern.exec(sentence);
        if (!match) continue;
        const fact = rule.fact(match);
        byTopic.set(
          rule.topic,
          tool === "propose_facts"
            ? {
                action: "save",
                name: rule.name,
                type: rule.type,
                description: rule.description,
                body: fact,
                evidence: sentence,
                replaces: existingFactFile(requestText, rule.topic),
              }
            : {
                file: rule.subjectFile,
                fact: fact.replace(/\.$/, ""),
                evidence: sentence,
                replaces: existingSubjectLine(requestText, rule.subjectFile, rule.about),
                description: requestText.includes(`- ${rule.subjectFile}:`)
                  ? null
                  : rule.description,
              },
        );
      }
    }
  }
  return [...byTopic.values()];
}

// The fact file already holding this topic, from the request's index (`- deploy-host.md — …`).
function existingFactFile(requestText: string, topic: string): string | null {
  const index = /<memory_index>\n([\s\S]*?)\n<\/memory_index>/.exec(requestText)?.[1] ?? "";
  for (const line of index.split("\n")) {
    const path = /^- (\S+\.md) — /.exec(line)?.[1];
    if (path?.replace(/\.md$/, "").startsWith(topic)) return path;
  }
  return null;
}

// The subject file's line on this topic, without its date tag, as the request shows it.
function existingSubjectLine(requestText: string, file: string, about: RegExp): string | null {
  const block = new RegExp(
    `<file path="${file.replaceAll(".", "\\.")}">\\n([\\s\\S]*?)\\n</file>`,
  ).exec(requestText)?.[1];
  if (!block) return null;
  for (const line of block.split("\n")) {
    const text = line.replace(/^\[stated [^\]]*\]\s*/, "");
    if (about.test(text)) return text;
  }
  return null;
}
