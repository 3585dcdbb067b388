import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { editDescription, forget, MemfilesError, type MemoryStore } from "@memfiles/core";
import { findForgottenLines, findTombstoneProblems, restoreLines } from "@memfiles/core/internal";
import { simpleGit } from "simple-git";
import { z } from "zod";
import { forgottenLineMessage, tombstoneProblemMessage } from "../check/check-folder.js";
import { readMemory } from "../read-memory.js";
import { findTextSecrets, secretRefusalMessage } from "../secrets/find-text-secrets.js";
import { type RefusedReason, refuseReason } from "./request-guard.js";

/** Options of {@link startMemoryPage}. */
export type StartMemoryPageOptions = {
  store: MemoryStore;
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Per-run token required in every URL; default 32 random bytes, hex. */
  token?: string;
  /**
   * The user's IANA time zone (`memfiles serve`'s, see `timeZoneFromEnv`): a deleted line's
   * tombstone is dated on the user's calendar day, as `remember` dates lines; default UTC.
   */
  timeZone?: string;
  /** The clock for that date (tests); default `new Date()`. */
  now?: () => Date;
  /** Told about every refused request (`serve` prints one line each), with its Origin header. */
  onRefused?: (refused: {
    reason: RefusedReason;
    method: string;
    path: string;
    origin?: string;
  }) => void;
};

/** A running memory page. */
export type MemoryPage = {
  /** The page's address with its token: open it in a browser. */
  url: string;
  port: number;
  token: string;
  close: () => Promise<void>;
};

/** A change the page made, kept so the page can undo the last one while it is open. */
type UndoEntry = {
  file: string;
  before: string;
  after: string;
  what: string;
  /** For a delete: the lines removed, whose tombstones an undo lifts (undo is a remember). */
  restores?: string[];
};

const MAX_BODY_BYTES = 64 * 1024;
const PAGE_FILE = new URL("../../page/index.html", import.meta.url);

const ForgetLineSchema = z.object({
  file: z.string(),
  version: z.string(),
  line: z.string().min(1),
});
const DescriptionSchema = z.object({
  file: z.string(),
  version: z.string(),
  description: z.string(),
});

/**
 * Serves the memory page for one folder on 127.0.0.1: every file and line with its date, type and
 * version token; delete a line (core's `forget` of exactly that line, tombstone included), edit a
 * description, undo the last change, and a file's git history. Every change carries the version
 * token the page showed; a stale one is refused with `409` and the file's current text. Requests
 * from other origins or hosts, or without the per-run token, are refused with `403`.
 *
 * @param options - `{ store, port?, token?, timeZone?, now?, onRefused? }`.
 * @returns The running page; `close()` stops it.
 * @example const page = await startMemoryPage({ store }); console.log(page.url);
 */
