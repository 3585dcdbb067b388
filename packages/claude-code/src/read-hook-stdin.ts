/**
 * Most bytes of stdin a hook reads: 1 MiB. Claude Code's hook input is a few hundred bytes of
 * fields plus the prompt (UserPromptSubmit) or the tool's input (PreToolUse: a Write's whole
 * content); a memory file is capped at 12,000 chars, so an input past 1 MiB is never one memfiles
 * needs whole, and parsing 140 MB ran the hook out of memory.
 */
export const MAX_HOOK_STDIN_BYTES = 1_048_576;

/** Most bytes kept from the end of an input past the limit: room for the fields after a Write's content. */
export const HOOK_STDIN_TAIL_BYTES = 65_536;

/** Most bytes read to reach an input's end when its tail is wanted (past it, no tail). */
const MAX_DRAINED_BYTES = 256 * 1_048_576;

/**
 * What {@link readHookStdin} read: the text, whether stdin went on past the limit, and (when asked
 * for) the last bytes of an input past the limit.
 */
export type HookStdin = { text: string; tooLarge: boolean; tail?: string };

/**
 * Reads a hook's stdin up to a limit and stops there: past it, `text` is only the first
 * `maxBytes` bytes (not JSON) and `tooLarge` is `true`. With `keepTail`, an input past the limit
 * is read on to its end (up to 256 MiB) keeping only its last 64 KiB as `tail`: a tool's
 * `file_path` may come after its content, and PreToolUse needs it to tell a memory file from any
 * other.
 *
 * @param stream - The hook's stdin.
 * @param maxBytes - The limit (default {@link MAX_HOOK_STDIN_BYTES}).
 * @param options - `{ keepTail? }`.
 * @returns `{ text, tooLarge, tail? }`.
 * @example const { text, tooLarge } = await readHookStdin(process.stdin);
 */
export async function readHookStdin(
  stream: AsyncIterable<Buffer | string>,
  maxBytes = MAX_HOOK_STDIN_BYTES,
  options: { keepTail?: boolean } = {},
): Promise<HookStdin> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const iterator = stream[Symbol.asyncIterator]();
  for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
    const chunk = next.value;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    chunks.push(buffer);
    bytes += buffer.length;
    if (bytes > maxBytes) {
      const text = Buffer.concat(chunks).subarray(0, maxBytes).toString("utf8");
      if (options.keepTail !== true) {
        await iterator.return?.();
        return { text, tooLarge: true };
      }
      const tail = await tailOf(iterator, Buffer.concat(chunks), bytes);
      return { text, tooLarge: true, ...(tail === undefined ? {} : { tail }) };
    }
  }
  return { text: Buffer.concat(chunks).toString("utf8"), tooLarge: false };
}

async function tailOf(
  iterator: AsyncIterator<Buffer | string>,
  start: Buffer,
  read: number,
): Promise<string | undefined> {
  let tail = start.subarray(-HOOK_STDIN_TAIL_BYTES);
  let bytes = read;
  for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
    const buffer = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
    bytes += buffer.length;
    if (bytes > MAX_DRAINED_BYTES) {
      await iterator.return?.();
      return undefined;
    }
    tail = Buffer.concat([tail, buffer]).subarray(-HOOK_STDIN_TAIL_BYTES);
  }
  return tail.toString("utf8");
}

/**
 * A top-level text field of a hook input cut off by the limit (`cwd`, `session_id`, a tool's
 * `file_path`): Claude Code writes them before the prompt or the content, so they are usually in
 * what was read. The first occurrence of `"name":"..."` is taken.
 *
 * With `last`, the last occurrence is taken instead: in the tail of an input, a field that
 * follows a long text value (inside that value every quote is escaped, so it never matches).
 *
 * @param prefix - The start of the JSON (or, with `last`, its end).
 * @param name - The field.
 * @param last - Take the last occurrence.
 * @returns Its text, or `undefined` when it is not in the prefix.
 * @example textFieldOf('{"cwd":"/p","prompt":"aaa', "cwd") // "/p"
 */
export function textFieldOf(prefix: string, name: string, last = false): string | undefined {
  const pattern = new RegExp(`"${name}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`, "g");
  const matches = [...prefix.matchAll(pattern)];
  const match = last ? matches.at(-1) : matches[0];
  if (match?.[1] === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(match[1]);
    return typeof value === "string" && value !== "" ? value : undefined;
  } catch {
    return undefined;
  }
}
