import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { setTimeout } from "node:timers/promises";
import type Anthropic from "@anthropic-ai/sdk";
import {
  type ApplyBatchResultsOptions,
  applyBatchResults,
  costOf,
  createUsageLog,
  detectLayout,
  MemoryStore,
  submitWritePasses,
  UnknownModelError,
  type WritePassResult,
} from "@memfiles/core";
import {
  type BatchWriteSession,
  buildWriteRequest,
  claudeConfigFolder,
  projectFolderName,
  readClaudeCodeTranscript,
  requestCostBound,
  roundUsd,
  type TranscriptCheckpoint,
  writePassCustomId,
} from "@memfiles/core/internal";
import { MemfilesError } from "@memfiles/errors";
import { DryRunBackend } from "./dry-run-backend.js";
import { findSentBatch } from "./find-sent-batch.js";
import { logHook } from "./hook-log.js";
import {
  checkpointFor,
  HOOK_STATE_FOLDER,
  readSessionState,
  withCheckpoint,
  writeSessionState,
} from "./hook-state.js";
import { ImportError } from "./import-error.js";
import { memoryLocation } from "./memory-location.js";
import { hookTimeZone } from "./run-hook.js";
import { DEFAULT_HOOK_WRITE_MODEL } from "./session-write-pass.js";
import { withWritePassLock } from "./write-pass-lock.js";

/** The batch of an import not yet applied, inside the memory folder's `.memfiles/`. */
const PENDING_FILE = `${HOOK_STATE_FOLDER}/import.json`;

/** Options of {@link importSessions}. */
export type ImportSessionsOptions = {
  /** The project folder (its transcripts are `<config>/projects/<its folder name>/*.jsonl`). */
  cwd: string;
  /** `--root`: a memfiles folder instead of Claude Code's auto memory. */
  root?: string | undefined;
  /** Only sessions dated on or after this day (`YYYY-MM-DD`, in `timeZone`). */
  since?: string | undefined;
  /** Refuse before any request when the batch's upper-bound cost is past this, USD. */
  maxUsd?: number | undefined;
  /** Plan and price only; nothing is sent or written. */
  dryRun?: boolean | undefined;
  /** Apply the batch an earlier import left pending instead of planning a new one. */
  resume?: boolean | undefined;
  /**
   * Drop the batch an earlier import left pending without applying it (one the API no longer
   * knows, or that is not wanted); its sessions are sent again by the next import.
   */
  abandon?: boolean | undefined;
  /** Told the batch id once the import waits on a batch, then after every poll that finds it running. */
  onProgress?: (progress: ImportProgress) => void;
  /** Aborting it stops the wait (the import rejects with the abort reason); the batch stays pending. */
  signal?: AbortSignal;
  /** The write pass's model; default Claude Sonnet 5.5. */
  model?: string | undefined;
  /** Default: one from `ANTHROPIC_API_KEY`. */
  client?: Anthropic;
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** How long to wait for the batch; default up to 24 h. Past it the import stays pending. */
  wait?: ApplyBatchResultsOptions["wait"];
  now?: Date;
};

/** One session an import sends (or would send), oldest first. */
export type ImportPlanRow = {
  sessionId: string;
  transcriptPath: string;
  /** The session's day (`YYYY-MM-DD`) in the user's time zone. */
  date: string;
  /** New turns since the session's checkpoint (user and assistant). */
  turns: number;
  /** Upper bound of this entry's cost at the batch price, USD. */
  usd: number;
};

/** What an import waiting on its batch reports (see `ImportSessionsOptions.onProgress`). */
export type ImportProgress =
  | { kind: "waiting"; batchId: string; sessions: number }
  | {
      kind: "poll";
      batchId: string;
      /** The batch's `processing_status`, e.g. `in_progress`. */
      status: string;
      /** Requests that have ended (succeeded, errored, canceled or expired) of `total`. */
      ended: number;
      total: number;
      /** Time waited so far, ms. */
      waitedMs: number;
    };

/** A transcript left out of an import, and why. */
export type ImportSkipped = { transcriptPath: string; reason: string };

type BatchSessionOutcome = Extract<
  Awaited<ReturnType<typeof applyBatchResults>>,
  { status: "ended" }
>["outcomes"][number];

/**
 * What became of one session of an applied import batch (core's batch outcome codes); for an
 * applied session, its proposals written and refused (by the check pipeline's code).
 */
