import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import { dateTag } from "../format/index.js";
import { WriteSession } from "../guards/index.js";
import { type Layout, layoutNamed, type MemoryToolEdits } from "../layouts/index.js";
import { MemoryPathError, type MemoryStore, type StoreLayout } from "../store/index.js";
import { finishPendingForget } from "../write/pending-forget.js";
import { refuse, type WriteRefusal } from "../write/write-checks.js";
import { MemoryToolError } from "./memory-tool-error.js";
import type { ToolPath } from "./memory-tool-paths.js";
import {
  type ApplyMemoryToolEdit,
  type MemoryToolWrite,
  runMemoryToolWrite,
} from "./memory-tool-write.js";

/**
 * How a memory folder is laid out: `subject` (the seed design: one subject per file, one dated
 * fact per line) or `fact` (one fact per file with YAML front matter).
 */
export type MemoryToolLayout = StoreLayout;

/** What the handlers need of a store (a `MemoryStore` fits; only its public API is used). */
export type MemoryToolStore = Pick<
  MemoryStore,
  | "root"
  | "maxChars"
  | "list"
  | "read"
  | "write"
  | "delete"
  | "withLock"
  | "readInternal"
  | "writeInternal"
  | "renderIndex"
> & {
  /** The folder's layout (`MemoryStore.layout`); the handlers' default layout. */
  readonly layout?: StoreLayout;
};

/** Options of `createMemoryToolHandlers`. */
export type MemoryToolHandlersOptions = {
  store: MemoryToolStore;
  /**
   * The folder's layout; default `store.layout`, else `subject`. In `subject`, files may only be
   * created at the write stage's paths (`profile.md`, `preferences.md`,
   * `topics|projects|people/<kebab>.md`) and every body line the model writes gets a
   * `[stated YYYY/MM/DD]` tag. In `fact`, files may only be created as top-level
   * `<slug>.md` fact files (see `factSlug`), the body is prose kept as written, and the file's
   * front matter `updated:` is set to today on every write (`name` and `description` added when
   * the model wrote no header).
   */
  layout?: MemoryToolLayout;
  /** Clock for date tags, `updated:` and tombstones: a Date or a function returning one; default now. */
  now?: Date | (() => Date);
  /** The user's IANA time zone date tags are written in; default `UTC`. */
  timeZone?: string;
  /**
   * The session the edits belong to (a conversation): a secret spelled across its edits is
   * refused too. Default: one session per set of handlers.
   */
  session?: WriteSession;
};

/** The input of a memory-tool command, e.g. `Command<"view">` is `{ command: "view", path, view_range? }`. */
export type Command<Name extends keyof MemoryToolHandlers> = Parameters<
  MemoryToolHandlers[Name]
>[0];

/** What every command module works over: the store, its layout, the session and today's date. */
export type MemoryToolContext = {
  readonly store: MemoryToolStore;
  readonly layout: Layout;
  readonly session: WriteSession;
  /** Today as a date tag (`YYYY/MM/DD`) in the user's time zone. */
  today(): string;
};

/** The context the commands of one set of handlers share. */
export function memoryToolContext(options: MemoryToolHandlersOptions): MemoryToolContext {
  const { store } = options;
  return {
    store,
    layout: layoutNamed(options.layout ?? store.layout ?? "subject"),
    session: options.session ?? new WriteSession(),
    today: () => {
      const now = options.now;
      return dateTag(typeof now === "function" ? now() : (now ?? new Date()), options.timeZone);
    },
  };
}

// What a version conflict says: the file changed between the read and the write.
export const CHANGED = "it changed since it was read (another writer).";

/** Runs `fn` under the store lock, after finishing a forget a crash left half done. */
export function locked<T>(context: MemoryToolContext, fn: () => Promise<T>): Promise<T> {
  return context.store.withLock(async () => {
    await finishPendingForget(context.store);
    return fn();
  });
}

/**
 * Runs a command, its path refusals (`MemoryPathError`) worded as the memory tool's: the path as
 * the model sent it, the store's reason and the store's fix (`hint`), which the model reads to
 * choose its next call, as the check pipeline's `path_not_allowed` refusal of a create or a rename
 * carries it.
 */
export async function guarded<T>(memoryPath: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof MemoryPathError) {
      throw new MemoryToolError(
        `The path ${memoryPath} is refused: ${error.reason}. Nothing was read or written. ${error.hint}`,
        { code: "path_refused", cause: error },
      );
    }
    throw error;
  }
}

/** How the pipeline's refusals name a command, e.g. `the create of /memories/topics/keys.md`. */
export const label = (command: string, memoryPath: string): string =>
  `the ${command} of ${memoryPath}`;

/** Throws a refusal of the check pipeline as the tool's error. */
export function never(refusal: WriteRefusal): never {
  throw new MemoryToolError(refusal.message, { code: refusal.code });
}

/**
 * The memory path of a file the command may write; `path_not_allowed` for the index or any other
 * path (a folder, a `.txt`), whose reason gives the layout's rule for file paths.
 */
export function fileOf(
  path: ToolPath,
  memoryPath: string,
  command: string,
  rules: Pick<MemoryToolEdits, "createRule">,
): string {
  if (path.kind === "file") return path.relative;
  const rule = path.kind === "folder" ? rules.createRule(`${path.relative}.md`) : undefined;
  const reason =
    path.kind === "index"
      ? "it is the index memfiles generates from the files, never written; edit the memory files instead."
      : rule === undefined
        ? `it is not a memory file: those end in ".md", such as ${memoryPath.replace(/\/+$/, "")}.md.`
        : `it is not a memory file: those end in ".md", and ${rule}`;
  const refusal = refuse("path_not_allowed", { what: label(command, memoryPath), reason });
  return never(refusal);
}

/** A writing command through the one check pipeline (see `runMemoryToolWrite`). */
export function through(
  context: MemoryToolContext,
  write: MemoryToolWrite,
  prepare: () => Promise<ApplyMemoryToolEdit>,
): Promise<string> {
  const { store, layout } = context;
  return runMemoryToolWrite({
    store,
    write,
    prepare,
    pathRule: (relative) => layout.memoryTool.createRule(relative),
    rules: layout.memoryTool,
    session: context.session,
    today: context.today(),
  });
}
