import { CHANGED, fileOf, locked, through } from "../memory-tool-context.js";
import { editResult } from "../memory-tool-edit.js";
import { MemoryToolError } from "../memory-tool-error.js";
import { toolPath } from "../memory-tool-paths.js";
import type { CommandModule } from "./skeleton.js";

/**
 * `rename`: a file moved to a free path the layout may create, through the check pipeline; the
 * old file removed only once the new one is written.
 */
export const rename: CommandModule<"rename"> = {
  fields: ["old_path", "new_path"],
  shownPath: (command) => `${command.old_path} -> ${command.new_path}`,
  run: (context, command) => {
    const from = toolPath(command.old_path);
    if (from.kind === "root") {
      throw new MemoryToolError("Cannot rename the /memories directory itself", {
        code: "path_refused",
      });
    }
    const oldRelative = fileOf(from, command.old_path, "rename", context.layout.memoryTool);
    const newRelative = fileOf(
      toolPath(command.new_path),
      command.new_path,
      "rename",
      context.layout.memoryTool,
    );
    const write = {
      label: `the rename of ${command.old_path} to ${command.new_path}`,
      memoryPath: command.new_path,
      creates: newRelative,
      moves: oldRelative,
    };
    return locked(context, () =>
      through(context, write, async () => {
        // The file to move and the version of the free destination, as read under the lock.
        let located: { content: string; version: string; free: string } | undefined;
        return () => ({
          added: "",
          facts: [],
          lines: [],
          checked: [],
          locate: async () => {
            const file = await context.store.read(oldRelative);
            if (!file.exists) {
              throw new MemoryToolError(`The path ${command.old_path} does not exist`, {
                code: "not_found",
              });
            }
            const target = await context.store.read(newRelative);
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
              await context.store.write(newRelative, file.content, file.free),
              command.new_path,
              `Successfully renamed ${command.old_path} to ${command.new_path}`,
            );
            if (!moved.ok) return moved;
            const removed = await context.store.delete(oldRelative, file.version);
            if (removed.ok) return moved;
            await context.store.delete(newRelative);
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
  },
};
