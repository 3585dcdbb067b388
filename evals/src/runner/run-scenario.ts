import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import {
  applyBatchResults,
  type ChatConversation,
  chat,
  consolidateAll,
  costOf,
  detectLayout,
  MemoryStore,
  type OnStep,
  type OnUsage,
  type RecallOptions,
  type RecallResult,
  type RecallStrategy,
  remember,
  submitWritePasses,
  type Transcript,
  type WritePassOptions,
  type WritePassResult,
  writePass,
} from "@memfiles/core";
import {
  type CacheWarning,
  DEFAULT_FACT_CONSOLIDATION_FILES,
  estimateTokens,
  layoutOf,
} from "@memfiles/core/internal";
import { getPrompt, parsePromptRef } from "@memfiles/prompts";
import { checksPass, checksRan, gradeScenario, gradeSessionFiles } from "../graders/index.js";
import { type JudgeCall, judgeRequest, readVerdict } from "../graders/judge.js";
import type { GradeResult } from "../graders/types.js";
import {
  type AttachedRecordingSession,
  attachRecordingSession,
  RECORDING_RUN_HEADER,
  type RecordingFile,
  RecordingSession,
} from "../recordings/index.js";
import {
  type AuthoredReply,
  loadAuthoredReplies,
  loadScenario,
  type Scenario,
  type Session,
} from "../scenarios/index.js";
import { batchConsolidateAll } from "./batch-consolidate.js";
import { EvalSetupError } from "./eval-setup-error.js";
import { readMemoryFiles, writeSeedFiles } from "./memory-files.js";
import type {
  CallCost,
  ChatToolCalls,
  Provenance,
  RunScenarioOptions,
  ScenarioResult,
  StageResult,
} from "./types.js";

/** The API's default base URL; replay never reaches it (msw answers first). */
const DEFAULT_BASE_URL = "https://api.anthropic.com";

/** Prompts the runner pins, so a new released version does not change recorded requests. */
const PINNED = {
  base: ["base", 1],
  rules: ["memory-rules", 1],
  memoryToolRules: ["memory-tool-rules", 1],
  consolidation: ["consolidation"],
} as const;

function parsePromptId(id: string): { name: string; version: number } {
  const ref = parsePromptRef(id);
  if (ref === undefined) {
    throw new EvalSetupError({
      setting: "extractionPrompt",
      message: `Extraction prompt "${id}" is not "<id>@<version>", e.g. "extraction@1".`,
    });
  }
  return { name: ref.id, version: ref.version };
}

/** Noon UTC of an ISO date: the fixed clock of a session. */
function noonOf(date: string): Date {
  return new Date(`${date}T12:00:00.000Z`);
}

function provenanceOf(recording: RecordingFile | undefined): Provenance[] {
  if (recording === undefined) return [];
  return recording.provenance === "recorded"
    ? [
        {
          kind: "recorded",
          model: recording.model,
          date: recording.date,
          ...(recording.host === undefined ? {} : { host: recording.host }),
        },
      ]
    : [{ kind: "authored", usageMethod: recording.usageMethod }];
}

function textOf(content: Anthropic.MessageParam["content"]): string {
  if (typeof content === "string") return content;
  return content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
}

/**
 * Makes the Anthropic client of a run; call after attaching the recording session. The SDK never
 * retries (`maxRetries: 0`): behind msw its retry hangs (mswjs/interceptors#799). Replay must fail
 * at once on a missing recording; record mode retries in the recording session instead.
 */
function createClient(options: RunScenarioOptions, attached: AttachedRecordingSession): Anthropic {
  const { defaultHeaders, fetch } = attached;
  if (options.mode === "record") {
    const apiKey = process.env.ANTHROPIC_API_KEY;
    if (!apiKey) {
      throw new EvalSetupError({
        setting: "ANTHROPIC_API_KEY",
        message:
          "Record mode needs ANTHROPIC_API_KEY: set it to a key of the account to record with, " +
          "or run without --record to replay the recordings.",
      });
    }
    const baseURL = process.env.ANTHROPIC_BASE_URL || DEFAULT_BASE_URL;
    return new Anthropic({ apiKey, baseURL, maxRetries: 0, defaultHeaders, fetch });
  }
  return new Anthropic({
    apiKey: "replay",
    baseURL: DEFAULT_BASE_URL,
    maxRetries: 0,
    defaultHeaders,
    fetch,
  });
}

