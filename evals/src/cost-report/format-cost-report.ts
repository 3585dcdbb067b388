import { PRICES } from "@memfiles/core";
import type { UsageLogProblem } from "@memfiles/core/internal";
import { PRICES_SOURCE, usageLogProblemLines } from "@memfiles/core/internal";
import { formatTable, formatTokens, formatUsd } from "../internal/text-table.js";
import type { CostReportResult, UnpricedModel } from "./cost-report.js";

/** Options of `formatCostReport`. */
export type FormatCostReportOptions = {
  report: CostReportResult;
  /** The log file, named in the header. */
  file: string;
  /** Lines the reader skipped; listed at the end. */
  problems?: UsageLogProblem[];
  /** How many skipped lines to list one by one (default 10); the rest are counted. */
  maxProblems?: number;
  /** Models that can be priced, named when some records could not be (default: core's `PRICES`). */
  knownModels?: readonly string[];
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * Lists the records no price was found for (model, calls, tokens) and how to price them: the
 * default table is `PRICES` in packages/core/src/cost/prices.ts; `pnpm cost --prices <file>` and
 * the `prices` argument of `costOf` / `computeCostReport` add models without editing it.
 *
 * @param unpriced - From `computeCostReport(...).unpriced`; must not be empty.
 * @param knownModels - Models that could be priced (default: the keys of core's `PRICES`).
 * @returns Lines of text ending in a newline.
 * @example formatUnpriced([{ model: "claude-sonnet-9", calls: 1, usage }])
 */
export function formatUnpriced(
  unpriced: readonly UnpricedModel[],
  knownModels: readonly string[] = Object.keys(PRICES),
): string {
  const calls = unpriced.reduce((sum, entry) => sum + entry.calls, 0);
  const example = unpriced[0]?.model ?? "claude-model";
  const lines = [
    `Not priced: ${plural(calls, "record")} of ${plural(unpriced.length, "model")} with no price (left out of every figure):`,
    ...unpriced.map(
      (entry) =>
        `  ${entry.model}: ${plural(entry.calls, "record")}, ${formatTokens(entry.usage.input)} input, ` +
        `${formatTokens(entry.usage.output)} output, ` +
        `${formatTokens(entry.usage.cacheWrite5m + entry.usage.cacheWrite1h)} cache write, ` +
        `${formatTokens(entry.usage.cacheRead)} cache read tokens`,
    ),
    `Known models: ${knownModels.join(", ")} (a dated suffix such as "-20251001" is accepted).`,
    "To price the others: add them to PRICE_ROWS in packages/core/src/cost/prices.ts (USD per million " +
      `tokens, from ${PRICES_SOURCE.url}), or pass prices without editing it: ` +
      `\`pnpm cost <folder> --prices prices.json\` with {"${example}": {"input": 0, "output": 0, ` +
      '"cacheWrite5m": 0, "cacheWrite1h": 0, "cacheRead": 0}} filled in (in code: the `prices` ' +
      "argument of costOf or computeCostReport). A typo in the model name is fixed where the log is written.",
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Formats a cost report as text (markdown tables): sessions, models, totals, the saving against
 * re-sending the whole transcript with its method, and any skipped log lines.
 *
 * @param options - The report, the log file name, skipped lines.
 * @returns The report text, ending in a newline.
 * @example process.stdout.write(formatCostReport({ report, file, problems }));
 */
export function formatCostReport(options: FormatCostReportOptions): string {
  const { report, file } = options;
  const problems = options.problems ?? [];
  const out: string[] = [];
  out.push(
    `Cost per session from ${file}: ${report.total.calls} model calls in ${report.sessions.length} sessions.`,
    `Prices: USD per million tokens from ${PRICES_SOURCE.url} (read ${PRICES_SOURCE.read}).`,
    "Recall = cache write + cache read tokens of chat requests (the memory block); chat = their uncached input + output.",
    "",
    "Sessions",
    formatTable({
      headers: [
        "session",
        "first date",
        "models",
        "calls",
        "write pass",
        "consolidate",
        "recall",
        "chat",
        "total",
        "history re-sent (tokens)",
        "re-send transcript",
        "saving",
      ],
      align: ["left", "left", "left", ...Array<"right">(9).fill("right")],
      rows: report.sessions.map((session) => [
        session.sessionId,
        session.firstDate,
        session.models.join(", "),
        String(session.calls),
        formatUsd(session.write),
        formatUsd(session.consolidate),
        formatUsd(session.recall),
        formatUsd(session.chat),
        formatUsd(session.total),
        formatTokens(session.historyTokens),
        formatUsd(session.alternative),
        formatUsd(session.saving),
      ]),
    }),
    "",
    "Write pass: synchronous vs batch (the same tokens at each rate; batch = input and output at 50%)",
    formatTable({
      headers: ["session", "ran as", "sync", "batch", "batch saves"],
      align: ["left", "left", "right", "right", "right"],
      rows: report.sessions
        .filter((session) => session.writeAt.ranAs !== "none")
        .map((session) => [
          session.sessionId,
          session.writeAt.ranAs,
          formatUsd(session.writeAt.sync),
          formatUsd(session.writeAt.batch),
          formatUsd(session.writeAt.sync - session.writeAt.batch),
        ]),
    }),
    "",
    "By model",
    formatTable({
      headers: [
        "model",
        "calls",
        "input",
        "output",
        "cache write",
        "cache read",
        "write pass",
        "consolidate",
        "recall",
        "chat",
        "total",
        "re-send transcript",
      ],
      align: ["left", ...Array<"right">(11).fill("right")],
      rows: report.models.map((model) => [
        model.model,
        String(model.calls),
        formatTokens(model.usage.input),
        formatTokens(model.usage.output),
        formatTokens(model.usage.cacheWrite5m + model.usage.cacheWrite1h),
        formatTokens(model.usage.cacheRead),
        formatUsd(model.write),
        formatUsd(model.consolidate),
        formatUsd(model.recall),
        formatUsd(model.chat),
        formatUsd(model.total),
        formatUsd(model.alternative),
      ]),
    }),
    "",
  );
  const { total } = report;
  out.push(
    `Total: memory ${formatUsd(total.total)} (write pass ${formatUsd(total.write)}, consolidate ` +
      `${formatUsd(total.consolidate)}, recall ${formatUsd(total.recall)}, chat ${formatUsd(total.chat)}); ` +
      `re-sending the whole transcript ${formatUsd(total.alternative)}; saving ${formatUsd(total.saving)}` +
      (total.alternative > 0 ? ` (${(total.savingShare * 100).toFixed(1)}%).` : "."),
  );
  if (total.chatRequests > 0) {
    out.push(
      `Per chat request (${total.chatRequests}): memory ${formatUsd((total.recall + total.chat) / total.chatRequests)} ` +
        `(recall + chat) vs ${formatUsd(total.alternative / total.chatRequests)} re-sending the transcript.`,
    );
  }
  out.push("", "How the saving is estimated:", report.method);
  if (report.unpriced.length > 0) {
    out.push("", formatUnpriced(report.unpriced, options.knownModels).trimEnd());
  }
  if (report.usageWarnings.length > 0) {
    out.push(
      "",
      `Usage warnings (${report.usageWarnings.length}): the API's usage contradicted itself; priced from its totals:`,
    );
    for (const warning of report.usageWarnings) {
      out.push(`  ${warning.sessionId} ${warning.date} ${warning.model}: ${warning.message}`);
    }
  }
  if (problems.length > 0) {
    out.push(
      "",
      ...usageLogProblemLines(problems, {
        log: "the log",
        ...(options.maxProblems === undefined ? {} : { max: options.maxProblems }),
      }),
    );
  }
  return `${out.join("\n")}\n`;
}
