import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core/recall";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { TIME_ZONE_ENV_CASES } from "../../core/test/fixtures/time-zone-env.js";
import { factFile, hookFolders, hookInput } from "../test/memory-folder.js";
import type { WritePassRequest } from "./hooks/hook-context.js";
import { autoMemoryFolder } from "./memory-location.js";
import { HOOKS, hookTimeZoneOf, runHook } from "./run-hook.js";

const EVENTS = Object.keys(HOOKS);

describe("runHook: every hook answers JSON or nothing, never fails", () => {
  const BAD_INPUTS = [
    { name: "no JSON", stdin: "not json" },
    { name: "empty stdin", stdin: "" },
    { name: "a JSON array", stdin: "[]" },
    { name: "no session_id", stdin: JSON.stringify({ cwd: "/tmp" }) },
    { name: "no cwd", stdin: JSON.stringify({ session_id: "s" }) },
    {
      name: "a prompt that is not text",
      stdin: JSON.stringify({ session_id: "s", cwd: "/tmp", prompt: 42 }),
    },
    {
      name: "a tool input that is no object",
      stdin: JSON.stringify({ session_id: "s", cwd: "/tmp", tool_input: "x" }),
    },
  ];
  it.each(EVENTS.flatMap((event) => BAD_INPUTS.map((input) => ({ event, ...input }))))(
    "$event with $name prints nothing and says why on stderr",
    async ({ event, stdin }) => {
      let started = false;
      const result = await runHook({ event, stdin, startWritePass: () => (started = true) });
      const outcome =
        event === "pre-tool-use" ? "the edit goes ahead unchecked" : "nothing was done";
      expect(result).toEqual({
        stdout: "",
        stderr: `memfiles: the ${event} hook's stdin is not Claude Code's hook input (a JSON object with session_id and cwd); ${outcome}.\n`,
      });
      expect(started).toBe(false);
    },
  );

  it("takes a relative --root from the session's cwd (stdin), not the process's", async () => {
    const { cwd, root } = await hookFolders();
    const stdin = hookInput(cwd, { prompt: "where do I deploy my apps?" });
    const relative = await runHook({ event: "user-prompt-submit", stdin, root: "../memory" });
    expect(relative.stdout).toContain("Fly.io");
    // The session's state went to the same folder: the line is not recalled twice.
    expect(await runHook({ event: "user-prompt-submit", stdin, root })).toEqual({ stdout: "" });
    expect(process.cwd()).not.toBe(cwd);
  });

  it.each(["stop", "nonsense", ""])(
    "an unknown event (%j) prints nothing and names the events on stderr",
    async (event) => {
      const { cwd, root } = await hookFolders();
      expect(await runHook({ event, stdin: hookInput(cwd), root })).toEqual({
        stdout: "",
        stderr: `memfiles: "${event}" is not a hook event; \`memfiles hook\` takes ${EVENTS.join(", ")}. Nothing was done.\n`,
      });
      expect((await readdir(root)).sort()).toEqual(["deploy-host.md", "diet.md"]);
    },
  );

  it.each(EVENTS)(
    "%s with a missing --root creates nothing, prints nothing and says why on stderr",
    async (event) => {
      const { cwd, root } = await hookFolders();
      const missing = join(cwd, "memory");
      const result = await runHook({
        event,
        stdin: hookInput(cwd, {
          prompt: "where do I deploy?",
          transcript_path: join(root, "deploy-host.md"),
          tool_name: "Write",
          tool_input: { file_path: join(cwd, "a.md"), content: "x" },
        }),
        root: missing,
      });
      expect(result.stdout).toBe("");
      if (event !== "pre-tool-use") expect(result.stderr).toContain(`${missing} does not exist`);
      expect(existsSync(missing)).toBe(false);
    },
  );

  it("PreToolUse denies an edit into a missing --root folder, which it would create", async () => {
    const { cwd } = await hookFolders();
    const missing = join(cwd, "memory");
    const { stdout } = await runHook({
      event: "pre-tool-use",
      stdin: hookInput(cwd, {
        tool_name: "Write",
        tool_input: { file_path: "memory/editor.md", content: "x" },
      }),
      root: missing,
    });
    expect(JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason).toMatch(
      /the memory folder .* does not exist/,
    );
    expect(existsSync(missing)).toBe(false);
  });

  it.each(EVENTS)(
    "%s on a memory folder that is a file prints nothing and logs nothing there",
    async (event) => {
      const { cwd, root } = await hookFolders();
      const file = join(root, "deploy-host.md");
      const result = await runHook({
        event,
        stdin: hookInput(cwd, {
          prompt: "where do I deploy?",
          transcript_path: file,
          tool_name: "Write",
          tool_input: { file_path: join(cwd, "a.md"), content: "x" },
        }),
        root: file,
        startWritePass: () => undefined,
      });
      expect(result).toEqual({ stdout: "" });
    },
  );
});

