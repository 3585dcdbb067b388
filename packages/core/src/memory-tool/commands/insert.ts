import { shownValue, stamped, writeEdit } from "../memory-tool-edit.js";
import { MemoryToolError } from "../memory-tool-error.js";
import {
  editable,
  headerLines,
  headerRefusal,
  modelLines,
  resolvedLines,
  written,
} from "../memory-tool-lines.js";
import { type CommandModule, fileEdit } from "./skeleton.js";

/** `insert`: lines added at `insert_line`, below the header, dated and checked. */
export const insert: CommandModule<"insert"> = {
  fields: ["path", "insert_text"],
  added: "insert_text",
  run: (context, command) =>
    fileEdit(context, "insert", command.path, (file, relative) => (resolved) => {
      const text = editable(file.content);
      const line: unknown = command.insert_line;
      if (!Number.isInteger(line)) {
        throw new MemoryToolError(
          `Invalid \`insert_line\` parameter: ${shownValue(line)}. It must be a whole number, the line to insert after (0 for the top), within the range of lines of the file: [0, ${text.lines.length}]`,
          { code: "invalid_insert_line" },
        );
      }
      if (command.insert_line < 0 || command.insert_line > text.lines.length) {
        throw new MemoryToolError(
          `Invalid \`insert_line\` parameter: ${command.insert_line}. It should be within the range of lines of the file: [0, ${text.lines.length}]`,
          { code: "invalid_insert_line" },
        );
      }
      const inserted = command.insert_text.replace(/\r\n/g, "\n").replace(/\n$/, "").split("\n");
      const sentLines = [...text.lines];
      sentLines.splice(command.insert_line, 0, ...inserted);
      const added = new Set(inserted.map((_line, index) => command.insert_line + index));
      const own = modelLines(sentLines, added);
      const lines = resolvedLines(sentLines, own, resolved);
      const dated = context.layout.memoryTool.dateAdded(lines, added, context.today());
      const header = headerLines(text.lines);
      const edit = stamped(context, written(text, dated), relative, command.path, false);
      const ownSet = new Set(own);
      return {
        added: command.insert_text,
        facts: context.layout.memoryTool.addedItems(dated, added),
        lines: own.map((index) => sentLines[index] ?? ""),
        checked: context.layout.memoryTool.checked(dated, own),
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
            context,
            relative,
            command.path,
            edit,
            { content: "", version: file.version },
            [],
            () => `The file ${command.path} has been edited.`,
          );
        },
      };
    }),
};
