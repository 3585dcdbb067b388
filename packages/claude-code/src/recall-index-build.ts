// The one rule for a hook that finds no recall index it can read (a folder memfiles was installed
// on, `.memfiles/` removed, an index of an older format): a small folder's index is built inside
// the hook, a large one's in a detached process, one at a time, while the prompt goes on without
// recall. Claude Code kills a hook at its timeout, and a build killed there stores nothing, so
// building a large folder's index inside the hook would make every prompt start it over. A stored
// index whose log has grown long is folded whole by the same detached process, while the hook
// recalls from the index and its log as they are.
import { join } from "node:path";
import {
  compactRecallIndex,
  flushRecallIndexes,
  MemoryStore,
  openRecallIndex,
  RECALL_INDEX_FILE,
  RECALL_INDEX_LOG,
  recallIndexStartFits,
} from "@memfiles/core/recall";
import lockfile from "proper-lockfile";
import { INDEX_BUILD_EVENT } from "./hook-events.js";
import { logHook } from "./hook-log.js";
import { HOOK_STATE_FOLDER } from "./hook-state.js";
import type { HookContext, IndexBuildRequest } from "./hooks/hook-context.js";

/**
 * Most memory files whose recall index a hook builds itself. Measured (the first
 * UserPromptSubmit paired with the next one, CPU of the hook process, Node 20, `pnpm bench`'s
 * generated fact files): a build adds ~50 ms plus ~0.7 ms per file, so the first prompt of 100
 * files costs ~225 ms, of 250 ~400 ms, of 10,000 ~5 s; answering without recall costs ~100 ms
 * (1,000 files) to ~220 ms (10,000). The goals: 150 ms at 1,000 files, 400 ms at 10,000.
 */
export const HOOK_BUILD_MAX_FILES = 100;

/**
 * Fewest lines of the recall index's log that a hook has a detached process fold into the stored
 * index (a store's write adds one line, the next reader one more per file it indexed again: a write
 * pass of 20 proposals leaves about 40). Every cold process folds the log again: measured at 10,000
 * subject files (`pnpm bench -- recall-index`'s folder, CPU, paired), a log of 40 lines costs a
 * prompt ~25-50 ms over the index stored whole, and storing it whole ~1.5 s once, in the
 * background.
 */
export const HOOK_COMPACT_LOG_LINES = 16;

/** The build's lock file inside `.memfiles/`: held by the process building the index. */
const BUILD_LOCK = `${HOOK_STATE_FOLDER}/recall-index-build`;

/**
 * A build that stopped updating its lock this long ago (killed) no longer holds it: proper-lockfile
 * refreshes the lock every half of it, and a build's event loop turns between files.
 */
const BUILD_LOCK_STALE_MS = 30_000;

function lockPath(root: string): string {
  return join(root, ".memfiles", BUILD_LOCK);
}

// The stored index's first bytes, which name the rules it was stored by. Read through the store,
// whose guard refuses a link or a file outside the folder: such an index is rebuilt, never read.
async function storedStart(store: MemoryStore): Promise<string | undefined> {
  return store.readInternal(RECALL_INDEX_FILE, { firstBytes: 256 }).catch(() => undefined);
}

// Whether the stored index's log holds at least `HOOK_COMPACT_LOG_LINES` lines.
async function logIsLong(store: MemoryStore): Promise<boolean> {
  const log = (await store.readInternal(RECALL_INDEX_LOG).catch(() => undefined)) ?? "";
  let lines = 0;
  for (let at = log.indexOf("\n"); at !== -1; at = log.indexOf("\n", at + 1)) {
    if (++lines >= HOOK_COMPACT_LOG_LINES) return true;
  }
  return false;
}

// Whether the detached build's lock is held (a build, or a fold of the log, is running).
async function buildRunning(store: MemoryStore): Promise<boolean> {
  return lockfile
    .check(lockPath(store.root), { stale: BUILD_LOCK_STALE_MS, realpath: false })
    .catch(() => false);
}

