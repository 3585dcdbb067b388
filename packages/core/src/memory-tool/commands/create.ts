import { editResult, overCap, stamped } from "../memory-tool-edit.js";
import { MemoryToolError } from "../memory-tool-error.js";
import {
  editable,
  headerWritten,
  modelLines,
  resolvedLines,
  written,
} from "../memory-tool-lines.js";
import { type CommandModule, fileWrite } from "./skeleton.js";

// `---js`, `---coffee`, `---toml`, TOML's `+++`: a front matter fence of another language than
// YAML (`---`, `---yaml`), which the parsers refuse (gray-matter's code engines, CVE-2022-25863).
const FOREIGN_FRONT_MATTER = /^(?:---[ \t]*(?!ya?ml[ \t]*$)[^\s-]|\+\+\+[ \t]*$)/i;

/**
 * `create`: a new file at a path the layout may create, its lines dated and stamped by the layout,
 * through the check pipeline; refused when the file exists.
 */
export const create: CommandModule<"create"> = {
  fields: ["path", "file_text"],
  added: "file_text",
  run: (context, command) =>
    fileWrite(
      context,
      "create",
      command.path,
      async (relative) => (resolved) => {
        let version = "";
        const sent = editable(command.file_text);
        const all = new Set(sent.lines.map((_line, index) => index));
        const own = modelLines(sent.lines, all);
        const text = { ...sent, lines: resolvedLines(sent.lines, own, resolved) };
        const dated = context.layout.memoryTool.dateAdded(text.lines, all, context.today());
        const facts = context.layout.memoryTool.addedItems(dated, all);
        const fence = text.lines.find((line) => line.trim() !== "")?.trim() ?? "";
        const created = FOREIGN_FRONT_MATTER.test(fence)
          ? {
              problem: `its first line ${JSON.stringify(fence.slice(0, 40))} opens front matter in another language than YAML, which memfiles never reads or edits (front matter in other languages can run code); start the file with "---", "name: ...", "description: ...", "---", then the fact`,
            }
          : context.layout.memoryTool.created(dated, relative, command.path, context.today());
        const file =
          "problem" in created
            ? created
            : stamped(
                context,
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
          checked: context.layout.memoryTool.checked(dated, own),
          kept: { path: relative, content: "" },
          problem: "problem" in file ? file.problem : undefined,
          header: headerWritten(sent.lines),
          locate: async () => {
            const current = await context.store.read(relative);
            if (current.exists) {
              throw new MemoryToolError(`File ${command.path} already exists`, {
                code: "already_exists",
              });
            }
            version = current.version;
          },
          write: async () =>
            overCap(context, content, command.path) ??
            editResult(
              await context.store.write(relative, content, version),
              command.path,
              `File created successfully at: ${command.path}`,
            ),
        };
      },
      { creates: true },
    ),
};