export type ImportOutcome = {
  sessionId: string;
  code: BatchSessionOutcome["code"];
  proposals?: { applied: number; refused: Record<string, number> };
};

/** Result of {@link importSessions}; `usd` is the batch's upper-bound cost. */
export type ImportSessionsResult =
  | {
      status: "dry_run";
      plan: ImportPlanRow[];
      skipped: ImportSkipped[];
      usd: number;
      /** An earlier import's batch, not applied yet ("" while its id is not noted): it goes first. */
      pendingBatchId?: string;
    }
  | {
      status: "nothing_to_import";
      skipped: ImportSkipped[];
      transcripts: string;
      /** Sessions with new words of the user that `since` left out. */
      beforeSince: number;
    }
  | { status: "abandoned"; batchId: string; sessions: string[] }
  | {
      status: "pending";
      batchId: string;
      plan: ImportPlanRow[];
      skipped: ImportSkipped[];
      usd: number;
    }
  | {
      status: "ended";
      batchId: string;
      plan: ImportPlanRow[];
      skipped: ImportSkipped[];
      usd: number;
      outcomes: ImportOutcome[];
    };

/** The read range of one session in a pending batch: enough to rebuild its transcript exactly. */
type PendingSession = ImportPlanRow & {
  batchSessionId: string;
  from?: TranscriptCheckpoint;
  to: TranscriptCheckpoint;
};
/**
 * `import.json`. While the batch is being sent, `batchId` is "" and `sendingAt` says since when: an
 * import stopped then left a batch that `--resume` finds (`findSentBatch`) rather than sends again.
 */
type Pending = {
  batchId: string;
  sendingAt?: string;
  model: string;
  timeZone: string;
  sessions: PendingSession[];
};
type Planned = { row: PendingSession; session: BatchWriteSession };

type Context = {
  store: MemoryStore;
  model: string;
  timeZone: string;
  options: ImportSessionsOptions;
};

/**
 * Backfill: runs the write pass over a project's past Claude Code sessions
 * (`<config>/projects/<project folder name>/*.jsonl`, named by core's `projectFolderName`) as ONE
 * Message Batch at half price (core's `submitWritePasses` / `applyBatchResults`). Each transcript
 * is read from its session's checkpoint (the one the SessionEnd hook keeps), sessions are applied
 * oldest first so the newest word wins, and each applied session's checkpoint moves to where the
 * read stopped: a session is never proposed twice, and its SessionEnd later reads only new records.
 * A transcript that cannot be read is skipped with the reason. Before any request the batch is
 * priced at an upper bound (core's `requestCostBound`: input by characters, `max_tokens` as
 * output, batch modifier); past `maxUsd` nothing is sent. The batch id and each session's read
 * range are kept in `.memfiles/claude-code/import.json` (no transcript text) until the batch is
 * applied, so an import stopped while the batch runs is finished by `resume`. Each applied
 * reply's usage goes to the usage log (`.memfiles/usage.jsonl`) under its Claude Code session id,
 * priced at the batch price by `memfiles cost`.
 *
 * @param options - See {@link ImportSessionsOptions}; `since` is `YYYY-MM-DD`, `maxUsd` USD.
 * @returns `dry_run`, `nothing_to_import`, `pending` (the batch has not ended: resume later) or
 *   `ended` with one outcome per session.
 * @throws {ImportError} `import_pending` (an earlier batch is not applied: resume it),
 *   `no_pending_import` (resume with none), `budget_exceeded` (past `maxUsd`), `no_api_key`,
 *   `unknown_model` (no price for `model`).
 * @throws {Anthropic.APIError} when the batch cannot be created or read.
 * @example const result = await importSessions({ cwd: process.cwd(), maxUsd: 2 });
 */
