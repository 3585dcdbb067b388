import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import { dateTag, safeParseMemoryFile } from "../format/index.js";
import { WriteSession } from "../guards/index.js";
import { layoutNamed } from "../layouts/index.js";
import {
  MemoryPathError,
  type MemoryRow,
  type MemoryStore,
  type StoreLayout,
  type WriteResult,
} from "../store/index.js";
import { readTombstones } from "../write/index.js";
import { finishPendingForget } from "../write/pending-forget.js";
import { makeTombstone, writeTombstones } from "../write/tombstones.js";
import { refuse, type WriteRefusal } from "../write/write-checks.js";
import type { EditResult } from "../write/write-pipeline.js";
import { MemoryToolError } from "./memory-tool-error.js";
import { memoriesPath, type ToolPath, toolPath } from "./memory-tool-paths.js";
import {
  type ApplyMemoryToolEdit,
  type MemoryToolWrite,
  runMemoryToolWrite,
} from "./memory-tool-write.js";

type Command<K extends keyof MemoryToolHandlers> = Parameters<MemoryToolHandlers[K]>[0];

// `---js`, `---coffee`, `---toml`, TOML's `+++`: a front matter fence of another language than
// YAML (`---`, `---yaml`), which the parsers refuse (gray-matter's code engines, CVE-2022-25863).
/** Entries of one folder view (a page): 200 lines of about 40 chars, some 8,000 chars. */
export const MAX_VIEW_ENTRIES = 200;

const FOREIGN_FRONT_MATTER = /^(?:---[ \t]*(?!ya?ml[ \t]*$)[^\s-]|\+\+\+[ \t]*$)/i;

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

/** Options of {@link createMemoryToolHandlers}. */
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

// The docs' view and str_replace results number lines right-aligned in six columns, then a tab.
const LINE_NUMBER_WIDTH = 6;

function numbered(lines: readonly string[], first: number): string {
  return lines
    .map((line, index) => `${String(index + first).padStart(LINE_NUMBER_WIDTH, " ")}\t${line}`)
    .join("\n");
}

// The SDK's local filesystem tool writes sizes as 512B, 1.5K, 4K; memfiles counts chars.
function formatSize(chars: number): string {
  if (chars === 0) return "0B";
  const units = ["B", "K", "M", "G"];
  const index = Math.min(Math.floor(Math.log(chars) / Math.log(1024)), units.length - 1);
  const size = chars / 1024 ** index;
  return `${size % 1 === 0 ? String(size) : size.toFixed(1)}${units[index]}`;
}

/** A file's text as the model edits it: no byte order mark, `\n` breaks, no final break. */
type EditableText = { lines: string[]; crlf: boolean; finalBreak: boolean };

function editable(content: string): EditableText {
  const text = content.replace(/^\uFEFF/, "");
  const crlf = text.includes("\r\n");
  const plain = text.replace(/\r\n/g, "\n");
  const finalBreak = plain.endsWith("\n");
  const body = finalBreak ? plain.slice(0, -1) : plain;
  return { lines: body === "" ? [] : body.split("\n"), crlf, finalBreak };
}

function written(text: EditableText, lines: readonly string[]): string {
  const joined = lines.join("\n") + (text.finalBreak || lines.length > 0 ? "\n" : "");
  return text.crlf ? joined.replace(/\n/g, "\r\n") : joined;
}

/**
 * The result of a `str_replace`: the lines around the change in the file as written, where an
 * `updated:` line added to the header moves the body's lines down by one.
 */
function snippet(
  content: string,
  lines: readonly string[],
  firstLine: number,
  addedCount: number,
): string {
  const final = editable(content).lines;
  const parsedBefore = safeParseMemoryFile(`${lines.join("\n")}\n`);
  const bodyStart = parsedBefore.success ? parsedBefore.value.lineMap.bodyLine - 1 : 0;
  const shift = firstLine >= bodyStart ? final.length - lines.length : 0;
  const changed = Math.min(firstLine + shift, Math.max(final.length - 1, 0));
  const start = Math.max(0, changed - 2);
  const end = Math.min(final.length, changed + Math.max(addedCount, 1) + 2);
  return `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${numbered(final.slice(start, end), start + 1)}`;
}

// What a version conflict says: the file changed between the read and the write.
const CHANGED = "it changed since it was read (another writer).";