/**
 * Whether a SessionStart or UserPromptSubmit hook may recall now: `true` when the stored recall
 * index is one core reads (not rebuilds), the folder holds at most {@link HOOK_BUILD_MAX_FILES}
 * memory files, or the hook has no detached build to start (it builds the index itself).
 * Otherwise `false`: a detached build is started unless one is running (its lock under
 * `.memfiles/claude-code/`), and the hook log says so; the hook answers without recall. A stored
 * index whose log holds at least {@link HOOK_COMPACT_LOG_LINES} lines is read as it is (`true`),
 * and the same detached process, unless running, stores it whole for the prompts after this one.
 *
 * @param context - The hook's context (`store`, `layout`, `startIndexBuild`, `log`).
 * @param event - The hook's event, for the log.
 * @returns Whether to recall in this hook.
 * @throws File-system errors of listing the folder pass through.
 * @example if (!(await recallIndexReady(context, "user-prompt-submit"))) return undefined;
 */
export async function recallIndexReady(
  context: Pick<HookContext, "store" | "layout" | "startIndexBuild" | "log">,
  event: string,
): Promise<boolean> {
  const { store, startIndexBuild } = context;
  if (startIndexBuild === undefined) return true;
  if (recallIndexStartFits(await storedStart(store), store)) {
    if ((await logIsLong(store)) && !(await buildRunning(store)))
      startIndexBuild({ root: store.root, layout: context.layout });
    return true;
  }
  const files = (await store.listStamps()).length;
  if (files <= HOOK_BUILD_MAX_FILES) return true;
  const building = await buildRunning(store);
  if (!building) startIndexBuild({ root: store.root, layout: context.layout });
  await context.log({
    event,
    outcome: "skipped",
    message: `no recall: the recall index of ${files} memory files is being built in a background process (${building ? "started earlier" : "started now"}); recall resumes once it is stored.`,
  });
  return false;
}

/**
 * The detached build: takes the build lock (without waiting: another build holding it is
 * enough), builds the recall index from every file unless it is stored already, and stores it
 * as core stores it (whole, atomically: a build killed midway leaves no index, never half a one).
 * A stored index whose log holds at least {@link HOOK_COMPACT_LOG_LINES} lines is brought up to
 * the files and stored whole, its log emptied (core's `compactRecallIndex`). Logs the outcome
 * under `.memfiles/claude-code/hook.log`; never throws.
 *
 * @param request - `{ root, layout }`.
 * @returns `"built"`, `"compacted"`, `"stored already"`, `"locked"` (another build runs) or
 *   `"failed"`.
 * @example await buildRecallIndex({ root, layout: "fact" });
 */
export async function buildRecallIndex(
  request: IndexBuildRequest,
): Promise<"built" | "compacted" | "stored already" | "locked" | "failed"> {
  const store = new MemoryStore({ root: request.root, layout: request.layout });
  let release: (() => Promise<void>) | undefined;
  try {
    // proper-lockfile locks an existing file; this also makes `.memfiles/`, where the index goes.
    await store.writeInternal(BUILD_LOCK, "");
    release = await lockfile
      .lock(lockPath(store.root), {
        stale: BUILD_LOCK_STALE_MS,
        realpath: false,
        retries: 0,
        // A lock taken over as stale: this build still stores a whole index, as the other does.
        onCompromised: () => undefined,
      })
      .catch(() => undefined);
    const skipped = async (message: string) =>
      logHook(store, { event: INDEX_BUILD_EVENT, outcome: "skipped", message });
    if (release === undefined) {
      await skipped("another process is building the recall index.");
      return "locked";
    }
    const started = process.cpuUsage();
    const cpuMs = () => {
      const { user, system } = process.cpuUsage(started);
      return Math.round((user + system) / 1000);
    };
    // A build that ended between the hook's look and this lock stored it already.
    if (recallIndexStartFits(await storedStart(store), store)) {
      if (!(await logIsLong(store))) {
        await skipped("the recall index was stored meanwhile.");
        return "stored already";
      }
      await compactRecallIndex(store);
      await flushRecallIndexes();
      await logHook(store, {
        event: INDEX_BUILD_EVENT,
        outcome: "ok",
        message: `stored the recall index whole, its log folded in (${cpuMs()} ms of CPU).`,
      });
      return "compacted";
    }
    const index = await openRecallIndex(store);
    await flushRecallIndexes();
    await logHook(store, {
      event: INDEX_BUILD_EVENT,
      outcome: "ok",
      message: `built the recall index of ${index.rows().length} memory files (${cpuMs()} ms of CPU).`,
    });
    return "built";
  } catch (error) {
    await logHook(store, {
      event: INDEX_BUILD_EVENT,
      outcome: "failed",
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }).catch(() => undefined);
    return "failed";
  } finally {
    await release?.().catch(() => undefined);
  }
}