export async function importSessions(
  options: ImportSessionsOptions,
): Promise<ImportSessionsResult> {
  const env = options.env ?? process.env;
  const home = options.home === undefined ? {} : { home: options.home };
  const location = memoryLocation({ cwd: options.cwd, root: options.root, env, ...home });
  const layout = location.autoMemory ? "fact" : await detectLayout(location.root);
  // Messages name `folder.root`: a dry run's store is named `dry-run:<folder>`.
  const folder = new MemoryStore({ root: location.root, layout });
  // A dry run writes nothing, not even the folder or its `.memfiles/`.
  const store =
    options.dryRun === true
      ? new MemoryStore({
          backend: new DryRunBackend(folder, { missing: !existsSync(location.root) }),
          layout,
        })
      : folder;
  const context: Context = {
    store,
    model: options.model ?? DEFAULT_HOOK_WRITE_MODEL,
    timeZone: hookTimeZone(env),
    options,
  };
  if (options.resume !== true) checkModel(context.model);
  // Applied (or never made): the file is emptied, as `.memfiles/` files are written, not removed.
  const pendingText = (await store.readInternal(PENDING_FILE))?.trim() || undefined;
  if (options.abandon === true) {
    if (pendingText === undefined) {
      throw new ImportError(
        `No import batch is pending in ${folder.root}: nothing to abandon.`,
        "no_pending_import",
      );
    }
    const pending = JSON.parse(pendingText) as Pending;
    const sessions = pending.sessions.map((row) => row.sessionId);
    await store.writeInternal(PENDING_FILE, "");
    await logHook(store, {
      event: "import",
      ...(pending.batchId === "" ? {} : { batchId: pending.batchId }),
      outcome: "skipped",
      message: `abandoned: ${sessions.length} sessions not applied (${sessions.join(", ")}); the next import sends them again.`,
    });
    return { status: "abandoned", batchId: pending.batchId, sessions };
  }
  if (options.resume === true) {
    if (pendingText === undefined) {
      throw new ImportError(
        `No import batch is pending in ${folder.root}: nothing to resume. Run \`memfiles claude-code import\` without --resume.`,
        "no_pending_import",
      );
    }
    const pending = JSON.parse(pendingText) as Pending;
    const sessions = await Promise.all(
      pending.sessions.map(async (row) => ({
        row,
        session: await batchSession(context, row, pending.timeZone),
      })),
    );
    const resumed = { ...context, model: pending.model, timeZone: pending.timeZone };
    if (pending.sendingAt === undefined) return finish(resumed, pending, sessions, []);
    const found = await findSentBatch(await clientOf(options), {
      sendingAt: pending.sendingAt,
      customIds: sessions.map(({ session }) => writePassCustomId(session)),
    });
    if (found === undefined) return send(resumed, sessions, []);
    const sent: Pending = { ...withoutSendingAt(pending), batchId: found };
    await store.writeInternal(PENDING_FILE, `${JSON.stringify(sent)}\n`);
    return finish(resumed, sent, sessions, []);
  }
  if (pendingText !== undefined && options.dryRun !== true) {
    const { batchId } = JSON.parse(pendingText) as Pending;
    throw new ImportError(
      batchId === ""
        ? `An import of ${folder.root} stopped while sending its batch. Run \`memfiles claude-code import --resume\`: it finds that batch (or sends it, if it was never made) and applies it; nothing was sent now.`
        : `An import batch (${batchId}) of ${folder.root} is not applied yet. Run \`memfiles claude-code import --resume\` to apply it first, or \`--abandon\` to drop it; nothing was sent.`,
      "import_pending",
    );
  }
  const transcripts = join(
    claudeConfigFolder({ env, ...home }),
    "projects",
    projectFolderName(resolve(options.cwd)),
  );
  const { planned, skipped, beforeSince } = await plan(context, transcripts);
  if (planned.length === 0) {
    return { status: "nothing_to_import", skipped, transcripts, beforeSince };
  }
  const usd = roundUsd(planned.reduce((sum, { row }) => sum + row.usd, 0));
  const rows = planned.map(({ row }) => publicRow(row));
  if (options.dryRun === true) {
    const pendingBatchId =
      pendingText === undefined ? undefined : (JSON.parse(pendingText) as Pending).batchId;
    return {
      status: "dry_run",
      plan: rows,
      skipped,
      usd,
      ...(pendingBatchId === undefined ? {} : { pendingBatchId }),
    };
  }
  if (options.maxUsd !== undefined && usd > options.maxUsd) {
    throw new ImportError(
      `Importing ${planned.length} sessions may cost up to $${usd.toFixed(4)} at the batch price, past --max-usd ${options.maxUsd}; nothing was sent. ` +
        "Raise --max-usd, or import fewer sessions with --since YYYY-MM-DD (--dry-run lists them with their cost).",
      "budget_exceeded",
    );
  }
  if (options.client === undefined && (env.ANTHROPIC_API_KEY ?? "") === "") {
    throw new ImportError(
      "No ANTHROPIC_API_KEY in the environment: the import sends a Message Batch to the API. Set it and run again; nothing was sent.",
      "no_api_key",
    );
  }
  return send(context, planned, skipped);
}

