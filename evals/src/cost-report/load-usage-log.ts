import { stat } from "node:fs/promises";
import * as path from "node:path";
import { readUsageLog } from "@memfiles/core";
import { type ReadUsageLogResult, USAGE_LOG_PATH } from "@memfiles/core/internal";
import { MemfilesError } from "@memfiles/errors";
import { UsageLogError } from "./usage-log-error.js";

/** How to price a database's usage log, which `pnpm cost` does not read: said in its help and errors. */
export const DATABASE_LOG_HINT =
  "pnpm cost reads a memory folder's log only. A database's (@memfiles/pg) is priced by the memfiles " +
  "command: memfiles cost --pglite <folder> [--tenant <tenant>], or memfiles cost --database-url <url> --tenant <tenant>.";

/**
 * Reads `<folder>/.memfiles/usage.jsonl` with core's `readUsageLog`, turning a missing log, an
 * empty one, or one with no readable line into a `UsageLogError` that says what to do.
 *
 * @param folder - The memory folder (the `root` given to `createUsageLog`); a database's log is
 *   read by `memfiles cost --pglite` / `--database-url` ({@link DATABASE_LOG_HINT}).
 * @returns `{ records, problems }`: the records in log order and the skipped lines.
 * @throws {UsageLogError} `missing_folder` (no such folder), `missing_log`, `empty_log` or
 *   `no_records`.
 * @example
 * const { records, problems } = await loadUsageLog("memory");
 */
export async function loadUsageLog(folder: string): Promise<ReadUsageLogResult> {
  const file = path.join(folder, USAGE_LOG_PATH);
  try {
    const info = await stat(file);
    if (!info.isFile()) {
      throw new UsageLogError({
        code: "missing_log",
        file,
        message: `${file} is not a file. Point pnpm cost at the memory folder that holds .memfiles/usage.jsonl.`,
      });
    }
  } catch (error) {
    if (error instanceof UsageLogError) throw error;
    const folderExists = await stat(folder).then(
      (info) => info.isDirectory(),
      () => false,
    );
    throw new UsageLogError({
      code: folderExists ? "missing_log" : "missing_folder",
      file,
      message: folderExists
        ? `No usage log at ${file}. The log is off by default: pass onUsage: createUsageLog({ root: "${folder}" }) ` +
          "(from @memfiles/core) to writePass, consolidate and chat, then run pnpm cost again."
        : `No folder at ${folder}. Give pnpm cost the memory folder (the MemoryStore root), e.g. pnpm cost ./memory. ${DATABASE_LOG_HINT}`,
      cause: error,
    });
  }
  let result: ReadUsageLogResult;
  try {
    result = await readUsageLog(folder);
  } catch (error) {
    // Core refuses a log it will not read (a .memfiles that is a link, say): say so, no stack trace.
    if (!(error instanceof MemfilesError && error.userFixable)) throw error;
    throw new UsageLogError({ code: "missing_log", file, message: error.message, cause: error });
  }
  if (result.records.length === 0 && result.problems.length === 0) {
    throw new UsageLogError({
      code: "empty_log",
      file,
      message: `The usage log ${file} is empty: no model call has been logged yet. Run a session with onUsage: createUsageLog(...) and try again.`,
    });
  }
  if (result.records.length === 0) {
    const first = result.problems[0]?.message ?? "";
    throw new UsageLogError({
      code: "no_records",
      file,
      message: `The usage log ${file} has no readable record: all ${result.problems.length} lines were skipped. First: ${first}`,
    });
  }
  return result;
}
