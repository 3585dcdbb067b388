/**
 * Most bytes of stdin a hook reads: 1 MiB. Claude Code's hook input is a few hundred bytes of
 * fields plus the prompt (UserPromptSubmit) or the tool's input (PreToolUse: a Write's whole
 * content); a memory file is capped at 12,000 chars, so an input past 1 MiB is never one memfiles
 * needs whole, and parsing 140 MB ran the hook out of memory.
 */
export const MAX_HOOK_STDIN_BYTES = 1_048_576;

/** What {@link readHookStdin} read: the text, and whether stdin went on past the limit. */
export type HookStdin = { text: string; tooLarge: boolean };

/**
 * Reads a hook's stdin up to a limit and stops there: past it, `text` is only the first
 * `maxBytes` bytes (not JSON) and `tooLarge` is `true`.
 *
 * @param stream - The hook's stdin.
 * @param maxBytes - The limit (default {@link MAX_HOOK_STDIN_BYTES}).
 * @returns `{ text, tooLarge }`.
 * @example const { text, tooLarge } = await readHookStdin(process.stdin);
 */
export async function readHookStdin(
  stream: AsyncIterable<Buffer | string>,
  maxBytes = MAX_HOOK_STDIN_BYTES,
): Promise<HookStdin> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    chunks.push(buffer);
    bytes += buffer.length;
    if (bytes > maxBytes) {
      return { text: Buffer.concat(chunks).subarray(0, maxBytes).toString("utf8"), tooLarge: true };
    }
  }
  return { text: Buffer.concat(chunks).toString("utf8"), tooLarge: false };
}

/**
 * A top-level text field of a hook input cut off by the limit (`cwd`, `session_id`, a tool's
 * `file_path`): Claude Code writes them before the prompt or the content, so they are usually in
 * what was read. The first occurrence of `"name":"..."` is taken.
 *
 * @param prefix - The start of the JSON.
 * @param name - The field.
 * @returns Its text, or `undefined` when it is not in the prefix.
 * @example textFieldOf('{"cwd":"/p","prompt":"aaa', "cwd") // "/p"
 */
export function textFieldOf(prefix: string, name: string): string | undefined {
  const match = new RegExp(`"${name}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(prefix);
  if (match?.[1] === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(match[1]);
    return typeof value === "string" && value !== "" ? value : undefined;
  } catch {
    return undefined;
  }
}