/**
 * Builds the six memory-tool command handlers (`view`, `create`, `str_replace`, `insert`,
 * `delete`, `rename`) over a memfiles `MemoryStore`, for the SDK's `betaMemoryTool` helper. Result
 * and error texts follow the memory tool's documentation
 * (https://platform.claude.com/docs/en/agents-and-tools/tool-use/memory-tool) and the SDK's
 * local filesystem implementation (`@anthropic-ai/sdk/tools/memory/node`, 1.14), so the model reads
 * what it was trained on. Every command goes through the store's public API, under its lock; a
 * refused command throws {@link MemoryToolError} (the runner sends `Error: <message>`) and writes
 * nothing. The command's own rules (`/memories/...` paths only, no `..`, no dot-folders; a file
 * that exists or not; `old_str` found once; `insert_line` in range and below the header) keep the
 * docs' texts. Every writing command (`create`, `str_replace`, `insert`, `delete`, `rename`) then
 * goes through the one check pipeline every proposal and `remember` passes (`runMemoryToolWrite`,
 * `runWritePipeline`), refused with the code and message of its `WRITE_CHECKS` row: `secret`
 * (also split across the session's edits), `relative_date` (a relative time in a line the model
 * wrote that cannot be pinned to a day; the others are resolved against today, as `remember`),
 * `invalid_fact` (a created file the layout cannot read, a line the model wrote that is a
 * placeholder or over the layout's length), `path_not_allowed` (the layout's files: subject, the
 * write stage's paths; fact, top-level `<slug>.md`; `MEMORY.md` is generated, viewable and never
 * written), `forgotten` (an added line a tombstone matches), `duplicate` (a line the model wrote
 * that a stored fact already says), `too_long` (over `store.maxChars`, the seed design's
 * 12,000), `version_conflict` (a write by someone else since the read, never overwritten; the
 * command is read, applied and checked again first, 3 times). A line a `str_replace` sends as
 * the file had it is not the model's: never checked, dated or rewritten.
 * In the `subject` layout, every body line the model adds gets `[stated <today>]` (a leading `- `
 * bullet dropped), and a created file without a header gets `name`, `description`, `updated`.
 * Removing fact lines without adding any (a `str_replace` to nothing, a `delete`) is a forget: the
 * removed facts leave tombstones, so no later write pass restores them.
 *
 * @param options - `{ store, layout?, now? }`.
 * @returns Handlers for `betaMemoryTool(handlers)` from `@anthropic-ai/sdk/helpers/beta/memory`.
 * @throws {MemoryToolError} from a handler, when a command is refused (see above).
 * @throws {MemoryLockError} from a handler, when the store lock cannot be taken.
 * @example
 * import { betaMemoryTool } from "@anthropic-ai/sdk/helpers/beta/memory";
 * const tool = betaMemoryTool(createMemoryToolHandlers({ store: new MemoryStore({ root: "memory" }) }));
 * await tool.run({ command: "view", path: "/memories" });
 */