export async function startMemoryPage(options: StartMemoryPageOptions): Promise<MemoryPage> {
  const { store } = options;
  const token = options.token ?? randomBytes(32).toString("hex");
  const template = await readFile(PAGE_FILE, "utf8");
  const undo: UndoEntry[] = [];
  let port = 0;
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (
        error instanceof z.ZodError ||
        error instanceof SyntaxError ||
        error instanceof RangeError
      ) {
        send(response, 400, { code: "bad_request", message: `Bad request: ${error.message}` });
        return;
      }
      const userFixable = MemfilesError.isInstance(error) && error.userFixable;
      send(response, userFixable ? 400 : 500, {
        code: userFixable ? (error as MemfilesError).code : "internal_error",
        message: error instanceof Error ? error.message : String(error),
      });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refused = refuseReason(request, { port, token });
    if (refused) {
      options.onRefused?.({
        reason: refused,
        method: request.method ?? "",
        path: new URL(request.url ?? "/", "http://127.0.0.1").pathname,
        ...(request.headers.origin === undefined ? {} : { origin: request.headers.origin }),
      });
      send(response, 403, {
        code: refused,
        message: `Refused (${refused}): open the page from the address memfiles serve printed.`,
      });
      return;
    }
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const route = `${request.method} ${url.pathname}`;
    if (route === "GET /") {
      const nonce = randomBytes(16).toString("base64");
      response.writeHead(200, {
        ...SECURITY_HEADERS,
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      });
      response.end(template.replaceAll("{{nonce}}", nonce));
      return;
    }
    if (route === "GET /api/memory") {
      const files = await readMemory(store);
      // A forgotten line pasted back by hand is not recalled: the page says so, as `check` does.
      const forgotten = await findForgottenLines(store);
      // A tombstone file that cannot be read whole: the page says where, as `check` does.
      const problems = (await findTombstoneProblems(store)).map((problem) => ({
        code: "tombstones_unreadable",
        path: problem.path,
        line: problem.line,
        message: tombstoneProblemMessage(problem),
      }));
      send(response, 200, {
        root: store.root,
        problems,
        files: files.map(({ content: _content, ...file }) => {
          const lines = forgotten.filter((found) => found.path === file.path);
          if (lines.length === 0) return file;
          const problems = lines.map((found) => ({
            code: "forgotten_line",
            line: found.line,
            message: forgottenLineMessage(found),
          }));
          return { ...file, problems: [...file.problems, ...problems] };
        }),
        undo: undo.at(-1)?.what ?? null,
      });
      return;
    }
    if (route === "GET /api/history") {
      const file = url.searchParams.get("file") ?? "";
      const read = await store.read(file); // the path guard
      send(response, 200, await history(store.root, read.path));
      return;
    }
    if (route === "POST /api/forget-line") {
      const body = ForgetLineSchema.parse(await readJson(request));
      const read = await store.read(body.file);
      if (!read.exists || read.version !== body.version) {
        conflict(
          response,
          body.file,
          read.exists ? read.content : "",
          "It changed since the page showed it; nothing was removed.",
        );
        return;
      }
      const query = body.line.replace(/^\[stated [^\]]*\]\s*/, "");
      const result = await forget({
        store,
        query,
        only: [{ path: read.path, version: read.version, lines: [body.line] }],
        ...(options.now === undefined ? {} : { now: options.now() }),
        ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
      });
      if (result.code === "version_conflict") {
        const now = await store.read(read.path);
        conflict(response, read.path, now.exists ? now.content : "", result.message);
        return;
      }
      if (result.code !== "removed") {
        send(response, 422, {
          code: result.code,
          message: "message" in result ? result.message : `No line "${body.line}" to remove.`,
        });
        return;
      }
      const after = await store.read(read.path);
      undo.push({
        file: read.path,
        before: read.content,
        after: after.version,
        what: `delete "${body.line}" from ${read.path}`,
        restores: result.removed.map((removed) => removed.line),
      });
      send(response, 200, { code: "removed", removed: result.removed });
      return;
    }
    if (route === "POST /api/description") {
      const body = DescriptionSchema.parse(await readJson(request));
      // The same secret guard as `remember`: a description is text written to the file and MEMORY.md.
      const secrets = await findTextSecrets(body.file, body.description);
      if (secrets.length > 0) {
        send(response, 422, {
          code: "secret",
          message: secretRefusalMessage(
            "the description",
            secrets.map((secret) => secret.kind),
          ),
        });
        return;
      }
      const result = await editDescription({
        store,
        path: body.file,
        description: body.description,
        ifVersion: body.version,
      });
      if (!result.ok) {
        if (result.code === "version_conflict")
          conflict(response, body.file, result.current ?? "", result.message);
        else send(response, 422, { code: result.code, message: result.message });
        return;
      }
      undo.push({
        file: result.path,
        before: result.before,
        after: result.version,
        what: `description of ${result.path}`,
      });
      send(response, 200, { code: "saved", version: result.version });
      return;
    }
    if (route === "POST /api/undo") {
      await readJson(request);
      const last = undo.at(-1);
      if (!last) {
        send(response, 422, {
          code: "nothing_to_undo",
          message: "Nothing to undo since the page was opened.",
        });
        return;
      }
      const written =
        last.restores === undefined
          ? await store.write(last.file, last.before, last.after)
          : await restoreLines({
              store,
              path: last.file,
              content: last.before,
              ifVersion: last.after,
              lines: last.restores,
            });
      if (!written.ok) {
        const now = await store.read(last.file);
        conflict(
          response,
          last.file,
          now.exists ? now.content : "",
          `Cannot undo: ${last.file} changed since. ${written.message}`,
        );
        return;
      }
      undo.pop();
      send(response, 200, { code: "undone", what: last.what });
      return;
    }
    send(response, 404, { code: "not_found", message: `No ${route} here.` });
  }

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once("error", rejectListen);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

const SECURITY_HEADERS = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cross-origin-resource-policy": "same-origin",
} as const;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    "content-type": "application/json; charset=utf-8",
  });
  response.end(JSON.stringify(body));
}

function conflict(response: ServerResponse, file: string, current: string, message: string): void {
  send(response, 409, { code: "version_conflict", file, message, current });
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new RangeError(`Request body over ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? {} : JSON.parse(text);
}

async function history(
  root: string,
  path: string,
): Promise<{ git: boolean; commits: Array<{ hash: string; date: string; message: string }> }> {
  const git = simpleGit({ baseDir: root });
  if (!(await git.checkIsRepo().catch(() => false))) return { git: false, commits: [] };
  const log = await git.log({ file: path, maxCount: 50 }).catch(() => undefined);
  return {
    git: true,
    commits: (log?.all ?? []).map((entry) => ({
      hash: entry.hash.slice(0, 12),
      date: entry.date,
      message: entry.message,
    })),
  };
}
