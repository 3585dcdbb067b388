import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MemoryStore, memfilesMemoryTool, type StoreLayout } from "@memfiles/core";
import { renderMemoryBlock } from "@memfiles/core/internal";
import { recallForPrompt } from "@memfiles/core/recall";
import { describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

// A tombstone file damaged by hand or by a half-finished sync made `memfiles check` and the memory
// page fail whole, while a forgotten fact put back stayed in the folder. Decision 0107: `check`
// reports each unreadable part (`tombstones_unreadable`, with its line) and goes on; everything
// that shows memory to a model and every write refuse the file (fail closed: a tombstone that
// cannot be read might hide any fact); `check --fix` leaves MEMORY.md alone; the file itself is
// never rewritten.

const FACT = "lives at 12 Elm Street, Springfield";

type Damage = { name: string; damaged: (text: string) => string; line: number };

// Each from the file as `forget` wrote it: the header line, one tombstone a line, the closing line.
const DAMAGES: Damage[] = [
  {
    name: "cut off by a half-finished sync",
    damaged: (text) => `${text.replace(/\n\]\}\n$/, "")},\n{"date":"2026/12/0`,
    line: 3,
  },
  {
    name: "a hand edit leaves a trailing comma",
    damaged: (text) => text.replace(/\n\]\}\n$/, ",\n]}\n"),
    line: 3,
  },
  {
    name: "a wrong type in one tombstone",
    damaged: (text) =>
      text.replace(/\n\]\}\n$/, ',\n{"date":20261207,"facts":[],"query":42}\n]}\n'),
    line: 3,
  },
  {
    name: "written as YAML",
    damaged: () => "version: 2\ntombstones:\n  - date: 2026/12/07\n",
    line: 1,
  },
];

const REPOSITORY = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
const CLI = join(REPOSITORY, "packages/cli/bin/memfiles.js");

// The built CLI, as a person or a model through Bash runs it: its output and exit code.
function memfiles(args: string[], input?: string): Promise<{ out: string; code: number }> {
  const { ANTHROPIC_API_KEY: _key, NODE_PATH: _path, ...env } = process.env;
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ["--conditions=memfiles-dist", CLI, ...args],
      { env },
      (error, stdout, stderr) =>
        done({ out: `${stdout}${stderr}`, code: typeof error?.code === "number" ? error.code : 0 }),
    );
    child.stdin?.end(input ?? "");
  });
}

// What a surface did with the forgotten fact: showed it, refused with the file's name, or showed
// memory without it.
function outcome(text: string): "shown" | "refused" | "hidden" {
  if (text.includes(FACT)) return "shown";
  return text.includes("tombstones.json") ? "refused" : "hidden";
}

// Anything thrown is a refusal when it names the file, as a person would read it.
async function said(run: () => Promise<string>): Promise<string> {
  try {
    return await run();
  } catch (error) {
    return String((error as Error).message);
  }
}

const putBackPath = (layout: StoreLayout) => (layout === "subject" ? "profile.md" : "home.md");
const putBack = (layout: StoreLayout) =>
  layout === "subject"
    ? `---\nname: profile\ndescription: who the user is\n---\n[stated 2026/12/01] works as a nurse\n[stated 2026/12/01] ${FACT}\n`
    : `---\nname: home\ndescription: ${FACT}.\ntype: user\n---\n${FACT}.\n`;

