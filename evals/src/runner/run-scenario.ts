import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import {
  type CacheWarning,
  type ConsolidateStore,
  chat,
  consolidateAll,
  costOf,
  MemoryStore,
  remember,
  type Transcript,
  type UsageRecord,
  writePass,
} from "@memfiles/core";
import { getPrompt } from "@memfiles/prompts";
import { checksRan, costPerSession, gradeScenario, gradeSessionFiles } from "../graders/index.js";
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
} from "../scenarios/index.js";
import { EvalSetupError } from "./eval-setup-error.js";
import { readMemoryFiles, writeSeedFiles } from "./memory-files.js";
import type { CallCost, Provenance, RunScenarioOptions, ScenarioResult } from "./types.js";

/** The API's default base URL; replay never reaches it (msw answers first). */
const DEFAULT_BASE_URL = "https://api.anthropic.com";

/** Prompts the runner pins, so a new released version does not change recorded requests. */
const PINNED = {
  base: ["base", 1],
  rules: ["memory-rules", 1],
  consolidation: ["consolidation"],
} as const;

function parsePromptId(id: string): { name: string; version: number } {
  const match = /^([a-z0-9-]+)@([1-9]\d*)$/.exec(id);
  if (!match?.[1] || !match[2]) {
    throw new EvalSetupError({
      setting: "extractionPrompt",
      message: `Extraction prompt "${id}" is not "<id>@<version>", e.g. "extraction@1".`,
    });
  }
  return { name: match[1], version: Number(match[2]) };
}

/** Noon UTC of an ISO date: the fixed clock of a session. */
function noonOf(date: string): Date {
  return new Date(`${date}T12:00:00.000Z`);
}

