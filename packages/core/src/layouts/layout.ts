import type Anthropic from "@anthropic-ai/sdk";
import type { z } from "zod";
import type { ModelUsage } from "../cost/index.js";
import type { ItemWalk } from "../format/file-items.js";
import type { MemoryRow, MemoryStore, SameSubject, StoreLayout } from "../store/index.js";
import type { Transcript } from "../transcript/index.js";
import type {
  ConsolidateFactsResult,
  ConsolidateLongFilesOptions,
  ConsolidateLongFilesResult,
} from "../write/consolidation-result.js";
import type {
  ForgetOptions,
  ForgetPreview,
  ForgetResult,
  RememberOptions,
  RememberResult,
  WritePassOptions,
  WritePassResult,
  WriteStore,
} from "../write/index.js";
import type { FolderReadStore } from "../write/memory-files.js";

/**
 * What a layout puts into the write pass; `writePass` (`layouts/write-pass.ts`) builds the request
 * around it (system prompt and cache breakpoint, transcript fit, index budget, tool choice by
 * model, effort), sends it, reports usage and hands the proposals back to `apply`. `Folder` is the
 * layout's one read of the memory, `Item` one proposal as its tool takes it.
 */
export type LayoutWritePass<Folder = unknown, Item = unknown> = {
  /** Id of the default write prompt (`getPrompt(promptId, 1)`); another layout's id is refused. */
  readonly promptId: string;
  /** The tool the request offers (forced by name on models that accept it, decision 0012). */
  readonly tool: Anthropic.Tool;
  /** One read of the memory: the rows of the index and what `message` and `apply` need. */
  read(store: FolderReadStore): Promise<{ rows: MemoryRow[]; folder: Folder }>;
  /** One file's line in the memory index, what the index budget is measured on. */
  indexLine(row: MemoryRow): string;
  /** The user message: today, the memory section within `maxMemoryChars`, the transcript. */
  message(input: WriteMessageInput<Folder>): string;
  /** The proposals of a reply. @throws {ModelReplyError} when it has no usable tool call. */
  proposals(message: Anthropic.Message): Item[];
  /**
   * Decides and applies proposals through the check pipeline against `folder` (the read the
   * request was built from), or a read made now when it is `undefined`.
   */
  apply(
    options: WritePassOptions & { now: Date },
    proposals: readonly Item[],
    folder: Folder | undefined,
  ): Promise<Omit<WritePassResult, "usage">>;
};

/** What `LayoutWritePass.message` is given; sizes in chars. */
export type WriteMessageInput<Folder> = {
  /** The index rows within the index budget, in the order read. */
  rows: readonly MemoryRow[];
  /** How many files the memory has, when `rows` is only part of them (`fitMemoryIndex`). */
  totalFiles?: number;
  folder: Folder;
  /** The session, dated and fitted to its token budget. */
  transcript: Transcript;
  now: Date;
  timeZone: string | undefined;
  maxMemoryChars: number;
};

/**
 * What the two memory layouts really differ in, behind one interface: what they put into the write
 * request and how they apply its proposals (`write`), a direct `remember`, consolidation, forget,
 * a file's items and the memory tool's edits. `writePass`, `remember` and `consolidateAll` ask
 * `layoutOf(store)` and never branch on the layout themselves; every check runs in the order of
 * `WRITE_CHECKS`, in the one check pipeline (`runWritePipeline`), which asks the layout's
 * `WriteSteps` for what differs.
 */
export type Layout = {
  /** The store layout this implements. */
  readonly name: StoreLayout;
  /** The layout's part of the write pass (see {@link LayoutWritePass}). */
  readonly write: LayoutWritePass;
  /**
   * Saves a fact the user asked for through the check pipeline (`rememberThrough`), with this
   * layout's steps for a direct write.
   */
  remember(options: RememberOptions): Promise<RememberResult>;
  /** How a client that runs its own write pass proposes (see {@link LayoutPropose}). */
  readonly propose: LayoutPropose;
  /** The layout's consolidation: subject, rewrite files past a size; fact, merge past a count. */
  consolidateAll(options: ConsolidateAllOptions): Promise<ConsolidateAllResult>;

  // Only `forget` and `previewForget` call the two forget members, after checking the query.
  /**
   * Forgets what `query` names, under the store lock, leaving a tombstone: subject, every matching
   * line; fact, every fact file the query is about. `query` is already through `forgetQueryText`
   * and not blank. `left` is filled with every file its walk read, as the forget leaves it (text,
   * or `undefined` once deleted; files not text left out), so the tombstone's `kept` is recorded
   * without reading memory again (`keepLinesLeft`).
   */
  forget(
    options: ForgetOptions & { left?: Map<string, string | undefined> },
  ): Promise<ForgetResult>;
  /** What `forget` would remove now (same `query` as `forget`), without removing anything. */
  previewForget(options: Pick<ForgetOptions, "store" | "query">): Promise<ForgetPreview>;
  /** A file's items (subject: its lines; fact: the file's one fact), as `memfiles ls` counts
   * them, and the walk a tombstone asks them by (see {@link LayoutItems}). */
  readonly items: LayoutItems;
  /** How the memory tool reads and stamps the model's edits of a file (see `MemoryToolEdits`). */
  readonly memoryTool: MemoryToolEdits;
};

/**
 * What a client that runs its own write pass (the MCP `propose` tool) sends in a layout, and how it
 * is applied: with every check of the write pass (`WRITE_CHECKS`), no model called, no usage.
 */