describe.each(["subject", "fact"] as const)("a damaged tombstone file, %s layout", (layout) => {
  // Each case runs the built CLI seven times: about 25 s on a busy 2-core machine, so 120 s.
  it.each(DAMAGES)("$name", { timeout: 120_000 }, async ({ damaged, line }) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-damaged-")), "memory");
    await mkdir(root, { recursive: true });
    const session = await startInProcess(["--root", root, "--layout", layout]);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await session.client.callTool({ name, arguments: args });
      return (result.content as Array<{ type: string; text: string }>)[0]?.text ?? "";
    };
    try {
      expect(await call("remember", { file: putBackPath(layout), fact: FACT })).toContain(
        "applied",
      );
      expect(JSON.parse(await call("forget", { query: "12 Elm Street" })).code).toBe("removed");
      await writeFile(join(root, putBackPath(layout)), putBack(layout));
      const tombstones = join(root, ".memfiles/tombstones.json");
      const text = damaged(await readFile(tombstones, "utf8"));
      await writeFile(tombstones, text);

      const store = new MemoryStore({ root, layout });
      const tool = memfilesMemoryTool({ store });
      const hook = (event: string, extra: Record<string, unknown>) =>
        memfiles(
          ["hook", event, "--root", root],
          JSON.stringify({
            session_id: "11111111-2222-3333-4444-555555555555",
            transcript_path: join(root, "none.jsonl"),
            cwd: root,
            hook_event_name:
              {
                "session-start": "SessionStart",
                "pre-tool-use": "PreToolUse",
              }[event] ?? "UserPromptSubmit",
            ...extra,
          }),
        );
      const check = await memfiles(["check", root, "--json"]);
      const { findings } = JSON.parse(check.out) as {
        findings: Array<{ code: string; line?: number }>;
      };
      // Claude Code writing the fact into MEMORY.md by hand: the PreToolUse hook's check of it.
      const preToolUse = await hook("pre-tool-use", {
        tool_name: "Write",
        tool_input: { file_path: join(root, "MEMORY.md"), content: `# Memory\n- ${FACT}\n` },
      });
      const denied =
        (
          JSON.parse(preToolUse.out.match(/\{.*\}/s)?.[0] ?? "{}") as {
            hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
          }
        ).hookSpecificOutput ?? {};
      const fixed = await memfiles(["check", "--fix", root]);
      const got = {
        "memory block (library)": outcome(await said(() => renderMemoryBlock({ store }))),
        recall: outcome(
          await said(
            async () => (await recallForPrompt({ root, layout, query: "Elm Street" })).text,
          ),
        ),
        "SessionStart hook": outcome((await hook("session-start", { source: "startup" })).out),
        "PreToolUse hook: a MEMORY.md edit": `${denied.permissionDecision ?? "allowed"}: ${outcome(denied.permissionDecisionReason ?? "")}`,
        "MCP read": outcome(await call("read", { path: putBackPath(layout) })),
        "MCP search": outcome(await call("search", { words: "Elm" })),
        "memory tool view": outcome(
          await said(async () =>
            JSON.stringify(
              await tool.run(
                { command: "view", path: `/memories/${putBackPath(layout)}` },
                undefined as never,
              ),
            ),
          ),
        ),
        "memfiles show": outcome((await memfiles(["show", root, putBackPath(layout)])).out),
        "memfiles search": outcome((await memfiles(["search", root, "Elm"])).out),
        "MCP remember (a write)": outcome(
          await call("remember", { file: putBackPath(layout), fact: "types on Colemak" }),
        ),
        "check --fix: MEMORY.md": outcome(await readFile(join(root, "MEMORY.md"), "utf8")),
      };
      expect({
        got,
        check: findings
          .filter((finding) => finding.code === "tombstones_unreadable")
          .map((finding) => finding.line)
          .slice(0, 1),
        checkExit: check.code,
        fixExit: fixed.code,
        // The hook says what every surface says: the file, the line, the fix.
        hookExit: preToolUse.code,
        hookSays: (denied.permissionDecisionReason ?? "").startsWith(
          `Cannot read .memfiles/tombstones.json:${line}: `,
        ),
        // Never rewritten while it cannot be read: its tombstones are not lost.
        kept: (await readFile(tombstones, "utf8")) === text,
      }).toEqual({
        got: {
          "memory block (library)": "refused",
          recall: "refused",
          "SessionStart hook": "hidden",
          "PreToolUse hook: a MEMORY.md edit": "deny: refused",
          "MCP read": "refused",
          "MCP search": "refused",
          "memory tool view": "refused",
          "memfiles show": "refused",
          "memfiles search": "refused",
          "MCP remember (a write)": "refused",
          "check --fix: MEMORY.md": "hidden",
        },
        check: [line],
        checkExit: 1,
        fixExit: 1,
        hookExit: 0,
        hookSays: true,
        kept: true,
      });
    } finally {
      await session.close();
    }
  });
});
