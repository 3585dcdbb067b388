import {
  CHANGED,
  fileOf,
  label,
  locked,
  type MemoryToolContext,
  through,
} from "../memory-tool-context.js";
import { forgetRemoved, readFile, rowsUnder } from "../memory-tool-edit.js";
import { MemoryToolError } from "../memory-tool-error.js";
import { editable } from "../memory-tool-lines.js";
import { memoriesPath, toolPath } from "../memory-tool-paths.js";
import type { CommandModule } from "./skeleton.js";

// One file's delete, through the check pipeline.
function deleteFile(
  context: MemoryToolContext,
  relative: string,
  memoryPath: string,
): Promise<string> {
  return through(context, { label: label("delete", memoryPath), memoryPath }, async () => {
    const file = await readFile(context, relative, memoryPath);
    const lines = editable(file.content).lines;
    const forgotten = context.layout.memoryTool.forgottenItems({ before: lines, addedItems: [] });
    return () => ({
      added: "",
      facts: [],
      lines: [],
      checked: [],
      write: async () => {
        const restore = await forgetRemoved(context, forgotten, relative, undefined);
        const result = await context.store.delete(relative, file.version);
        if (result.ok) return { ok: true, applied: `Successfully deleted ${memoryPath}` };
        await restore();
        return { ok: false, code: "version_conflict", path: memoryPath, reason: CHANGED };
      },
    });
  });
}

/**
 * `delete`: a file, or every file of a folder, each a forget (its facts leave tombstones) through
 * the check pipeline.
 */
export const deleteCommand: CommandModule<"delete"> = {
  fields: ["path"],
  run: (context, command) => {
    const path = toolPath(command.path);
    if (path.kind === "root") {
      throw new MemoryToolError("Cannot delete the /memories directory itself", {
        code: "path_refused",
      });
    }
    return locked(context, async () => {
      if (path.kind === "folder") {
        const rows = await rowsUnder(context, path.relative);
        if (rows.length === 0) {
          throw new MemoryToolError(`The path ${command.path} does not exist`, {
            code: "not_found",
          });
        }
        for (const row of rows) await deleteFile(context, row.path, memoriesPath(row.path));
        return `Successfully deleted ${command.path}`;
      }
      const relative = fileOf(path, command.path, "delete", context.layout.memoryTool);
      if (!(await context.store.read(relative)).exists) {
        throw new MemoryToolError(`The path ${command.path} does not exist`, {
          code: "not_found",
        });
      }
      await deleteFile(context, relative, command.path);
      return `Successfully deleted ${command.path}`;
    });
  },
};