/**
 * Whether every write pass of a run goes as a Message Batch: `writeBatch` (`pnpm eval --batch`), or
 * every `write` stage of the scenario saying `write: { batch: true }`. Decides which
 * `costPerSession` rows apply (`batch: true` / `false`).
 *
 * @param scenario - The scenario as run.
 * @param options - The run's options.
 * @returns True when no write pass of the run goes through the Messages API.
 * @example writesAllBatched(scenario, { ...options, writeBatch: true }) // true
 */
function writesAllBatched(scenario: Scenario, options: RunScenarioOptions): boolean {
  if (options.writeBatch === true) return true;
  const writes = scenario.sessions
    .flatMap((session) => session.after)
    .filter((stage) => stage === "write" || "write" in stage);
  return writes.length > 0 && writes.every((stage) => stage !== "write" && stage.write.batch);
}

/**
 * Runs one scenario on one model with one extraction prompt, offline from recordings by default,
 * and grades it. Each run gets a fresh temporary memory folder (seed files first) and a fixed
 * clock (noon UTC of each session's date). Per session: the fixed transcript, or live turns through
 * core's `chat()`; the session's own file expectations; then its stages (`write` -> `writePass`,
 * `consolidate` -> `consolidateAll`, with `duringCall` run while the consolidation request is in
 * flight). Then the final question through `chat()` (`base@1`, `memory-rules@1`), and the
 * scenario's graders. Every model call is priced with core's `costOf`.
 *
 * @param options - `{ scenarioId, scenario?, model, extractionPrompt, mode, recordingsDir,
 *   scenariosDir, authoredDir?, prompts?, saveRecording? }`: `scenario` when the caller loaded it
 *   already (else it is loaded from `scenariosDir`), `extractionPrompt` as `extraction@N`, `mode`
 *   `replay` | `record` | `author`, the recording at
 *   `<recordingsDir>/<model>/<extractionPrompt>/<scenarioId>.json`.
 * @returns The `ScenarioResult` (`calls[].usd` in USD, `durationMs` in ms), with what each
 *   `write` and `consolidate` stage returned in `stages`. A broken run is not
 *   thrown: its error (a missing recording first of all) becomes `result.error`, and `pass` is
 *   false.
 * @throws {Error} only in `record` and `author` mode, when the recording file cannot be written
 *   after the run (a file-system error from `RecordingSession.save`).
 * @example
 * const result = await runScenario({ scenarioId: "remember", model: "claude-haiku-4-5",
 *   extractionPrompt: "extraction@1", mode: "replay", recordingsDir: "evals/recordings", scenariosDir: "scenarios" });
 */