export type LayoutPropose<Item = unknown> = {
  /** What the tool says to the client: what a proposal is and which checks it goes through. */
  readonly description: string;
  /** One proposal as a client sends it; fields it may leave out take their defaults. */
  readonly proposal: z.ZodType<Item>;
  /** Applies parsed proposals. @returns `{ applied, rejected, consolidated: [], usage }` (usage 0). */
  apply(options: {
    store: WriteStore & Pick<MemoryStore, "delete">;
    transcript: Transcript;
    proposals: Item[];
    now: Date;
    timeZone?: string;
  }): Promise<WritePassResult>;
};

/**
 * Whether a line's text (trimmed) is no item for the memory tool's checks: blank, a front matter
 * fence or a heading.
 *
 * @param text - The line's text, trimmed.
 * @returns `true` for `""`, `---` and `# ...`.
 */
export function isNoItem(text: string): boolean {
  return text === "" || text === "---" || text.startsWith("#");
}

/** A file's items in a layout: the subject layout's item is a line, the fact layout's a fact. */
export type LayoutItems = {
  /** The word for one item, as `memfiles ls` heads its count: `line` or `fact`. */
  readonly noun: string;
  /** How many items one file holds: subject, its dated lines; fact, 1 when its body has text. */
  count(path: string, content: string): number;
  /**
   * What a tombstone is asked of in a file's body (`ItemWalk`: subject, each line; fact, each
   * fact and the whole body), the walk every surface hides and reports forgotten lines by
   * (`forgottenItems`).
   */
  readonly walk: ItemWalk;
};

/**
 * What the memory tool's commands (`create`, `str_replace`, `insert`, `delete`) do differently by
 * layout. `lines` are a file's lines as the model edits them (no BOM, `\n` breaks, no final
 * break); `added` the indexes of the lines the model wrote; `today` a `YYYY/MM/DD` tag. A created
 * file the layout cannot take is a `problem`, the detail of an `invalid_fact` refusal
 * (`WRITE_CHECKS`), which the memory tool's check pipeline words.
 */
export type MemoryToolEdits = {
  /**
   * What the memory tool may create: `undefined` when the model may create the file at `relative`
   * (a memory path), else why not, the reason of a `path_not_allowed` refusal (`WRITE_CHECKS`).
   */
  createRule(relative: string): string | undefined;
  /** The lines as written: subject, each added body line dated `[stated <today>]`; fact, as is. */
  dateAdded(lines: readonly string[], added: ReadonlySet<number>, today: string): string[];
  /** The items of the added lines, each checked against the tombstones before writing. */
  addedItems(lines: readonly string[], added: ReadonlySet<number>): string[];
  /**
   * The items an edit forgets, which leave tombstones: `before` the file's lines, `after` them
   * once edited (absent for a deleted file), `replaced` the lines of `before` a `str_replace`
   * replaced (default: all), `addedItems` what the edit added.
   */
  forgottenItems(edit: {
    before: readonly string[];
    after?: readonly string[];
    replaced?: { first: number; count: number };
    addedItems: readonly string[];
  }): string[];
  /** Whether a line a replacement left is what is left of a removed item (dropped with it). */
  isLeftOfItem(line: string): boolean;
  /** A created file's lines before stamping (subject: a header added when it has none). */
  created(
    lines: string[],
    relative: string,
    memoryPath: string,
    today: string,
  ): { lines: string[] } | { problem: string };
  /**
   * The facts the shape and duplicate steps check, of the lines the model wrote (`own`, indexes
   * into `lines` as written): subject, each line's fact (no list marker or date tag); fact, the
   * body when every body line is the model's (a created file: the body is its one fact), else each
   * line. Blank lines, `---` and headings are no facts.
   */
  checked(lines: readonly string[], own: readonly number[]): string[];
  /**
   * The layout's shape rule for one line the model wrote (the `invalid_fact` row of
   * `WRITE_CHECKS`): subject, a line of at most 300 chars; fact, a body of at most 1,200.
   */
  lineShape(text: string): string | undefined;
  /**
   * A stored fact that already says one of `texts`, the lines the model wrote (the `duplicate`
   * row of `WRITE_CHECKS`): the folder as it is now, with the edited file at `path` as `kept`
   * (its text after the edit without the model's lines). Subject: the same key or a restatement
   * of a line (`heldLine`); fact: another fact file with the same body (`heldBody`).
   */
  held(edit: {
    store: FolderReadStore;
    path: string;
    kept: string;
    texts: readonly string[];
  }): Promise<{ path: string; as?: string } | undefined>;
  /**
   * The file that keeps the subject of a created file by what it says (the `same_subject` row of
   * `WRITE_CHECKS`, beside `findSameSubject`'s rule by name): `texts` the created file's facts,
   * `path` its path (left out). Subject: none (a subject file holds many facts); fact: the file
   * whose fact the created one updates and whose name it says (`factKeptElsewhere`, 0126).
   */
  keptElsewhere(edit: {
    store: FolderReadStore;
    path: string;
    texts: readonly string[];
  }): Promise<SameSubject | undefined>;
  /** The text as written: `updated:` set to today, and the fact layout's missing header fields. */
  stamped(
    content: string,
    edit: { relative: string; memoryPath: string; created: boolean; today: string },
  ): { content: string } | { problem: string };
};

/** Options of `consolidateAll`. */
export type ConsolidateAllOptions = ConsolidateLongFilesOptions & {
  /**
   * Fact layout: merge once the folder holds at least this many fact files (default 10, the third
   * write-up's). The subject layout uses `threshold` (chars per file) instead.
   */
  mergeThreshold?: number;
};

/**
 * Result of `consolidateAll`, one shape per layout: subject, one rewrite result per file past the
 * threshold (`consolidateLongFiles`); fact, no rewrite and the merge pass in `merges`
 * (`consolidateFacts`). Usage in tokens.
 */
export type ConsolidateAllResult =
  | (ConsolidateLongFilesResult & { merges?: undefined })
  | { results: []; usage: ModelUsage; merges: ConsolidateFactsResult };
