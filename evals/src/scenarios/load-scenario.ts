import { readdir, readFile } from "node:fs/promises";
import * as path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { describeIssue } from "./describe-issue.js";
import { type FixtureIssue, ScenarioFileError } from "./scenario-file-error.js";
import { type Scenario, ScenarioSchema } from "./schema.js";

// Aliases a fixture may expand (the yaml library's default, named so the limit is visible).
const MAX_ALIAS_COUNT = 100;

/** Result of the non-throwing parsers: the value, or the error that `load*` would throw. */
export type ParseFixtureResult<T> =
  | { success: true; value: T }
  | { success: false; error: ScenarioFileError };

/**
 * Parses YAML text and validates it with a zod schema, returning every problem with its field.
 *
 * @param text - The YAML document.
 * @param file - File name used in the error message.
 * @param schema - The zod schema of the document.
 * @returns The parsed value, or a `ScenarioFileError` naming the file and fields.
 */
export function parseYamlFixture<T>(
  text: string,
  file: string,
  schema: z.ZodType<T>,
): ParseFixtureResult<T> {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    const issues = document.errors.map((error) => ({
      field: "(yaml)",
      message: error.message.split("\n")[0] ?? error.message,
    }));
    return { success: false, error: new ScenarioFileError({ file, issues }) };
  }
  let data: unknown;
  try {
    // The yaml library refuses an alias bomb (aliases expanding to millions of nodes) by throwing.
    data = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const issues = [{ field: "(yaml)", message: `${reason}; use fewer aliases (*name)` }];
    return { success: false, error: new ScenarioFileError({ file, issues, cause: error }) };
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.flatMap((issue) => describeIssue(schema, issue));
    return { success: false, error: new ScenarioFileError({ file, issues, cause: parsed.error }) };
  }
  return { success: true, value: parsed.data };
}

/** Checks the schema cannot express: dates in order, id = file name, safe seed paths. */
function scenarioIssues(scenario: Scenario, expectedId: string | undefined): FixtureIssue[] {
  const issues: FixtureIssue[] = [];
  if (expectedId !== undefined && scenario.id !== expectedId) {
    issues.push({
      field: "id",
      message: `id "${scenario.id}" does not match the file name; name the file ${scenario.id}.yaml or set id: ${expectedId}`,
    });
  }
  let previous = "";
  scenario.sessions.forEach((session, index) => {
    if (session.date < previous) {
      issues.push({
        field: `sessions.${index}.date`,
        message: `${session.date} is before the previous session's ${previous}; sessions run in date order`,
      });
    }
    previous = session.date;
  });
  if (scenario.question && scenario.question.date < previous) {
    issues.push({
      field: "question.date",
      message: `${scenario.question.date} is before the last session's ${previous}`,
    });
  }
  for (const seedPath of Object.keys(scenario.seedFiles)) {
    if (!/^[a-z0-9][a-z0-9._/-]*\.md$/i.test(seedPath) || seedPath.split("/").includes("..")) {
      issues.push({
        field: `seedFiles.${seedPath}`,
        message: "seed file paths are relative, end in .md and contain no '..'",
      });
    }
  }
  if (scenario.expect.answer !== undefined && scenario.question === undefined) {
    issues.push({
      field: "expect.answer",
      message: "answer expectations need a question; add question: { date, text }",
    });
  }
  return issues;
}

/**
 * Parses one scenario from YAML text without throwing.
 *
 * @param text - The YAML text of a scenario fixture.
 * @param file - File name for messages; when it ends in `<id>.yaml` the id must match.
 * @returns `{ success: true, value }` with defaults filled in, or `{ success: false, error }`.
 * @example
 * const result = parseScenario(text, "scenarios/remember.yaml");
 * if (!result.success) console.error(result.error.message);
 */
export function parseScenario(text: string, file: string): ParseFixtureResult<Scenario> {
  const parsed = parseYamlFixture(text, file, ScenarioSchema);
  if (!parsed.success) return parsed;
  const issues = scenarioIssues(parsed.value, idFromFile(file));
  for (const variant of layoutVariants(parsed.value)) {
    if (!variant.success) issues.push(...variant.issues);
    else if (variant.value.id !== parsed.value.id) {
      issues.push(
        ...scenarioIssues({ ...variant.value, id: parsed.value.id }, undefined).map((issue) => ({
          ...issue,
          field: `perLayout.${variant.value.layout}: ${issue.field}`,
        })),
      );
    }
  }
  if (issues.length > 0) return { success: false, error: new ScenarioFileError({ file, issues }) };
  return parsed;
}

type VariantResult =
  | { success: true; value: Scenario }
  | { success: false; issues: FixtureIssue[] };

/**
 * The runs of a scenario, one per layout: itself when it names one `layout`; with `layouts`, one
 * scenario per layout (the first keeps the id, the others are `<id>@<layout>`), each with its
 * `perLayout` seed files, title, expectations and per-session `expect` / `after`.
 */