export async function runScenario(options: RunScenarioOptions): Promise<ScenarioResult> {
  const started = performance.now();
  const checks: GradeResult[] = [];
  const calls: CallCost[] = [];
  const stages: StageResult[] = [];
  const toolCalls: ChatToolCalls[] = [];
  const cacheWarnings = new Map<string, CacheWarning>();
  let answer = "";
  let files: Record<string, string> = {};
  let error: ScenarioResult["error"];
  let session: RecordingSession | undefined;
  let detach: (() => void) | undefined;
  let root: string | undefined;
  let strategy: RecallStrategy = options.recall ?? "index";
  let minPassRate: number | undefined;
  const mirror = { current: async () => {} };
  try {
    const scenario =
      options.scenario ?? (await loadScenario(options.scenariosDir, options.scenarioId));
    strategy = recallStrategyOf(options, scenario);
    minPassRate = scenario.minPassRate;
    let authoredReplies: readonly AuthoredReply[] | undefined;
    let authoredFile: string | undefined;
    if (options.mode === "author" && options.authoredReplies !== undefined) {
      authoredReplies = options.authoredReplies;
    } else if (options.mode === "author") {
      if (options.authoredDir === undefined) {
        throw new EvalSetupError({
          setting: "authoredDir",
          message:
            "Author mode needs authoredDir, the folder of authored replies (evals/authored).",
        });
      }
      authoredFile = join(options.authoredDir, `${options.scenarioId}.yaml`);
      authoredReplies = (await loadAuthoredReplies(options.authoredDir, options.scenarioId))
        .replies;
    }
    session = await RecordingSession.open({
      mode: options.mode,
      scenarioId: recordingId(options, scenario),
      model: options.model,
      extractionPrompt: options.extractionPrompt,
      recordingsDir: options.recordingsDir,
      ...(options.epoch === undefined ? {} : { epoch: options.epoch }),
      ...(options.budget === undefined ? {} : { budget: options.budget }),
      dropHeaders: [RECORDING_RUN_HEADER],
      ...(authoredReplies ? { authoredReplies } : {}),
      ...(authoredFile ? { authoredFile } : {}),
      ...(options.recordingNote === undefined ? {} : { note: options.recordingNote }),
    });
    const attached = attachRecordingSession(session);
    detach = attached.detach;
    const client = createClient(options, attached);
    root = await mkdtemp(join(tmpdir(), `memfiles-eval-${options.scenarioId}-`));
    const recalls: { question?: RecallResult } = {};
    answer = await runSessions({
      mirror,
      scenario,
      options,
      session,
      client,
      root,
      checks,
      calls,
      stages,
      toolCalls,
      cacheWarnings,
      recalls,
    });
    await mirror.current();
    files = await readMemoryFiles(root);
    const requests = session.requests.map((request) => request.body);
    // Record mode makes a real recording; author mode writes an authored one; replay has its file.
    const recordingKind =
      options.mode === "record"
        ? "recorded"
        : options.mode === "author"
          ? "authored"
          : session.replayed?.provenance;
    const run = {
      ...options,
      writeBatch: writesAllBatched(scenario, options),
      recall: recallStrategyOf(options, scenario),
      ...(recordingKind === undefined ? {} : { provenance: recordingKind }),
    };
    checks.push(
      ...(await gradeScenario(scenario, {
        answer,
        root,
        requests,
        calls,
        run,
        ...(recalls.question ? { recall: recalls.question } : {}),
        factMerges: stages.flatMap((stage) =>
          stage.stage === "consolidate-facts" ? [stage.result] : [],
        ),
        judge: judgeCall(session, client, calls),
      })),
    );
    checks.push(checksRan(scenario, checks, run));
  } catch (caught) {
    const reported = session?.failure ?? caught;
    error =
      reported instanceof Error
        ? { name: reported.name, message: reported.message }
        : { name: "Error", message: String(reported) };
    if (root !== undefined) {
      await mirror.current().catch(() => {});
      files = await readMemoryFiles(root).catch(() => ({}));
    }
  } finally {
    detach?.();
    if (root !== undefined) await rm(root, { recursive: true, force: true });
  }
  const recallFigures = recallFiguresOf(
    session?.requests.map((request) => request.body),
    options.model,
    strategy,
  );
  let provenance = provenanceOf(session?.replayed);
  if (session !== undefined && options.mode !== "replay") {
    // The provenance of what this run wrote: a broken run writes nothing, so it has none.
    const saved = error === undefined && options.saveRecording !== false;
    provenance = saved ? provenanceOf(session.recordingMade()) : [];
    if (saved) await session.save();
  }
  return {
    scenarioId: options.scenarioId,
    model: options.model,
    extractionPrompt: options.extractionPrompt,
    pass: error === undefined && checksPass(checks),
    checks,
    answer,
    files,
    calls,
    stages,
    toolCalls,
    provenance,
    ...(error ? { error } : {}),
    durationMs: Math.round(performance.now() - started),
    ...(session ? { recordingFile: session.file } : {}),
    ...((options.epoch ?? 1) > 1 ? { epoch: options.epoch as number } : {}),
    ...(session?.replayed?.note === undefined ? {} : { recordingNote: session.replayed.note }),
    ...(minPassRate === undefined ? {} : { minPassRate }),
    ...(cacheWarnings.size > 0 ? { cacheWarnings: [...cacheWarnings.values()] } : {}),
    ...(recallFigures === undefined ? {} : { recall: recallFigures }),
  };
}

/**
 * The run's judge call: one request on the `question: judge` step, through the recording session
 * like every other call, priced at the judge model as stage `judging`. A malformed verdict throws
 * `JudgeReplyError`, which breaks the run.
 */
