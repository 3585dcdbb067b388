// The hook entry as Claude Code runs it: a node process per event, here the built dist/ on plain
// node (turbo builds it before this package's tests). SessionEnd and PreCompact must only hand
// their input to a detached child and exit, so Claude Code's 1.5 s limit never cancels them.
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectBuilt } from "../../core/test/fixtures/built-dist.js";
import { factFile, hookFolders, hookInput } from "../test/memory-folder.js";

const LONG_WORDS = Array.from({ length: 5000 }, (_, at) => (at % 100 === 50 ? " " : "x")).join("");

const DIST = fileURLToPath(new URL("../dist/", import.meta.url));
const ENTRY = ["--conditions=memfiles-dist", join(DIST, "hook-main.js")];
const RESOLVED_LOGGER = fileURLToPath(new URL("../test/log-resolved.mjs", import.meta.url));
const INTL_COUNTER = fileURLToPath(new URL("../test/count-intl.mjs", import.meta.url));
const STDIN_IS_TTY = fileURLToPath(new URL("../test/stdin-is-tty.mjs", import.meta.url));
// Two node starts (the hook, then its detached child loading the write pass) take several seconds
// on a busy 2-core machine; a minute is the honest limit.
const PROCESS_TIMEOUT_MS = 60_000;
// A pasted key as one word: the secret guard's PEM rule flags it.
const KEY =
  "-----BEGIN OPENSSH PRIVATE KEY-----b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ-----END OPENSSH PRIVATE KEY-----";

beforeAll(() => expectBuilt(["claude-code", "core", "errors", "prompts"]));