function layoutVariants(scenario: Scenario): VariantResult[] {
  if (scenario.layouts === undefined) return [{ success: true, value: scenario }];
  const { layouts, perLayout, ...shared } = scenario;
  return layouts.map((layout, index): VariantResult => {
    const own = perLayout?.[layout];
    const id = index === 0 ? scenario.id : `${scenario.id}@${layout}`;
    let expect = scenario.expect;
    if (own?.expect !== undefined) {
      const parsed = ScenarioSchema.shape.expect.safeParse(own.expect);
      if (!parsed.success) {
        return {
          success: false,
          issues: parsed.error.issues.map((issue) => ({
            field: ["perLayout", layout, "expect", ...issue.path].join("."),
            message: issue.message,
          })),
        };
      }
      expect = parsed.data;
    }
    const sessions = own?.sessions;
    if (sessions !== undefined && sessions.length !== scenario.sessions.length) {
      return {
        success: false,
        issues: [
          {
            field: ["perLayout", layout, "sessions"].join("."),
            message: `has ${sessions.length} entries for the scenario's ${scenario.sessions.length} sessions; give one per session, in order ({} for a session that keeps its own)`,
          },
        ],
      };
    }
    return {
      success: true,
      value: {
        ...shared,
        id,
        layout,
        ...(own?.title === undefined ? {} : { title: own.title }),
        ...(own?.seedFiles === undefined ? {} : { seedFiles: own.seedFiles }),
        ...(sessions === undefined
          ? {}
          : {
              sessions: shared.sessions.map((session, at) => {
                const { expect: sessionExpect, after } = sessions[at] ?? {};
                return {
                  ...session,
                  ...(sessionExpect === undefined ? {} : { expect: sessionExpect }),
                  ...(after === undefined ? {} : { after }),
                };
              }),
            }),
        expect,
      },
    };
  });
}

/**
 * Every run of a scenario, one per layout (see `layouts` in the schema): the scenario itself, or
 * one per listed layout.
 *
 * @param scenario - A parsed scenario.
 * @returns The runs; the first keeps the scenario's id, the others are `<id>@<layout>`.
 * @example scenarioRuns(remember).map((run) => run.id) // ["remember", "remember@fact"]
 */
export function scenarioRuns(scenario: Scenario): Scenario[] {
  return layoutVariants(scenario).flatMap((variant) => (variant.success ? [variant.value] : []));
}

function idFromFile(file: string): string | undefined {
  const base = path.basename(file);
  return base.endsWith(".yaml") ? base.slice(0, -".yaml".length) : undefined;
}

/**
 * Reads and validates `<dir>/<id>.yaml`.
 *
 * @param dir - Folder holding scenario fixtures (the repo's `scenarios/`).
 * @param id - Scenario id, kebab-case, e.g. `remember`; `<id>@<layout>` for a run of a scenario with
 *   `layouts` on another than its first layout (`remember@fact`).
 * @returns The scenario with schema defaults filled in (that run, for a scenario with `layouts`).
 * @throws {ScenarioFileError} when the file is missing, is not YAML, or a field is invalid; the
 *   message names the file and each field.
 * @example
 * const scenario = await loadScenario("scenarios", "remember");
 */
export async function loadScenario(dir: string, id: string): Promise<Scenario> {
  const [fileId = id, layout] = id.split("@");
  const scenario = await loadScenarioFile(dir, fileId);
  if (layout !== undefined) {
    const run = scenarioRuns(scenario).find((candidate) => candidate.id === id);
    if (run !== undefined) return run;
    throw new ScenarioFileError({
      file: path.join(dir, `${fileId}.yaml`),
      issues: [
        {
          field: "layouts",
          message: `has no run "${id}": its runs are ${scenarioRuns(scenario)
            .map((candidate) => candidate.id)
            .join(", ")}`,
        },
      ],
    });
  }
  return scenarioRuns(scenario)[0] ?? scenario;
}

// The scenario as its file says, `layouts` not yet expanded into runs.
async function loadScenarioFile(dir: string, id: string): Promise<Scenario> {
  const file = path.join(dir, `${id}.yaml`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const known = await listYamlFiles(dir).catch(() => []);
    const hint = known.length > 0 ? `known scenarios: ${known.map(idFromFile).join(", ")}` : "";
    throw new ScenarioFileError({
      file,
      issues: [{ field: "(file)", message: `cannot read the file. ${hint}`.trim() }],
      cause: error,
    });
  }
  const result = parseScenario(text, file);
  if (!result.success) throw result.error;
  return result.value;
}

async function listYamlFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((name) => name.endsWith(".yaml")).sort();
}

/**
 * Reads and validates every `*.yaml` in a folder, sorted by file name.
 *
 * @param dir - Folder holding scenario fixtures.
 * @returns The scenarios, in file-name order; a scenario with `layouts` gives one per layout.
 * @throws {ScenarioFileError} when the folder cannot be read or any file is invalid; with several
 *   bad files one error lists every file's issues (field prefixed with the file name).
 * @example
 * const scenarios = await loadScenarios("scenarios");
 */
export async function loadScenarios(dir: string): Promise<Scenario[]> {
  let names: string[];
  try {
    names = await listYamlFiles(dir);
  } catch (error) {
    throw new ScenarioFileError({
      file: dir,
      issues: [{ field: "(folder)", message: "cannot read the scenarios folder" }],
      cause: error,
    });
  }
  const scenarios: Scenario[] = [];
  const errors: ScenarioFileError[] = [];
  for (const name of names) {
    try {
      scenarios.push(...scenarioRuns(await loadScenarioFile(dir, name.slice(0, -".yaml".length))));
    } catch (error) {
      if (!(error instanceof ScenarioFileError)) throw error;
      errors.push(error);
    }
  }
  const [first, ...rest] = errors;
  if (first !== undefined) {
    if (rest.length === 0) throw first;
    throw new ScenarioFileError({
      file: dir,
      folder: true,
      issues: errors.flatMap((error) =>
        error.issues.map((issue) => ({
          field: `${path.basename(error.file)}: ${issue.field}`,
          message: issue.message,
        })),
      ),
      cause: errors,
    });
  }
  return scenarios;
}