function judgeCall(session: RecordingSession, client: Anthropic, calls: CallCost[]): JudgeCall {
  return async (options) => {
    session.step = "question: judge";
    const message = await client.messages.create(judgeRequest(options));
    if (session.failure) throw session.failure;
    const { verdict, usage } = readVerdict(
      message,
      options.model,
      session.options.mode === "record" ? "live" : "replayed",
    );
    calls.push({
      session: "question",
      stage: "judging",
      step: session.step,
      model: options.model,
      usage,
      usd: costOf(usage, options.model).usd,
    });
    return verdict;
  };
}

const RECALLED_NOTE = "<recalled_memory>";

/**
 * Token figures of the final question's recall, estimated from the last chat request sent (the
 * one with the memory tools): its system prompt, and the `<recalled_memory>` note side-query
 * recall appended to its first user message.
 */
function recallFiguresOf(
  bodies: readonly unknown[] | undefined,
  model: string,
  strategy: RecallStrategy,
): ScenarioResult["recall"] {
  type Body = {
    system?: { text?: string }[];
    tools?: { name?: string }[];
    messages?: { role: string; content: unknown }[];
  };
  const chats = (bodies ?? []).filter((body): body is Body =>
    Boolean((body as Body | undefined)?.tools?.some((tool) => tool.name === "memory_read")),
  );
  const last = chats.at(-1);
  if (last === undefined) return undefined;
  const system = (last.system ?? []).map((block) => block.text ?? "").join("");
  const content = last.messages?.[0]?.content;
  const note = Array.isArray(content)
    ? (content as { type?: string; text?: string }[]).find((block) =>
        block.text?.startsWith(RECALLED_NOTE),
      )?.text
    : undefined;
  return {
    strategy,
    systemTokens: estimateTokens(system, model),
    recalledTokens: note === undefined ? 0 : estimateTokens(note, model),
  };
}

type RunContext = {
  scenario: Scenario;
  options: RunScenarioOptions;
  session: RecordingSession;
  client: Anthropic;
  root: string;
  checks: GradeResult[];
  calls: CallCost[];
  stages: StageResult[];
  toolCalls: ChatToolCalls[];
  /** Cache warnings by breakpoint name (the first one seen is kept). */
  cacheWarnings: Map<string, CacheWarning>;
  /** What recall did for the final question (`ChatResult.recall`), for the graders. */
  recalls: { question?: RecallResult };
  /** Writes the store back into `root` before files are graded (a non-folder backend only). */
  mirror: { current: () => Promise<void> };
};

/**
 * The recall strategy of a run: the runner option (an A/B arm), else the scenario's, else `index`.
 */
export function recallStrategyOf(options: RunScenarioOptions, scenario: Scenario): RecallStrategy {
  return options.recall ?? scenario.recall?.strategy ?? "index";
}

/**
 * The name of a run's recording file: the scenario id, or `<id>@<strategy>` when the run's recall
 * strategy is not the scenario's own (an A/B arm: other requests, so another recording).
 */
export function recordingId(options: RunScenarioOptions, scenario: Scenario): string {
  const own = scenario.recall?.strategy ?? "index";
  const strategy = recallStrategyOf(options, scenario);
  return strategy === own ? options.scenarioId : `${options.scenarioId}@${strategy}`;
}

/** The `recall` option of every chat call of a run: strategy, project, verify hook over `workspace`. */
function recallOptionsOf(options: RunScenarioOptions, scenario: Scenario): RecallOptions {
  const settings = scenario.recall;
  const workspace = settings?.workspace;
  return {
    strategy: recallStrategyOf(options, scenario),
    ...(settings?.project === undefined ? {} : { project: settings.project }),
    ...(workspace === undefined ? {} : { verify: (claim) => workspace.includes(claim.text) }),
  };
}

/** What every stage of one run shares: the store, the client, the prompts and the hooks. */
type StageContext = {
  run: RunContext;
  store: MemoryStore;
  prompts: ReturnType<typeof resolvePrompts>;
  onUsage: OnUsage;
  onWarning: (warning: CacheWarning) => void;
  /** Labels the recording session's step before each model call (`session 3: consolidate x.md`). */
  onStep: (label: string) => OnStep;
  /** Throws the recording failure, if any, in place of what the calling code made of it. */
  stopOnFailure: () => void;
};

