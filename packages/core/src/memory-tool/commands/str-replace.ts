import { maskSecrets } from "../../guards/mask-secrets.js";
import { stamped, writeEdit } from "../memory-tool-edit.js";
import { MemoryToolError } from "../memory-tool-error.js";
import {
  changedLines,
  editable,
  headerLines,
  headerRefusal,
  headerWritten,
  modelLines,
  resolvedLines,
  snippet,
  written,
} from "../memory-tool-lines.js";
import { type CommandModule, fileEdit } from "./skeleton.js";

/**
 * `str_replace`: `old_str` found once and replaced, the model's new lines dated and checked, a
 * person's header kept the file's first lines; a replacement that removes facts is a forget.
 */
export const strReplace: CommandModule<"str_replace"> = {
  fields: ["path", "old_str", "new_str"],
  added: "new_str",
  run: (context, command) =>
    fileEdit(context, "str_replace", command.path, (file, relative) => (resolved) => {
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
        for (let index = firstLine; index < firstLine + addedCount; index += 1) added.add(index);
      }
      const own = modelLines(
        sentLines,
        added,
        text.lines.slice(firstLine, firstLine + replacedLines),
      );
      const newLines = resolvedLines(sentLines, own, resolved);
      // A line sent as it was is kept as it was: never dated or rewritten.
      let lines = context.layout.memoryTool.dateAdded(newLines, new Set(own), context.today());
      // A replacement that leaves an empty line where a whole line was removed drops it, and
      // so does one that leaves only a date tag where a fact was ("[stated 2026/09/01] ").
      const leftOver = lines[firstLine]?.trim() ?? "";
      if (
        newText === "" &&
        (leftOver === "" || context.layout.memoryTool.isLeftOfItem(leftOver)) &&
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
      const newFacts = context.layout.memoryTool.addedItems(lines, wrote);
      const forgotten = context.layout.memoryTool.forgottenItems({
        before: text.lines,
        after: lines,
        replaced: { first: firstLine, count: replacedLines },
        addedItems: newFacts,
      });
      const edit = stamped(context, written(text, lines), relative, command.path, false);
      const ownSet = new Set(own);
      return {
        added: newText,
        facts: newFacts,
        lines: own.map((index) => sentLines[index] ?? ""),
        checked: context.layout.memoryTool.checked(lines, own),
        header: firstLine < header.count ? headerWritten(lines, text.lines) : undefined,
        kept: {
          path: relative,
          content: written(
            text,
            lines.filter((_line, index) => !ownSet.has(index)),
          ),
        },
        write: () =>
          // The snippet's lines are shown as `view` shows the file: a secret a person wrote by
          // hand next to the edited line is `[redacted]`.
          writeEdit(context, relative, command.path, edit, file, forgotten, async (content) =>
            snippet((await maskSecrets(content)).text, lines, firstLine, addedCount),
          ),
      };
    }),
};
