// A hook Claude Code waits on never waits for the store lock past HOOK_LOCK_WAIT_MS (decision
// 0082): with the lock held, by a live holder or left by a killed writer, each hook answers as it
// would, skips what needs the lock, and once the lock is free the next prompt sees everything,
// the holder's write included. No timing is asserted: a hook that waited would take the lock a
// killed writer left once it went stale (10 s) or time out on a live one, and the messages name
// the wait each take of the lock was given.
import { existsSync } from "node:fs";
import { appendFile, mkdir, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { forgetOpenRecallIndexes } from "@memfiles/core/internal";
import { flushRecallIndexes } from "@memfiles/core/recall";
import lockfile from "proper-lockfile";
import { describe, expect, it } from "vitest";
import { factFile, hookFolders, hookInput } from "../test/memory-folder.js";
import { HOOK_LOCK_WAIT_MS } from "./hook-events.js";
import { readSessionState } from "./hook-state.js";
import { runHook } from "./run-hook.js";

const SESSION = "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11";

type Holder = {
  name: string;
  /** Takes the memory folder's lock as that holder does; returns how it lets go. */
  take: (root: string) => Promise<() => Promise<void>>;
};

const lockFolder = (root: string) => join(root, ".memfiles", "store.lock");

const HOLDERS: Holder[] = [
  {
    name: "the lock a killed writer left",
    take: async (root) => {
      await mkdir(lockFolder(root));
      // Nobody refreshes it: it goes stale, and the next taker takes it over.
      return async () => {
        const old = new Date(Date.now() - 60_000);
        // Taken over already when a hook waited past the stale limit.
        await utimes(lockFolder(root), old, old).catch(() => {});
      };
    },
  },
  {
    name: "a live holder",
    take: async (root) =>
      lockfile.lock(root, { lockfilePath: lockFolder(root), realpath: false, stale: 10_000 }),
  },
];

type HookCase = {
  event: "session-start" | "user-prompt-submit" | "pre-tool-use";
  fields: (root: string) => Record<string, unknown>;
  /** What the hook answers with the lock held, as it answers with it free. */
  expectAnswer: (stdout: string) => void;
  /** The state it could not save: left as it was. */
  expectSkipped: (root: string, stderr: string, shown: string[]) => Promise<void>;
};

const lockMessage = `within ${HOOK_LOCK_WAIT_MS} ms`;

const HOOKS: HookCase[] = [
  {
    event: "user-prompt-submit",
    fields: () => ({ hook_event_name: "UserPromptSubmit", prompt: "where do I deploy?" }),
    expectAnswer: (stdout) => expect(stdout).toContain("Fly.io"),
    expectSkipped: async (root, stderr, shown) => {
      expect(stderr).toContain("could not save which lines were shown");
      expect(stderr).toContain(lockMessage);
      expect((await readSessionState(storeOf(root), SESSION)).recalled).toEqual(shown);
    },
  },
  {
    event: "session-start",
    fields: () => ({ hook_event_name: "SessionStart", source: "compact" }),
    expectAnswer: (stdout) =>
      expect(stdout).toContain("deploy-host.md: Where the user deploys apps"),
    expectSkipped: async (root, stderr, shown) => {
      expect(stderr).toContain("could not empty the lines recall showed");
      expect(stderr).toContain(lockMessage);
      expect((await readSessionState(storeOf(root), SESSION)).recalled).toEqual(shown);
    },
  },
  {
    event: "pre-tool-use",
    fields: (root) => ({
      hook_event_name: "PreToolUse",
      tool_name: "Edit",
      tool_input: {
        file_path: join(root, "diet.md"),
        old_string: "vegetarian",
        new_string: "vegan",
      },
    }),
    // The edit is let through: nothing of a check needs the lock.
    expectAnswer: (stdout) => expect(stdout).toBe(""),
    expectSkipped: async () => {},
  },
];

// A store the state helpers read with (only `readInternal` is used).
function storeOf(root: string) {
  return {
    readInternal: (name: string) =>
      readFile(join(root, ".memfiles", name), "utf8").catch(() => undefined),
  };
}

describe("a hook never waits for the store lock past HOOK_LOCK_WAIT_MS", () => {
  const rows = HOOKS.flatMap((hook) =>
    HOLDERS.map((holder) => [hook.event, holder.name, hook, holder] as const),
  );
  it.each(rows)("%s with %s", async (_event, _holder, hook, holder) => {
    const { home, cwd, root } = await hookFolders();
    const run = (fields: Record<string, unknown>) =>
      runHook({ event: hook.event, stdin: hookInput(cwd, fields), root, home, env: {} });
    const prompt = (text: string) =>
      runHook({
        event: "user-prompt-submit",
        stdin: hookInput(cwd, { hook_event_name: "UserPromptSubmit", prompt: text }),
        root,
        home,
        env: {},
      });
    await writeFile(
      join(root, "editor.md"),
      factFile("Editor", "The user's editor", "The user edits in Helix."),
    );
    // The index stored, and one line shown in this session.
    expect((await prompt("which editor?")).stdout).toContain("Helix");
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
    const shown = (await readSessionState(storeOf(root), SESSION)).recalled;
    expect(shown).toHaveLength(1);

    const release = await holder.take(root);
    // The holder's write, as a store's write makes it under the lock: the file, then its line in
    // the recall index's log (decision 0060).
    await writeFile(
      join(root, "shell.md"),
      factFile("Shell", "The user's shell", "The user runs fish as the shell."),
    );
    await appendFile(
      join(root, ".memfiles", "recall-index.log"),
      `${JSON.stringify({ changed: "shell.md" })}\n`,
    );
    let answer: Awaited<ReturnType<typeof runHook>>;
    try {
      answer = await run(hook.fields(root));
      await flushRecallIndexes();
      hook.expectAnswer(answer.stdout);
      await hook.expectSkipped(root, answer.stderr ?? "", shown);
      // The lock was not taken from its holder, and the log keeps the holder's line.
      expect(existsSync(lockFolder(root))).toBe(true);
      const log = await readFile(join(root, ".memfiles", "recall-index.log"), "utf8");
      expect(log.split("\n")).toContain(JSON.stringify({ changed: "shell.md" }));
    } finally {
      await release();
    }

    // The next prompt, in a new process: the holder's write is seen, and its state is saved.
    forgetOpenRecallIndexes();
    const next = await prompt("which shell?");
    expect(next.stdout).toContain("fish");
    expect(next.stderr).toBeUndefined();
    await flushRecallIndexes();
    const after = (await readSessionState(storeOf(root), SESSION)).recalled;
    expect(after.slice(0, shown.length)).toEqual(shown);
    expect(after.length).toBeGreaterThan(shown.length);
  });
});
