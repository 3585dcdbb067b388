import { join, resolve } from "node:path";
import { findSecrets, MemoryStore, type StoreLayout } from "@memfiles/core";
import {
  createMemoryToolHandlers,
  editableText,
  findForgottenIndexLines,
  localDay,
  MEMORY_INDEX_FILE,
  memoriesPath,
  resolveRelativeDates,
  safeParseMemoryFile,
} from "@memfiles/core/internal";
import { DryRunBackend } from "./dry-run-backend.js";
import { memoryPathOf } from "./memory-path-of.js";

/** A file edit Claude Code is about to make with its Write, Edit or MultiEdit tool. */
export type FileEdit =
  | { tool: "Write"; filePath: string; content: string }
  | { tool: "Edit"; filePath: string; oldString: string; newString: string; replaceAll?: boolean }
  | {
      tool: "MultiEdit";
      filePath: string;
      edits: Array<{ oldString: string; newString: string; replaceAll?: boolean }>;
    };

/** Options of {@link checkFileEdit}. */
export type CheckFileEditOptions = {
  /** The memory folder. */
  root: string;
  /** Its layout. */
  layout: StoreLayout;
  edit: FileEdit;
  /** The user's IANA time zone (date tags, relative dates); default UTC. */
  timeZone?: string;
  now?: Date;
};

/**
 * The verdict on an edit: `outside` (not in the memory folder: not memfiles' to judge), `allow`,
 * or `deny` with the check table's code and message.
 */
export type CheckFileEditResult =
  | { decision: "outside" }
  | { decision: "allow" }
  | { decision: "deny"; code: string; message: string };

// Claude Code applies an edit whose old string is empty as the whole new text: it creates a
// missing file or fills a blank one (its own check refuses it only on a file with other text).
function replaceIn(
  text: string | undefined,
  oldString: string,
  newString: string,
  all: boolean,
): string | undefined {
  if (oldString === "") return newString;
  if (text === undefined || !text.includes(oldString)) return undefined;
  return all ? text.split(oldString).join(newString) : text.replace(oldString, () => newString);
}

/** The file's text after the edit, or `undefined` when an old string is not in it. */
function editedText(edit: FileEdit, before: string | undefined): string | undefined {
  if (edit.tool === "Write") return edit.content;
  const steps = edit.tool === "Edit" ? [edit] : edit.edits;
  let text: string | undefined = before;
  for (const step of steps) {
    text = replaceIn(text, step.oldString, step.newString, step.replaceAll === true);
    if (text === undefined) return undefined;
  }
  return text;
}

/**
 * The file's text after the edit, matched as written or with the line breaks Claude Code edits
 * with (a CRLF file's `\r\n` as `\n`); `undefined` when an old string is in neither.
 */
function textAfter(edit: FileEdit, before: string | undefined): string | undefined {
  return (
    editedText(edit, before) ??
    (before === undefined ? undefined : editedText(edit, editableText(before)))
  );
}

/**
 * An edit whose old string is not in the file is denied, not left to Claude Code: its Edit also
 * matches other quote marks and `\uXXXX` escapes, so it could write what was never checked.
 */
function notFound(filePath: string, exists: boolean): CheckFileEditResult {
  return {
    decision: "deny",
    code: "old_string_not_found",
    message: `Refused the edit of ${filePath}: ${exists ? "an old_string is not in the file as written" : 'the file does not exist, so only an old_string of "" (a new file) applies'}. memfiles checks an edit of the memory folder against the file's exact text; Read the file and send old_string exactly as it appears there.`,
  };
}

/**
 * The lines an edit changes, as a `str_replace` the memory tool takes: the lines between the
 * unchanged first and last lines, widened by a line of context at a time until the old text
 * occurs once (an insertion needs one to anchor it).
 */
