import { join } from "node:path";
import { readUsageLog, UnknownModelError } from "@memfiles/core";
import {
  costOfRecord,
  PRICES_SOURCE,
  USAGE_LOG_PATH,
  usageLogName,
  usageLogProblemLines,
} from "@memfiles/core/internal";
import { CliError } from "../cli-error.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder } from "../memory-folder.js";
import { formatTable, printJson } from "../output.js";
import { folderOf, MEMORY_OPTION, type RegisterCommand } from "./command.js";

type CostRow = { stage: string; model: string; calls: number; usd: number };
type SessionRow = { sessionId: string; calls: number; usd: number };

/** Calls the application logged without a `sessionId`: counted apart, never as one session. */
const NO_SESSION = "(no sessionId)";

/**
 * `memfiles cost [folder]`: the usage log (`.memfiles/usage.jsonl`, written by
 * `createUsageLog`) priced with core's `costOfRecord` (the prices of each call's date, a batch
 * reply at half), per stage and model, then per session (the `sessionId` the application passed)
 * with the mean over sessions. `pnpm cost` in the workspace
 * gives the fuller per-session report of the evals package.
 */
export const registerCost: RegisterCommand = (program, context, done) => {
  program
    .command("cost")
    .description(
      "price the folder's usage log (.memfiles/usage.jsonl) per stage and model, and per session",
    )
    .argument("[folder]", "the memory folder")
    .option(...MEMORY_OPTION)
    .option("--json", "print the report as JSON")
    .action(async (folder: string | undefined, options: { memory?: string; json?: boolean }) => {
      const store = openMemoryFolder(folderOf(folder, options), context);
      const log = usageLogName(store);
      const { records, problems } = await readUsageLog(store).catch((error: unknown) => {
        // A log that exists but cannot be opened is not "no log": say what stands in the way.
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code !== "string" || !/^E[A-Z]+$/.test(code)) throw error;
        throw new CliError(
          `Cannot read ${log}: ${error instanceof Error ? error.message : code}. ${code === "EACCES" || code === "EPERM" ? `Make it readable (chmod u+r ${join(store.root, USAGE_LOG_PATH)}) and run again.` : "Fix or remove the file and run again."}`,
          { code: "bad_argument", cause: error },
        );
      });
      const rows = new Map<string, CostRow>();
      const sessions = new Map<string, SessionRow>();
      const unpriced = new Set<string>();
      for (const record of records) {
        let usd: number;
        try {
          usd = costOfRecord(record).usd;
        } catch (error) {
          if (!(error instanceof UnknownModelError)) throw error;
          unpriced.add(record.model);
          continue;
        }
        const key = `${record.stage}\u0000${record.model}`;
        const row = rows.get(key) ?? { stage: record.stage, model: record.model, calls: 0, usd: 0 };
        row.calls += 1;
        row.usd += usd;
        rows.set(key, row);
        const sessionId = record.sessionId ?? NO_SESSION;
        const session = sessions.get(sessionId) ?? { sessionId, calls: 0, usd: 0 };
        session.calls += 1;
        session.usd += usd;
        sessions.set(sessionId, session);
      }
      const priced = [...rows.values()];
      const total = priced.reduce((sum, row) => sum + row.usd, 0);
      const named = [...sessions.values()].filter((row) => row.sessionId !== NO_SESSION);
      const perSessionUsd =
        named.length === 0 ? null : named.reduce((sum, row) => sum + row.usd, 0) / named.length;
      if (options.json) {
        printJson(context, {
          rows: priced,
          totalUsd: total,
          sessions: [...sessions.values()],
          perSessionUsd,
          unpriced: [...unpriced],
          problems,
          prices: PRICES_SOURCE,
        });
      } else if (records.length === 0 && problems.length > 0) {
        context.stdout(
          `Cannot read ${log}: ${problems.length === 1 ? "its one line is not" : `none of its ${problems.length} lines is`} a usage record. ${problems[0]?.message ?? ""}\n`,
        );
      } else if (records.length === 0) {
        context.stdout(
          `No usage recorded: ${log} is missing or empty; pass \`onUsage: createUsageLog({ store })\` to record one.\n`,
        );
      } else {
        context.stdout(
          formatTable(
            ["STAGE", "MODEL", "CALLS", "USD"],
            [
              ...priced.map((row) => [row.stage, row.model, String(row.calls), row.usd.toFixed(6)]),
              ["total", "", "", total.toFixed(6)],
            ],
          ),
        );
        if (sessions.size > 0) {
          context.stdout(
            formatTable(
              ["SESSION", "CALLS", "USD"],
              [...sessions.values()].map((row) => [
                row.sessionId,
                String(row.calls),
                row.usd.toFixed(6),
              ]),
            ),
          );
          context.stdout(
            perSessionUsd === null
              ? `Cost per session: none of these calls was logged with a sessionId; pass \`sessionId\` beside \`onUsage\` to count sessions.\n`
              : `Cost per session: ${perSessionUsd.toFixed(6)} USD, the mean of ${named.length} session(s).\n`,
          );
        }
        if (unpriced.size > 0)
          context.stdout(`Not priced (no price for the model): ${[...unpriced].join(", ")}\n`);
        for (const line of usageLogProblemLines(problems, { log })) context.stdout(`${line}\n`);
      }
      done(priced.length > 0 ? EXIT_CODES.ok : EXIT_CODES.failed);
    });
};
