/**
 * `pnpm --filter @memfiles/evals author`: turns the authored replies (`evals/authored/<id>.yaml`)
 * into recording files with provenance `authored`, for every scenario x model x extraction prompt
 * cell. Each scenario runs through the real SDK and request path; each request is answered with
 * the next authored reply for the runner's step, in the API's format, usage estimated by the
 * stated method (see decision 0002). Each written recording is then replayed, and the replay must
 * give the same checks, answer, files and costs.
 *
 * Exit codes: 0 every cell authored, replayed identically and passed; 1 otherwise; 2 bad arguments
 * or a user error (a bad fixture), printed as one message without a stack.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { MODELS, type RecallStrategy } from "@memfiles/core";
import { listPrompts } from "@memfiles/prompts";
import { formatTable } from "../internal/text-table.js";
import { type RecordingFile, readRecordingFile, recordingPath } from "../recordings/index.js";
import { cellEpochs, runScenario } from "../runner/index.js";
import { recordingId } from "../runner/run-scenario.js";
import type { RunScenarioOptions, ScenarioResult } from "../runner/types.js";
import {
  type AuthoredBlock,
  type AuthoredReply,
  loadAuthoredReplies,
  loadScenario,
  loadScenarios,
} from "../scenarios/index.js";
import { cliArguments, fromUserCwd, isEntryPoint, runCli } from "./command-line.js";

const EVALS_ROOT = fileURLToPath(new URL("../../", import.meta.url));

const USAGE = `Usage: pnpm --filter @memfiles/evals author [--scenario <id>]... [--model <id>]... [--prompt extraction@N]...

Writes evals/recordings/<model>/<prompt>/<scenario>.json (provenance "authored") from
evals/authored/<scenario>.yaml, then replays each to check it reproduces the same results. A cell
with epoch files (<scenario>.epoch-<n>.json) has each epoch written again from its own replies and
note, and replayed; an epoch its replies no longer answer is left as it was and named (exit 1).
  --scenario <id>     only this scenario (repeatable; default: every scenario with authored replies)
  --model <id>        only this model (repeatable; default: ${MODELS.haiku}, ${MODELS.opus}, ${MODELS.haiku45})
  --prompt <id>       only this extraction prompt (repeatable; default: every released extraction@N)
  --authored <dir>    authored replies folder (default evals/authored)
  --recordings <dir>  recordings folder (default evals/recordings)
  --scenarios <dir>   scenario fixtures folder (default scenarios/)
  --recall <strategy> author the recall arm "index" or "side-query" where it is not the scenario's
                      own (written as <scenario>@<strategy>.json, for pnpm eval:ab --recall)
  -h, --help          show this help`;

/** Where output goes; injectable for tests. */
export type AuthorOutput = { out: (text: string) => void; error: (text: string) => void };

/** One authored cell-epoch: the authoring run, and its replay. */
export type AuthoredCell = {
  authored: ScenarioResult;
  replayed?: ScenarioResult;
  sameOnReplay: boolean;
  /** 1-based epoch: epoch 1 from the authored replies, n >= 2 from its own recording's replies. */
  epoch: number;
};

/**
 * The replies of an epoch's recording, as authored replies: each entry's step and reply content,
 * in call order; a step the recording holds no reply for takes the authored file's replies (a
 * step added since, such as a judge call). Entries without a message (a failed batch entry) give
 * none.
 */
export function repliesOfRecording(
  recording: RecordingFile,
  fallback: readonly AuthoredReply[],
): AuthoredReply[] {
  const replies: AuthoredReply[] = recording.entries.flatMap((entry) => {
    const content = (entry.response.body as { content?: unknown } | null)?.content;
    return Array.isArray(content) && content.length > 0
      ? [{ step: entry.step, content: content as AuthoredBlock[] }]
      : [];
  });
  const steps = new Set(replies.map((reply) => reply.step));
  return [...replies, ...fallback.filter((reply) => !steps.has(reply.step))];
}

/**
 * Re-authors epochs 2..n of a cell whose files exist: each from its own recording's replies (so
 * the slip it reproduces stays) with its note, against today's requests; then replays it. An epoch
 * that cannot be authored from its replies (a request it has no reply for) is not written: its
 * file is left as it was and the cell reports why.
 */
