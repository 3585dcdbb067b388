import { MODELS } from "@memfiles/core";
import { meanUsdPerSession, runSessionCostOf, SESSION_COST_BASIS } from "../ab/session-costs.js";
import { gradedChecks, NOTHING_CHECKED } from "../graders/index.js";
import { formatTable } from "../internal/text-table.js";
import type { EvalReport } from "./build-eval-report.js";
import {
  countProvenance,
  describeProvenance,
  markMixed,
  mergeProvenanceCounts,
  type ProvenanceCount,
} from "./describe-provenance.js";
import { formatEpochs } from "./format-eval-report.js";
import { CELL_MEANING, formatRunCounts, sumRunCounts } from "./run-counts.js";

/** Failures listed in the summary before "and N more". */
const MAX_FAILURES = 10;
/** Longest reason shown for one failure, chars. */
const MAX_REASON = 160;

function oneLine(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

/** USD per session of one model's runs in one report (a side query on another model counted with the run). */
function usdPerSession(report: EvalReport, model: string): number | undefined {
  return meanUsdPerSession(
    report.results
      .filter((result) => result.model === model)
      .map((result) => runSessionCostOf(result)),
  );
}

/** The runs `usdPerSession` counts (first epochs that did not break), by provenance source. */
function costProvenance(report: EvalReport, model: string): ProvenanceCount[] {
  return countProvenance(
    report.results
      .filter((result) => result.model === model && (result.epoch ?? 1) === 1 && !result.error)
      .map((result) => result.provenance),
  );
}

/**
 * The short form of a `pnpm eval` run, verdict first: one line of verdict and counts, provenance
 * in one line, every failure with its reason (up to ten, then how many more), and the cost per
 * session by prompt and model. `--verbose` adds the full tables after it.
 *
 * @param reports - One report per extraction prompt, in prompt order (at least one).
 * @returns The text, ending with a newline.
 * @example process.stdout.write(formatEvalSummary([buildEvalReport(results, "extraction@1")]));
 */
export function formatEvalSummary(reports: EvalReport[]): string {
  const counts = sumRunCounts(reports.map((report) => report.summary));
  const broken = reports.reduce((sum, report) => sum + report.summary.brokenCells, 0);
  const models = [...new Set(reports.flatMap((report) => report.models))];
  const scenarios = new Set(
    reports.flatMap((report) => report.results.map((result) => result.scenarioId)),
  ).size;
  const prompts = reports.map((report) => report.extractionPrompt);
  const nothingRan = counts.cells === 0;
  const out: string[] = [
    // No run is no evidence: it is never a PASS.
    `memfiles eval: ${nothingRan ? "NOTHING RAN" : counts.passedCells === counts.cells ? "PASS" : "FAIL"}: ${formatRunCounts(counts)}` +
      ` (${scenarios} scenario${scenarios === 1 ? "" : "s"} x ${models.length} model${models.length === 1 ? "" : "s"} x ${prompts.length === 1 ? prompts[0] : `${prompts.length} prompts`}` +
      `${broken > 0 ? `; ${broken} broken` : ""}; ${CELL_MEANING})`,
  ];
  // Counted per run: a run's provenance is the recording it replayed or wrote, none when it broke
  // before it had one, so the line says what was written, not what was asked for.
  const runs = reports.flatMap((report) => report.results);
  const described = new Map<string, number>();
  for (const item of runs.flatMap((result) => result.provenance)) {
    const text = item.kind === "authored" ? "authored by hand" : describeProvenance(item);
    described.set(text, (described.get(text) ?? 0) + 1);
  }
  const without = runs.filter((result) => result.provenance.length === 0).length;
  const provenance = reports.flatMap((report) => report.provenance);
  out.push(
    runs.length === 0
      ? "recordings: none replayed or recorded (no scenario run ran)"
      : without === runs.length
        ? `recordings: none replayed or written (every one of the ${runs.length} run(s) broke before it had a recording)`
        : without === 0 && provenance.every((item) => item.kind === "authored")
          ? "recordings: all authored by hand in the API's format, usage estimated from characters: they test the pipeline, not how good a model or prompt is"
          : `recordings: ${[...described].map(([text, count]) => `${text}: ${count} run(s)`).join("; ")}${without > 0 ? `; none: ${without} run(s) broke before they had one` : ""}`,
  );
  // A failure is a cell that missed its pass rate: an epoch's slip in a cell that still passes
  // (4 of 5 with minPassRate 0.8) is shown in the epochs table, not here.
  const failures = reports.flatMap((report) =>
    report.results.flatMap((result) => {
      const cell = report.cells.find(
        (item) => item.scenarioId === result.scenarioId && item.model === result.model,
      );
      if (cell?.pass === true) return [];
      const epoch = (cell?.epochs ?? 1) > 1 ? `, epoch ${result.epoch ?? 1}` : "";
      const where = `${result.scenarioId} on ${result.model}, ${report.extractionPrompt}${epoch}`;
      if (result.error) {
        // A broken run's message says what to fix (the missing recording, the differing JSON
        // paths), so it is shown whole.
        const message = result.error.message.split("\n").map((line) => `    ${line}`);
        return [`  BROKEN ${where}: ${result.error.name}:\n${message.join("\n")}`];
      }
      if (gradedChecks(result.checks) === 0) return [`  FAIL ${where}: ${NOTHING_CHECKED}`];
      return result.checks
        .filter((check) => !check.pass)
        .map((check) => `  FAIL ${where}: ${check.name}: ${oneLine(check.reason, MAX_REASON)}`);
    }),
  );
  if (failures.length === 0) out.push("failures: none");
  else {
    out.push(`failures (${failures.length}):`, ...failures.slice(0, MAX_FAILURES));
    if (failures.length > MAX_FAILURES) {
      out.push(`  and ${failures.length - MAX_FAILURES} more: pnpm eval --verbose lists them all`);
    }
  }
  for (const report of reports) {
    const epochs = formatEpochs(report);
    if (epochs.length > 0)
      out.push(
        ...epochs.map((line) => line.replace(/^## Epochs/, `Epochs, ${report.extractionPrompt}`)),
      );
  }
  // A table of no model and no figure would read as a table of zeros.
  if (nothingRan) {
    out.push("", "USD per session: none, nothing ran.");
    return `${out.join("\n")}\n`;
  }
  // Broken runs are left out of the cost: when every run broke, a table of dashes says nothing.
  const priced = reports.some((report) =>
    models.some((model) => usdPerSession(report, model) !== undefined),
  );
  if (!priced) {
    out.push(
      "",
      "USD per session: none, no run was priced (every run broke; broken runs are left out).",
    );
    return `${out.join("\n")}\n`;
  }
  const ratio = models.includes(MODELS.opus) && models.includes(MODELS.haiku);
  out.push(
    "",
    `USD per session (${SESSION_COST_BASIS}):`,
    formatTable({
      headers: ["prompt", ...models, ...(ratio ? [`${MODELS.opus}/${MODELS.haiku}`] : [])],
      align: ["left", ...models.map(() => "right" as const), ...(ratio ? ["right" as const] : [])],
      rows: reports.map((report) => {
        const cells = models.map((model) => {
          const value = usdPerSession(report, model);
          return value === undefined
            ? "-"
            : markMixed(`$${value.toFixed(6)}`, costProvenance(report, model));
        });
        const opus = usdPerSession(report, MODELS.opus);
        const haiku = usdPerSession(report, MODELS.haiku);
        const pooled = mergeProvenanceCounts(
          costProvenance(report, MODELS.opus),
          costProvenance(report, MODELS.haiku),
        );
        return [
          report.extractionPrompt,
          ...cells,
          ...(ratio
            ? [
                opus !== undefined && haiku !== undefined && haiku > 0
                  ? markMixed(`${(opus / haiku).toFixed(1)}x`, pooled)
                  : "-",
              ]
            : []),
        ];
      }),
    }),
  );
  return `${out.join("\n")}\n`;
}
