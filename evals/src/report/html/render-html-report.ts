import escapeHtml from "escape-html";
import type { TopLevelSpec } from "vega-lite";
import { SESSION_COST_BASIS } from "../../ab/session-costs.js";
import { describeMixedProvenance, type ProvenanceCount } from "../describe-provenance.js";
import { CELL_MEANING, formatRunCounts } from "../run-counts.js";
import type { RunSummary } from "../run-history.js";
import { renderChart } from "./render-chart.js";
import type { MatrixCell, ProvenanceKind, ReportView, RunDetail } from "./report-view.js";

/** How many past runs the trend charts show. */
export const TREND_RUNS = 20;

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1b1b1b; max-width: 1200px; overflow-wrap: anywhere; }
/* A phone (390 px) scrolls wide tables and charts inside their box, never the page. */
@media (max-width: 600px) { body { margin: .75rem; } }
.scroll { overflow-x: auto; max-width: 100%; } figure { margin: 0; max-width: 100%; }
figure svg { max-width: 100%; height: auto; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 2rem; } h3 { font-size: 1rem; }
table { border-collapse: collapse; margin: .5rem 0; } th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }
td.pass { background: #d8f3dc; } td.fail { background: #ffd6d6; } td.error { background: #ffe8b3; }
.provenance { font-size: .75rem; color: #555; } .refused { color: #a40000; } .applied { color: #1b6b2a; }
.charts { display: flex; flex-wrap: wrap; gap: 1.5rem; max-width: 100%; } .warning { background: #fff4d6; padding: .5rem; }
details { margin: .5rem 0; } summary { cursor: pointer; } code { font-size: .85rem; white-space: pre-wrap; }
#verdict { font-size: 1.25rem; font-weight: 600; padding: .5rem .75rem; display: inline-block; }
#verdict.pass { background: #d8f3dc; } #verdict.fail { background: #ffd6d6; }
.failure { border-left: 4px solid #c62828; padding: .25rem .75rem; margin: .75rem 0; }
.failure.error { border-color: #e0a800; } .failure h3 { margin: .25rem 0; }
.answer { background: #f5f5f5; padding: .5rem; white-space: pre-wrap; margin: .25rem 0; }
td .reason { display: block; font-size: .75rem; max-width: 28rem; }
.failure .cells { margin: .25rem 0; } .failure .reason { margin: .25rem 0; }
/* "Failures only" needs no script: the checkbox hides passing rows, cells and runs. */
body:has(#only-failures:checked) #matrix tr[data-all-pass],
body:has(#only-failures:checked) details.run[data-outcome="pass"] { display: none; }
`;

function html(text: string | number): string {
  return escapeHtml(String(text));
}

function provenanceTag(kinds: readonly ProvenanceKind[], sources?: ProvenanceCount[]): string {
  const text =
    sources !== undefined && sources.length > 0
      ? (describeMixedProvenance(sources) ?? sources[0]?.source ?? "no recording")
      : kinds.length === 0
        ? "no recording"
        : kinds.join(" + ");
  return `<span class="provenance" data-provenance="${html(text)}">(${html(text)})</span>`;
}

/** A cell's epochs, e.g. ` 4/5 <span class="epochs">(95% CI 38-96%)</span>`; "" for one epoch. */
function epochsTag(cell: MatrixCell): string {
  if (cell.epochs === undefined) return "";
  const { passes, epochs, interval } = cell.epochs;
  const percent = (value: number) => Math.round(value * 100);
  return (
    ` ${passes}/${epochs} <span class="epochs" data-epochs="${passes}/${epochs}">` +
    `(95% CI ${percent(interval[0])}-${percent(interval[1])}%)</span>`
  );
}

function columnsOf(cells: readonly MatrixCell[]): { model: string; prompt: string }[] {
  const seen = new Map<string, { model: string; prompt: string }>();
  for (const cell of cells) seen.set(`${cell.prompt}\u0000${cell.model}`, cell);
  return [...seen.values()];
}

function matrixTable(view: ReportView): string {
  const columns = columnsOf(view.cells);
  const scenarios = [...new Set(view.cells.map((cell) => cell.scenarioId))];
  const head = columns.map((column) => `<th>${html(column.model)}<br>${html(column.prompt)}</th>`);
  const rows = scenarios.map((scenarioId) => {
    const tds = columns.map((column) => {
      const cell = view.cells.find(
        (item) =>
          item.scenarioId === scenarioId &&
          item.model === column.model &&
          item.prompt === column.prompt,
      );
      if (cell === undefined) return "<td>—</td>";
      const reason =
        cell.outcome === "pass" ? "" : `<span class="reason">${html(cell.reason)}</span>`;
      return (
        `<td class="${cell.outcome}" title="${html(cell.reason)}" data-outcome="${cell.outcome}">` +
        `${cell.outcome.toUpperCase()}${epochsTag(cell)} ${provenanceTag(cell.provenance, cell.sources)}${reason}</td>`
      );
    });
    const allPass = view.cells
      .filter((cell) => cell.scenarioId === scenarioId)
      .every((cell) => cell.outcome === "pass");
    return `<tr${allPass ? " data-all-pass" : ""}><th>${html(scenarioId)}</th>${tds.join("")}</tr>`;
  });
  return (
    `<div class="scroll"><table id="matrix"><thead><tr><th>scenario</th>${head.join("")}</tr></thead>` +
    `<tbody>${rows.join("")}</tbody></table></div>`
  );
}

function costTable(view: ReportView): string {
  const rows = view.stageCosts.map(
    (point) =>
      `<tr><td>${html(point.model)}</td><td>${html(point.prompt)}</td><td>${point.stage}</td>` +
      `<td data-usd="${point.usdPerSession}">$${point.usdPerSession.toFixed(6)}</td>` +
      `<td>${provenanceTag(point.provenance)}</td></tr>`,
  );
  return (
    '<div class="scroll"><table id="cost-table"><thead><tr><th>model</th><th>prompt</th><th>stage</th>' +
    `<th>USD per session</th><th>provenance</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`
  );
}

/**
 * The write passes at the sync and the batch rate as one line of totals, the per-session table
 * collapsed under it: on a whole suite the table is hundreds of rows saying one thing.
 */
function writeRateTable(view: ReportView): string {
  if (view.writeRates.length === 0) return "<p>No write pass in this run.</p>";
  const sync = view.writeRates.reduce((sum, row) => sum + row.sync, 0);
  const batch = view.writeRates.reduce((sum, row) => sum + row.batch, 0);
  const share = sync === 0 ? "" : ` (${Math.round((batch / sync) * 100)}% of sync)`;
  const total =
    `<p id="write-rates-total">${view.writeRates.length} write passes: ` +
    `<span data-usd="${sync}">$${sync.toFixed(6)}</span> at the Messages API rate, ` +
    `<span data-usd="${batch}">$${batch.toFixed(6)}</span> as Message Batches${share}.</p>`;
  const rows = view.writeRates.map(
    (row) =>
      `<tr><td>${html(row.scenarioId)}</td><td>${html(row.model)}</td><td>${html(row.prompt)}</td>` +
      `<td>${html(row.session)}</td><td data-usd="${row.sync}">$${row.sync.toFixed(6)}</td>` +
      `<td data-usd="${row.batch}">$${row.batch.toFixed(6)}</td></tr>`,
  );
  return (
    `${total}<details id="write-rates-detail"><summary>Each write pass</summary><div class="scroll">` +
    '<table id="write-rates"><thead><tr><th>scenario</th><th>model</th><th>prompt</th>' +
    `<th>session</th><th>sync</th><th>batch</th></tr></thead><tbody>${rows.join("")}</tbody></table>` +
    "</div></details>"
  );
}

async function costChart(view: ReportView): Promise<string> {
  const provenance = [...new Set(view.stageCosts.flatMap((point) => point.provenance))];
  const spec: TopLevelSpec = {
    title: {
      text: "Cost per session by model and stage (USD)",
      subtitle: `provenance: ${provenance.length === 0 ? "no recording" : provenance.join(" + ")}`,
    },
    width: 360,
    height: 220,
    data: {
      values: view.stageCosts.map((point) => ({
        arm: `${point.model} ${point.prompt}`,
        stage: point.stage,
        usd: point.usdPerSession,
      })),
    },
    mark: "bar",
    encoding: {
      x: {
        field: "arm",
        type: "nominal",
        title: "model and prompt",
        axis: { labelAngle: -20, labelLimit: 260 },
      },
      y: { field: "usd", type: "quantitative", title: "USD per session", aggregate: "sum" },
      color: { field: "stage", type: "nominal" },
    },
  };
  return renderChart(spec);
}

function runLabel(run: RunSummary, index: number): string {
  return `${index + 1}. ${run.commit} ${run.date.slice(0, 16).replace("T", " ")}`;
}

async function trendCharts(history: readonly RunSummary[]): Promise<string[]> {
  const runs = history.slice(-TREND_RUNS);
  const provenanceNote = "provenance: as each run's recordings (see the run's report)";
  const passRate: TopLevelSpec = {
    title: { text: "Pass rate over the last runs (%)", subtitle: provenanceNote },
    width: 360,
    height: 200,
    data: {
      values: runs.map((run, index) => ({
        run: runLabel(run, index),
        pass_rate: run.runs === 0 ? 0 : Math.round((run.passed / run.runs) * 1000) / 10,
      })),
    },
    mark: { type: "line", point: true },
    encoding: {
      x: {
        field: "run",
        type: "ordinal",
        sort: null,
        title: "run",
        axis: { labelAngle: -30, labelLimit: 260 },
      },
      y: {
        field: "pass_rate",
        type: "quantitative",
        title: "% passed",
        scale: { domain: [0, 100] },
      },
    },
  };
  const cost: TopLevelSpec = {
    title: { text: "Cost per session over the last runs (USD)", subtitle: provenanceNote },
    width: 360,
    height: 200,
    data: {
      values: runs.flatMap((run, index) =>
        Object.entries(run.costPerSession).map(([model, usd]) => ({
          run: runLabel(run, index),
          model,
          usd,
        })),
      ),
    },
    mark: { type: "line", point: true },
    encoding: {
      x: {
        field: "run",
        type: "ordinal",
        sort: null,
        title: "run",
        axis: { labelAngle: -30, labelLimit: 260 },
      },
      y: { field: "usd", type: "quantitative", title: "USD per session" },
      color: { field: "model", type: "nominal" },
    },
  };
  return [await renderChart(passRate), await renderChart(cost)];
}

/** One failed check (or a broken run's error) of one failing cell. */
type FailedCheck = {
  cell: MatrixCell;
  /** 1-based epoch, when the cell has several. */
  epoch?: number;
  name: string;
  reason: string;
  answer?: string;
};

/**
 * Every run that did not pass, first on the page, grouped by scenario and check: one block per
 * scenario and failed check (or error), its reason once when every cell gave the same one, the
 * cells listed, and the model's answer (the first cell's; the others' collapsed).
 */
function failuresSection(view: ReportView): string {
  const failing = view.cells.filter((cell) => cell.outcome !== "pass");
  if (failing.length === 0) return '<p id="no-failures">No failures: every run passed.</p>';
  const groups = new Map<
    string,
    { scenarioId: string; name: string; outcome: string; items: FailedCheck[] }
  >();
  for (const cell of failing) {
    // Every epoch's failed checks, in epoch order (the view keeps details in run order).
    const details = view.details.filter(
      (item) =>
        item.scenarioId === cell.scenarioId &&
        item.model === cell.model &&
        item.prompt === cell.prompt,
    );
    const failed =
      details.length === 0
        ? [{ check: { name: cell.outcome, reason: cell.reason }, detail: undefined, epoch: 0 }]
        : details.flatMap((detail, index) =>
            detail.failedChecks.map((check) => ({ check, detail, epoch: index + 1 })),
          );
    for (const { check, detail, epoch } of failed) {
      const key = `${cell.scenarioId}\u0000${cell.outcome}\u0000${check.name}`;
      const group = groups.get(key) ?? {
        scenarioId: cell.scenarioId,
        name: check.name,
        outcome: cell.outcome,
        items: [],
      };
      group.items.push({
        cell,
        ...(details.length > 1 ? { epoch } : {}),
        name: check.name,
        reason: check.reason,
        ...(detail === undefined ? {} : { answer: detail.answer }),
      });
      groups.set(key, group);
    }
  }
  const where = (item: FailedCheck) =>
    `${html(item.cell.model)} · ${html(item.cell.prompt)}${item.epoch === undefined ? "" : ` · epoch ${item.epoch}`} ${provenanceTag(item.cell.provenance, item.cell.sources)}`;
  const onWhat = (items: FailedCheck[]) => {
    const cells = new Set(items.map((item) => `${item.cell.model}\u0000${item.cell.prompt}`)).size;
    return `On ${cells} cell(s)${items.length > cells ? `, ${items.length} epochs` : ""}`;
  };
  const answerOf = (item: FailedCheck) =>
    item.answer === undefined
      ? ""
      : item.answer === ""
        ? "<p><i>No answer text (the scenario asks no question, or the run broke first).</i></p>"
        : `<blockquote class="answer">${html(item.answer)}</blockquote>`;
  const blocks = [...groups.values()].map((group) => {
    const reasons = new Set(group.items.map((item) => item.reason));
    const same = reasons.size === 1;
    const cells = group.items.map(
      (item) => `<li>${where(item)}${same ? "" : `: ${html(item.reason)}`}</li>`,
    );
    const [first, ...others] = group.items.filter((item) => item.answer !== undefined);
    const answers =
      first === undefined
        ? ""
        : `<p>The model's answer (${html(first.cell.model)} · ${html(first.cell.prompt)}):</p>${answerOf(first)}` +
          (others.length === 0
            ? ""
            : `<details><summary>The answers of the other ${others.length} cell(s)</summary>${others
                .map((item) => `<p>${where(item)}:</p>${answerOf(item)}`)
                .join("")}</details>`);
    return (
      `<section class="failure ${group.outcome}" data-scenario="${html(group.scenarioId)}" data-check="${html(group.name)}">` +
      `<h3>${group.outcome.toUpperCase()}: ${html(group.scenarioId)} · ${html(group.name)}</h3>` +
      (same ? `<p class="reason">${html(group.items[0]?.reason ?? "")}</p>` : "") +
      `<p>${onWhat(group.items)}:</p><ul class="cells">${cells.join("")}</ul>` +
      `${answers}</section>`
    );
  });
  return `<div id="failures">${blocks.join("\n")}</div>`;
}

function detailSection(detail: RunDetail): string {
  const checks = detail.failedChecks.map(
    (check) => `<li><b>${html(check.name)}</b>: ${html(check.reason)}</li>`,
  );
  const verdicts = detail.verdicts.map(
    (row) =>
      `<tr><td>${row.session}</td><td>${row.stage}</td>` +
      `<td class="${row.refused ? "refused" : "applied"}">${html(row.refused ? `refused: ${row.code}` : row.code)}</td>` +
      `<td>${html(row.path)}</td><td>${html(row.text)}</td>` +
      `<td>${row.detail.map((line) => `<code>${html(line)}</code>`).join("<br>")}</td></tr>`,
  );
  const tools = detail.toolCalls.map(
    (call) =>
      `<tr><td>${html(call.session)}</td><td>${html(call.name)}</td><td><code>${html(call.input)}</code></td>` +
      `<td class="${call.isError ? "refused" : ""}"><code>${html(call.result)}</code></td></tr>`,
  );
  return (
    `<details class="run" data-outcome="${detail.outcome}" data-run="${html(`${detail.scenarioId} ${detail.model} ${detail.prompt}`)}"${detail.outcome === "pass" ? "" : " open"}>` +
    `<summary>${html(detail.scenarioId)} · ${html(detail.model)} · ${html(detail.prompt)}: ` +
    `<b>${detail.outcome.toUpperCase()}</b></summary>` +
    (checks.length > 0 ? `<h4>Failed checks</h4><ul>${checks.join("")}</ul>` : "") +
    (verdicts.length > 0
      ? '<h4>Proposals and consolidations, with their verdicts</h4><div class="scroll"><table><thead><tr><th>session</th>' +
        "<th>stage</th><th>verdict</th><th>file</th><th>fact / accounting</th><th>why</th></tr></thead>" +
        `<tbody>${verdicts.join("")}</tbody></table></div>`
      : "<p>No write or consolidate stage ran.</p>") +
    (tools.length > 0
      ? '<h4>Chat tool calls</h4><div class="scroll"><table><thead><tr><th>session</th><th>tool</th><th>input</th>' +
        `<th>result</th></tr></thead><tbody>${tools.join("")}</tbody></table></div>`
      : "") +
    "</details>"
  );
}

/** Options of `renderHtmlReport`. */
export type RenderHtmlReportOptions = {
  view: ReportView;
  /** Past runs of the same command, oldest first, this run last. */
  history: readonly RunSummary[];
  /** ISO date-time the report was made. */
  date: string;
  /** Lines naming other outputs (promptfoo's JSON, its `view` command). */
  notes?: readonly string[];
};

/**
 * Renders the eval report as one self-contained HTML page (inline CSS and SVG, no script, nothing
 * fetched at view time): the pass matrix (colour and text), the cost per session by model and
 * stage as a chart and a table, the trends of pass rate and cost over the last runs, cache
 * warnings, provenance on every figure, and per run its proposals with their verdicts. All
 * memory and model text is HTML-escaped.
 *
 * @param options - `{ view, history, date, notes? }`.
 * @returns The HTML document.
 * @example await writeFile("evals/out/report.html", await renderHtmlReport({ view, history, date }));
 */
export async function renderHtmlReport(options: RenderHtmlReportOptions): Promise<string> {
  const { view, history, date, notes = [] } = options;
  const passed = view.counts.passedCells;
  const verdict =
    view.counts.cells === 0 ? "NOTHING RAN" : passed === view.counts.cells ? "PASS" : "FAIL";
  const [passTrend, costTrend] = await trendCharts(history);
  const warnings = view.cacheWarnings.map(
    (warning) =>
      `<li>${html(warning.model)}: the ${html(warning.breakpoint)} prefix is about ${warning.tokens} tokens, ` +
      `under the ${warning.minimum}-token minimum, so it is paid in full on every request ` +
      `(scenarios: ${html(warning.scenarios.join(", "))}).</li>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${html(view.title)}</title>
<style>${STYLE}</style></head><body>
<h1>${html(view.title)}</h1>
<p id="verdict" class="${verdict === "PASS" ? "pass" : "fail"}">${verdict}: ${html(formatRunCounts(view.counts))}</p>
<h2>Failures first (${view.counts.cells - passed} of ${view.counts.cells} cells)</h2>
${failuresSection(view)}
<p id="summary">${html(formatRunCounts(view.counts))}; ${CELL_MEANING}, passing when its epochs meet the scenario's minPassRate · made ${html(date)}</p>
<p id="provenance">Provenance of the recordings: ${view.provenanceNotes.length === 0 ? "none" : view.provenanceNotes.map(html).join("; ")}</p>
<p><label><input type="checkbox" id="only-failures"> Show failures only (hides passing rows and runs below)</label></p>
${notes.map((note) => `<p>${html(note)}</p>`).join("\n")}
<h2>Pass matrix (scenario x model x prompt)</h2>
${matrixTable(view)}
<h2>Cost per session</h2>
<p>USD per session: ${html(SESSION_COST_BASIS)}.</p>
<div class="charts"><figure id="cost-chart">${await costChart(view)}</figure></div>
${costTable(view)}
<h2>Write pass: sync vs batch</h2>
<p>The same tokens at the Messages API rate and at the Message Batches rate (every part at 50%, cache writes and reads included).</p>
${writeRateTable(view)}
<h2>Cache warnings</h2>
${warnings.length === 0 ? "<p>None: every cached prefix is long enough to be cached.</p>" : `<ul class="warning">${warnings.join("")}</ul>`}
<h2>Trend over the last ${Math.min(history.length, TREND_RUNS)} runs</h2>
<div class="charts"><figure id="pass-trend">${passTrend}</figure><figure id="cost-trend">${costTrend}</figure></div>
<h2>Why each fact was kept or refused</h2>
${view.details.length === 0 ? "<p>The A/B keeps no stage results; run <code>pnpm eval --prompt extraction@N</code> for one arm's proposals and verdicts.</p>" : view.details.map(detailSection).join("\n")}
</body></html>
`;
}
