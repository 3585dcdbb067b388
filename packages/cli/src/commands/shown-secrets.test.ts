import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { runHook } from "@memfiles/claude-code";
import { forgetOpenRecallIndexes } from "@memfiles/core/internal";
import {
  SHOWN_SECRET_CASES,
  shownAfterHandEdit,
  shownSecretFolder,
  shownSecretLine,
  shownUnderClearedFlags,
} from "@memfiles/core/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Each hook is a process of its own: its input as Claude Code sends it.
async function hook(event: "session-start" | "user-prompt-submit", root: string, words: string) {
  forgetOpenRecallIndexes();
  const stdin = JSON.stringify({
    // A new session each call: a session's later prompts leave out what it was shown.
    session_id: randomUUID(),
    cwd: dirname(root),
    hook_event_name: event === "session-start" ? "SessionStart" : "UserPromptSubmit",
    ...(event === "session-start" ? { source: "startup" } : { prompt: words }),
  });
  return (await runHook({ event, stdin, root, env: {} })).stdout;
}

// `memfiles` commands that print memory to a terminal (through Bash, to a model), and the Claude
// Code hooks, each as what it prints; core's surfaces and MCP run the same cases
// (`core/src/recall/shown-secret-surfaces.test.ts`, `mcp/src/shown-secrets.test.ts`).
type Surface = readonly [
  string,
  (root: string, layout: string, path: string, words: string) => Promise<string>,
];

const SURFACES: readonly Surface[] = [
  ...[[], ["--json"]].flatMap((flags) =>
    (["show", "search", "ls", "check"] as const).map(
      (command) =>
        [
          `memfiles ${command} ${flags.join(" ")}`.trim(),
          async (root: string, layout: string, path: string, words: string) => {
            const { context, output } = contextIn(dirname(root));
            const rest = command === "show" ? [path] : command === "search" ? words.split(" ") : [];
            await runMemfiles(
              [command, "-m", root, "--layout", layout, ...flags, ...rest],
              context,
            );
            return output.stdout + output.stderr;
          },
        ] as Surface,
    ),
  ),
  ["SessionStart hook", (root, _layout, _path, words) => hook("session-start", root, words)],
  [
    "UserPromptSubmit hook",
    (root, _layout, _path, words) => hook("user-prompt-submit", root, words),
  ],
];

const CASES = (["subject", "fact"] as const).flatMap((layout) =>
  SHOWN_SECRET_CASES.flatMap((testCase) =>
    SURFACES.map(
      ([surface, shown]) =>
        [`${surface}: ${testCase.name} (${layout})`, layout, testCase, shown] as const,
    ),
  ),
);

describe("memfiles never prints a secret a person wrote into a file or its name", () => {
  // Two hooks a case spawn no process but each reads and indexes a folder: seconds on a busy
  // 2-core machine, a minute guards a hang.
  it.each(CASES)(
    "%s",
    async (name, layout, testCase, shown) => {
      const root = await shownSecretFolder(testCase, layout);
      const path = testCase.path(layout);
      const before = await readFile(join(root, path), "utf8");
      const text = await shown(root, layout, path, testCase.words);
      expect(text).toMatch(/deploy|\[redacted\]/i);
      for (const secret of testCase.hidden) expect(text).not.toContain(secret);
      if (name.startsWith("memfiles show")) {
        for (const line of testCase.kept ?? []) expect(text).toContain(line);
      }
      if (testCase.clean && name.startsWith("memfiles show") && !name.includes("json")) {
        // A clean file is printed byte for byte, as before masking.
        expect(text).toBe(before);
      } else if (testCase.clean && name.startsWith("memfiles search")) {
        expect(text).toContain(shownSecretLine(testCase, layout));
      }
      expect(await readFile(join(root, path), "utf8")).toBe(before);
    },
    60_000,
  );
});