function resolvePrompts(options: RunScenarioOptions) {
  const extraction = parsePromptId(options.extractionPrompt);
  const released = getPrompt(extraction.name, extraction.version);
  return {
    extraction: {
      id: released.id,
      version: released.version,
      text: options.prompts?.extraction ?? released.text,
    },
    consolidation: options.prompts?.consolidation ?? getPrompt(...PINNED.consolidation),
    base: options.prompts?.base ?? getPrompt(...PINNED.base).text,
    rules: options.prompts?.rules ?? getPrompt(...PINNED.rules).text,
  };
}

/** Runs the sessions and the final question; returns the answer ("" without a question). */
async function runSessions(run: RunContext): Promise<string> {
  const { scenario, options, session, root, calls, cacheWarnings } = run;
  await writeSeedFiles(root, scenario.seedFiles);
  // Seed files are read with the rule the CLI and the MCP server apply to a user's folder, so a
  // scenario runs on a folder a user would have (an empty folder takes the declared layout).
  if (Object.keys(scenario.seedFiles).length > 0 && detectLayout(root) !== scenario.layout) {
    throw new EvalSetupError({
      setting: "layout",
      message: `Scenario "${scenario.id}": its seed files read as the ${detectLayout(root)} layout (detectLayout), but it declares layout ${scenario.layout}. Write the seed files in the ${scenario.layout} layout (dated lines for subject, front matter with type: for fact) or change the layout.`,
    });
  }
  let store = new MemoryStore({ root, layout: scenario.layout });
  if (options.storeBackend !== undefined) {
    const opened = await options.storeBackend.open(root, scenario.layout);
    store = opened.store;
    run.mirror.current = opened.mirror;
  }
  let current: CallCost["session"] = 1;
  const context: StageContext = {
    run,
    store,
    prompts: resolvePrompts(options),
    onUsage: (record) => {
      calls.push({
        session: current,
        stage: record.stage,
        step: session.step,
        model: record.model,
        usage: record.usage,
        usd: costOf(record.usage, record.model, undefined, {
          date: record.date,
          ...(record.modifiers === undefined ? {} : { modifiers: record.modifiers }),
        }).usd,
      });
    },
    onWarning: (warning) => {
      if (!cacheWarnings.has(warning.breakpoint)) cacheWarnings.set(warning.breakpoint, warning);
    },
    onStep: (label) => (step) => {
      // consolidateFacts names no path (""): its step is "session N: consolidate".
      session.step = `${label}: ${step.stage}${step.path ? ` ${step.path}` : ""}`;
    },
    stopOnFailure: () => {
      if (session.failure) throw session.failure;
    },
  };
  for (const [index, fixture] of scenario.sessions.entries()) {
    current = index + 1;
    await runSession(context, fixture, index + 1);
  }
  if (scenario.question === undefined) return "";
  current = "question";
  return askQuestion(context, scenario.question);
}

/**
 * The tools and rules `chat` gets: memfiles' own tools with the run's rules prompt, or Claude's
 * memory tool with the `memory-tool-rules` prompt (its rules name the tool's commands and paths).
 */
function chatTools(
  scenario: Scenario,
  rules: string,
): { tools: "memfiles" | "memory-tool"; rules: string } {
  return scenario.tools === "memory-tool"
    ? { tools: "memory-tool", rules: getPrompt(...PINNED.memoryToolRules).text }
    : { tools: "memfiles", rules };
}

/** One session: its turns (fixed, or live through `chat`), its own file checks, then its stages. */
async function runSession(context: StageContext, fixture: Session, number: number): Promise<void> {
  const { run } = context;
  const firstRequest = run.session.requests.length;
  const transcript = await sessionTranscript(context, fixture, number);
  // The session's chat conversation as sent, for its `appendOnly` check.
  const requests = run.session.requests
    .slice(firstRequest)
    .filter((request) => request.step === `session ${number}: chat`)
    .map((request) => request.body);
  await run.mirror.current();
  run.checks.push(
    ...(await gradeSessionFiles(fixture, { root: run.root, sessionNumber: number, requests })),
  );
  for (const stage of fixture.after) {
    if (stage === "write" || "write" in stage) {
      const batch =
        context.run.options.writeBatch === true || (stage !== "write" && stage.write.batch);
      await runWrite(context, transcript, number, noonOf(fixture.date), batch);
    } else {
      const batch = context.run.options.writeBatch === true;
      await runConsolidate(context, stage.consolidate, number, noonOf(fixture.date), batch);
    }
  }
}