/** Runs the hook entry; `stdin` `undefined`: left open, never ended (a person at a terminal). */
function hook(
  args: string[],
  stdin: string | undefined,
  options: { entry?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; stdout: string; stderr: string; pid: number }> {
  // pnpm's NODE_PATH would find packages that Claude Code's hook process cannot.
  const { ANTHROPIC_API_KEY: _key, NODE_PATH: _path, ...inherited } = process.env;
  const env = { ...inherited, ...options.env };
  const entry = options.entry ?? ENTRY;
  return new Promise((resolveRun) => {
    const child = execFile(
      process.execPath,
      [...entry, ...args],
      { env },
      (error, stdout, stderr) => {
        const code = error ? Number(error.code ?? 1) : 0;
        child.stdin?.destroy();
        resolveRun({ code, stdout, stderr, pid: child.pid ?? -1 });
      },
    );
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

async function logLines(root: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(root, ".memfiles/claude-code/hook.log"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the hook entry (a process)", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it.each(["session-end", "pre-compact"])(
    "%s prints nothing, exits 0 and leaves the write pass to a detached child",
    async (event) => {
      const { cwd, root } = await hookFolders();
      const transcriptPath = join(cwd, "session.jsonl");
      await writeFile(transcriptPath, "");
      const run = await hook(
        [event, "--root", root],
        hookInput(cwd, { transcript_path: transcriptPath }),
      );
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: "" });
      // The child logs its write pass (here: no API key) after the hook process has ended.
      let lines = await logLines(root);
      while (!lines.some((line) => line.event === "write-pass")) {
        await sleep(100);
        lines = await logLines(root);
      }
      expect(lines.find((line) => line.event === "write-pass")).toMatchObject({
        outcome: "failed",
        sessionId: "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11",
      });
      // The input handed to the child is removed once read.
      const left = (await readdir(tmpdir())).filter((name) =>
        name.startsWith(`memfiles-hook-${run.pid}-`),
      );
      expect(left).toEqual([]);
    },
  );

  // Argument mistakes with stdin left open: each is said before stdin is read, so a person who
  // typed the command is not left waiting for an input that never comes.
  const stdinLeftOpen = undefined;
  it("a --user hook stands down in a project with its own install; its write pass gets --user", async () => {
    const { cwd, root } = await hookFolders();
    const transcriptPath = join(cwd, "session.jsonl");
    await writeFile(transcriptPath, "");
    const input = hookInput(cwd, { transcript_path: transcriptPath });
    const alone = await hook(["session-start", "--root", root, "--user"], input);
    expect({ code: alone.code, stderr: alone.stderr }).toEqual({ code: 0, stderr: "" });
    expect(alone.stdout).toContain("deploy-host.md");
    // The detached child takes --user too: it runs the write pass, which logs.
    expect((await hook(["session-end", "--root", root, "--user"], input)).stdout).toBe("");
    while (!(await logLines(root)).some((line) => line.event === "write-pass")) await sleep(100);
    await mkdir(join(cwd, ".claude"));
    await writeFile(
      join(cwd, ".claude", "settings.json"),
      JSON.stringify({
        hooks: {
          SessionStart: [{ hooks: [{ type: "command", command: "memfiles hook session-start" }] }],
          SessionEnd: [{ hooks: [{ type: "command", command: "memfiles hook session-end" }] }],
        },
      }),
    );
    expect(await hook(["session-start", "--root", root, "--user"], input)).toMatchObject({
      code: 0,
      stdout: "",
      stderr: "",
    });
    // Its SessionEnd's child stands down too (the project runs memfiles at SessionEnd): it gets
    // --user. A project-level session after it logs its write pass; by then, and a while after
    // the child took its input, none is logged for the --user one (a negative check: it can only
    // pass wrongly, never fail wrongly).
    const session = (id: string) =>
      hookInput(cwd, { session_id: id, transcript_path: transcriptPath });
    const user = await hook(["session-end", "--root", root, "--user"], session("user-level"));
    await hook(["session-end", "--root", root], session("project-level"));
    const wrote = async () =>
      (await logLines(root))
        .filter((line) => line.event === "write-pass")
        .map((line) => line.sessionId);
    while (!(await wrote()).includes("project-level")) await sleep(100);
    while ((await readdir(tmpdir())).some((name) => name.startsWith(`memfiles-hook-${user.pid}-`)))
      await sleep(100);
    await sleep(2_000);
    expect(await wrote()).not.toContain("user-level");
  });

  it.each([
    {
      args: ["nonsense"],
      stdin: stdinLeftOpen,
      says: /^memfiles: "nonsense" is not a hook event; .* Nothing was done\.\n$/,
    },
    // A pasted key or a long paste is never echoed: core's argumentErrorText, as the CLI's errors.
    {
      args: [KEY],
      stdin: stdinLeftOpen,
      says: /^memfiles: "\[redacted\]" is not a hook event; .* Nothing was done\.\n$/,
    },
    {
      args: ["session-start", KEY],
      stdin: stdinLeftOpen,
      says: /^memfiles: Unknown option '\[redacted\]'[^\n]*; the session-start hook did nothing\.\n$/,
    },
    // A space inside every 100 chars: one run past 1,000 chars is a long token, shown as
    // [redacted] whole (decision 0125), where this case is about the cap on a shown length.
    {
      args: [LONG_WORDS],
      stdin: stdinLeftOpen,
      says: new RegExp(
        `^memfiles: "${LONG_WORDS.slice(0, 160)}… \\(5000 chars\\)" is not a hook event; `,
      ),
    },
    {
      // An option before the event: the option is what was typed where the event goes.
      args: ["--root", "x", "user-prompt-submit"],
      stdin: stdinLeftOpen,
      says: /^memfiles: "--root" is not a hook event; .* Nothing was done\.\n$/,
    },
    {
      args: ["user-prompt-submit", "--root"],
      stdin: stdinLeftOpen,
      says: /^memfiles: Option '--root <value>' argument missing; the user-prompt-submit hook did nothing\.\n$/,
    },
    {
      args: ["session-end", "--model"],
      stdin: stdinLeftOpen,
      says: /^memfiles: Option '--model <value>' argument missing; the session-end hook did nothing\.\n$/,
    },
    {
      args: ["user-prompt-submit", "--root", "--model", "x"],
      stdin: stdinLeftOpen,
      says: /^memfiles: Option '--root' argument is ambiguous\. .*'--root=-XYZ'; the user-prompt-submit hook did nothing\.\n$/,
    },
    {
      args: ["session-start", "--root="],
      stdin: stdinLeftOpen,
      says: /^memfiles: Option '--root' has an empty value; the session-start hook did nothing\.\n$/,
    },
    {
      args: ["session-start", "--rot", "memory"],
      stdin: stdinLeftOpen,
      says: /^memfiles: Unknown option '--rot'.*; the session-start hook did nothing\.\n$/,
    },
    {
      args: ["pre-tool-use"],
      stdin: "not json {",
      says: /^memfiles: the pre-tool-use hook's stdin is not Claude Code's hook input .*; the edit goes ahead unchecked\.\n$/,
    },
    // The write pass's child has no stderr: its input is checked before it starts.
    ...["session-end", "pre-compact"].map((event) => ({
      args: [event],
      stdin: "not json {",
      says: new RegExp(
        `^memfiles: the ${event} hook's stdin is not Claude Code's hook input .*; nothing was done\\.\\n$`,
      ),
    })),
    // A terminal's stdin is not waited for (the preload marks the open pipe a TTY).
    ...["user-prompt-submit", "session-end"].map((event) => ({
      args: [event],
      stdin: stdinLeftOpen,
      tty: true,
      says: new RegExp(
        `^memfiles: the ${event} hook's stdin is not Claude Code's hook input .*; nothing was done\\.\\n$`,
      ),
    })),
  ])(
    "$args exits 0, prints nothing on stdout and one line on stderr",
    async ({ args, stdin, says, ...row }) => {
      const { cwd } = await hookFolders();
      const run = await hook(args, stdin, {
        env: { HOME: cwd },
        ...("tty" in row ? { entry: ["--import", STDIN_IS_TTY, ...ENTRY] } : {}),
      });
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: "" });
      expect(run.stderr).toMatch(says);
      // No write pass was handed an input.
      const left = (await readdir(tmpdir())).filter((name) =>
        name.startsWith(`memfiles-hook-${run.pid}-`),
      );
      expect(left).toEqual([]);
    },
  );

  it("pre-tool-use of a Write over the input limit outside memory, file_path last, is allowed", async () => {
    const { cwd, root } = await hookFolders();
    const input = (filePath: string) =>
      hookInput(cwd, {
        tool_name: "Write",
        tool_input: { content: "x,".repeat(1_100_000), file_path: filePath },
      });
    const elsewhere = await hook(["pre-tool-use", "--root", root], input(join(cwd, "big.csv")));
    expect(elsewhere).toMatchObject({ code: 0, stdout: "" });
    const inside = await hook(["pre-tool-use", "--root", root], input(join(root, "big.md")));
    expect(JSON.parse(inside.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  // The first Intl.Segmenter costs ~6.5 ms of CPU and the first Intl.DateTimeFormat ~3 ms (ICU
  // data): a hook on ASCII text, which neither cuts nor segments, and needs no time zone, makes
  // neither.
  it.each([
    { event: "session-start", fields: { source: "startup" } },
    { event: "user-prompt-submit", fields: { prompt: "Where do I deploy the app?" } },
  ])("$event on ASCII text loads no ICU segmenter or time zone", async ({ event, fields }) => {
    const { cwd, root } = await hookFolders();
    const log = join(cwd, "intl.log");
    const run = await hook([event, "--root", root], hookInput(cwd, fields), {
      entry: ["--import", INTL_COUNTER, ...ENTRY],
      env: { MEMFILES_TEST_INTL_LOG: log },
    });
    expect(run.stdout).toContain("additionalContext");
    expect(JSON.parse(await readFile(log, "utf8"))).toEqual({ Segmenter: 0, DateTimeFormat: 0 });
  });

  it("user-prompt-submit whose stdout is closed before it writes exits 0 without a stack trace", async () => {
    const { cwd, root } = await hookFolders();
    const child = spawn(process.execPath, [...ENTRY, "user-prompt-submit", "--root", root]);
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdin.end(hookInput(cwd, { prompt: "Where do I deploy the app?" }));
    const code = await new Promise((resolveExit) => child.on("close", resolveExit));
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });
});

describe("the hook bundle (dist/run-hook.bundle.cjs)", { timeout: PROCESS_TIMEOUT_MS }, () => {
  // dist/ without the bundle, beside dist/ so that it resolves the same packages: a built package
  // whose bundle is missing, which must answer the same, module by module.
  let unbundled: string;
  beforeAll(async () => {
    unbundled = await mkdtemp(join(DIST, "..", ".dist-without-bundle-"));
    await cp(DIST, unbundled, {
      recursive: true,
      filter: (path) => !path.endsWith("run-hook.bundle.cjs"),
    });
  });
  afterAll(() => rm(unbundled, { recursive: true, force: true }));

  it("was built from the files as they are now (pnpm build writes what it read)", async () => {
    const sha256 = async (path: string) =>
      createHash("sha256")
        .update(await readFile(path).catch(() => "(missing)"))
        .digest("hex");
    const built = JSON.parse(await readFile(join(DIST, "run-hook.bundle.inputs.json"), "utf8")) as {
      bundle: string;
      inputs: Record<string, string>;
    };
    const paths = Object.keys(built.inputs);
    expect(paths).toContain("run-hook.js");
    expect(paths.some((path) => path.startsWith("../../core/dist/"))).toBe(true);
    const changed: string[] = [];
    for (const [path, hash] of Object.entries(built.inputs)) {
      if ((await sha256(join(DIST, path))) !== hash) changed.push(path);
    }
    expect(
      { bundle: await sha256(join(DIST, "run-hook.bundle.cjs")), changed },
      "changed since the hook bundle was built: run `pnpm build`",
    ).toEqual({ bundle: built.bundle, changed: [] });
  });

  const secret = `sk-ant-api03-${"a".repeat(93)}AA`;
  it.each([
    { event: "session-start", fields: { source: "startup" } },
    { event: "user-prompt-submit", fields: { prompt: "Where do I deploy the app?" } },
    {
      event: "pre-tool-use",
      fields: {
        tool_name: "Write",
        tool_input: { file_path: "MEMORY-DIR/key.md", content: `The key is ${secret}` },
      },
    },
    {
      event: "pre-tool-use",
      fields: { tool_name: "Write", tool_input: { file_path: "/elsewhere/a.md", content: "x" } },
    },
  ])(
    "$event answers from the bundle and its code cache as without them, loading no core module",
    async ({ event, fields }) => {
      // Each run a folder of its own (the first run builds its recall index), with a description
      // only YAML reads right (a lenient reading keeps the quotes and backslashes).
      const folders = async () => {
        const made = await hookFolders();
        await writeFile(
          join(made.root, "editor.md"),
          factFile("Editor", '"The user\'s \\"editor\\""', "The user edits in Helix."),
        );
        const input = hookInput(
          made.cwd,
          JSON.parse(JSON.stringify(fields).replace("MEMORY-DIR", made.root)) as Record<
            string,
            unknown
          >,
        );
        return { ...made, input };
      };
      const [first, second, third] = [await folders(), await folders(), await folders()];
      const log = join(first.cwd, "resolved.log");
      // A temp folder of its own: the first run writes the event's code cache, the next reads it.
      const temp = await mkdtemp(join(tmpdir(), "memfiles-hook-temp-"));
      const bundled = await hook([event, "--root", first.root], first.input, {
        entry: ["--import", RESOLVED_LOGGER, ...ENTRY],
        env: { MEMFILES_TEST_RESOLVED_LOG: log, TMPDIR: temp },
      });
      const resolved = (await readFile(log, "utf8")).split("\n");
      const caches = join(temp, `memfiles-code-cache-${process.getuid?.()}`);
      const [cache] = await readdir(caches);
      const written = (await stat(join(caches, cache ?? ""))).mtimeMs;
      const cached = await hook([event, "--root", third.root], third.input, {
        env: { TMPDIR: temp },
      });
      // Read, not refused: a refused cache is written again.
      expect({
        caches: await readdir(caches),
        mtimeMs: (await stat(join(caches, cache ?? ""))).mtimeMs,
      }).toEqual({ caches: [cache], mtimeMs: written });
      await rm(temp, { recursive: true, force: true });
      const plain = await hook([event, "--root", second.root], second.input, {
        entry: ["--conditions=memfiles-dist", join(unbundled, "hook-main.js")],
      });
      expect({ ...cached, stdout: cached.stdout.replaceAll(third.root, "ROOT") }).toMatchObject({
        code: 0,
        stdout: plain.stdout.replaceAll(second.root, "ROOT"),
      });
      // The same answer but for the folder's path (a denied edit names its file).
      expect({ ...bundled, stdout: bundled.stdout.replaceAll(first.root, "ROOT") }).toMatchObject({
        code: 0,
        stdout: plain.stdout.replaceAll(second.root, "ROOT"),
      });
      if (event === "session-start") expect(plain.stdout).toContain(`The user's \\"editor\\"`);
      if (event !== "pre-tool-use") expect(plain.stdout).toContain("additionalContext");
      // The bundle is run by the loader, not resolved; module by module would resolve run-hook.js.
      expect(resolved.filter((url) => url.endsWith("/dist/load-bundle.js"))).toHaveLength(1);
      expect(resolved.filter((url) => url.endsWith("/dist/run-hook.js"))).toEqual([]);
      // PreToolUse of a memory file loads the check pipeline (core's full entry) on purpose.
      if (!(event === "pre-tool-use" && plain.stdout !== ""))
        expect(resolved.filter((url) => url.includes("/core/"))).toEqual([]);
    },
  );
});
