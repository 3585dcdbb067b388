import { XMLBuilder } from "fast-xml-parser";
import { gradedChecks, NOTHING_CHECKED } from "../graders/index.js";
import type { ScenarioResult } from "../runner/types.js";
import { type EvalReport, epochPassed } from "./build-eval-report.js";

/** Options of {@link formatJunitReport}. */
export type FormatJunitReportOptions = {
  /**
   * The scenario file of a scenario id (`remember@fact` -> `scenarios/remember.yaml`), as CI shows
   * it: a path relative to the repository root.
   */
  scenarioFile: (scenarioId: string) => string;
};

/**
 * Characters XML 1.0 cannot hold at all, not even escaped (C0 controls other than tab, line feed
 * and carriage return, lone surrogates, U+FFFE and U+FFFF): a model's answer or an error message
 * with a terminal colour code would otherwise make the whole file unreadable to CI.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text with every character XML 1.0 cannot hold replaced by U+FFFD; the builder escapes the rest. */
function xmlText(text: string): string {
  return text.replace(NOT_XML, "\uFFFD");
}

/** The case's name: scenario, model, prompt and epoch, as the terminal summary names a run. */
function caseName(result: ScenarioResult & { epochs: number }): string {
  return `${result.scenarioId} on ${result.model}, ${result.extractionPrompt}, epoch ${result.epoch ?? 1} of ${result.epochs}`;
}

/**
 * One `<testcase>`: a failure lists every failed check with its reason; a broken run is an error.
 * An epoch that failed in a cell that still met its `minPassRate` (4 of 5 at 0.8) is no failure,
 * as it is none for the exit code: it passes with its reasons in `<system-out>`.
 */
function testCase(
  result: EvalReport["results"][number],
  file: string,
  cellPassed: boolean,
): Record<string, unknown> {
  const attributes = {
    "@_classname": xmlText(result.scenarioId),
    "@_name": xmlText(caseName(result)),
    "@_file": xmlText(file),
    "@_time": (result.durationMs / 1000).toFixed(3),
  };
  if (result.error) {
    return {
      ...attributes,
      error: {
        "@_type": xmlText(result.error.name),
        "@_message": xmlText(result.error.message.split("\n")[0] ?? ""),
        "#text": xmlText(result.error.message),
      },
    };
  }
  if (epochPassed(result)) return attributes;
  const failed = result.checks.filter((check) => !check.pass);
  const reasons =
    gradedChecks(result.checks) === 0
      ? [NOTHING_CHECKED]
      : failed.map((check) => `${check.name}: ${check.reason}`);
  if (cellPassed) {
    return {
      ...attributes,
      "system-out": xmlText(
        `This epoch failed, and its cell still passed (${result.passes} of ${result.epochs} epochs, the scenario's minPassRate met):\n${reasons.join("\n")}`,
      ),
    };
  }
  return {
    ...attributes,
    failure: {
      "@_type": "check",
      "@_message": xmlText(
        `${reasons.length} check(s) failed: ${reasons[0] ?? "the runner failed the run"}`,
      ),
      "#text": xmlText(reasons.join("\n")),
    },
  };
}

/**
 * The run as JUnit XML, the format CI systems (GitHub Actions' test reporters, GitLab, Jenkins)
 * publish: one `<testsuite>` per extraction prompt and one `<testcase>` per scenario x model x
 * prompt x epoch (so it counts epochs; the terminal's headline counts cells). A failed case holds a
 * `<failure type="check">` listing every failed check with its reason; a broken run an `<error>`
 * with the error's name and whole message. A failed epoch of a cell that met its `minPassRate`
 * passes, its reasons in `<system-out>`, so the file fails exactly when the exit code does. Times are seconds. Text is escaped by fast-xml-parser's
 * builder; characters XML cannot hold become U+FFFD.
 *
 * @param reports - One report per extraction prompt, from `buildEvalReport`.
 * @param options - `{ scenarioFile }`: the scenario file of an id, as a repository path.
 * @returns The XML document, ending with a newline.
 * @example await writeFile("evals/out/junit.xml", formatJunitReport(reports, { scenarioFile }));
 */
export function formatJunitReport(
  reports: readonly EvalReport[],
  options: FormatJunitReportOptions,
): string {
  const suites = reports.map((report) => {
    const cellPassed = (result: ScenarioResult) =>
      report.cells.some(
        (cell) => cell.scenarioId === result.scenarioId && cell.model === result.model && cell.pass,
      );
    const cases = report.results.map((result) =>
      testCase(result, options.scenarioFile(result.scenarioId), cellPassed(result)),
    );
    const errors = report.results.filter((result) => result.error !== undefined).length;
    const failures = report.results.filter(
      (result) => result.error === undefined && !epochPassed(result) && !cellPassed(result),
    ).length;
    const time = report.results.reduce((sum, result) => sum + result.durationMs, 0) / 1000;
    return {
      "@_name": xmlText(`pnpm eval ${report.extractionPrompt}`),
      "@_tests": report.results.length,
      "@_failures": failures,
      "@_errors": errors,
      "@_skipped": 0,
      "@_time": time.toFixed(3),
      testcase: cases,
    };
  });
  const sum = (key: "@_tests" | "@_failures" | "@_errors") =>
    suites.reduce((total, suite) => total + suite[key], 0);
  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    testsuites: {
      "@_name": "pnpm eval",
      "@_tests": sum("@_tests"),
      "@_failures": sum("@_failures"),
      "@_errors": sum("@_errors"),
      testsuite: suites,
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    format: true,
    suppressEmptyNode: true,
  });
  return `${builder.build(document).trimEnd()}\n`;
}
