import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { hookFolders, hookInput } from "../test/memory-folder.js";
import { MAX_HOOK_STDIN_BYTES, readHookStdin, textFieldOf } from "./read-hook-stdin.js";
import { MAX_RECALL_PROMPT_CHARS } from "./recall-constants.js";
import { runHook } from "./run-hook.js";

/** Stdin of `size` bytes in 64 KiB chunks, counting how many chunks were pulled. */
function stdinOf(text: string): { stream: Readable; pulled: () => number } {
  let pulled = 0;
  const buffer = Buffer.from(text);
  function* chunks() {
    for (let at = 0; at < buffer.length; at += 65_536) {
      pulled++;
      yield buffer.subarray(at, at + 65_536);
    }
  }
  return { stream: Readable.from(chunks()), pulled: () => pulled };
}

describe("a hook's stdin is read up to a limit", () => {
  it("reads an input within the limit whole", async () => {
    const input = hookInput("/p", { prompt: "x".repeat(500_000) });
    expect(await readHookStdin(stdinOf(input).stream)).toEqual({ text: input, tooLarge: false });
  });

  it("stops reading past the limit", async () => {
    const { stream, pulled } = stdinOf(hookInput("/p", { prompt: "x".repeat(20_000_000) }));
    const { text, tooLarge } = await readHookStdin(stream);
    expect(tooLarge).toBe(true);
    expect(Buffer.byteLength(text)).toBe(MAX_HOOK_STDIN_BYTES);
    expect(pulled()).toBeLessThan(20);
    expect(textFieldOf(text, "cwd")).toBe("/p");
  });

  it("UserPromptSubmit past the limit prints nothing and logs one line", async () => {
    const { cwd, root } = await hookFolders();
    const stdin = hookInput(cwd, {
      prompt: `Where do I deploy? ${"x".repeat(MAX_HOOK_STDIN_BYTES)}`,
    });
    const result = await runHook({
      event: "user-prompt-submit",
      stdin: stdin.slice(0, MAX_HOOK_STDIN_BYTES),
      stdinTooLarge: true,
      root,
    });
    expect(result).toEqual({ stdout: "" });
    const log = (await readFile(join(root, ".memfiles/claude-code/hook.log"), "utf8")).trim();
    expect(log.split("\n")).toHaveLength(1);
    expect(JSON.parse(log)).toMatchObject({
      event: "user-prompt-submit",
      outcome: "skipped",
      message: expect.stringMatching(/over 1048576 bytes: not read/),
    });
  });

  it("PreToolUse past the limit denies an edit of the memory folder, not one elsewhere", async () => {
    const { cwd, root } = await hookFolders();
    const edit = (filePath: string) =>
      hookInput(cwd, {
        tool_name: "Write",
        tool_input: { file_path: filePath, content: "x".repeat(MAX_HOOK_STDIN_BYTES) },
      }).slice(0, MAX_HOOK_STDIN_BYTES);
    const run = (stdin: string) =>
      runHook({ event: "pre-tool-use", stdin, stdinTooLarge: true, root });
    const inside = JSON.parse((await run(edit(join(root, "big.md")))).stdout);
    expect(inside.hookSpecificOutput.permissionDecision).toBe("deny");
    expect((await run(edit(join(cwd, "big.txt")))).stdout).toBe("");
  });

  it.each([
    { name: "before the content", order: ["file_path", "content"] },
    { name: "after the content", order: ["content", "file_path"] },
  ])(
    "PreToolUse past the limit, file_path $name: denied in memory, allowed elsewhere",
    async ({ order }) => {
      const { cwd, root } = await hookFolders();
      const run = async (filePath: string) => {
        const fields = { file_path: filePath, content: `a"b\\${"x".repeat(MAX_HOOK_STDIN_BYTES)}` };
        const toolInput = Object.fromEntries(order.map((key) => [key, fields[key as "content"]]));
        const input = hookInput(cwd, { tool_name: "Write", tool_input: toolInput });
        const { text, tooLarge, tail } = await readHookStdin(stdinOf(input).stream, undefined, {
          keepTail: true,
        });
        expect(tooLarge).toBe(true);
        return (
          await runHook({
            event: "pre-tool-use",
            stdin: text,
            stdinTooLarge: true,
            ...(tail === undefined ? {} : { stdinTail: tail }),
            root,
          })
        ).stdout;
      };
      expect(
        JSON.parse(await run(join(root, "big.md"))).hookSpecificOutput.permissionDecision,
      ).toBe("deny");
      expect(await run(join(cwd, "data", "big.csv"))).toBe("");
    },
  );

  it("PreToolUse past the limit with no file_path anywhere denies", async () => {
    const { cwd, root } = await hookFolders();
    const input = hookInput(cwd, {
      tool_name: "Write",
      tool_input: { content: "x".repeat(MAX_HOOK_STDIN_BYTES) },
    });
    const { text, tail } = await readHookStdin(stdinOf(input).stream, undefined, {
      keepTail: true,
    });
    const { stdout } = await runHook({
      event: "pre-tool-use",
      stdin: text,
      stdinTooLarge: true,
      ...(tail === undefined ? {} : { stdinTail: tail }),
      root,
    });
    expect(JSON.parse(stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("UserPromptSubmit recalls for the prompt's start only", async () => {
    const { cwd, root } = await hookFolders();
    const padding = "lorem ".repeat(MAX_RECALL_PROMPT_CHARS / 6 + 1);
    const late = hookInput(cwd, { prompt: `${padding} Where do I deploy?` });
    expect((await runHook({ event: "user-prompt-submit", stdin: late, root })).stdout).toBe("");
    const early = hookInput(cwd, { prompt: `Where do I deploy? ${padding}` });
    expect((await runHook({ event: "user-prompt-submit", stdin: early, root })).stdout).toContain(
      "Fly.io",
    );
  });
});