function changedLines(
  before: string,
  after: string,
): { oldString: string; newString: string; first: number } {
  const oldLines = before.split("\n");
  const newLines = after.split("\n");
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head])
    head++;
  let tail = 0;
  while (
    tail < oldLines.length - head &&
    tail < newLines.length - head &&
    oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]
  )
    tail++;
  const first = head;
  for (;;) {
    const oldString = oldLines.slice(head, oldLines.length - tail).join("\n");
    const newString = newLines.slice(head, newLines.length - tail).join("\n");
    const once = oldString !== "" && before.indexOf(oldString) === before.lastIndexOf(oldString);
    if (once || (head === 0 && tail === 0)) return { oldString, newString, first };
    if (tail > 0) tail--;
    else head--;
  }
}

/** The number of front matter lines `text` opens with (0 without front matter). */
function headerLineCount(text: string): number {
  const parsed = safeParseMemoryFile(text);
  return parsed.success && parsed.value.headerStyle !== "none"
    ? parsed.value.lineMap.bodyLine - 1
    : 0;
}

/**
 * A memory tool message with the paths Claude Code knows: the memory tool names files
 * `/memories/<path>`, which is no path in the project. The edited file is named as Claude Code
 * gave it, any other memory file by its path in the memory folder.
 */
function withRealPaths(message: string, toolPath: string, filePath: string, root: string): string {
  return message
    .split(toolPath)
    .join(filePath)
    .replace(/\/memories\/([^\s`'"]+)/g, (_, path: string) => join(root, path));
}

/**
 * The memory tool writes a relative time ("yesterday") as the day it means, resolved against today
 * in the user's time zone; Claude Code writes the edit as sent. So an edit holding one is denied
 * with the words to write instead, and the file ends as the memory tool would have written it.
 */
function relativeTimes(
  written: string,
  options: CheckFileEditOptions,
): CheckFileEditResult | undefined {
  const today = localDay(options.now ?? new Date(), options.timeZone ?? "UTC");
  const dated = resolveRelativeDates(written, today);
  if (!dated.ok || dated.resolved.length === 0) return undefined;
  const instead = dated.resolved
    .map((date) => `"${date.replacement}" for "${date.text}"`)
    .join(", ");
  return {
    decision: "deny",
    code: "relative_date",
    message: `Refused the edit of ${options.edit.filePath}: memory keeps the day a relative time means (today is ${today.replace(/-/g, "/")}), as memfiles' memory tool writes it. Write ${instead}, and send the edit again.`,
  };
}

/**
 * Claude Code loads `MEMORY.md` into every session, so a line written there by hand is memory: an
 * edit that adds one a tombstone matches (core's `findForgottenIndexLines`, the rule every write
 * passes) is denied as the write pipeline's `forgotten` step denies it. Lines already there are
 * `check`'s to report, not this edit's.
 */
async function forgottenInIndex(
  store: MemoryStore,
  before: string,
  after: string,
  filePath: string,
): Promise<CheckFileEditResult> {
  const had = new Set((await findForgottenIndexLines(store, before)).map((line) => line.text));
  const added = (await findForgottenIndexLines(store, after)).find((line) => !had.has(line.text));
  if (added === undefined) return { decision: "allow" };
  return {
    decision: "deny",
    code: "forgotten",
    message: `Refused the edit of ${filePath}: its line ${added.line} holds a fact the user asked on ${added.forgotten} to forget (tombstone rule ${added.rule}). Claude Code loads this file into every session; leave the line out.`,
  };
}

/**
 * Runs a Claude Code file edit inside the memory folder through the memory tool's write path
 * (the one check pipeline: secret, relative date, shape, the layout's path rule, forgotten,
 * duplicate, cap, version token), on a dry-run copy of the store so nothing is written: Claude Code
 * writes the file itself once allowed. A new or blank file is checked as the memory tool's
 * `create`, a changed one as a `str_replace` of the lines it changes, and one whose front matter
 * changes (a whole-file Write in Claude Code's own format) as a `create` of its new text in its place. A relative time the memory tool would
 * write as a date ("yesterday" → "on 2026/12/05") is denied with that date to write instead, so
 * the file ends as the memory tool would have written it. `MEMORY.md` is Claude Code's index: an edit to it is checked for secrets and for forgotten facts in the lines written by hand. Files
 * under `.memfiles/` are memfiles' own state and never edited by hand.
 *
 * @param options - `{ root, layout, edit, timeZone?, now? }`.
 * @returns `{ decision: "outside" | "allow" }` or `{ decision: "deny", code, message }`.
 * @throws File-system errors from reading the folder pass through.
 * @example await checkFileEdit({ root, layout: "fact", edit: { tool: "Write", filePath, content } })
 */
export async function checkFileEdit(options: CheckFileEditOptions): Promise<CheckFileEditResult> {
  const root = resolve(options.root);
  const memoryPath = memoryPathOf(root, options.edit.filePath);
  if (memoryPath === undefined) return { decision: "outside" };
  if (memoryPath === ".memfiles" || memoryPath.startsWith(".memfiles/")) {
    return {
      decision: "deny",
      code: "internal_file",
      message: `Refused the edit of ${memoryPath}: .memfiles/ holds memfiles' own state (tombstones, checkpoints); it is never edited by hand or by a tool.`,
    };
  }
  const store = new MemoryStore({ root, layout: options.layout });
  if (memoryPath === MEMORY_INDEX_FILE) {
    const index = await store.readIndex();
    const text = textAfter(options.edit, index.exists ? index.content : undefined);
    if (text === undefined) return notFound(options.edit.filePath, index.exists);
    const { findings } = await findSecrets(text);
    if (findings.length > 0) {
      return {
        decision: "deny",
        code: "secret",
        message: `Refused the edit of ${MEMORY_INDEX_FILE}: it holds what looks like a secret. Memory never keeps passwords, keys or tokens; leave it out.`,
      };
    }
    // A tombstone file that cannot be read refuses the edit as every write refuses it (decision
    // 0107), with its message naming the file, the line and the fix.
    return forgottenInIndex(
      store,
      index.exists ? index.content : "",
      text,
      options.edit.filePath,
    ).catch((error: unknown) => refusal(error, (message) => message));
  }
  const backend = new DryRunBackend(store);
  const dryRun = new MemoryStore({ backend, layout: options.layout });
  const before = await dryRun.read(memoryPath).catch(() => undefined);
  const text = textAfter(options.edit, before?.exists === true ? before.content : undefined);
  if (text === undefined) return notFound(options.edit.filePath, before?.exists === true);
  const handlers = createMemoryToolHandlers({
    store: dryRun,
    layout: options.layout,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
  });
  const toolPath = memoriesPath(memoryPath);
  try {
    let written = text;
    const create = () => handlers.create({ command: "create", path: toolPath, file_text: text });
    if (before?.exists === true && before.content.trim() !== "") {
      if (before.content === text) return { decision: "allow" };
      // With the line breaks the memory tool edits with: a CRLF file's lines end in `\r` otherwise.
      const [beforeText, afterText] = [editableText(before.content), editableText(text)];
      if (beforeText === afterText) return { decision: "allow" };
      const { oldString, newString, first } = changedLines(beforeText, afterText);
      if (first < headerLineCount(beforeText)) {
        // The edit rewrites the front matter (Claude Code writes its own, or leaves out `updated:`):
        // checked as the fact the file now holds, made anew, since the memory tool's edits keep
        // the front matter.
        await backend.deleteIfVersion(memoryPath);
        await create();
      } else {
        written = newString;
        await handlers.str_replace({
          command: "str_replace",
          path: toolPath,
          old_str: oldString,
          new_str: newString,
        });
      }
    } else {
      // A blank file holds no memory: writing it is a create, as Claude Code's Edit with an empty
      // old string treats it.
      if (before?.exists === true) await backend.deleteIfVersion(memoryPath);
      await create();
    }
    return relativeTimes(written, options) ?? { decision: "allow" };
  } catch (error) {
    return refusal(error, (message) =>
      withRealPaths(message, toolPath, options.edit.filePath, root),
    );
  }
}

// A check that threw (the memory tool's refusal, a tombstone file that cannot be read) as a deny
// with the error's code and its message, as the memory tool and every other surface say it.
function refusal(error: unknown, shown: (message: string) => string): CheckFileEditResult {
  const code =
    typeof (error as { code?: unknown }).code === "string"
      ? (error as { code: string }).code
      : "check_failed";
  const message = error instanceof Error ? error.message : String(error);
  return { decision: "deny", code, message: shown(message) };
}
