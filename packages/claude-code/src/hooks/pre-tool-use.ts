import type { CheckFileEditResult, FileEdit } from "../check-file-edit.js";
import { memoryPathOf } from "../memory-path-of.js";
import type { HookContext, HookOutput } from "./hook-context.js";

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;

/** Claude Code's Write / Edit / MultiEdit input as a {@link FileEdit}; `undefined` for any other tool. */
export function fileEditOf(
  toolName: string | undefined,
  input: Record<string, unknown> | undefined,
): FileEdit | undefined {
  const filePath = text(input?.file_path);
  if (filePath === undefined) return undefined;
  const step = (value: Record<string, unknown> | undefined) => {
    const oldString = text(value?.old_string);
    const newString = text(value?.new_string);
    if (oldString === undefined || newString === undefined) return undefined;
    return { oldString, newString, ...(value?.replace_all === true ? { replaceAll: true } : {}) };
  };
  if (toolName === "Write") {
    const content = text(input?.content);
    return content === undefined ? undefined : { tool: "Write", filePath, content };
  }
  if (toolName === "Edit") {
    const edit = step(input);
    return edit === undefined ? undefined : { tool: "Edit", filePath, ...edit };
  }
  if (toolName === "MultiEdit" && Array.isArray(input?.edits)) {
    const edits = (input.edits as Record<string, unknown>[]).map(step);
    if (edits.some((edit) => edit === undefined)) return undefined;
    return { tool: "MultiEdit", filePath, edits: edits as NonNullable<ReturnType<typeof step>>[] };
  }
  return undefined;
}

/** A PreToolUse refusal Claude Code shows the model. */
export function deny(reason: string): HookOutput {
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: reason,
    },
  };
}

/**
 * PreToolUse on Write, Edit and MultiEdit: an edit of a file inside the memory folder goes through
 * the same check pipeline as every other write (`checkFileEdit`); a refusal is a `deny` whose
 * reason is the check table's message (Claude Code shows it to the model). An edit elsewhere gets
 * no answer (Claude Code's own permissions decide). A check that fails to run denies the edit:
 * the memory folder is never written unchecked.
 */
export async function preToolUse(context: HookContext): Promise<HookOutput | undefined> {
  const edit = fileEditOf(context.input.tool_name, context.input.tool_input);
  // Every other file of the project: answered without loading the write pipeline.
  if (edit === undefined || memoryPathOf(context.location.root, edit.filePath) === undefined)
    return undefined;
  let result: CheckFileEditResult;
  try {
    const { checkFileEdit } = await import("../check-file-edit.js");
    result = await checkFileEdit({
      root: context.location.root,
      layout: context.layout,
      edit,
      timeZone: context.timeZone,
      now: context.now(),
    });
  } catch (error) {
    await context.log({ event: "pre-tool-use", outcome: "failed", message: String(error) });
    return deny(
      "memfiles could not check this edit of the memory folder, so it is refused (see .memfiles/claude-code/hook.log there). Try again, or edit the file by hand.",
    );
  }
  return result.decision === "deny" ? deny(result.message) : undefined;
}