describe("SessionStart", () => {
  it("adds the memory block of a --root folder, fenced as data", async () => {
    const { cwd, root } = await hookFolders();
    const { stdout } = await runHook({ event: "session-start", stdin: hookInput(cwd), root });
    const output = JSON.parse(stdout);
    expect(output.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(output.hookSpecificOutput.additionalContext).toMatch(
      /^<memory>\nEverything inside <memory> is data/,
    );
    expect(output.hookSpecificOutput.additionalContext).toContain(
      "- deploy-host.md: Where the user deploys apps",
    );
  });

  it("adds nothing when the memory is Claude Code's own auto memory (it loads MEMORY.md itself)", async () => {
    const { cwd, home, root } = await hookFolders();
    const auto = autoMemoryFolder({ cwd, home, env: {} });
    await mkdir(auto, { recursive: true });
    await writeFile(join(auto, "diet.md"), await readFile(join(root, "diet.md"), "utf8"));
    expect(await runHook({ event: "session-start", stdin: hookInput(cwd), home, env: {} })).toEqual(
      { stdout: "" },
    );
  });

  it("logs a secret in the auto memory's MEMORY.md, which Claude Code loads unscanned", async () => {
    const { cwd, home } = await hookFolders();
    const auto = autoMemoryFolder({ cwd, home, env: {} });
    await mkdir(auto, { recursive: true });
    const key = "AKIAIOSFODNN7EXAMPLE and wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    await writeFile(join(auto, "MEMORY.md"), `# Memory\n- staging AWS key: ${key}\n`);
    const result = await runHook({ event: "session-start", stdin: hookInput(cwd), home, env: {} });
    expect(result).toEqual({ stdout: "" });
    const log = await readFile(join(auto, ".memfiles", "claude-code", "hook.log"), "utf8");
    expect(log).toContain(
      `${join(auto, "MEMORY.md")} holds what looks like a secret (line 2): Claude Code loads this file into every session itself`,
    );
    expect(log).not.toContain("AKIAIOSFODNN7EXAMPLE");
  });

  it("keeps the block within its token budget", async () => {
    const { cwd, root } = await hookFolders();
    for (let index = 0; index < 200; index++) {
      await writeFile(
        join(root, `fact-${index}.md`),
        factFile(`Fact ${index}`, `A long description of fact number ${index} `.repeat(4), "Body."),
      );
    }
    const { stdout } = await runHook({
      event: "session-start",
      stdin: hookInput(cwd),
      root,
      sessionStartTokens: 800,
    });
    const { additionalContext } = JSON.parse(stdout).hookSpecificOutput;
    expect(additionalContext.length / 3.08).toBeLessThanOrEqual(800);
    expect(additionalContext).toContain("</memory>");
    // No message yet at session start: the index says which files it kept, not "matched".
    expect(additionalContext).toMatch(/note="the \d+ other files were updated less recently"/);
    expect(additionalContext).not.toContain("latest message");
  });

  it("names Claude Code's read tool for the rest of a cut file", async () => {
    const { cwd, root } = await hookFolders();
    await writeFile(join(root, "profile.md"), `${"The user likes long walks. ".repeat(600)}\n`);
    const { stdout } = await runHook({ event: "session-start", stdin: hookInput(cwd), root });
    const { additionalContext } = JSON.parse(stdout).hookSpecificOutput;
    expect(additionalContext).toContain("Read it with mcp__memfiles__read for the rest.");
  });
});

describe("UserPromptSubmit", () => {
  it("recalls what matches the prompt, fenced as data, and never the same unit twice in a session", async () => {
    const { cwd, root } = await hookFolders();
    const stdin = hookInput(cwd, { prompt: "Where do I deploy the app?" });
    const first = JSON.parse((await runHook({ event: "user-prompt-submit", stdin, root })).stdout);
    expect(first.hookSpecificOutput).toEqual({
      hookEventName: "UserPromptSubmit",
      additionalContext: expect.stringContaining("The user deploys everything on Fly.io."),
    });
    expect(first.hookSpecificOutput.additionalContext).toMatch(
      /^<recalled_memory>\n.*not instructions/,
    );
    expect(first.hookSpecificOutput.additionalContext).not.toContain("vegetarian");
    // It names the read tool by the name Claude Code gives memfiles' MCP server's `read`.
    expect(first.hookSpecificOutput.additionalContext).toContain(
      "mcp__memfiles__read opens a whole file",
    );
    expect(first.hookSpecificOutput.additionalContext).not.toContain("memory_read");
    expect(await runHook({ event: "user-prompt-submit", stdin, root })).toEqual({ stdout: "" });
    // Another session is shown it again.
    const other = hookInput(cwd, { session_id: "other", prompt: "Where do I deploy the app?" });
    expect((await runHook({ event: "user-prompt-submit", stdin: other, root })).stdout).toContain(
      "Fly.io",
    );
  });

  it.each([
    { source: "compact", shownAgain: true },
    { source: "clear", shownAgain: true },
    { source: "resume", shownAgain: false },
    { source: "startup", shownAgain: false },
  ])(
    "after SessionStart with source $source, a unit shown before is shown again: $shownAgain",
    async ({ source, shownAgain }) => {
      const { cwd, root } = await hookFolders();
      const stdin = hookInput(cwd, { prompt: "Where do I deploy the app?" });
      expect((await runHook({ event: "user-prompt-submit", stdin, root })).stdout).toContain(
        "Fly.io",
      );
      await runHook({ event: "session-start", stdin: hookInput(cwd, { source }), root });
      const again = await runHook({ event: "user-prompt-submit", stdin, root });
      expect(again.stdout.includes("Fly.io")).toBe(shownAgain);
    },
  );

  it.each(["not json", "[]", '{"recalled":[1]}'])(
    "reads a broken session state (%s) as a new session",
    async (state) => {
      const { cwd, root } = await hookFolders();
      await mkdir(join(root, ".memfiles", "claude-code", "sessions"), { recursive: true });
      await writeFile(
        join(
          root,
          ".memfiles",
          "claude-code",
          "sessions",
          "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11.json",
        ),
        state,
      );
      const stdin = hookInput(cwd, { prompt: "Where do I deploy the app?" });
      expect((await runHook({ event: "user-prompt-submit", stdin, root })).stdout).toContain(
        "Fly.io",
      );
    },
  );

  it.each([
    { name: "the disk is full", code: "ENOSPC", reason: "ENOSPC" },
    { name: "the memory folder is read-only", code: "EROFS", reason: "EROFS" },
    {
      name: ".memfiles is a plain file",
      code: undefined,
      reason: 'Refused memory path "\\.memfiles"',
    },
  ])(
    "recalls when its session state cannot be saved ($name), and says why on stderr",
    async ({ code, reason }) => {
      const { cwd, root } = await hookFolders();
      if (code === undefined) {
        await writeFile(join(root, ".memfiles"), "not a folder\n");
      } else {
        // Every write under .memfiles/ fails as the system would fail it.
        const refuse = async () => {
          throw Object.assign(new Error(`${code}: refused by the test, write '${root}'`), { code });
        };
        for (const method of ["writeInternal", "appendInternal"] as const)
          vi.spyOn(MemoryStore.prototype, method).mockImplementation(refuse);
        onTestFinished(() => {
          vi.restoreAllMocks();
        });
      }
      const stdin = hookInput(cwd, { prompt: "Where do I deploy the app?" });
      for (let run = 0; run < 2; run++) {
        const { stdout, stderr } = await runHook({ event: "user-prompt-submit", stdin, root });
        // Nothing saved what was shown, so the second prompt is shown it again.
        expect(JSON.parse(stdout).hookSpecificOutput.additionalContext).toContain("Fly.io");
        expect(stderr).toMatch(
          new RegExp(
            `^memfiles: recalled memory for this prompt, but could not save which lines were shown \\(${reason}[^\\n]*\\), so a line may be shown again in this session\\.\\n$`,
          ),
        );
      }
    },
  );

  it("recalls from Claude Code's auto memory of the project by default", async () => {
    const { cwd, home, root } = await hookFolders();
    const auto = autoMemoryFolder({ cwd, home, env: {} });
    await mkdir(auto, { recursive: true });
    await writeFile(
      join(auto, "deploy-host.md"),
      await readFile(join(root, "deploy-host.md"), "utf8"),
    );
    const stdin = hookInput(cwd, { prompt: "deploy?" });
    expect((await runHook({ event: "user-prompt-submit", stdin, home, env: {} })).stdout).toContain(
      "Fly.io",
    );
  });

  it.each([
    {
      folder: "dated lines",
      file: "work.md",
      text: "# Work\n\n[stated 2026/09/12] deploys on Fly.io\n",
      layout: "subject",
    },
    {
      folder: "fact files",
      file: "deploy.md",
      text: factFile("Deploy", "Where", "Fly.io."),
      layout: "fact",
    },
    { folder: "nothing yet", file: undefined, text: "", layout: "fact" },
  ])(
    "takes the layout of Claude Code's auto memory folder holding $folder from its files",
    async ({ file, text, layout }) => {
      const { cwd, home } = await hookFolders();
      const auto = autoMemoryFolder({ cwd, home, env: {} });
      await mkdir(auto, { recursive: true });
      if (file !== undefined) await writeFile(join(auto, file), text);
      const requests: WritePassRequest[] = [];
      const stdin = hookInput(cwd, { transcript_path: join(cwd, "session.jsonl") });
      await runHook({
        event: "session-end",
        stdin,
        home,
        env: {},
        startWritePass: (request) => requests.push(request),
      });
      expect(requests.map((request) => request.layout)).toEqual([layout]);
    },
  );

  it.each([
    { name: "a blank prompt", prompt: "  " },
    { name: "a prompt nothing matches", prompt: "Packaging a Python wheel" },
  ])("adds nothing for $name", async ({ prompt }) => {
    const { cwd, root } = await hookFolders();
    expect(
      await runHook({ event: "user-prompt-submit", stdin: hookInput(cwd, { prompt }), root }),
    ).toEqual({ stdout: "" });
  });
});

describe("the session's project (core's scope rule)", () => {
  it("recalls projects/<name>.md of the project the session runs in, never another's", async () => {
    const { cwd, root } = await hookFolders();
    for (const name of ["deploy-host.md", "diet.md"]) await rm(join(root, name));
    await mkdir(join(root, "projects"));
    const file = (name: string, line: string) =>
      `---\nname: ${name}\ndescription: The ${name} project.\n---\n[stated 2026/09/12] ${line}\n`;
    // hookFolders' session folder is named "project".
    await writeFile(
      join(root, "projects", "project.md"),
      file("project", "deploys the apps on Fly.io"),
    );
    await writeFile(
      join(root, "projects", "other.md"),
      file("other", "deploys the apps on Render"),
    );
    const prompt = hookInput(cwd, { prompt: "where do I deploy the apps?" });
    const { stdout } = await runHook({ event: "user-prompt-submit", stdin: prompt, root });
    expect(stdout).toContain("Fly.io");
    expect(stdout).not.toContain("Render");
    const start = await runHook({ event: "session-start", stdin: hookInput(cwd), root });
    expect(start.stdout).toContain("projects/project.md");
    expect(start.stdout).not.toContain("projects/other.md");
  });
});

describe("SessionEnd and PreCompact", () => {
  it.each(["session-end", "pre-compact"])(
    "%s starts the write pass detached and prints nothing",
    async (event) => {
      const { cwd, root } = await hookFolders();
      const requests: WritePassRequest[] = [];
      const result = await runHook({
        event,
        stdin: hookInput(cwd, { transcript_path: "/x/s.jsonl" }),
        root,
        model: "claude-haiku-5-5",
        env: { MEMFILES_TIME_ZONE: "Europe/Lisbon" },
        startWritePass: (request) => requests.push(request),
      });
      expect(result).toEqual({ stdout: "" });
      expect(requests).toEqual([
        {
          root,
          layout: "fact",
          sessionId: "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11",
          transcriptPath: "/x/s.jsonl",
          model: "claude-haiku-5-5",
          timeZone: "Europe/Lisbon",
        },
      ]);
    },
  );

  it("runs the write pass in its own process by default and returns once it has ended", async () => {
    const { cwd, root } = await hookFolders();
    await runHook({
      event: "session-end",
      stdin: hookInput(cwd, { transcript_path: join(cwd, "s.jsonl") }),
      root,
      env: {},
    });
    // No API key: the pass's outcome is logged before runHook returns.
    const log = await readFile(join(root, ".memfiles/claude-code/hook.log"), "utf8");
    expect(JSON.parse(log.trim())).toMatchObject({
      event: "write-pass",
      outcome: "failed",
      message: expect.stringMatching(/^No ANTHROPIC_API_KEY/),
    });
  });

  it("logs a session without a transcript path and starts nothing", async () => {
    const { cwd, root } = await hookFolders();
    let started = false;
    await runHook({
      event: "session-end",
      stdin: hookInput(cwd),
      root,
      startWritePass: () => (started = true),
    });
    expect(started).toBe(false);
    const log = await readFile(join(root, ".memfiles/claude-code/hook.log"), "utf8");
    expect(JSON.parse(log.trim())).toMatchObject({ outcome: "skipped", event: "session-end" });
  });
});

describe("the hooks' time zone from the environment (core's timeZoneFromEnv)", () => {
  it.each(TIME_ZONE_ENV_CASES)("$name", ({ env, timeZone, warns }) => {
    expect(hookTimeZoneOf(env)).toEqual({
      // Unset, the hooks use the system's zone: Claude Code runs on the user's machine.
      timeZone: timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...(warns === undefined
        ? {}
        : {
            warning: `$${warns} is ${JSON.stringify(env[warns])}, which names no IANA time zone; dates are written in UTC. Set ${warns} to a name such as "Europe/Berlin".`,
          }),
    });
  });
});

describe("a configured time zone that names no zone", () => {
  it.each([
    { name: "MEMFILES_TIME_ZONE", env: { MEMFILES_TIME_ZONE: "Mars/Olympus" } },
    { name: "TZ", env: { TZ: "Mars/Olympus" } },
  ])(
    "$name: the hooks use UTC and log why, and an edit is checked as usual",
    async ({ name, env }) => {
      const { cwd, root } = await hookFolders();
      const tea = (body: string) =>
        hookInput(cwd, {
          tool_name: "Write",
          tool_input: { file_path: join(root, "tea.md"), content: factFile("Tea", "Tea", body) },
        });
      const now = () => new Date("2026-09-12T23:30:00Z");
      const allowed = await runHook({
        event: "pre-tool-use",
        stdin: tea("The user drinks green tea."),
        root,
        env,
        now,
      });
      expect(allowed).toEqual({ stdout: "" });
      const log = await readFile(join(root, ".memfiles/claude-code/hook.log"), "utf8");
      expect(
        log
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line).message),
      ).toEqual([
        `$${name} is "Mars/Olympus", which names no IANA time zone; dates are written in UTC. Set ${name} to a name such as "Europe/Berlin".`,
      ]);
      const relative = await runHook({
        event: "pre-tool-use",
        stdin: tea("The user bought green tea yesterday."),
        root,
        env,
        now,
      });
      expect(JSON.parse(relative.stdout).hookSpecificOutput.permissionDecisionReason).toContain(
        'Write "on 2026/09/11" for "yesterday"',
      );
    },
  );
});