/**
 * The session's transcript: its fixed turns, or its user turns answered live by `chat`, one
 * conversation (the `conversation` each reply returns goes back into the next call, so `system`
 * stays as the first turn built it and memory saved in between reaches the model as a
 * `<memory_update>` block; decision 0013). A `remember` turn is not a turn of the transcript: core's
 * `remember` runs there, between two user turns (no model call).
 */
async function sessionTranscript(
  context: StageContext,
  fixture: Session,
  number: number,
): Promise<Transcript> {
  const sessionId = `session ${number}`;
  const transcript: Transcript = { sessionId, date: fixture.date, turns: [] };
  const { run, store, prompts } = context;
  const now = noonOf(fixture.date);
  if (!fixture.live) {
    for (const turn of fixture.turns) {
      if ("remember" in turn) {
        await remember({ store, ...turn.remember, now });
        continue;
      }
      transcript.turns.push(
        "user" in turn
          ? { role: "user", content: turn.user }
          : { role: "assistant", content: turn.assistant },
      );
    }
    return transcript;
  }
  run.session.step = `${sessionId}: chat`;
  let messages: Anthropic.MessageParam[] = [];
  let conversation: ChatConversation | undefined;
  for (const turn of fixture.turns) {
    if ("remember" in turn) {
      await remember({ store, ...turn.remember, now });
      continue;
    }
    if ("assistant" in turn) {
      messages.push({ role: "assistant", content: turn.assistant });
      transcript.turns.push({ role: "assistant", content: turn.assistant });
      continue;
    }
    transcript.turns.push({ role: "user", content: turn.user });
    const reply = await chat({
      store,
      client: run.client,
      model: run.options.model,
      messages: [...messages, { role: "user", content: turn.user }],
      basePrompt: prompts.base,
      ...chatTools(run.scenario, prompts.rules),
      now,
      onUsage: context.onUsage,
      onWarning: context.onWarning,
      sessionId,
      recall: recallOptionsOf(run.options, run.scenario),
      // Labels the side query "session N: recall" apart from the chat requests.
      onStep: context.onStep(`session ${number}`),
      ...(conversation === undefined ? {} : { conversation }),
    });
    context.stopOnFailure();
    if (reply.toolCalls.length > 0) {
      run.toolCalls.push({ session: number, toolCalls: reply.toolCalls });
    }
    messages = reply.messages;
    conversation = reply.conversation;
    transcript.turns.push({
      role: "assistant",
      content: reply.text || textOf(reply.message.content),
    });
  }
  return transcript;
}

/** The `write` stage: `writePass` over the session's transcript; its result is kept. */
async function runWrite(
  context: StageContext,
  transcript: Transcript,
  number: number,
  now: Date,
  batch: boolean,
): Promise<void> {
  const { run } = context;
  const { extraction } = context.prompts;
  const options = {
    store: context.store,
    transcript,
    client: run.client,
    model: run.options.model,
    // The run's extraction prompt where it is written for the store's layout, else the layout's
    // own default (the fact layout's: decision 0025-fact-layout).
    ...(layoutOf(context.store).write.promptId === extraction.id ? { prompt: extraction } : {}),
    now,
    onUsage: context.onUsage,
    onWarning: context.onWarning,
    onStep: context.onStep(`session ${number}`),
  };
  const result = batch ? await batchWrite(context, options) : await writePass(options);
  context.stopOnFailure();
  run.stages.push({ session: number, stage: "write", result });
}

/**
 * The `write` stage through a Message Batch of one entry: `submitWritePasses`, then
 * `applyBatchResults` (polling at once: a replayed batch has ended when retrieved; a real one is
 * waited for with backoff). An entry that did not succeed breaks the run, naming its result.
 */
