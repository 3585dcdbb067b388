import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import { MAX_QUOTED_CHARS, shownText } from "../../text/index.js";
import {
  type Command,
  fileOf,
  guarded,
  label,
  locked,
  type MemoryToolContext,
  through,
} from "../memory-tool-context.js";
import { checkInput, readFile, shownValue } from "../memory-tool-edit.js";
import { MemoryToolError } from "../memory-tool-error.js";
import { toolPath } from "../memory-tool-paths.js";
import type { ApplyMemoryToolEdit } from "../memory-tool-write.js";

/** A memory-tool command's name, as the tool sends it. */
export type CommandName = keyof MemoryToolHandlers;

/**
 * A command module: what differs between the six commands. The skeleton ({@link runCommand})
 * does what every command does around it.
 */
export type CommandModule<Name extends CommandName> = {
  /** The input fields that must be strings, checked before any other work. */
  fields: readonly string[];
  /** The field holding the text the command adds, checked against the file size cap. */
  added?: string;
  /** The path a refused path names; default the command's `path`. */
  shownPath?: (command: Command<Name>) => string;
  /** The command's own work, once its input is checked. */
  run: (context: MemoryToolContext, command: Command<Name>) => Promise<string>;
};

/**
 * The input of a command, refused unless it is an object (a `tool_use` block's `input`): `null`,
 * a text such as `"view"` or a list is `invalid_input`, not a `TypeError`.
 *
 * @throws {MemoryToolError} `invalid_input`, naming what was sent.
 */
export function commandInput(input: unknown): object {
  if (typeof input === "object" && input !== null && !Array.isArray(input)) return input;
  throw new MemoryToolError(
    `The memory tool's input must be an object such as {"command": "view", "path": "/memories"}, got ${shownValue(input)}. Nothing was read or written.`,
    { code: "invalid_input" },
  );
}

/**
 * Runs one command through the skeleton every command passes through: its input checked
 * (`commandInput`, `checkInput`), a path the store refuses answered as the tool's `path_refused`, and every
 * refusal's message showing a value the command was sent by `shownText` (at most
 * `MAX_QUOTED_CHARS` chars and its length), never whole: the message is the tool result the
 * model reads.
 */
export async function runCommand<Name extends CommandName>(
  module: CommandModule<Name>,
  context: MemoryToolContext,
  command: Command<Name>,
): Promise<string> {
  commandInput(command);
  const shown = module.shownPath?.(command) ?? (command as { path: string }).path;
  try {
    return await guarded(shown, async () => {
      checkInput(context, command, module.fields, module.added);
      return module.run(context, command);
    });
  } catch (error) {
    throw shortened(error, command);
  }
}

// The refusal with each long value of the command as `shownText` shows it, longest first so a
// value inside another is not cut twice.
function shortened(error: unknown, command: object): unknown {
  if (!(error instanceof MemoryToolError)) return error;
  const long = Object.values(command)
    .filter((value): value is string => typeof value === "string")
    .filter((value) => value.length > MAX_QUOTED_CHARS)
    .sort((left, right) => right.length - left.length);
  let message = error.message;
  for (const value of long) message = message.replaceAll(value, () => shownText(value));
  if (message === error.message) return error;
  return new MemoryToolError(message, { code: error.code, cause: error.cause });
}

/**
 * A command that writes the one file at `memoryPath`: the path checked against the layout's
 * rules, under the store lock, through the check pipeline. `plan` gets the file's store path and
 * returns how to apply the command; `creates` names a new file for the path rule.
 */
export function fileWrite(
  context: MemoryToolContext,
  name: CommandName,
  memoryPath: string,
  plan: (relative: string) => Promise<ApplyMemoryToolEdit>,
  options: { creates?: boolean } = {},
): Promise<string> {
  const relative = fileOf(toolPath(memoryPath), memoryPath, name, context.layout.memoryTool);
  const write = {
    label: label(name, memoryPath),
    memoryPath,
    ...(options.creates === true ? { creates: relative } : {}),
  };
  return locked(context, () => through(context, write, () => plan(relative)));
}

/** {@link fileWrite} of a file that exists: read under the lock (missing: `not_found`), then planned. */
export function fileEdit(
  context: MemoryToolContext,
  name: CommandName,
  memoryPath: string,
  plan: (file: Awaited<ReturnType<typeof readFile>>, relative: string) => ApplyMemoryToolEdit,
): Promise<string> {
  return fileWrite(context, name, memoryPath, async (relative) =>
    plan(await readFile(context, relative, memoryPath), relative),
  );
}
