import { mkdir, stat } from "node:fs/promises";
import { MemfilesError } from "@memfiles/core";
import { McpOptionsError } from "./options-error.js";

/**
 * Makes sure `--root` names a memory folder before the server starts: a missing folder is refused
 * (a typo would otherwise start a server on an empty memory and create the folder on the first
 * write) unless `create` is set (`--create`), and a file is always refused.
 *
 * @param root - The absolute folder path.
 * @param options - `{ create }`: make the folder (and its parents) when it is missing.
 * @throws {McpOptionsError} when the folder is missing (without `create`) or is not a folder.
 * @example await prepareMemoryFolder("/home/me/memory", { create: false });
 */
export async function prepareMemoryFolder(
  root: string,
  options: { create: boolean },
): Promise<void> {
  const found = await stat(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw new McpOptionsError(
      `Could not open the memory folder ${root} (${error.code ?? error.message}). Check its permissions, or give another --root.`,
    );
  });
  if (found?.isDirectory()) return;
  if (found !== undefined) {
    throw new McpOptionsError(
      `Refused --root ${root}: it is a file, not a folder. Give the folder that holds MEMORY.md.`,
    );
  }
  if (!options.create) {
    throw new McpOptionsError(
      `No memory folder at ${root}. Check the path, or pass --create to start a new memory there.`,
    );
  }
  await mkdir(root, { recursive: true });
}

/**
 * The one line `memfiles-mcp` prints for a start-up failure the user can fix (bad options, a
 * missing folder, an unreachable database, a refused tenant), or `undefined` for a bug, whose
 * stack is worth keeping.
 *
 * @param error - What starting the server threw.
 * @returns `memfiles-mcp: <message>` on one line, or undefined.
 * @example startupErrorLine(new McpOptionsError("No memory folder at /x.")) // "memfiles-mcp: No memory folder at /x."
 */
export function startupErrorLine(error: unknown): string | undefined {
  if (!(MemfilesError.isInstance(error) && error.userFixable)) return undefined;
  return `memfiles-mcp: ${(error as Error).message.replace(/\s*\n\s*/g, " ")}`;
}