async function authorEpochs(
  base: Omit<RunScenarioOptions, "mode">,
  authoredDir: string,
): Promise<AuthoredCell[]> {
  const scenario = await loadScenario(base.scenariosDir, base.scenarioId);
  const epochs = await cellEpochs({ ...base, mode: "replay" });
  if (epochs < 2) return [];
  const fallback = (await loadAuthoredReplies(authoredDir, base.scenarioId)).replies;
  const cells: AuthoredCell[] = [];
  for (let epoch = 2; epoch <= epochs; epoch += 1) {
    const file = recordingPath(
      base.recordingsDir,
      base.model,
      base.extractionPrompt,
      recordingId(base as RunScenarioOptions, scenario),
      epoch,
    );
    const recording = await readRecordingFile(file);
    if (recording === undefined) break;
    const authored = await runScenario({
      ...base,
      mode: "author",
      epoch,
      authoredReplies: repliesOfRecording(recording, fallback),
      ...(recording.note === undefined ? {} : { recordingNote: recording.note }),
    });
    if (authored.error) {
      cells.push({ authored, sameOnReplay: false, epoch });
      continue;
    }
    const replayed = await runScenario({ ...base, mode: "replay", epoch });
    cells.push({
      authored,
      replayed,
      sameOnReplay: isDeepStrictEqual(outcomeOf(authored), outcomeOf(replayed)),
      epoch,
    });
  }
  return cells;
}

/** What must be equal between authoring a recording and replaying it. */
function outcomeOf(result: ScenarioResult) {
  return {
    pass: result.pass,
    checks: result.checks,
    answer: result.answer,
    files: result.files,
    calls: result.calls,
    error: result.error,
  };
}

/**
 * The author command.
 *
 * @param argv - Arguments after the script name.
 * @param output - Where to print (default stdout / stderr).
 * @returns `{ exitCode, cells }`: 0 all authored, identical on replay and passing; 1 otherwise; 2 bad
 *   arguments or a user error (printed as one message).
 * @throws Only on a bug (an error that is not a user error).
 * @example const { exitCode } = await authorMain(["--scenario", "remember", "--model", "claude-haiku-4-5"]);
 */
export async function authorMain(
  argv: string[],
  output: AuthorOutput = {
    out: (text) => process.stdout.write(text),
    error: (text) => process.stderr.write(text),
  },
): Promise<{ exitCode: number; cells: AuthoredCell[] }> {
  const result = await runCli("author", () => authorCommand(argv, output), output.error);
  return { cells: [], ...result };
}

