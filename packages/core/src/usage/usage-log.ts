import { isAbsolute, join } from "node:path";
import { InvalidArgumentError } from "@memfiles/errors";
import { z } from "zod";
import { MemoryStore } from "../store/memory-store.js";
import { MemoryWriteError } from "../store/memory-write-error.js";
import { type OnUsage, STAGES, type Stage, type UsageRecord } from "./types.js";

/** Path of the usage log inside a memory folder (JSON lines in the memory folder). */
export const USAGE_LOG_PATH = ".memfiles/usage.jsonl";
const USAGE_LOG_FILE = "usage.jsonl";

/** zod schema of one usage-log line; what it parses is a `UsageRecord` once an absent `sessionId` is dropped. */
export const UsageRecordSchema = z.object({
  sessionId: z.string().optional(),
  stage: z.enum(STAGES),
  model: z.string().min(1),
  usage: z.object({
    input: z.number().int().nonnegative(),
    output: z.number().int().nonnegative(),
    cacheWrite5m: z.number().int().nonnegative(),
    cacheWrite1h: z.number().int().nonnegative(),
    cacheRead: z.number().int().nonnegative(),
    thinking: z.number().int().nonnegative().optional(),
  }),
  date: z.string().min(1),
  modifiers: z
    .object({
      serviceTier: z.string().optional(),
      inferenceGeo: z.string().optional(),
      speed: z.string().optional(),
    })
    .optional(),
  warnings: z
    .array(z.object({ code: z.literal("incomplete_cache_breakdown"), message: z.string() }))
    .optional(),
});

/**
 * Options of `createUsageLog`: the store whose internal files keep the log (`.memfiles/usage.jsonl`
 * in a folder, the tenant's `memory_internal` row on `@memfiles/pg`), or a memory folder's path.
 */
export type CreateUsageLogOptions = { store: MemoryStore } | { root: string };

/** Where the usage log of `source` lives: a store, or a memory folder's path. */
export type UsageLogSource = MemoryStore | string;

// A backend's label ("pglite:alice", "postgres:alice") is a store's root but no folder: taken as a
// path, it would put each tenant's log in a folder of that name in the working folder. A drive
// letter ("C:") has one letter; "./pglite:alice" names such a folder on purpose.
const STORE_LABEL = /^[a-z][a-z0-9+.-]+:/i;

/**
 * The store a usage log reads and writes through: the one given, or a folder store on the path.
 *
 * @throws {InvalidArgumentError} when the path is a database store's label.
 */
function usageLogStore(source: UsageLogSource, caller: string): MemoryStore {
  if (typeof source !== "string") return source;
  if (STORE_LABEL.test(source)) {
    throw new InvalidArgumentError({
      argument: `${caller} root`,
      message: `${caller} got the root "${source}", the label of a store that is no folder (such as @memfiles/pg's): its usage log would go to a folder of that name in ${process.cwd()}. Pass the store itself, e.g. ${caller === "createUsageLog" ? "createUsageLog({ store })" : "readUsageLog(store)"}; its log then lives where the store keeps its internal files.`,
    });
  }
  return new MemoryStore({ root: source });
}

/**
 * The usage log named in words, for every message about it: "the usage log <file>" for a folder,
 * "the usage log of <label> (usage.jsonl in memory_internal)" for a store that is no folder.
 */
export function usageLogName(store: MemoryStore): string {
  return isAbsolute(store.root)
    ? `the usage log ${join(store.root, USAGE_LOG_PATH)}`
    : `the usage log of ${store.root} (${USAGE_LOG_FILE} in memory_internal)`;
}

/** One line of the usage log in words: `<file>:<line>` (an editor jumps there), or "line N of …". */
function usageLogLine(store: MemoryStore, line: number): string {
  return isAbsolute(store.root)
    ? `${join(store.root, USAGE_LOG_PATH)}:${line}`
    : `Line ${line} of ${usageLogName(store)}`;
}

// A write may start a memory folder (the README's first write pass into a new `./memory` logs);
// a request only reads, and a read creates nothing in a folder that does not exist (the recall
// index keeps the same rule), so its record has no folder to go to.
const STAGES_THAT_WRITE: ReadonlySet<Stage> = new Set<Stage>(["write", "consolidate"]);

/**
 * Makes an `onUsage` callback that appends each `UsageRecord` as one JSON line to the store's
 * internal file `usage.jsonl` under the store lock (`.memfiles/usage.jsonl` in a folder, the
 * tenant's `memory_internal` row on `@memfiles/pg`). Logging is off unless the caller passes it;
 * records carry token counts, never prompt or memory text. A `chat` or `recall` record for a
 * memory folder that does not exist is dropped, not logged: the log never starts a folder for a
 * request, and the request itself does not fail; the first drop of each log emits one Node
 * process warning (code `MEMFILES_USAGE_NOT_LOGGED`) naming the folder. `write` and `consolidate`
 * records may start the folder, as their writes may.
 *
 * @param options - `{ store }`: any `MemoryStore`; or `{ root }`: a memory folder, absolute or relative.
 * @throws {InvalidArgumentError} when `root` is a non-folder store's label (`pglite:alice`): pass `{ store }`;
 *   on a call, when the record is not of `UsageRecordSchema`'s shape (nothing is written).
 * @throws {MemoryLockError} when the store lock cannot be taken (on a call).
 * @throws {MemoryPathError} when `.memfiles/` or the log is a link (on a call).
 * @example
 * const onUsage = createUsageLog({ store });
 * await chat({ store, client, model, messages, basePrompt, onUsage, sessionId: "s1" });
 */
