import { existsSync, statSync } from "node:fs";
import { mkdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import {
  applyTextLayout,
  decodeText,
  encodeText,
  type LineBreaks,
  readTextLayout,
  restoreLineBreaks,
  type TextEncoding,
  type TextLayout,
} from "@memfiles/core/internal";
import { MemfilesError } from "@memfiles/errors";
import {
  applyEdits,
  type FormattingOptions,
  findNodeAtLocation,
  format,
  type JSONPath,
  modify,
  type Node,
  parseTree,
} from "jsonc-parser";
import { HOOK_ON_FAILURE, HOOK_TIMEOUT_SECONDS } from "./hook-events.js";
import { isMemfilesHook, memfilesHookCommands, USER_LEVEL_OPTION } from "./install-level.js";
import { MCP_SERVER_NAME } from "./recall-constants.js";
import { CLAUDE_CODE_EVENT_NAMES, type HookEvent } from "./run-hook.js";

export { HOOK_ON_FAILURE, HOOK_TIMEOUT_SECONDS };

/** The tools whose edits PreToolUse checks (a settings `matcher`). */
export const EDIT_TOOLS_MATCHER = "Write|Edit|MultiEdit";

export { isMemfilesHook, MCP_SERVER_NAME };

/** A settings file Claude Code reads is not a JSON object: nothing is changed. */
export class SettingsFileError extends MemfilesError {
  override readonly name = "SettingsFileError";
  readonly path: string;
  /** What is wrong with the file, e.g. `it is a folder, not a file`. */
  readonly problem: string;

  constructor(path: string, problem: string, options?: { cause?: unknown }) {
    super(
      `Cannot change ${path}: ${problem}. Fix the file (it must be a JSON object) and run the command again; nothing was changed.`,
      {
        code: "settings_file_invalid",
        userFixable: true,
        cause: options?.cause,
      },
    );
    this.path = path;
    this.problem = problem;
  }
}

/**
 * The settings run memfiles' hooks with another memory folder than the one being installed (by
 * hand, or an earlier install with another `--root`): install refuses rather than delete them.
 */
export class OtherMemfilesHooksError extends MemfilesError {
  override readonly name = "OtherMemfilesHooksError";
  readonly path: string;

  constructor(path: string, command: string) {
    super(
      `${path} already runs a memfiles hook with another memory folder (${command}). install would replace it, so nothing was changed. Run \`memfiles claude-code uninstall\` first to replace it, or install with the same --root.`,
      { code: "other_memfiles_hooks", userFixable: true },
    );
    this.path = path;
  }
}

/**
 * The `--root` of a memfiles hook command (unquoted as the shell would), `undefined` without one.
 *
 * @param command - A hook's `command`.
 * @returns The folder as written.
 * @example rootOfHookCommand("memfiles hook session-end --root ./memory") // "./memory"
 */
export function rootOfHookCommand(command: string): string | undefined {
  const word = /--root\s+('(?:[^']|'\\'')*'|\S+)/.exec(command)?.[1];
  return word?.replace(/^'|'$/g, "").replace(/'\\''/g, "'");
}

/** Options of {@link installClaudeCode} and {@link uninstallClaudeCode}. */
export type InstallOptions = {
  /** Claude Code's settings file: `.claude/settings.json` (project) or `~/.claude/settings.json` (`--user`). */
  settingsPath: string;
  /** Where the MCP server is registered: `.mcp.json` (project) or `~/.claude.json` (`--user`). */
  mcpPath: string;
  /** The command that runs `memfiles`, as words (e.g. `[node, /path/to/memfiles.js]`). */
  hookCommand: readonly string[];
  /** The command of the MCP server, as words, with its arguments. */
  mcpCommand: readonly string[];
  /** `--root`: the memory folder, when not Claude Code's auto memory. */
  root?: string | undefined;
  /**
   * A `--user` install: each hook command carries `--user`, so that in a project with its own
   * install the user-level hooks stand down (`userLevelStandsDown`) and nothing is written twice.
   */
  user?: boolean | undefined;
  /**
   * The folder Claude Code runs the project's sessions in (a project install): a hook's relative
   * `--root` is taken from the session's `cwd` at run time, so here from this folder, and a
   * hand-written `--root ./memory` is the same folder as an install's absolute one.
   */
  projectFolder?: string | undefined;
  /**
   * A project install's `.claude/settings.local.json`: the memfiles server of `.mcp.json` is
   * approved there (`enabledMcpjsonServers`), as Claude Code's own "use this server?" prompt
   * does when the person says yes. Absent for `--user`: a user-scope server needs no approval.
   */
  localSettingsPath?: string | undefined;
  /**
   * Where install notes the files it created and the text of those that were blank (a JSON
   * object), so that uninstall removes those and only those once emptied, and writes a blank one
   * back as it was: a file the person had before, even `{}`, is kept, never removed. Without it,
   * uninstall removes no file.
   */
  recordPath?: string | undefined;
};

/**
 * Whether Claude Code will start the project's memfiles server: `approved` now (in the local
 * settings), `already_approved` (by the person, or `enableAllProjectMcpServers`), or `rejected`
 * (the person said no: `disabledMcpjsonServers` names it, and install leaves that alone).
 */
export type McpApproval = "approved" | "already_approved" | "rejected";

/** Result of {@link installClaudeCode} and {@link uninstallClaudeCode}: the files it changed. */
export type InstallResult = {
  changed: string[];
  /** With `localSettingsPath` (install only): see {@link McpApproval}. */
  mcpApproval?: McpApproval;
};

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

type Json = Record<string, unknown>;
type HookGroup = { matcher?: string; hooks?: Array<{ type?: string; command?: string }> };

/** Quotes a word for the shell Claude Code runs a hook command in (POSIX sh). */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The `command` of one memfiles hook. */
export function hookCommandLine(
  options: Pick<InstallOptions, "hookCommand" | "root" | "user">,
  event: HookEvent,
): string {
  return [
    ...options.hookCommand,
    "hook",
    event,
    ...(options.root === undefined ? [] : ["--root", options.root]),
    ...(options.user === true ? [USER_LEVEL_OPTION] : []),
  ]
    .map(shellWord)
    .join(" ");
}

/** How a settings file was written, kept when it is written back (core's text helpers). */
type JsonFormat = TextLayout & {
  encoding: TextEncoding;
  lineBreaks?: LineBreaks;
  /** With `mixed` line breaks: the text as read and its lines that end in a lone CR. */
  read?: { content: string; crLines?: number[] };
};

const NEW_FILE: JsonFormat = { bom: "", eol: "\n", encoding: "utf-8" };

/** A settings file as read: its value, and its text to edit in place. */
type JsonFile = { value: Json; existed: boolean; format: JsonFormat; text: string };

async function readJson(path: string): Promise<JsonFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { value: {}, existed: false, format: NEW_FILE, text: "" };
    if (code === "EISDIR") throw new SettingsFileError(path, "it is a folder, not a file");
    throw new SettingsFileError(path, `it cannot be read (${code ?? String(error)})`, {
      cause: error,
    });
  }
  // Editors on Windows save JSON with a byte order mark (which JSON.parse refuses), CRLF breaks, or
  // as UTF-16: read as memory files are, and written back the same way.
  const decoded = decodeText(bytes);
  if (!decoded.ok) throw new SettingsFileError(path, decoded.reason);
  const { body, ...layout } = readTextLayout(decoded.text);
  const format: JsonFormat = {
    ...layout,
    encoding: decoded.encoding,
    ...(decoded.lineBreaks === undefined ? {} : { lineBreaks: decoded.lineBreaks }),
    ...(decoded.crLines === undefined
      ? {}
      : { read: { content: decoded.text, crLines: decoded.crLines } }),
  };
  if (body.trim() === "") return { value: {}, existed: true, format, text: body };
  // Plain JSON.parse, not a JSONC reader: Claude Code skips a settings file holding comments.
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new SettingsFileError(path, "it is not valid JSON", { cause: error });
  }
  if (!isObject(value)) throw new SettingsFileError(path, "it is not a JSON object");
  const malformed = malformedKey(value);
  if (malformed !== undefined) throw new SettingsFileError(path, malformed);
  return { value: value as Json, existed: true, format, text: body };
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What is wrong with a key memfiles changes, in the shape Claude Code documents
 * (https://code.claude.com/docs/en/hooks, https://code.claude.com/docs/en/mcp): `hooks` maps an
 * event to a list of `{ matcher?, hooks: [{ type, command, ... }] }`, `mcpServers` maps a name to
 * an object, `enabledMcpjsonServers` is a list. Merging into another shape would drop or mangle
 * what the user wrote, so such a file is refused whole.
 */
function malformedKey(value: Json): string | undefined {
  const { hooks, mcpServers, enabledMcpjsonServers } = value;
  if (hooks !== undefined) {
    if (!isObject(hooks)) return `its "hooks" is not an object of events`;
    for (const [event, groups] of Object.entries(hooks)) {
      const valid =
        Array.isArray(groups) &&
        groups.every(
          (group) => isObject(group) && Array.isArray(group.hooks) && group.hooks.every(isObject),
        );
      if (!valid)
        return `its "hooks"."${event}" is not a list of { "matcher", "hooks": [...] } groups`;
    }
  }
  if (
    mcpServers !== undefined &&
    !(isObject(mcpServers) && Object.values(mcpServers).every(isObject))
  )
    return `its "mcpServers" is not an object of servers`;
  if (enabledMcpjsonServers !== undefined && !Array.isArray(enabledMcpjsonServers))
    return `its "enabledMcpjsonServers" is not a list`;
  return undefined;
}

async function writeText(path: string, text: string, format: JsonFormat): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.memfiles-${process.pid}.tmp`;
  await writeFile(
    temporary,
    encodeText(
      restoreLineBreaks(applyTextLayout(text, format), format.lineBreaks, format.read),
      format.encoding,
    ),
  );
  await rename(temporary, path);
}

/**
 * Writes `next` over a settings file by editing only what differs from the file's value (jsonc-parser's
 * `modify`), so the person's spacing, number spellings (`1.0`, `1e3`), escapes and key order outside
 * memfiles' entries stay byte for byte, and taking memfiles' entries out again gives the same bytes.
 */
async function writeJson(path: string, file: JsonFile, next: Json): Promise<void> {
  const text =
    file.text.trim() === ""
      ? `${JSON.stringify(next, null, 2)}\n`
      : editJson(file.text, file.value, next, formattingOf(file.text, file.format.eol));
  await writeText(path, text, file.format);
}

/**
 * How new entries are laid out: on one line in a non-empty file written on one line, else indented
 * as the file's first indented line (two spaces when none is).
 */
function formattingOf(text: string, eol: string): FormattingOptions | undefined {
  const root = parseTree(text);
  if (root !== undefined && !textOf(text, root).includes("\n")) {
    return (root.children ?? []).length === 0 ? { insertSpaces: true, tabSize: 2, eol } : undefined;
  }
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
  return indent.startsWith("\t")
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

/**
 * The text with the value at `path` set, inserted or (`undefined`) removed. Only the new text is
 * laid out: jsonc-parser's own formatting would lay out again every line the edit touches, the
 * person's included. A new entry in a non-empty object or array written on one line stays on it.
 */
function setValue(
  text: string,
  path: JSONPath,
  value: unknown,
  formattingOptions: FormattingOptions | undefined,
  isArrayInsertion: boolean,
): string {
  const edits = modify(text, path, value, { isArrayInsertion });
  const edited = applyEdits(text, edits);
  const [edit] = edits;
  const parent =
    path.length === 0 ? undefined : findNodeAtLocation(parseTree(text) as Node, path.slice(0, -1));
  if (
    formattingOptions === undefined ||
    value === undefined ||
    edit === undefined ||
    (parent !== undefined &&
      (parent.children ?? []).length > 0 &&
      !textOf(text, parent).includes("\n"))
  )
    return edited;
  // Into an empty object or array the new text is all there is between its brackets, which are
  // laid out with it.
  const [from, to] =
    parent !== undefined && (parent.children ?? []).length === 0
      ? [parent.offset, parent.offset + parent.length + edit.content.length]
      : [edit.offset, edit.offset + edit.content.length];
  const layout = format(
    edited,
    { offset: from, length: to - from },
    { ...formattingOptions, keepLines: false },
  ).filter((change) => change.offset >= from && change.offset + change.length <= to);
  return applyEdits(edited, layout);
}

const textOf = (text: string, node: Node) => text.slice(node.offset, node.offset + node.length);

/** The text of a JSON document whose value `before` is changed to `after`, edit by edit. */
function editJson(
  text: string,
  before: unknown,
  after: unknown,
  formattingOptions: FormattingOptions | undefined,
  path: JSONPath = [],
): string {
  const set = (at: JSONPath, value: unknown, isArrayInsertion = false) =>
    setValue(text, at, value, formattingOptions, isArrayInsertion);
  if (same(before, after)) return text;
  if (isObject(before) && isObject(after) && Object.keys(after).length > 0) {
    for (const key of Object.keys(before))
      if (!(key in after)) text = set([...path, key], undefined);
    for (const [key, value] of Object.entries(after)) {
      text =
        key in before
          ? editJson(text, before[key], value, formattingOptions, [...path, key])
          : set([...path, key], value);
    }
    return text;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    let start = 0;
    while (start < before.length && start < after.length && same(before[start], after[start]))
      start++;
    let end = 0;
    while (
      end < before.length - start &&
      end < after.length - start &&
      same(before[before.length - 1 - end], after[after.length - 1 - end])
    )
      end++;
    const removed = before.length - start - end;
    const added = after.slice(start, after.length - end);
    if (removed === added.length) {
      added.forEach((value, index) => {
        text = editJson(text, before[start + index], value, formattingOptions, [
          ...path,
          start + index,
        ]);
      });
      return text;
    }
    if (removed === 0 || added.length === 0) {
      for (let index = start + removed - 1; index >= start; index--)
        text = withoutItem(text, [...path, index]);
      added.forEach((value, index) => {
        text = set([...path, start + index], value, true);
      });
      return text;
    }
  }
  return set(path, after);
}

/**
 * The text without one array item and its comma. jsonc-parser's own removal of a last item cuts
 * the character before `]`, which in a one-line array (`[1,2]`) is the item's own last one.
 */
function withoutItem(text: string, path: JSONPath): string {
  const array = findNodeAtLocation(
    parseTree(text) as NonNullable<ReturnType<typeof parseTree>>,
    path.slice(0, -1),
  );
  const items = array?.children ?? [];
  const index = path.at(-1) as number;
  const item = items[index];
  if (array === undefined || item === undefined) return text;
  const [from, to] =
    items.length === 1
      ? [array.offset + 1, array.offset + array.length - 1]
      : index === items.length - 1
        ? [
            (items[index - 1] as typeof item).offset + (items[index - 1] as typeof item).length,
            item.offset + item.length,
          ]
        : [item.offset, (items[index + 1] as typeof item).offset];
  return text.slice(0, from) + text.slice(to);
}

function withoutMemfilesHooks(hooks: Json): Json {
  const kept: Json = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) {
      kept[event] = groups;
      continue;
    }
    const left = (groups as HookGroup[]).flatMap((group) => {
      if (!Array.isArray(group?.hooks)) return [group];
      const others = group.hooks.filter((hook) => !isMemfilesHook(hook?.command));
      if (others.length === group.hooks.length) return [group];
      return others.length === 0 ? [] : [{ ...group, hooks: others }];
    });
    // A list memfiles' hooks leave empty goes; one the person left empty stays.
    if (left.length > 0 || groups.length === 0) kept[event] = left;
  }
  return kept;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Wires memfiles into Claude Code: its five hooks into the settings file and its MCP server into
 * the MCP file, merged into what is there by editing the text in place (the user's own hooks,
 * servers and every other key are kept as they are, byte for byte; an earlier memfiles install with the same memory folder is replaced, so running
 * it twice changes nothing). Memfiles hooks with another `--root` (written by hand, or an install
 * for another folder) are never deleted: the install is refused. With `localSettingsPath` the
 * project's server is approved for the person running the install (see {@link McpApproval}),
 * unless they rejected it before.
 *
 * @param options - `{ settingsPath, mcpPath, hookCommand, mcpCommand, root?, projectFolder?,
 *   localSettingsPath? }`.
 * @returns `{ changed, mcpApproval? }`: the files written (none when all was wired already).
 * @throws {SettingsFileError} when a file is a folder, unreadable, not a JSON object, or its
 *   `hooks` / `mcpServers` / `enabledMcpjsonServers` is not the shape Claude Code documents
 *   (nothing is written).
 * @throws {OtherMemfilesHooksError} when memfiles hooks with another `--root` are wired (nothing is written).
 * @example await installClaudeCode({ settingsPath: ".claude/settings.json", mcpPath: ".mcp.json", hookCommand: ["memfiles"], mcpCommand: ["memfiles-mcp", "--root", "memory"] });
 */
export async function installClaudeCode(options: InstallOptions): Promise<InstallResult> {
  const folder = dirname(options.settingsPath);
  const folderExisted = existsSync(folder);
  const result = await wire(options);
  const changed = (path: string) => result.changed.includes(path);
  const created = result.created.filter(changed);
  // The settings folder (`.claude/`) install made, for uninstall to remove once empty.
  if (!folderExisted && existsSync(folder)) created.push(folder);
  const blank = Object.entries(result.blank).filter(([path]) => changed(path));
  const empty = Object.entries(result.empty).filter(([path]) => changed(path));
  if (options.recordPath !== undefined && created.length + blank.length + empty.length > 0) {
    const record = await readRecord(options.recordPath);
    await writeRecord(options.recordPath, {
      created: [...new Set([...record.created, ...created])],
      blank: { ...record.blank, ...Object.fromEntries(blank) },
      empty: { ...record.empty, ...Object.fromEntries(empty) },
    });
  }
  return {
    changed: result.changed,
    ...(result.mcpApproval === undefined ? {} : { mcpApproval: result.mcpApproval }),
  };
}

/**
 * What install noted at `recordPath`: the files it created, the text of each file that was blank
 * (empty or white space) before it, and per file the containers memfiles' entries went into that
 * were empty before (`{ "mcpServers": {} }`, `{ "hooks": { "Stop": [] } }`), so uninstall can
 * give back exactly those.
 */
type InstallRecord = {
  created: string[];
  blank: Record<string, string>;
  empty: Record<string, Json>;
};

/** The install record at `recordPath` (empty when it is missing or unreadable). */
async function readRecord(recordPath: string): Promise<InstallRecord> {
  const value = await readFile(recordPath, "utf8")
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => undefined);
  const created = isObject(value) ? value.created : undefined;
  const blank = isObject(value) && isObject(value.blank) ? value.blank : {};
  const empty = isObject(value) && isObject(value.empty) ? value.empty : {};
  return {
    empty: Object.fromEntries(
      Object.entries(empty).filter((entry): entry is [string, Json] => isObject(entry[1])),
    ),
    created: Array.isArray(created) ? created.filter((path) => typeof path === "string") : [],
    blank: Object.fromEntries(
      Object.entries(blank).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === "string" && entry[1].trim() === "",
      ),
    ),
  };
}

async function writeRecord(recordPath: string, record: InstallRecord): Promise<void> {
  const blank = Object.keys(record.blank).length > 0 ? { blank: record.blank } : {};
  const empty = Object.keys(record.empty).length > 0 ? { empty: record.empty } : {};
  if (record.created.length === 0 && Object.keys({ ...blank, ...empty }).length === 0)
    await rm(recordPath, { force: true });
  else
    await writeText(
      recordPath,
      `${JSON.stringify({ created: record.created, ...blank, ...empty }, null, 2)}\n`,
      NEW_FILE,
    );
}

/**
 * The container of a settings file memfiles' entries go into (`key`: `hooks` and its event lists,
 * `mcpServers` or `enabledMcpjsonServers`) when it is empty now, as a skeleton of the file
 * (`{ "mcpServers": {} }`, `{ "hooks": { "Stop": [] } }`), else `undefined`.
 */
function emptyContainersOf(value: Json, key: keyof typeof CONTAINERS): Json | undefined {
  const container = value[key];
  if (isObject(container) && key === "hooks" && Object.keys(container).length > 0) {
    const events = Object.values(CLAUDE_CODE_EVENT_NAMES).filter(
      (name) => Array.isArray(container[name]) && (container[name] as unknown[]).length === 0,
    );
    return events.length === 0
      ? undefined
      : { hooks: Object.fromEntries(events.map((name) => [name, []])) };
  }
  return same(container, CONTAINERS[key]) ? { [key]: CONTAINERS[key] } : undefined;
}

/** The containers memfiles' entries go into, empty. */
const CONTAINERS = { hooks: {}, mcpServers: {}, enabledMcpjsonServers: [] };

/** `value` with each container of `skeleton` it lacks put back (empty, as install found it). */
function withContainers(value: Json, skeleton: Json | undefined): Json {
  if (skeleton === undefined) return value;
  const next: Json = { ...value };
  for (const [key, container] of Object.entries(skeleton)) {
    const current = next[key];
    if (current === undefined) next[key] = container;
    else if (isObject(current) && isObject(container))
      next[key] = withContainers(current, container);
  }
  return next;
}

async function wire(
  options: InstallOptions,
): Promise<
  InstallResult & { created: string[]; blank: Record<string, string>; empty: Record<string, Json> }
> {
  const settings = await readJson(options.settingsPath);
  const mcp = await readJson(options.mcpPath);
  const local =
    options.localSettingsPath === undefined ? undefined : await readJson(options.localSettingsPath);
  const changed: string[] = [];
  const created = [
    ...(settings.existed ? [] : [options.settingsPath]),
    ...(mcp.existed ? [] : [options.mcpPath]),
    ...(local === undefined || local.existed || options.localSettingsPath === undefined
      ? []
      : [options.localSettingsPath]),
  ];
  const blank = Object.fromEntries(
    (
      [
        [options.settingsPath, settings],
        [options.mcpPath, mcp],
        [options.localSettingsPath, local],
      ] as const
    ).flatMap(([path, file]) =>
      path !== undefined && file?.existed === true && file.text.trim() === ""
        ? [[path, file.text]]
        : [],
    ),
  );
  const empty = Object.fromEntries(
    (
      [
        [options.settingsPath, settings, "hooks"],
        [options.mcpPath, mcp, "mcpServers"],
        [options.localSettingsPath, local, "enabledMcpjsonServers"],
      ] as const
    ).flatMap(([path, file, key]) => {
      const skeleton = file === undefined ? undefined : emptyContainersOf(file.value, key);
      return path === undefined || skeleton === undefined ? [] : [[path, skeleton]];
    }),
  );

  const existing =
    typeof settings.value.hooks === "object" && settings.value.hooks !== null
      ? (settings.value.hooks as Json)
      : {};
  const folderOf = (root: string | undefined) =>
    root === undefined || options.projectFolder === undefined
      ? root
      : resolve(options.projectFolder, root);
  for (const command of memfilesHookCommands(existing)) {
    if (folderOf(rootOfHookCommand(command)) !== folderOf(options.root))
      throw new OtherMemfilesHooksError(options.settingsPath, command);
  }
  const hooks = withoutMemfilesHooks(existing);
  for (const [event, name] of Object.entries(CLAUDE_CODE_EVENT_NAMES) as Array<
    [HookEvent, string]
  >) {
    const group = {
      ...(event === "pre-tool-use" ? { matcher: EDIT_TOOLS_MATCHER } : {}),
      hooks: [
        {
          type: "command",
          command: hookCommandLine(options, event),
          timeout: HOOK_TIMEOUT_SECONDS[event],
          ...(HOOK_ON_FAILURE[event] === undefined ? {} : { onFailure: HOOK_ON_FAILURE[event] }),
        },
      ],
    };
    hooks[name] = [...((hooks[name] as unknown[] | undefined) ?? []), group];
  }
  if (!same(existing, hooks) || settings.value.hooks === undefined) {
    await writeJson(options.settingsPath, settings, { ...settings.value, hooks });
    changed.push(options.settingsPath);
  }

  const servers =
    typeof mcp.value.mcpServers === "object" && mcp.value.mcpServers !== null
      ? (mcp.value.mcpServers as Json)
      : {};
  const [command = "", ...args] = options.mcpCommand;
  const server = { type: "stdio", command, args };
  if (!same(servers[MCP_SERVER_NAME], server)) {
    await writeJson(options.mcpPath, mcp, {
      ...mcp.value,
      mcpServers: { ...servers, [MCP_SERVER_NAME]: server },
    });
    changed.push(options.mcpPath);
  }
  if (local === undefined || options.localSettingsPath === undefined)
    return { changed, created, blank, empty };
  const said = (key: string) =>
    [local.value, settings.value].some((file) => listOf(file[key]).includes(MCP_SERVER_NAME));
  if (said("disabledMcpjsonServers"))
    return { changed, created, blank, empty, mcpApproval: "rejected" };
  if (
    said("enabledMcpjsonServers") ||
    [local.value, settings.value].some((file) => file.enableAllProjectMcpServers === true)
  ) {
    return { changed, created, blank, empty, mcpApproval: "already_approved" };
  }
  await writeJson(options.localSettingsPath, local, {
    ...local.value,
    enabledMcpjsonServers: [...listOf(local.value.enabledMcpjsonServers), MCP_SERVER_NAME],
  });
  changed.push(options.localSettingsPath);
  return { changed, created, blank, empty, mcpApproval: "approved" };
}

/**
 * Takes memfiles out of Claude Code's settings: its hooks, its MCP server and its approval,
 * nothing else, edited in place (the rest of each file keeps its bytes). A container
 * (`mcpServers`, `hooks` or an event's list, `enabledMcpjsonServers`) left empty is kept empty
 * when `recordPath` notes it was empty before install, else removed. A file left empty (`{}`)
 * is removed when `recordPath` notes that install created it, written back blank when it notes
 * it was blank, and kept as `{}` otherwise (the person had it before); so is the settings folder
 * install created, once empty.
 *
 * @param options - `{ settingsPath, mcpPath, localSettingsPath?, recordPath? }`.
 * @returns `{ changed }`: the files written or removed.
 * @throws {SettingsFileError} when a file is a folder, unreadable, not a JSON object, or its
 *   `hooks` / `mcpServers` / `enabledMcpjsonServers` is not the shape Claude Code documents
 *   (nothing is written).
 * @example await uninstallClaudeCode({ settingsPath: ".claude/settings.json", mcpPath: ".mcp.json" });
 */
export async function uninstallClaudeCode(
  options: Pick<InstallOptions, "settingsPath" | "mcpPath" | "localSettingsPath" | "recordPath">,
): Promise<InstallResult> {
  const changed: string[] = [];
  const record: InstallRecord =
    options.recordPath === undefined
      ? { created: [], blank: {}, empty: {} }
      : await readRecord(options.recordPath);
  const done: string[] = [];
  // A file memfiles created is removed once emptied, a blank one written back blank; any other
  // file the person had is edited.
  // A container that was empty before install is given back empty.
  const put = async (path: string, file: JsonFile, without: Json) => {
    const next = withContainers(without, record.empty[path]);
    const emptied = Object.keys(next).length === 0;
    const blank = record.blank[path];
    if (record.created.includes(path) || blank !== undefined || path in record.empty)
      done.push(path);
    if (emptied && record.created.includes(path)) return rm(path, { force: true });
    if (emptied && blank !== undefined) return writeText(path, blank, file.format);
    return writeJson(path, file, next);
  };
  const settings = await readJson(options.settingsPath);
  const local =
    options.localSettingsPath === undefined ? undefined : await readJson(options.localSettingsPath);
  if (typeof settings.value.hooks === "object" && settings.value.hooks !== null) {
    const hooks = withoutMemfilesHooks(settings.value.hooks as Json);
    if (!same(hooks, settings.value.hooks)) {
      const { hooks: _hooks, ...rest } = settings.value;
      const next = Object.keys(hooks).length === 0 ? rest : { ...rest, hooks };
      await put(options.settingsPath, settings, next);
      changed.push(options.settingsPath);
    }
  }
  const mcp = await readJson(options.mcpPath);
  const servers = mcp.value.mcpServers as Json | undefined;
  if (typeof servers === "object" && servers !== null && MCP_SERVER_NAME in servers) {
    const { [MCP_SERVER_NAME]: _server, ...others } = servers;
    const { mcpServers: _servers, ...rest } = mcp.value;
    const next = Object.keys(others).length === 0 ? rest : { ...rest, mcpServers: others };
    await put(options.mcpPath, mcp, next);
    changed.push(options.mcpPath);
  }
  const approved = listOf(local?.value.enabledMcpjsonServers);
  if (
    local !== undefined &&
    options.localSettingsPath !== undefined &&
    approved.includes(MCP_SERVER_NAME)
  ) {
    const others = approved.filter((name) => name !== MCP_SERVER_NAME);
    const { enabledMcpjsonServers: _approved, ...rest } = local.value;
    const next = others.length === 0 ? rest : { ...rest, enabledMcpjsonServers: others };
    await put(options.localSettingsPath, local, next);
    changed.push(options.localSettingsPath);
  }
  // A folder install made (recorded above) is removed once empty, after the record, which may
  // be inside it (`~/.claude/`); one still holding the person's files is theirs from now on.
  const folders = record.created.filter(
    (path) =>
      !done.includes(path) && statSync(path, { throwIfNoEntry: false })?.isDirectory() === true,
  );
  if (options.recordPath !== undefined && done.length + folders.length > 0)
    await writeRecord(options.recordPath, {
      created: record.created.filter((path) => !done.includes(path) && !folders.includes(path)),
      blank: Object.fromEntries(
        Object.entries(record.blank).filter(([path]) => !done.includes(path)),
      ),
      empty: Object.fromEntries(
        Object.entries(record.empty).filter(([path]) => !done.includes(path)),
      ),
    });
  for (const folder of folders) await rmdir(folder).catch(() => undefined);
  return { changed };
}

/**
 * Whether a settings file's `permissions.allow` lets every memfiles tool run without asking
 * (`mcp__memfiles`, or `mcp__memfiles__*`; https://code.claude.com/docs/en/iam).
 *
 * @param settingsPath - A Claude Code settings file.
 * @returns `false` too when the file is missing or not a JSON object.
 * @example await memfilesToolsAllowed("/home/ana/.claude/settings.json") // true
 */
export async function memfilesToolsAllowed(settingsPath: string): Promise<boolean> {
  const settings = await readJson(settingsPath).catch(() => undefined);
  const permissions = settings?.value.permissions;
  const allow = isObject(permissions) ? listOf(permissions.allow) : [];
  return allow.some(
    (rule) => rule === `mcp__${MCP_SERVER_NAME}` || rule === `mcp__${MCP_SERVER_NAME}__*`,
  );
}

/** Result of {@link readInstall}: which of memfiles' hooks and server a settings pair wires. */
export type InstallState = {
  /** Claude Code's event names memfiles' hooks are wired to. */
  hooks: string[];
  /** The memfiles hook commands (their `--root`, if any, says where memory lives). */
  commands: string[];
  /** Whether the MCP server is registered. */
  mcp: boolean;
};

/**
 * What memfiles wired into a settings file and an MCP file.
 *
 * @param options - `{ settingsPath, mcpPath }`.
 * @returns `{ hooks, commands, mcp }`.
 * @throws {SettingsFileError} when a file is a folder, unreadable, not a JSON object, or
 *   malformed (as {@link installClaudeCode}).
 * @example (await readInstall({ settingsPath, mcpPath })).hooks // ["SessionStart", ...]
 */
export async function readInstall(
  options: Pick<InstallOptions, "settingsPath" | "mcpPath">,
): Promise<InstallState> {
  const settings = (await readJson(options.settingsPath)).value;
  const hooks: string[] = [];
  const commands: string[] = [];
  for (const [event, groups] of Object.entries((settings.hooks as Json | undefined) ?? {})) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups as HookGroup[]) {
      for (const hook of Array.isArray(group?.hooks) ? group.hooks : []) {
        if (!isMemfilesHook(hook?.command)) continue;
        if (!hooks.includes(event)) hooks.push(event);
        commands.push(hook.command as string);
      }
    }
  }
  const servers = (await readJson(options.mcpPath)).value.mcpServers as Json | undefined;
  return {
    hooks,
    commands,
    mcp: typeof servers === "object" && servers !== null && MCP_SERVER_NAME in servers,
  };
}