/** Refuses, before anything is read or sent, a model the price table (core's `costOf`) does not know. */
function checkModel(model: string): void {
  try {
    costOf({ input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 }, model);
  } catch (error) {
    if (!(error instanceof UnknownModelError)) throw error;
    throw new ImportError(
      `No price for model "${model}": an import prices its batch before sending it. Known models: ${error.knownModels.join(", ")} (a dated suffix such as "-20251001" is accepted). Give one of them to --model; nothing was sent.`,
      "unknown_model",
    );
  }
}

/**
 * Sends the sessions as one batch and applies it (as told to wait). What is sent is noted in
 * `import.json` first, then its batch id once the API returned it: a stop in between is closed by
 * `--resume` finding the batch, never by paying for it twice.
 */
async function send(
  context: Context,
  planned: Planned[],
  skipped: ImportSkipped[],
): Promise<ImportSessionsResult> {
  const { store } = context;
  const usd = roundUsd(planned.reduce((sum, { row }) => sum + row.usd, 0));
  const sending: Pending = {
    batchId: "",
    sendingAt: new Date().toISOString(),
    model: context.model,
    timeZone: context.timeZone,
    sessions: planned.map(({ row }) => row),
  };
  await store.writeInternal(PENDING_FILE, `${JSON.stringify(sending)}\n`);
  let batchId: string | undefined;
  try {
    ({ batchId } = await submitWritePasses({
      sessions: planned.map(({ session }) => session),
      client: await clientOf(context.options),
      model: context.model,
    }));
  } catch (error) {
    // Refused (a check before any request, or a 4xx): no batch exists, so nothing is pending.
    // A 5xx or a lost connection may have made one: the note stays for `--resume` to look.
    const status = (error as { status?: unknown } | null)?.status;
    const refused = typeof status === "number" && status < 500;
    if (refused || error instanceof MemfilesError) await store.writeInternal(PENDING_FILE, "");
    throw error;
  }
  const pending: Pending = { ...withoutSendingAt(sending), batchId: batchId ?? "" };
  if (batchId === undefined) return finish(context, pending, planned, skipped, usd);
  await store.writeInternal(PENDING_FILE, `${JSON.stringify(pending)}\n`);
  await logHook(store, {
    event: "import",
    batchId,
    outcome: "ok",
    message: `sent ${planned.length} sessions, up to $${usd.toFixed(4)}; applied when the batch ends.`,
  });
  return finish(context, pending, planned, skipped, usd);
}

function withoutSendingAt(pending: Pending): Pending {
  const { sendingAt: _, ...rest } = pending;
  return rest;
}

/** An import whose batch is not applied yet, as `memfiles claude-code status` shows it. */
export type PendingImport = {
  /** The Message Batch id; "" when the import stopped while sending (`--resume` finds it). */
  batchId: string;
  /** ISO time the import began sending; present only while the batch id is not noted. */
  sendingAt?: string;
  /** Sessions in the batch. */
  sessions: number;
};

/**
 * The import left pending in a memory folder (`.memfiles/claude-code/import.json`), if any.
 *
 * @param store - The memory folder.
 * @returns `{ batchId, sendingAt?, sessions }`, or `undefined` when no import is pending.
 * @example const pending = await readPendingImport(new MemoryStore({ root }));
 */
export async function readPendingImport(
  store: Pick<MemoryStore, "readInternal">,
): Promise<PendingImport | undefined> {
  const text = (await store.readInternal(PENDING_FILE))?.trim() || undefined;
  if (text === undefined) return undefined;
  const pending = JSON.parse(text) as Pending;
  return {
    batchId: pending.batchId,
    ...(pending.sendingAt === undefined ? {} : { sendingAt: pending.sendingAt }),
    sessions: pending.sessions.length,
  };
}