function provenanceOf(recording: RecordingFile | undefined): Provenance[] {
  if (recording === undefined) return [];
  return recording.provenance === "recorded"
    ? [{ kind: "recorded", model: recording.model, date: recording.date }]
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
 * Runs one scenario on one model with one extraction prompt, offline from recordings by default,
 * and grades it. Each run gets a fresh temporary memory folder (seed files first) and a fixed
 * clock (noon UTC of each session's date). Per session: the fixed transcript, or live turns through
 * core's `chat()`; the session's own file expectations; then its stages (`write` -> `writePass`,
 * `consolidate` -> `consolidateAll`, with `duringCall` run while the consolidation request is in
 * flight). Then the final question through `chat()` (`base@1`, `memory-rules@1`), and the
 * scenario's graders. Every model call is priced with core's `costOf`.
 *
 * @param options - `{ scenarioId, model, extractionPrompt, mode, recordingsDir, scenariosDir,
 *   authoredDir?, prompts?, saveRecording? }`: `extractionPrompt` as `extraction@N`, `mode`
 *   `replay` | `record` | `author`, the recording at
 *   `<recordingsDir>/<model>/<extractionPrompt>/<scenarioId>.json`.
 * @returns The `ScenarioResult` (`calls[].usd` in USD, `durationMs` in ms). A broken run is not
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
  const cacheWarnings = new Map<string, CacheWarning>();
  let answer = "";
  let files: Record<string, string> = {};
  let error: ScenarioResult["error"];
  let session: RecordingSession | undefined;
  let detach: (() => void) | undefined;
  let root: string | undefined;
  try {
    const scenario = await loadScenario(options.scenariosDir, options.scenarioId);
    let authoredReplies: readonly AuthoredReply[] | undefined;
    let authoredFile: string | undefined;
    if (options.mode === "author") {
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
      scenarioId: options.scenarioId,
      model: options.model,
      extractionPrompt: options.extractionPrompt,
      recordingsDir: options.recordingsDir,
      dropHeaders: [RECORDING_RUN_HEADER],
      ...(authoredReplies ? { authoredReplies } : {}),
      ...(authoredFile ? { authoredFile } : {}),
    });
    const attached = attachRecordingSession(session);
    detach = attached.detach;
    const client = createClient(options, attached);
    root = await mkdtemp(join(tmpdir(), `memfiles-eval-${options.scenarioId}-`));
    answer = await runSessions({
      scenario,
      options,
      session,
      client,
      root,
      checks,
      calls,
      cacheWarnings,
    });
    files = await readMemoryFiles(root);
    checks.push(...(await gradeScenario(scenario, { answer, root, requests: session.requests })));
    checks.push(...costPerSession(scenario.expect.costPerSession, calls, options));
    checks.push(checksRan(scenario, checks, options));
  } catch (caught) {
    const reported = session?.failure ?? caught;
    error =
      reported instanceof Error
        ? { name: reported.name, message: reported.message }
        : { name: "Error", message: String(reported) };
    if (root !== undefined) files = await readMemoryFiles(root).catch(() => ({}));
  } finally {
    detach?.();
    if (root !== undefined) await rm(root, { recursive: true, force: true });
  }
  let provenance = provenanceOf(session?.replayed);
  if (session !== undefined && options.mode !== "replay") {
    provenance = provenanceOf(session.recordingMade());
    if (error === undefined && options.saveRecording !== false) await session.save();
  }
  return {
    scenarioId: options.scenarioId,
    model: options.model,
    extractionPrompt: options.extractionPrompt,
    pass: error === undefined && checks.every((check) => check.pass),
    checks,
    answer,
    files,
    calls,
    provenance,
    ...(error ? { error } : {}),
    durationMs: Math.round(performance.now() - started),
    ...(session ? { recordingFile: session.file } : {}),
    ...(cacheWarnings.size > 0 ? { cacheWarnings: [...cacheWarnings.values()] } : {}),
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
  /** Cache warnings by breakpoint name (the first one seen is kept). */
  cacheWarnings: Map<string, CacheWarning>;
};

/** Runs the sessions and the final question; returns the answer ("" without a question). */
async function runSessions(context: RunContext): Promise<string> {
  const { scenario, options, session, client, root, checks, calls, cacheWarnings } = context;
  const onWarning = (warning: CacheWarning) => {
    if (!cacheWarnings.has(warning.breakpoint)) cacheWarnings.set(warning.breakpoint, warning);
  };
  const { model } = options;
  const extraction = parsePromptId(options.extractionPrompt);
  const released = getPrompt(extraction.name, extraction.version);
  const prompts = {
    extraction: {
      id: released.id,
      version: released.version,
      text: options.prompts?.extraction ?? released.text,
    },
    consolidation: options.prompts?.consolidation ?? getPrompt(...PINNED.consolidation).text,
    base: options.prompts?.base ?? getPrompt(...PINNED.base).text,
    rules: options.prompts?.rules ?? getPrompt(...PINNED.rules).text,
  };
  await writeSeedFiles(root, scenario.seedFiles);
  const store = new MemoryStore({ root });
  let current: CallCost["session"] = 1;
  const onUsage = (record: UsageRecord) => {
    calls.push({
      session: current,
      stage: record.stage,
      step: session.step,
      model: record.model,
      usage: record.usage,
      usd: costOf(record.usage, record.model).usd,
    });
  };
  /** Throws the recording failure, if any, in place of what the calling code made of it. */
  const stopOnFailure = () => {
    if (session.failure) throw session.failure;
  };

  for (const [index, fixture] of scenario.sessions.entries()) {
    const number = index + 1;
    current = number;
    const now = noonOf(fixture.date);
    const transcript: Transcript = {
      sessionId: `session ${number}`,
      date: fixture.date,
      turns: [],
    };
    if (fixture.live) {
      session.step = `session ${number}: chat`;
      let messages: Anthropic.MessageParam[] = [];
      for (const turn of fixture.turns) {
        if ("assistant" in turn) {
          messages.push({ role: "assistant", content: turn.assistant });
          transcript.turns.push({ role: "assistant", content: turn.assistant });
          continue;
        }
        transcript.turns.push({ role: "user", content: turn.user });
        const reply = await chat({
          store,
          client,
          model,
          messages: [...messages, { role: "user", content: turn.user }],
          basePrompt: prompts.base,
          rules: prompts.rules,
          now,
          onUsage,
          onWarning,
          sessionId: transcript.sessionId ?? `session ${number}`,
        });
        stopOnFailure();
        messages = reply.messages;
        transcript.turns.push({
          role: "assistant",
          content: reply.text || textOf(reply.message.content),
        });
      }
    } else {
      for (const turn of fixture.turns) {
        transcript.turns.push(
          "user" in turn
            ? { role: "user", content: turn.user }
            : { role: "assistant", content: turn.assistant },
        );
      }
    }
    checks.push(...(await gradeSessionFiles(fixture, { root, sessionNumber: number })));

    for (const stage of fixture.after) {
      if (stage === "write") {
        session.step = `session ${number}: write`;
        await writePass({
          store,
          transcript,
          client,
          model,
          prompt: prompts.extraction,
          now,
          onUsage,
        });
        stopOnFailure();
        continue;
      }
      const { threshold, duringCall } = stage.consolidate;
      session.step = `session ${number}: consolidate`;
      let hookRan = false;
      if (duringCall) {
        session.duringNextRequest(async () => {
          hookRan = true;
          await remember({
            store,
            file: duringCall.remember.file,
            fact: duringCall.remember.fact,
            now,
          });
        });
      }
      // consolidate() reads the file it rewrites first: that read names the step.
      const labelled: ConsolidateStore = {
        root: store.root,
        list: () => store.list(),
        read: (path: string) => {
          session.step = `session ${number}: consolidate ${path}`;
          return store.read(path);
        },
        write: (path: string, content: string, ifVersion: string) =>
          store.write(path, content, ifVersion),
        withLock: (work) => store.withLock(work),
      };
      await consolidateAll({
        store: labelled,
        client,
        model,
        prompt: prompts.consolidation,
        threshold,
        now,
        onUsage,
        sessionId: `session ${number}`,
      });
      stopOnFailure();
      if (duringCall && !hookRan) {
        session.clearPendingHooks();
        throw new EvalSetupError({
          setting: "consolidate.duringCall",
          message:
            `Scenario "${scenario.id}" session ${number}: consolidate.duringCall was given but no ` +
            `consolidation request was made (no file over ${threshold} chars). Lower the threshold or grow the file.`,
        });
      }
    }
  }

  if (scenario.question === undefined) return "";
  current = "question";
  session.step = "question: chat";
  const reply = await chat({
    store,
    client,
    model,
    messages: [{ role: "user", content: scenario.question.text }],
    basePrompt: prompts.base,
    rules: prompts.rules,
    now: noonOf(scenario.question.date),
    onUsage,
    onWarning,
    sessionId: "question",
  });
  stopOnFailure();
  return reply.text;
}