// The stored recall index's "cleared" flags are a shortcut only (`shownUnderClearedFlags`): set,
// dropped, or set by an older build, the commands that list or search and the hooks print the same.
describe("the recall index's cleared flags change nothing memfiles prints", () => {
  afterEach(() => vi.useRealTimers());
  // Three runs of a surface over a folder it indexes: seconds on a busy 2-core machine, a minute
  // guards a hang.
  it.each(CASES.filter(([name]) => /^(memfiles (ls|search)|\w+ hook)/.test(name)))(
    "%s",
    async (_name, layout, testCase, shown) => {
      const root = await shownSecretFolder(testCase, layout);
      const path = testCase.path(layout);
      const { flagged, dropped, older } = await shownUnderClearedFlags(root, layout, () =>
        shown(root, layout, path, testCase.words),
      );
      for (const secret of testCase.hidden) expect(flagged).not.toContain(secret);
      expect({ dropped, older }).toEqual({ dropped: flagged, older: flagged });
    },
    60_000,
  );
});

describe("memfiles check names a file named after a secret, masked, with the fix", () => {
  it.each(
    (["subject", "fact"] as const).flatMap((layout) =>
      SHOWN_SECRET_CASES.map(
        (testCase) => [`${testCase.name} (${layout})`, layout, testCase] as const,
      ),
    ),
  )("%s", async (_name, layout, testCase) => {
    const root = await shownSecretFolder(testCase, layout);
    const { context, output } = contextIn(dirname(root));
    await runMemfiles(["check", "-m", root, "--layout", layout, "--json"], context);
    const findings = (
      JSON.parse(output.stdout) as {
        findings: Array<{ code: string; path: string; message: string }>;
      }
    ).findings.filter((finding) => finding.code === "secret_in_path");
    const inName = testCase.hidden.some((secret) => testCase.path(layout).includes(secret));
    expect(findings.map((finding) => finding.path)).toEqual(
      inName ? [testCase.path(layout).replace(/[^/]+(?=\.md$)/, "[redacted]")] : [],
    );
    for (const finding of findings) expect(finding.message).toMatch(/Rename it/);
  });
});

// `memfiles forget` prints the lines it would remove (`--dry-run`), or removed (`--json`), and
// their files: shown as `show` shows them (core's `forgetLinesShown`, MCP `forget` too:
// `mcp/src/shown-secrets.test.ts`).
const FORGET_SURFACES: readonly (readonly string[])[] = [
  ["--dry-run"],
  ["--dry-run", "--json"],
  ["--yes"],
  ["--yes", "--json"],
];

describe("memfiles forget never prints a secret a person wrote into a line or a file's name", () => {
  it.each(
    (["subject", "fact"] as const).flatMap((layout) =>
      SHOWN_SECRET_CASES.flatMap((testCase) =>
        FORGET_SURFACES.map(
          (flags) =>
            [
              `forget ${flags.join(" ")}: ${testCase.name} (${layout})`,
              layout,
              testCase,
              flags,
            ] as const,
        ),
      ),
    ),
  )("%s", async (_name, layout, testCase, flags) => {
    const root = await shownSecretFolder(testCase, layout);
    const { context, output } = contextIn(dirname(root));
    const code = await runMemfiles(
      ["forget", "-m", root, "--layout", layout, ...flags, ...testCase.words.split(" ")],
      context,
    );
    const text = output.stdout + output.stderr;
    expect({ code, text }).toEqual({ code: 0, text: expect.stringMatching(/deploy/) });
    for (const secret of testCase.hidden) expect(text).not.toContain(secret);
    if (testCase.clean) expect(text).toContain(shownSecretLine(testCase, layout));
  });
});

// A file the stored index cleared, then edited by hand to hold a secret (`shownAfterHandEdit`): the
// commands that list or search and the hooks print what they print of it under this build's flags.
describe("memfiles screens a cleared file edited by hand again", () => {
  afterEach(() => vi.useRealTimers());
  // Six runs of a surface over two folders it indexes: seconds on a busy 2-core machine, two
  // minutes guard a hang.
  it.each(CASES.filter(([name]) => /^(memfiles (ls|search)|\w+ hook)/.test(name)))(
    "%s",
    async (_name, layout, testCase, shown) => {
      const path = testCase.path(layout);
      const { edited, stale } = await shownAfterHandEdit(testCase, layout, (root) =>
        shown(root, layout, path, testCase.words),
      );
      for (const secret of testCase.hidden) {
        expect(edited.shown).not.toContain(secret);
        expect(stale.shown).not.toContain(secret);
      }
      expect([edited.shown, stale.shown]).toEqual([edited.flagged, stale.flagged]);
    },
    120_000,
  );
});