async function batchWrite(
  context: StageContext,
  options: WritePassOptions & { store: MemoryStore },
): Promise<WritePassResult> {
  const { client, model, ...session } = options;
  options.onStep?.({ stage: "write" });
  const submitted = await submitWritePasses({ sessions: [session], client, model });
  context.stopOnFailure();
  const applied = await applyBatchResults({
    batchId: submitted.batchId ?? "",
    sessions: [session],
    client,
    model,
    wait: { firstDelayMs: 1_000, maxDelayMs: 60_000, timeoutMs: 3_600_000 },
  });
  context.stopOnFailure();
  const [outcome] = applied.status === "ended" ? applied.outcomes : [];
  if (outcome?.code !== "applied") {
    throw new Error(
      `The batched write pass of ${options.transcript.sessionId} did not apply: ${
        outcome === undefined ? `the batch is ${applied.status}` : outcome.code
      }${outcome !== undefined && "message" in outcome ? ` (${outcome.message})` : ""}.`,
    );
  }
  return outcome.result;
}

/**
 * The `consolidate` stage: the store's layout's consolidation (`consolidateAll`: subject, rewrite
 * files past `threshold` chars; fact, merge once the folder holds `files` fact files); its result
 * is kept. `duringCall` runs a `remember` while the first consolidation request is in flight (the
 * stale rewrite or merge must be refused). With `batch` (`pnpm eval --batch`) the rewrites go as one
 * Message Batch (`batchConsolidateAll`), and `duringCall` runs between submitting the batch and
 * applying its results.
 */
async function runConsolidate(
  context: StageContext,
  stage: Extract<Session["after"][number], { consolidate: unknown }>["consolidate"],
  number: number,
  now: Date,
  batch: boolean,
): Promise<void> {
  const { run, store } = context;
  const { threshold, files, duringCall } = stage;
  run.session.step = `session ${number}: consolidate`;
  let hookRan = false;
  const rememberDuringCall = async () => {
    if (!duringCall) return;
    hookRan = true;
    await remember({ store, path: duringCall.remember.path, fact: duringCall.remember.fact, now });
  };
  if (duringCall && !batch) run.session.duringNextRequest(rememberDuringCall);
  const options = {
    store,
    client: run.client,
    model: run.options.model,
    prompt: context.prompts.consolidation,
    threshold,
    ...(files === undefined ? {} : { mergeThreshold: files }),
    now,
    onUsage: context.onUsage,
    onWarning: context.onWarning,
    onStep: context.onStep(`session ${number}`),
    sessionId: `session ${number}`,
  };
  const result = batch
    ? await batchConsolidateAll({
        ...options,
        ...(duringCall ? { whileInBatch: rememberDuringCall } : {}),
        duringRequest: (hook) => run.session.duringNextRequest(hook),
      })
    : await consolidateAll(options);
  context.stopOnFailure();
  run.stages.push(
    result.merges === undefined
      ? { session: number, stage: "consolidate", result }
      : { session: number, stage: "consolidate-facts", result: result.merges },
  );
  if (duringCall && !hookRan) {
    run.session.clearPendingHooks();
    const trigger =
      result.merges === undefined
        ? `no file over ${threshold} chars). Lower the threshold or grow the file.`
        : `fewer than ${files ?? DEFAULT_FACT_CONSOLIDATION_FILES} fact files). Lower files or add fact files.`;
    throw new EvalSetupError({
      setting: "consolidate.duringCall",
      message:
        `Scenario "${run.scenario.id}" session ${number}: consolidate.duringCall was given but no ` +
        `consolidation request was made (${trigger}`,
    });
  }
}

/** The final question through `chat`; returns the answer text. */
async function askQuestion(
  context: StageContext,
  question: NonNullable<Scenario["question"]>,
): Promise<string> {
  const { run, prompts } = context;
  run.session.step = "question: chat";
  const reply = await chat({
    store: context.store,
    client: run.client,
    model: run.options.model,
    messages: [{ role: "user", content: question.text }],
    basePrompt: prompts.base,
    ...chatTools(run.scenario, prompts.rules),
    now: noonOf(question.date),
    onUsage: context.onUsage,
    onWarning: context.onWarning,
    sessionId: "question",
    recall: recallOptionsOf(run.options, run.scenario),
    onStep: context.onStep("question"),
  });
  context.stopOnFailure();
  run.recalls.question = reply.recall;
  if (reply.toolCalls.length > 0) {
    run.toolCalls.push({ session: "question", toolCalls: reply.toolCalls });
  }
  return reply.text;
}