export function createMemoryToolHandlers(options: MemoryToolHandlersOptions): MemoryToolHandlers {
  const { store } = options;
  const layout = layoutNamed(options.layout ?? store.layout ?? "subject");
  const edits = layout.memoryTool;
  const session = options.session ?? new WriteSession();
  const today = (): string => {
    const now = options.now;
    return dateTag(typeof now === "function" ? now() : (now ?? new Date()), options.timeZone);
  };

  const locked = <T>(fn: () => Promise<T>): Promise<T> =>
    store.withLock(async () => {
      await finishPendingForget(store);
      return fn();
    });

  async function guarded<T>(memoryPath: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof MemoryPathError) {
        throw new MemoryToolError(
          `The path ${memoryPath} is refused: ${error.reason}. Nothing was read or written.`,
          { code: "path_refused", cause: error },
        );
      }
      throw error;
    }
  }

  /** How the pipeline's refusals name a command, e.g. `the create of /memories/topics/keys.md`. */
  const label = (command: string, memoryPath: string): string => `the ${command} of ${memoryPath}`;

  function fileOf(path: ToolPath, memoryPath: string, command: string): string {
    if (path.kind === "file") return path.relative;
    const reason =
      path.kind === "index"
        ? "it is the index memfiles generates from the files, never written; edit the memory files instead."
        : 'it is not a file. Memory files end in ".md", such as /memories/topics/tools.md.';
    const refusal = refuse("path_not_allowed", { what: label(command, memoryPath), reason });
    return never(refusal);
  }

  function never(refusal: WriteRefusal): never {
    throw new MemoryToolError(refusal.message, { code: refusal.code });
  }

  /** A writing command through the one check pipeline (see `runMemoryToolWrite`). */
  function through(write: MemoryToolWrite, prepare: () => Promise<ApplyMemoryToolEdit>) {
    return runMemoryToolWrite({
      store,
      write,
      prepare,
      pathRule: (relative) => layout.memoryToolCreateRule(relative),
      rules: edits,
      session,
      today: today(),
    });
  }

  /**
   * The indexes of the lines the model wrote: those of `added` below the header, but for the
   * lines it sent as they were (`kept`, the lines a `str_replace` replaced, each once).
   */
  function modelLines(
    lines: readonly string[],
    added: ReadonlySet<number>,
    kept: readonly string[] = [],
  ): number[] {
    const header = headerLines(lines).count;
    const unchanged = [...kept];
    return [...added]
      .sort((left, right) => left - right)
      .filter((index) => {
        if (index < header) return false;
        const at = unchanged.indexOf(lines[index] ?? "");
        if (at === -1) return true;
        unchanged.splice(at, 1);
        return false;
      });
  }

  /** The indexes of `added`, header lines too, but for the lines sent as they were (`kept`, each once). */
  function changedLines(
    lines: readonly string[],
    added: ReadonlySet<number>,
    kept: readonly string[],
  ): Set<number> {
    const unchanged = [...kept];
    const wrote = new Set<number>();
    for (const index of [...added].sort((left, right) => left - right)) {
      const at = unchanged.indexOf(lines[index] ?? "");
      if (at === -1) wrote.add(index);
      else unchanged.splice(at, 1);
    }
    return wrote;
  }

  /** `lines` with the model's lines (at `indexes`) as the date step resolved them. */
  function resolvedLines(
    lines: readonly string[],
    indexes: readonly number[],
    resolved: readonly string[] | undefined,
  ): string[] {
    const result = [...lines];
    if (resolved === undefined) return result;
    for (const [order, index] of indexes.entries()) result[index] = resolved[order] ?? "";
    return result;
  }

  /** The cap: over `store.maxChars` chars, unless the edit shortens a file already over it. */
  function overCap(content: string, memoryPath: string, before?: string) {
    if (
      content.length <= store.maxChars ||
      (before !== undefined && content.length < before.length)
    ) {
      return undefined;
    }
    return {
      ok: false,
      code: "too_long",
      path: memoryPath,
      reason: `${content.length} chars is over the ${store.maxChars}-char cap of a memory file; keep one subject per file and merge or drop old lines.`,
    } as const;
  }

  /** The store's answer to a write as the pipeline's edit result (`done` is the command's result). */
  function editResult(result: WriteResult, memoryPath: string, done: string): EditResult<string> {
    if (result.ok) return { ok: true, applied: done };
    if (result.outOfScope) {
      return {
        ok: false,
        code: "path_not_allowed",
        path: memoryPath,
        reason: result.reason,
      };
    }
    if (result.code === "version_conflict") {
      return { ok: false, code: "version_conflict", path: memoryPath, reason: CHANGED };
    }
    if (result.code === "not_text") {
      return {
        ok: false,
        code: "unparsable_file",
        path: memoryPath,
        reason: result.reason,
      };
    }
    return {
      ok: false,
      code: "too_long",
      path: memoryPath,
      reason: result.reason,
    };
  }

  /**
   * The command's text fields, checked before any other work: each must be a string (a model or
   * client that sends a number or an object gets a clear refusal, not a `TypeError`), and the
   * text to add must fit in one file (`maxChars`) before the secret and tombstone scans, which
   * cost the text's length, and before the lock is taken.
   */
  function checkInput(command: object, fields: readonly string[], added: string | undefined) {
    for (const field of fields) {
      const value = (command as Record<string, unknown>)[field];
      if (typeof value !== "string") {
        throw new MemoryToolError(
          `Refused the ${String((command as { command?: unknown }).command)} command: \`${field}\` must be a string, got ${value === null ? "null" : typeof value}. Nothing was written; send the text as a string.`,
          { code: "invalid_input" },
        );
      }
    }
    const text = added === undefined ? undefined : (command as Record<string, string>)[added];
    if (text !== undefined && text.length > store.maxChars) {
      const { command: name, path } = command as { command: string; path: string };
      never(
        refuse("too_long", {
          what: label(name, path),
          reason: `\`${added}\` is ${text.length} chars, over the ${store.maxChars}-char cap of a memory file; keep one subject per file and add a few lines at a time.`,
        }),
      );
    }
  }

  /** The number of header lines (front matter or an unfenced header) before the body, 0 if none. */
  function headerLines(lines: readonly string[]): { count: number; style: string } {
    const parsed = safeParseMemoryFile(`${lines.join("\n")}\n`);
    if (!parsed.success || parsed.value.headerStyle === "none") return { count: 0, style: "none" };
    return { count: parsed.value.lineMap.bodyLine - 1, style: parsed.value.headerStyle };
  }

  /**
   * Edits stay in the body: a person's header (name, description, dates) stays the file's first
   * lines, else the description leaves the index and the next write adds a second header.
   */
  function headerRefusal(memoryPath: string, count: number, what: string): MemoryToolError {
    return new MemoryToolError(
      `Refused to ${what} in ${memoryPath}: lines 1-${count} are the file's front matter (name, description, dates), which stays the file's first lines. The body's first line is line ${count + 1}: insert at insert_line ${count} or later, or replace text from line ${count + 1} on. Nothing was written.`,
      { code: "invalid_insert_line" },
    );
  }

  /** The header fields (`name:`, `description:`) of `after` the model wrote: absent or other in `before`. */
  function headerWritten(after: readonly string[], before: readonly string[] = []) {
    const read = (lines: readonly string[]) => {
      const parsed = safeParseMemoryFile(`${lines.join("\n")}\n`);
      if (!parsed.success) return {};
      const header: Partial<Record<"name" | "description", string>> = { ...parsed.value.header };
      // A reader takes a blank field (`name: ""`, `name:`, `name: null`) for a missing one; a
      // writer that sets it blank wrote a field, so the shape check refuses it as blank.
      const headerText = lines.slice(0, parsed.value.lineMap.bodyLine - 1);
      for (const field of ["name", "description"] as const) {
        if (
          header[field] === undefined &&
          headerText.some((line) => line.trimStart().startsWith(`${field}:`))
        ) {
          header[field] = "";
        }
      }
      return header;
    };
    const [now, was] = [read(after), read(before)];
    const written: Partial<Record<"name" | "description", string>> = {};
    for (const field of ["name", "description"] as const) {
      const value = now[field];
      if (value !== undefined && value !== was[field]) written[field] = value;
    }
    return written;
  }

  /** The text as written (see `MemoryToolEdits.stamped`). */
  function stamped(content: string, relative: string, memoryPath: string, created: boolean) {
    return edits.stamped(content, { relative, memoryPath, created, today: today() });
  }

  /**
   * Writes an edit of a file read with `version`: its stamped text (`unparsable_file` when the
   * layout cannot stamp it), within the cap, with the tombstones of the facts it forgets.
   */
  async function writeEdit(
    relative: string,
    memoryPath: string,
    edit: { content: string } | { problem: string },
    file: { content: string; version: string },
    forgotten: readonly string[],
    done: (content: string) => string,
  ): Promise<EditResult<string>> {
    if ("problem" in edit) {
      return { ok: false, code: "unparsable_file", path: memoryPath, reason: edit.problem };
    }
    const cap = overCap(edit.content, memoryPath, file.content);
    if (cap !== undefined) return cap;
    const restore = await forgetRemoved(forgotten);
    try {
      const result = editResult(
        await store.write(relative, edit.content, file.version),
        memoryPath,
        done(edit.content),
      );
      if (!result.ok) await restore();
      return result;
    } catch (error) {
      await restore();
      throw error;
    }
  }

  /** Tombstones for facts removed by an edit that adds none (a forget), before the write. */
  async function forgetRemoved(removed: readonly string[]): Promise<() => Promise<void>> {
    if (removed.length === 0) return async () => {};
    const tombstones = await readTombstones(store);
    await writeTombstones(store, [...tombstones, makeTombstone("", [...removed], today())]);
    return () => writeTombstones(store, tombstones);
  }

  async function readFile(relative: string, memoryPath: string) {
    const file = await store.read(relative);
    if (!file.exists) {
      throw new MemoryToolError(
        `The path ${memoryPath} does not exist. Please provide a valid path.`,
        {
          code: "not_found",
        },
      );
    }
    if (file.notText !== undefined) {
      throw new MemoryToolError(
        `Refused to edit ${memoryPath}: ${file.notText}. Nothing was written.`,
        {
          code: "not_text",
        },
      );
    }
    return file;
  }

  async function rowsUnder(folder: string): Promise<MemoryRow[]> {
    const rows = await store.list();
    return folder === "" ? rows : rows.filter((row) => row.path.startsWith(`${folder}/`));
  }

  async function viewFolder(
    memoryPath: string,
    folder: string,
    range?: readonly number[],
  ): Promise<string> {
    const rows = await rowsUnder(folder);
    if (folder !== "" && rows.length === 0) {
      throw new MemoryToolError(
        `The path ${memoryPath} does not exist. Please provide a valid path.`,
        {
          code: "not_found",
        },
      );
    }
    // Up to 2 levels deep below the folder, as the docs' view of a directory.
    const sizes = new Map<string, number>();
    for (const row of rows) {
      const parts = (folder === "" ? row.path : row.path.slice(folder.length + 1)).split("/");
      for (let depth = 1; depth <= Math.min(parts.length, 2); depth += 1) {
        const isFile = depth === parts.length;
        const key = parts.slice(0, depth).join("/") + (isFile ? "" : "/");
        sizes.set(key, (sizes.get(key) ?? 0) + row.chars);
      }
    }
    const base = folder === "" ? "/memories" : memoriesPath(folder);
    const total = rows.reduce((sum, row) => sum + row.chars, 0);
    const items = [...sizes.keys()].sort((a, b) => {
      const [left, right] = [a.replace(/\/$/, ""), b.replace(/\/$/, "")];
      return left < right ? -1 : left > right ? 1 : 0;
    });
    // A page of entries, so a folder of thousands of files never fills the context window; the
    // note says what was left out and how to see it.
    const start = Math.max(1, range?.[0] ?? 1);
    const end = Math.min(
      items.length,
      range?.[1] === undefined || range[1] === -1 ? start + MAX_VIEW_ENTRIES - 1 : range[1],
      start + MAX_VIEW_ENTRIES - 1,
    );
    const shown = items.slice(start - 1, end);
    const lines = [
      `${formatSize(total)}\t${memoryPath}`,
      ...shown.map((item) => `${formatSize(sizes.get(item) ?? 0)}\t${base}/${item}`),
    ];
    const leftOut = items.length - shown.length;
    const note =
      leftOut === 0
        ? ""
        : `\n(${leftOut} of ${items.length} entries left out; entries ${start}-${end} shown. View one folder (such as /memories/topics), or pass view_range [${end + 1}, ${Math.min(items.length, end + MAX_VIEW_ENTRIES)}] for the next ones.)`;
    return `Here're the files and directories up to 2 levels deep in ${memoryPath}, excluding hidden items and node_modules:\n${lines.join("\n")}${note}`;
  }

  function viewLines(memoryPath: string, lines: readonly string[], range?: number[]): string {
    let shown = lines;
    let first = 1;
    if (range && range.length === 2) {
      const start = Math.max(1, range[0] ?? 1) - 1;
      const end = range[1] === -1 ? lines.length : (range[1] ?? lines.length);
      shown = lines.slice(start, end);
      first = start + 1;
    }
    return `Here's the content of ${memoryPath} with line numbers:\n${numbered(shown, first)}`;
  }

  function deleteFile(relative: string, memoryPath: string): Promise<string> {
    return through({ label: label("delete", memoryPath), memoryPath }, async () => {
      const file = await readFile(relative, memoryPath);
      const lines = editable(file.content).lines;
      const forgotten = edits.forgottenFacts({ before: lines, addedFacts: [] });
      return () => ({
        added: "",
        facts: [],
        lines: [],
        checked: [],
        write: async () => {
          const restore = await forgetRemoved(forgotten);
          const result = await store.delete(relative, file.version);
          if (result.ok) return { ok: true, applied: `Successfully deleted ${memoryPath}` };
          await restore();
          return { ok: false, code: "version_conflict", path: memoryPath, reason: CHANGED };
        },
      });
    });
  }

  return {
    view: (command: Command<"view">) =>
      guarded(command.path, async () => {
        checkInput(command, ["path"], undefined);
        const path = toolPath(command.path);
        if (path.kind === "root") return viewFolder(command.path, "", command.view_range);
        if (path.kind === "folder") {
          return viewFolder(command.path, path.relative, command.view_range);
        }
        if (path.kind === "index") {
          return viewLines(
            command.path,
            editable(await store.renderIndex()).lines,
            command.view_range,
          );
        }
        const file = await store.read(path.relative);
        if (!file.exists) {
          throw new MemoryToolError(
            `The path ${command.path} does not exist. Please provide a valid path.`,
            { code: "not_found" },
          );
        }
        return viewLines(command.path, editable(file.content).lines, command.view_range);
      }),

    create: (command: Command<"create">) =>
      guarded(command.path, () => {
        checkInput(command, ["path", "file_text"], "file_text");
        const relative = fileOf(toolPath(command.path), command.path, "create");
        const write = {
          label: label("create", command.path),
          memoryPath: command.path,
          creates: relative,
        };
        return locked(() =>
          through(write, async () => (resolved) => {
            let version = "";
            const sent = editable(command.file_text);
            const all = new Set(sent.lines.map((_line, index) => index));
            const own = modelLines(sent.lines, all);
            const text = { ...sent, lines: resolvedLines(sent.lines, own, resolved) };
            const dated = edits.dateAdded(text.lines, all, today());
            const facts = edits.addedFacts(dated, all);
            const fence = text.lines.find((line) => line.trim() !== "")?.trim() ?? "";
            const created = FOREIGN_FRONT_MATTER.test(fence)
              ? {
                  problem: `its first line ${JSON.stringify(fence.slice(0, 40))} opens front matter in another language than YAML, which memfiles never reads or edits (front matter in other languages can run code); start the file with "---", "name: ...", "description: ...", "---", then the fact`,
                }
              : edits.created(dated, relative, command.path, today());
            const file =
              "problem" in created
                ? created
                : stamped(
                    written({ ...text, finalBreak: true }, created.lines),
                    relative,
                    command.path,
                    true,
                  );
            const content = "content" in file ? file.content : "";
            return {
              added: command.file_text,
              facts,
              lines: own.map((index) => sent.lines[index] ?? ""),
              checked: edits.checked(dated, own),
              kept: { path: relative, content: "" },
              problem: "problem" in file ? file.problem : undefined,
              header: headerWritten(sent.lines),
              locate: async () => {
                const current = await store.read(relative);
                if (current.exists) {
                  throw new MemoryToolError(`File ${command.path} already exists`, {
                    code: "already_exists",
                  });
                }
                version = current.version;
              },
              write: async () =>
                overCap(content, command.path) ??
                editResult(
                  await store.write(relative, content, version),
                  command.path,
                  `File created successfully at: ${command.path}`,
                ),
            };
          }),
        );
      }),

    str_replace: (command: Command<"str_replace">) =>
      guarded(command.path, () => {
        checkInput(command, ["path", "old_str", "new_str"], "new_str");
        const relative = fileOf(toolPath(command.path), command.path, "str_replace");
        const write = { label: label("str_replace", command.path), memoryPath: command.path };
        return locked(() =>
          through(write, async () => {
            const file = await readFile(relative, command.path);
            return (resolved) => {
              const text = editable(file.content);
              const body = text.lines.join("\n") + (text.finalBreak ? "\n" : "");
              const oldText = command.old_str.replace(/\r\n/g, "\n");
              const newText = command.new_str.replace(/\r\n/g, "\n");
              const starts: number[] = [];
              for (let at = body.indexOf(oldText); at !== -1 && oldText !== ""; ) {
                starts.push(at);
                at = body.indexOf(oldText, at + 1);
              }
              if (starts.length === 0) {
                throw new MemoryToolError(
                  `No replacement was performed, old_str \`${command.old_str}\` did not appear verbatim in ${command.path}.`,
                  { code: "no_match" },
                );
              }
              if (starts.length > 1) {
                const lineNumbers = starts.map((at) => body.slice(0, at).split("\n").length);
                throw new MemoryToolError(
                  `No replacement was performed. Multiple occurrences of old_str \`${command.old_str}\` in lines: ${lineNumbers.join(", ")}. Please ensure it is unique`,
                  { code: "ambiguous_match" },
                );
              }
              const at = starts[0] ?? 0;
              const firstLine = body.slice(0, at).split("\n").length - 1;
              const replacedLines = oldText.split("\n").length;
              const sentLines = editable(
                body.slice(0, at) + newText + body.slice(at + oldText.length),
              ).lines;
              const addedCount = newText.split("\n").length;
              const added = new Set<number>();
              if (newText !== "") {
                for (let index = firstLine; index < firstLine + addedCount; index += 1)
                  added.add(index);
              }
              const own = modelLines(
                sentLines,
                added,
                text.lines.slice(firstLine, firstLine + replacedLines),
              );
              const newLines = resolvedLines(sentLines, own, resolved);
              // A line sent as it was is kept as it was: never dated or rewritten.
              let lines = edits.dateAdded(newLines, new Set(own), today());
              // A replacement that leaves an empty line where a whole line was removed drops it, and
              // so does one that leaves only a date tag where a fact was ("[stated 2026/09/01] ").
              const leftOver = lines[firstLine]?.trim() ?? "";
              if (
                newText === "" &&
                (leftOver === "" || edits.isLeftOfFact(leftOver)) &&
                text.lines[firstLine]?.trim() !== leftOver
              ) {
                lines = lines.filter((_line, index) => index !== firstLine);
              }
              const header = headerLines(text.lines);
              if (firstLine < header.count) {
                // Inside the header only, and the header still a header of the same lines plus the
                // ones added (a description edited in place); never across into the body.
                const after = headerLines(lines);
                const keeps =
                  firstLine + replacedLines <= header.count &&
                  after.style === header.style &&
                  after.count === header.count + lines.length - text.lines.length;
                if (!keeps) throw headerRefusal(command.path, header.count, "replace text");
              }
              // Only the lines the model wrote meet the tombstones: a line it sent as it was is a
              // person's, and a tombstone matching it must not refuse the edit of another line.
              const wrote = changedLines(
                sentLines,
                added,
                text.lines.slice(firstLine, firstLine + replacedLines),
              );
              const newFacts = edits.addedFacts(lines, wrote);
              const forgotten = edits.forgottenFacts({
                before: text.lines,
                after: lines,
                replaced: { first: firstLine, count: replacedLines },
                addedFacts: newFacts,
              });
              const edit = stamped(written(text, lines), relative, command.path, false);
              const ownSet = new Set(own);
              return {
                added: newText,
                facts: newFacts,
                lines: own.map((index) => sentLines[index] ?? ""),
                checked: edits.checked(lines, own),
                header: firstLine < header.count ? headerWritten(lines, text.lines) : undefined,
                kept: {
                  path: relative,
                  content: written(
                    text,
                    lines.filter((_line, index) => !ownSet.has(index)),
                  ),
                },
                write: () =>
                  writeEdit(relative, command.path, edit, file, forgotten, (content) =>
                    snippet(content, lines, firstLine, addedCount),
                  ),
              };
            };
          }),
        );
      }),

    insert: (command: Command<"insert">) =>
      guarded(command.path, () => {
        checkInput(command, ["path", "insert_text"], "insert_text");
        const relative = fileOf(toolPath(command.path), command.path, "insert");
        const write = { label: label("insert", command.path), memoryPath: command.path };
        return locked(() =>
          through(write, async () => {
            const file = await readFile(relative, command.path);
            return (resolved) => {
              const text = editable(file.content);
              if (
                !Number.isInteger(command.insert_line) ||
                command.insert_line < 0 ||
                command.insert_line > text.lines.length
              ) {
                throw new MemoryToolError(
                  `Invalid \`insert_line\` parameter: ${command.insert_line}. It should be within the range of lines of the file: [0, ${text.lines.length}]`,
                  { code: "invalid_insert_line" },
                );
              }
              const inserted = command.insert_text
                .replace(/\r\n/g, "\n")
                .replace(/\n$/, "")
                .split("\n");
              const sentLines = [...text.lines];
              sentLines.splice(command.insert_line, 0, ...inserted);
              const added = new Set(inserted.map((_line, index) => command.insert_line + index));
              const own = modelLines(sentLines, added);
              const lines = resolvedLines(sentLines, own, resolved);
              const dated = edits.dateAdded(lines, added, today());
              const header = headerLines(text.lines);
              const edit = stamped(written(text, dated), relative, command.path, false);
              const ownSet = new Set(own);
              return {
                added: command.insert_text,
                facts: edits.addedFacts(dated, added),
                lines: own.map((index) => sentLines[index] ?? ""),
                checked: edits.checked(dated, own),
                kept: {
                  path: relative,
                  content: written(
                    text,
                    dated.filter((_line, index) => !ownSet.has(index)),
                  ),
                },
                write: async () => {
                  // After the secret and tombstone checks, so a forgotten fact is named as such anywhere.
                  if (command.insert_line < header.count) {
                    throw headerRefusal(
                      command.path,
                      header.count,
                      `insert at line ${command.insert_line}`,
                    );
                  }
                  return writeEdit(
                    relative,
                    command.path,
                    edit,
                    { content: "", version: file.version },
                    [],
                    () => `The file ${command.path} has been edited.`,
                  );
                },
              };
            };
          }),
        );
      }),

    delete: (command: Command<"delete">) =>
      guarded(command.path, () => {
        checkInput(command, ["path"], undefined);
        const path = toolPath(command.path);
        if (path.kind === "root") {
          throw new MemoryToolError("Cannot delete the /memories directory itself", {
            code: "path_refused",
          });
        }
        return locked(async () => {
          if (path.kind === "folder") {
            const rows = await rowsUnder(path.relative);
            if (rows.length === 0) {
              throw new MemoryToolError(`The path ${command.path} does not exist`, {
                code: "not_found",
              });
            }
            for (const row of rows) await deleteFile(row.path, memoriesPath(row.path));
            return `Successfully deleted ${command.path}`;
          }
          const relative = fileOf(path, command.path, "delete");
          if (!(await store.read(relative)).exists) {
            throw new MemoryToolError(`The path ${command.path} does not exist`, {
              code: "not_found",
            });
          }
          await deleteFile(relative, command.path);
          return `Successfully deleted ${command.path}`;
        });
      }),

    rename: (command: Command<"rename">) =>
      guarded(`${command.old_path} -> ${command.new_path}`, () => {
        checkInput(command, ["old_path", "new_path"], undefined);
        const from = toolPath(command.old_path);
        if (from.kind === "root") {
          throw new MemoryToolError("Cannot rename the /memories directory itself", {
            code: "path_refused",
          });
        }
        const oldRelative = fileOf(from, command.old_path, "rename");
        const newRelative = fileOf(toolPath(command.new_path), command.new_path, "rename");
        const write = {
          label: `the rename of ${command.old_path} to ${command.new_path}`,
          memoryPath: command.new_path,
          creates: newRelative,
        };
        return locked(() =>
          through(write, async () => {
            // The file to move and the version of the free destination, as read under the lock.
            let located: { content: string; version: string; free: string } | undefined;
            return () => ({
              added: "",
              facts: [],
              lines: [],
              checked: [],
              locate: async () => {
                const file = await store.read(oldRelative);
                if (!file.exists) {
                  throw new MemoryToolError(`The path ${command.old_path} does not exist`, {
                    code: "not_found",
                  });
                }
                const target = await store.read(newRelative);
                if (target.exists) {
                  throw new MemoryToolError(`The destination ${command.new_path} already exists`, {
                    code: "already_exists",
                  });
                }
                located = { content: file.content, version: file.version, free: target.version };
              },
              write: async () => {
                if (located === undefined) throw new Error("rename: written before located");
                const file = located;
                const moved = editResult(
                  await store.write(newRelative, file.content, file.free),
                  command.new_path,
                  `Successfully renamed ${command.old_path} to ${command.new_path}`,
                );
                if (!moved.ok) return moved;
                const removed = await store.delete(oldRelative, file.version);
                if (removed.ok) return moved;
                await store.delete(newRelative);
                return {
                  ok: false,
                  code: "version_conflict",
                  path: command.old_path,
                  reason: CHANGED,
                };
              },
            });
          }),
        );
      }),
  };
}