/** Applies the batch (waiting as told), moves the checkpoints of applied sessions, clears the pending file. */
async function finish(
  context: Context,
  pending: Pending,
  sessions: Planned[],
  skipped: ImportSkipped[],
  usd = roundUsd(pending.sessions.reduce((sum, row) => sum + row.usd, 0)),
): Promise<ImportSessionsResult> {
  const { store, options } = context;
  const plan = sessions.map(({ row }) => publicRow(row));
  const client = await clientOf(options);
  return withWritePassLock(store, async () => {
    let outcomes: BatchSessionOutcome[] = [];
    if (pending.batchId !== "") {
      const { batchId } = pending;
      options.onProgress?.({ kind: "waiting", batchId, sessions: sessions.length });
      const wait = options.wait ?? {};
      const { signal } = options;
      const sleep = wait === false ? undefined : wait.sleep;
      const applied = await applyBatchResults({
        batchId,
        sessions: sessions.map(({ session }) => session),
        client,
        model: context.model,
        wait: wait !== false && {
          ...wait,
          ...(signal === undefined
            ? {}
            : { sleep: (ms: number) => abortableSleep(sleep, ms, signal) }),
          onPoll: (batch, waitedMs) => {
            const counts = batch.request_counts;
            const ended = counts.succeeded + counts.errored + counts.canceled + counts.expired;
            options.onProgress?.({
              kind: "poll",
              batchId,
              status: batch.processing_status,
              ended,
              total: ended + counts.processing,
              waitedMs,
            });
          },
        },
      }).catch((error: unknown) => {
        if ((error as { status?: unknown } | null)?.status !== 404) throw error;
        throw new ImportError(
          `The Anthropic API does not know batch ${batchId} (HTTP 404): it expired and was deleted, or was made with another API key or workspace. Run \`memfiles claude-code import --abandon\` to drop it; its ${sessions.length} sessions are sent again by the next import.`,
          "batch_gone",
        );
      });
      if (applied.status !== "ended") {
        return { status: "pending", batchId: pending.batchId, plan, skipped, usd };
      }
      outcomes = applied.outcomes;
    }
    const result: ImportOutcome[] = [];
    for (const [index, { row }] of sessions.entries()) {
      const outcome = outcomes[index];
      const code = outcome?.code ?? "already_applied";
      result.push({
        sessionId: row.sessionId,
        code,
        ...(outcome?.code === "applied" ? { proposals: proposalCounts(outcome.result) } : {}),
      });
      if (code !== "applied" && code !== "already_applied") continue;
      const state = await readSessionState(store, row.sessionId);
      await writeSessionState(
        store,
        row.sessionId,
        withCheckpoint(state, row.transcriptPath, row.to),
      );
    }
    await store.writeInternal(PENDING_FILE, "");
    const count = (code: string) => result.filter((outcome) => outcome.code === code).length;
    await logHook(store, {
      event: "import",
      ...(pending.batchId === "" ? {} : { batchId: pending.batchId }),
      outcome: "ok",
      message: `${count("applied")} sessions applied, ${result.length - count("applied") - count("already_applied")} not (import again to retry them); ${describeProposals(result)}.`,
    });
    return { status: "ended", batchId: pending.batchId, plan, skipped, usd, outcomes: result };
  });
}

/** Proposals written and refused by code, summed over an import's outcomes: "3 written, 1 refused (duplicate 1)". */
export function describeProposals(outcomes: readonly ImportOutcome[]): string {
  let applied = 0;
  const refused = new Map<string, number>();
  for (const { proposals } of outcomes) {
    applied += proposals?.applied ?? 0;
    for (const [code, n] of Object.entries(proposals?.refused ?? {})) {
      refused.set(code, (refused.get(code) ?? 0) + n);
    }
  }
  const total = [...refused.values()].reduce((sum, n) => sum + n, 0);
  const codes = [...refused].sort(([a], [b]) => (a < b ? -1 : 1));
  const byCode = codes.map(([code, n]) => `${code} ${n}`).join(", ");
  return `${applied} proposals written, ${total} refused${total === 0 ? "" : ` (${byCode})`}`;
}

function proposalCounts(result: WritePassResult): NonNullable<ImportOutcome["proposals"]> {
  const refused: Record<string, number> = {};
  for (const { code } of result.rejected) refused[code] = (refused[code] ?? 0) + 1;
  return { applied: result.applied.length, refused };
}

/** A sleep that a stop (Ctrl-C) cuts short, rejecting with the signal's reason. */
function abortableSleep(
  sleep: ((ms: number) => Promise<unknown>) | undefined,
  ms: number,
  signal: AbortSignal,
): Promise<unknown> {
  if (sleep === undefined) return setTimeout(ms, undefined, { signal });
  signal.throwIfAborted();
  return Promise.race([
    sleep(ms),
    new Promise((_, reject) =>
      signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
    ),
  ]);
}

