import { makeTombstone } from "../guards/tombstones.js";
import type { MemoryRow, WriteResult } from "../store/index.js";
import { quoteText } from "../text/index.js";
import { addTombstone } from "../write/tombstone-kept.js";
import { refuse } from "../write/write-checks.js";
import type { EditResult } from "../write/write-pipeline.js";
import { CHANGED, label, type MemoryToolContext, never } from "./memory-tool-context.js";
import { MemoryToolError } from "./memory-tool-error.js";

/** The cap: over `store.maxChars` chars, unless the edit shortens a file already over it. */
export function overCap(
  context: MemoryToolContext,
  content: string,
  memoryPath: string,
  before?: string,
) {
  if (
    content.length <= context.store.maxChars ||
    (before !== undefined && content.length < before.length)
  ) {
    return undefined;
  }
  return {
    ok: false,
    code: "too_long",
    path: memoryPath,
    reason: `${content.length} chars is over the ${context.store.maxChars}-char cap of a memory file; keep one subject per file and merge or drop old lines.`,
  } as const;
}

/** The store's answer to a write as the pipeline's edit result (`done` is the command's result). */
export function editResult(
  result: WriteResult,
  memoryPath: string,
  done: string,
): EditResult<string> {
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
export function checkInput(
  context: MemoryToolContext,
  command: object,
  fields: readonly string[],
  added: string | undefined,
) {
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
  if (text !== undefined && text.length > context.store.maxChars) {
    const { command: name, path } = command as { command: string; path: string };
    never(
      refuse("too_long", {
        what: label(name, path),
        reason: `\`${added}\` is ${text.length} chars, over the ${context.store.maxChars}-char cap of a memory file; keep one subject per file and add a few lines at a time.`,
      }),
    );
  }
}

/**
 * A value a command was sent where a number or a list was expected, named with its type so `"2"`
 * sent as text is not read as 2: `1.5`, `NaN`, `"2" (text)`, `[5, 1]`, `null`.
 */
export function shownValue(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return `${quoteText(value)} (text)`;
  if (Array.isArray(value)) {
    const items = value.slice(0, 4).map(shownValue);
    return `[${items.join(", ")}${value.length > 4 ? `, … (${value.length} items)` : ""}]`;
  }
  return value === null ? "null" : `a value of type ${typeof value}`;
}

/** The text as written (see `MemoryToolEdits.stamped`). */
export function stamped(
  context: MemoryToolContext,
  content: string,
  relative: string,
  memoryPath: string,
  created: boolean,
) {
  return context.layout.memoryTool.stamped(content, {
    relative,
    memoryPath,
    created,
    today: context.today(),
  });
}

/**
 * Writes an edit of a file read with `version`: its stamped text (`unparsable_file` when the
 * layout cannot stamp it), within the cap, with the tombstones of the facts it forgets.
 */
export async function writeEdit(
  context: MemoryToolContext,
  relative: string,
  memoryPath: string,
  edit: { content: string } | { problem: string },
  file: { content: string; version: string },
  forgotten: readonly string[],
  done: (content: string) => string | Promise<string>,
): Promise<EditResult<string>> {
  if ("problem" in edit) {
    return { ok: false, code: "unparsable_file", path: memoryPath, reason: edit.problem };
  }
  const cap = overCap(context, edit.content, memoryPath, file.content);
  if (cap !== undefined) return cap;
  const restore = await forgetRemoved(context, forgotten, relative, edit.content);
  try {
    const result = editResult(
      await context.store.write(relative, edit.content, file.version),
      memoryPath,
      await done(edit.content),
    );
    if (!result.ok) await restore();
    return result;
  } catch (error) {
    await restore();
    throw error;
  }
}

/**
 * The tombstone of the facts an edit or a delete removes (a forget), before the write, with what
 * it leaves (`kept`, asked of memory as the write will leave `relative`: `content`, or deleted).
 */
export async function forgetRemoved(
  context: MemoryToolContext,
  removed: readonly string[],
  relative: string,
  content: string | undefined,
): Promise<() => Promise<void>> {
  if (removed.length === 0) return async () => {};
  return addTombstone(context.store, makeTombstone("", [...removed], context.today()), {
    files: new Map([[relative, content]]),
    layout: context.layout.name,
  });
}

export async function readFile(context: MemoryToolContext, relative: string, memoryPath: string) {
  const file = await context.store.read(relative);
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

export async function rowsUnder(context: MemoryToolContext, folder: string): Promise<MemoryRow[]> {
  const rows = await context.store.list();
  return folder === "" ? rows : rows.filter((row) => row.path.startsWith(`${folder}/`));
}