export function createUsageLog(options: CreateUsageLogOptions): OnUsage {
  const store = usageLogStore("store" in options ? options.store : options.root, "createUsageLog");
  let warned = false;
  return async (record) => {
    // Checked with the schema the log is read with: a line written here is a line read back.
    const parsed = UsageRecordSchema.safeParse(record, { reportInput: true });
    if (!parsed.success) {
      throw new InvalidArgumentError({
        argument: "onUsage record",
        message: `createUsageLog refused a record for ${usageLogName(store)}: it is not a usage record. ${describeIssues(parsed.error)}. Pass the record a stage gives onUsage, or one of its shape (UsageRecord); nothing was written.`,
      });
    }
    try {
      // Appended under the store lock, refusing links inside .memfiles/ (store internal files).
      await store.appendInternal(USAGE_LOG_FILE, `${JSON.stringify(record)}\n`, {
        createFolder: STAGES_THAT_WRITE.has(record.stage),
      });
    } catch (error) {
      if (!(error instanceof MemoryWriteError && error.code === "folder_missing")) throw error;
      if (warned) return;
      warned = true;
      process.emitWarning(
        `A ${record.stage} call's usage was not logged: the memory folder ${store.root} ` +
          "does not exist, and a request never creates one. Usage is logged again once the folder " +
          "exists (a write starts it, or create it yourself).",
        { code: "MEMFILES_USAGE_NOT_LOGGED" },
      );
    }
  };
}

/** A usage-log line that could not be read. */
export type UsageLogProblem = {
  code: "bad_json" | "bad_record";
  /** 1-based line number in the log. */
  line: number;
  message: string;
};

/** Result of `readUsageLog`. */
export type ReadUsageLogResult = {
  /** Records in file order. */
  records: UsageRecord[];
  /** Lines skipped, with why; empty when all lines were good. */
  problems: UsageLogProblem[];
};

/**
 * Reads the usage log `createUsageLog` writes, skipping (and reporting) lines that are not a JSON
 * `UsageRecord`; a missing log reads as empty.
 *
 * @param source - The store (any `MemoryStore`), or a memory folder's path.
 * @returns `{ records, problems }`.
 * @throws {InvalidArgumentError} when `source` is a non-folder store's label: pass the store.
 * @throws {MemoryPathError} when `.memfiles/` or the log is a link (as for all internal files).
 * @throws {Error} when the file exists but cannot be read (permissions).
 * @example const { records, problems } = await readUsageLog(store);
 */
export async function readUsageLog(source: UsageLogSource): Promise<ReadUsageLogResult> {
  const store = usageLogStore(source, "readUsageLog");
  const text = await store.readInternal(USAGE_LOG_FILE);
  if (text === undefined) return { records: [], problems: [] };
  const records: UsageRecord[] = [];
  const problems: UsageLogProblem[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      problems.push({
        code: "bad_json",
        line,
        message: `${usageLogLine(store, line)} is not valid JSON (a truncated write?); the line was skipped.`,
      });
      return;
    }
    const parsed = UsageRecordSchema.safeParse(value, { reportInput: true });
    if (!parsed.success) {
      problems.push({
        code: "bad_record",
        line,
        message: `${usageLogLine(store, line)} is not a usage record; the line was skipped. ${describeIssues(parsed.error)}. Lines are written by createUsageLog; this one was cut short or edited by hand.`,
      });
      return;
    }
    records.push(stripUndefined(parsed.data));
  });
  return { records, problems };
}

/**
 * A usage record's schema problems in words, naming the fields: what is wrong, then what is
 * missing (rather than zod's raw text).
 */
function describeIssues(error: z.ZodError): string {
  const wrong: string[] = [];
  const missing: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "the line";
    if (issue.code === "invalid_type" && issue.input === undefined) missing.push(field);
    else if (issue.code === "invalid_value") {
      wrong.push(`${field} (not one of ${issue.values.map(String).join(", ")})`);
    } else if (issue.code === "invalid_type")
      wrong.push(`${field} (not ${withArticle(issue.expected)})`);
    else wrong.push(`${field} (${issue.message.toLowerCase()})`);
  }
  const parts = [
    ...(wrong.length > 0 ? [`Wrong: ${wrong.join(", ")}`] : []),
    ...(missing.length > 0 ? [`missing: ${missing.join(", ")}`] : []),
  ];
  return parts.join("; ");
}

/** A type name zod expected, with its article: "a number", "an object", "an array". */
function withArticle(type: string): string {
  return `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}

/** Drops absent optional fields (`exactOptionalPropertyTypes`: absent, never `undefined`). */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

function stripUndefined(record: z.infer<typeof UsageRecordSchema>): UsageRecord {
  const { usage, modifiers, ...rest } = record;
  return withoutUndefined({
    ...rest,
    usage: withoutUndefined(usage),
    modifiers: modifiers === undefined ? undefined : withoutUndefined(modifiers),
  }) as UsageRecord;
}
