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
import { runScenario } from "../runner/index.js";
import type { ScenarioResult } from "../runner/types.js";
import { loadScenarios } from "../scenarios/index.js";
import { cliArguments, fromUserCwd, isEntryPoint, runCli } from "./command-line.js";

const EVALS_ROOT = fileURLToPath(new URL("../../", import.meta.url));

const USAGE = `Usage: pnpm --filter @memfiles/evals author [--scenario <id>]... [--model <id>]... [--prompt extraction@N]...

Writes evals/recordings/<model>/<prompt>/<scenario>.json (provenance "authored") from
evals/authored/<scenario>.yaml, then replays each to check it reproduces the same results.
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

/** One authored cell: the authoring run, and its replay. */
export type AuthoredCell = {
  authored: ScenarioResult;
  replayed?: ScenarioResult;
  sameOnReplay: boolean;
};

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
          cells.push({ authored, sameOnReplay: false });
          continue;
        }
        const replayed = await runScenario({ ...base, mode: "replay" });
        cells.push({
          authored,
          replayed,
          sameOnReplay: isDeepStrictEqual(outcomeOf(authored), outcomeOf(replayed)),
        });
      }
    }
  }

  output.out(
    `${formatTable({
      headers: ["scenario", "model", "prompt", "calls", "checks", "replay", "recording"],
      rows: cells.map(({ authored, replayed, sameOnReplay }) => [
        authored.scenarioId,
        authored.model,
        authored.extractionPrompt,
        String(authored.calls.length),
        authored.error
          ? "BROKEN"
          : `${authored.checks.filter((check) => check.pass).length}/${authored.checks.length} pass`,
        replayed === undefined ? "-" : sameOnReplay ? "same" : "DIFFERS",
        authored.error ? "(not written)" : (authored.recordingFile ?? ""),
      ]),
    })}\n`,
  );
  for (const { authored, replayed, sameOnReplay } of cells) {
    const where = `${authored.scenarioId} [${authored.model}, ${authored.extractionPrompt}]`;
    if (authored.error)
      output.error(`\n${where} ${authored.error.name}:\n${authored.error.message}\n`);
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
  const ok = cells.every((cell) => cell.sameOnReplay && cell.authored.pass);
  return { exitCode: ok ? 0 : 1, cells };
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