/** Reads every transcript from its checkpoint; the sessions with new words of the user, oldest first. */
async function plan(
  context: Context,
  folder: string,
): Promise<{
  planned: { row: PendingSession; session: BatchWriteSession }[];
  skipped: ImportSkipped[];
  beforeSince: number;
}> {
  let beforeSince = 0;
  const names = await readdir(folder).catch(() => [] as string[]);
  const skipped: ImportSkipped[] = [];
  const found: { row: PendingSession; session: BatchWriteSession; mtime: number }[] = [];
  for (const name of names.filter((entry) => entry.endsWith(".jsonl")).sort()) {
    const transcriptPath = join(folder, name);
    const sessionId = basename(name, ".jsonl");
    try {
      const state = await readSessionState(context.store, sessionId);
      const from = checkpointFor(state, transcriptPath);
      const read = await readClaudeCodeTranscript(transcriptPath, {
        timeZone: context.timeZone,
        ...(from === undefined ? {} : { after: from }),
      });
      if (read.records > 0 && read.skipped.unreadable_line === read.records) {
        skipped.push({
          transcriptPath,
          reason: `not a Claude Code transcript: none of its ${read.records} lines is a JSON record`,
        });
        continue;
      }
      const { transcript } = read;
      if (!transcript.turns.some((turn) => turn.role === "user")) continue;
      const mtime = (await stat(transcriptPath)).mtime;
      const date = transcript.date === "" ? mtime.toISOString().slice(0, 10) : transcript.date;
      if (context.options.since !== undefined && date < context.options.since) {
        beforeSince += 1;
        continue;
      }
      // A session imported before and appended to since gets a new batch entry: its custom_id is
      // made from the session id and where this read started.
      const batchSessionId = from === undefined ? sessionId : `${sessionId}@${from.offset}`;
      const row: PendingSession = {
        sessionId,
        transcriptPath,
        date,
        turns: transcript.turns.length,
        usd: 0,
        batchSessionId,
        ...(from === undefined ? {} : { from }),
        to: read.checkpoint,
      };
      const session = sessionOf(context, row, { ...transcript, date }, context.timeZone);
      const params = await buildWriteRequest({
        ...session,
        client: await clientOf(context.options),
        model: context.model,
      });
      row.usd = requestCostBound(params, context.model, {
        modifiers: { serviceTier: "batch" },
      });
      found.push({ row, session, mtime: mtime.getTime() });
    } catch (error) {
      skipped.push({
        transcriptPath,
        reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  }
  // Oldest first: applied in this order, a later session's word replaces an earlier one's.
  found.sort((a, b) => a.row.date.localeCompare(b.row.date) || a.mtime - b.mtime);
  return { planned: found.map(({ row, session }) => ({ row, session })), skipped, beforeSince };
}

/** Reads a pending session's transcript again, exactly the records its batch entry was built from. */
async function batchSession(
  context: Context,
  row: PendingSession,
  timeZone: string,
): Promise<BatchWriteSession> {
  const read = await readClaudeCodeTranscript(row.transcriptPath, {
    timeZone,
    until: row.to.offset,
    ...(row.from === undefined ? {} : { after: row.from }),
  });
  return sessionOf(context, row, { ...read.transcript, date: row.date }, timeZone);
}

function sessionOf(
  context: Context,
  row: PendingSession,
  transcript: BatchWriteSession["transcript"],
  timeZone: string,
): BatchWriteSession {
  const { now } = context.options;
  const log = createUsageLog({ store: context.store });
  return {
    store: context.store,
    transcript,
    sessionId: row.batchSessionId,
    timeZone,
    // Logged under the Claude Code session id (not the batch entry's), so `memfiles cost` sums a
    // session's hook and import passes; the batch reply's usage carries `service_tier: "batch"`.
    onUsage: (record) => log({ ...record, sessionId: row.sessionId }),
    ...(now === undefined ? {} : { now }),
  };
}

function publicRow(row: PendingSession): ImportPlanRow {
  const { sessionId, transcriptPath, date, turns, usd } = row;
  return { sessionId, transcriptPath, date, turns, usd };
}

const defaultClients = new WeakMap<ImportSessionsOptions, Anthropic>();

// One client per import, made when first needed: a dry run builds requests but sends none.
async function clientOf(options: ImportSessionsOptions): Promise<Anthropic> {
  if (options.client !== undefined) return options.client;
  const made = defaultClients.get(options) ?? new (await import("@anthropic-ai/sdk")).default();
  defaultClients.set(options, made);
  return made;
}