async function authorCommand(
  argv: string[],
  output: AuthorOutput,
): Promise<{ exitCode: number; cells: AuthoredCell[] }> {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(argv).values;
  } catch (error) {
    output.error(`${(error as Error).message}\n\n${USAGE}\n`);
    return { exitCode: 2, cells: [] };
  }
  if (values.help) {
    output.out(`${USAGE}\n`);
    return { exitCode: 0, cells: [] };
  }
  if (values.recall !== undefined && values.recall !== "index" && values.recall !== "side-query") {
    output.error(`--recall takes "index" or "side-query", not "${values.recall}".\n\n${USAGE}\n`);
    return { exitCode: 2, cells: [] };
  }
  const recall: RecallStrategy | undefined = values.recall;
  const authoredDir = values.authored ? fromUserCwd(values.authored) : join(EVALS_ROOT, "authored");
  const recordingsDir = values.recordings
    ? fromUserCwd(values.recordings)
    : join(EVALS_ROOT, "recordings");
  const scenariosDir = values.scenarios
    ? fromUserCwd(values.scenarios)
    : join(EVALS_ROOT, "..", "scenarios");
  let authoredFiles: string[];
  try {
    authoredFiles = await readdir(authoredDir);
  } catch (error) {
    // A folder given by hand that is not there is a mistake, not "nothing to author".
    if (values.authored === undefined && (error as { code?: unknown }).code === "ENOENT") {
      authoredFiles = [];
    } else {
      output.error(
        `Cannot read the authored replies folder ${authoredDir}: ${(error as Error).message}. Give an existing folder with --authored.\n`,
      );
      return { exitCode: 2, cells: [] };
    }
  }
  const authoredIds = new Set(
    authoredFiles
      .filter((file) => file.endsWith(".yaml"))
      .map((file) => file.slice(0, -".yaml".length)),
  );
  const scenarios = (await loadScenarios(scenariosDir)).map((scenario) => scenario.id);
  const scenarioIds = values.scenario ?? scenarios.filter((id) => authoredIds.has(id));
  const missing = scenarios.filter((id) => !authoredIds.has(id));
  if (values.scenario === undefined && missing.length > 0) {
    output.error(`No authored replies yet for: ${missing.join(", ")} (skipped).\n`);
  }
  const models = values.model ?? [MODELS.haiku, MODELS.opus, MODELS.haiku45];
  const prompts =
    values.prompt ??
    listPrompts()
      .filter((prompt) => prompt.id === "extraction")
      .map((prompt) => `${prompt.id}@${prompt.version}`);

  const cells: AuthoredCell[] = [];
  for (const extractionPrompt of prompts) {
    for (const model of models) {
      for (const scenarioId of scenarioIds) {
        const base = {
          scenarioId,
          model,
          extractionPrompt,
          recordingsDir,
          scenariosDir,
          ...(recall === undefined ? {} : { recall }),
        };
        const authored = await runScenario({ ...base, mode: "author", authoredDir });
        if (authored.error) {
          cells.push({ authored, sameOnReplay: false, epoch: 1 });
          continue;
        }
        const replayed = await runScenario({ ...base, mode: "replay" });
        cells.push({
          authored,
          replayed,
          sameOnReplay: isDeepStrictEqual(outcomeOf(authored), outcomeOf(replayed)),
          epoch: 1,
        });
        cells.push(...(await authorEpochs(base, authoredDir)));
      }
    }
  }

  output.out(
    `${formatTable({
      headers: ["scenario", "model", "prompt", "epoch", "calls", "checks", "replay", "recording"],
      rows: cells.map(({ authored, replayed, sameOnReplay, epoch }) => [
        authored.scenarioId,
        authored.model,
        authored.extractionPrompt,
        String(epoch),
        String(authored.calls.length),
        authored.error
          ? "BROKEN"
          : `${authored.checks.filter((check) => check.pass).length}/${authored.checks.length} pass`,
        replayed === undefined ? "-" : sameOnReplay ? "same" : "DIFFERS",
        authored.error ? "(not written)" : (authored.recordingFile ?? ""),
      ]),
    })}\n`,
  );
  for (const { authored, replayed, sameOnReplay, epoch } of cells) {
    const where = `${authored.scenarioId} [${authored.model}, ${authored.extractionPrompt}${epoch > 1 ? `, epoch ${epoch}` : ""}]`;
    if (authored.error && epoch > 1) {
      output.error(
        `\n${where}: not re-authored, so ${authored.recordingFile ?? "its recording"} is left as it was and no longer matches the requests: its own replies do not answer this run (${authored.error.name}: ${authored.error.message}). Edit that file's replies, or delete it (and the later epochs) and author the epochs again.\n`,
      );
    } else if (authored.error) {
      output.error(`\n${where} ${authored.error.name}:\n${authored.error.message}\n`);
    }
    for (const check of authored.checks.filter((item) => !item.pass)) {
      output.error(`${where} FAIL ${check.name}: ${check.reason}\n`);
    }
    if (replayed && !sameOnReplay) {
      output.error(
        `${where}: replaying the written recording gave other results than authoring it` +
          (replayed.error ? ` (${replayed.error.name}: ${replayed.error.message})` : "") +
          ". A request must carry something that changes between runs (a temp path, a clock).\n",
      );
    }
  }
  const ok =
    cells.every((cell) => cell.sameOnReplay) &&
    groupCells(cells).every((group) => {
      const passes = group.filter((cell) => cell.authored.pass).length;
      const rate = group[0]?.authored.minPassRate;
      return rate === undefined || group.length === 1
        ? passes === group.length
        : passes / group.length >= rate;
    });
  return { exitCode: ok ? 0 : 1, cells };
}

/** The cell-epochs of each cell (scenario x model x prompt), in order. */
function groupCells(cells: readonly AuthoredCell[]): AuthoredCell[][] {
  const groups = new Map<string, AuthoredCell[]>();
  for (const cell of cells) {
    const key = `${cell.authored.scenarioId}|${cell.authored.model}|${cell.authored.extractionPrompt}`;
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  return [...groups.values()];
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      scenario: { type: "string", multiple: true },
      model: { type: "string", multiple: true },
      prompt: { type: "string", multiple: true },
      authored: { type: "string" },
      recordings: { type: "string" },
      recall: { type: "string" },
      scenarios: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}

if (isEntryPoint(import.meta.url)) {
  const { exitCode } = await authorMain(cliArguments());
  process.exitCode = exitCode;
}
