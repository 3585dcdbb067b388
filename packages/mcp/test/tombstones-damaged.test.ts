import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rename, symlink, writeFile } from "node:fs/promises";
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

type Damage = {
  name: string;
  damaged: (text: string) => string;
  line: number;
  /** Puts something other than the file in its place (decision 0121); returns where the text is kept. */
  placed?: (root: string, tombstones: string) => Promise<string>;
};

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
  // Decision 0115: an empty file lost its tombstones (`> file`, a sync), it did not forget
  // nothing; a key given twice is read one way by `JSON.parse` (the last) and another by a parse
  // tree (the first). Both were "nothing forgotten" to what a model reads and damage to `check`.
  { name: "cut to nothing", damaged: () => "", line: 1 },
  { name: "white space only", damaged: () => "  \n\n", line: 1 },
  {
    name: "a second `tombstones` list pasted in",
    damaged: (text) => `${text.trimEnd().slice(0, -1)},"tombstones":[]}\n`,
    line: 3,
  },
  {
    name: "a second `facts` in one tombstone",
    damaged: (text) => text.replace('"query":', '"facts":[],"query":'),
    line: 2,
  },
  // Decision 0121: a dotfiles manager's link, a sync that made a folder, a `.memfiles` linked
  // to shared state. memfiles reads no tombstone through any of them, so each is refused as a
  // damaged file is, and no refusal says to remove it (that would throw the tombstones away).
  {
    name: "a link in place of the file",
    damaged: (text) => text,
    line: 1,
    placed: async (root, tombstones) => {
      const kept = join(root, "..", "tombstones-kept.json");
      await rename(tombstones, kept);
      await symlink(kept, tombstones);
      return kept;
    },
  },
  {
    name: "a folder in place of the file",
    damaged: (text) => text,
    line: 1,
    placed: async (_root, tombstones) => {
      const kept = join(tombstones, "..", "tombstones-kept.json");
      await rename(tombstones, kept);
      await mkdir(tombstones);
      return kept;
    },
  },
  {
    name: ".memfiles a link to the real folder",
    damaged: (text) => text,
    line: 1,
    placed: async (root) => {
      const kept = join(root, "..", "memfiles-state");
      await rename(join(root, ".memfiles"), kept);
      await symlink(kept, join(root, ".memfiles"));
      return join(kept, "tombstones.json");
    },
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
// A write through a linked `.memfiles` is refused at its first internal file (the lock, the
// journal), naming the link rather than the tombstone file.
function outcome(text: string): "shown" | "refused" | "hidden" {
  if (text.includes(FACT)) return "shown";
  return text.includes("tombstones.json") || text.includes(".memfiles is a link")
    ? "refused"
    : "hidden";
}

// A command that wrote nothing and said why, naming the file.
function refusal({ out, code }: { out: string; code: number }): "shown" | "refused" | "hidden" {
  return code !== 0 && out.includes("tombstones.json") ? "refused" : outcome(out);
}

// Anything thrown is a refusal when it names the file, as a person would read it.
async function said(run: () => Promise<string>): Promise<string> {
  try {
    return await run();
  } catch (error) {
    return String((error as Error).message);
  }
}

// A PreToolUse answer: its reason (a refusal names the file), or "allowed".
function decided(stdout: string): string {
  try {
    return JSON.parse(stdout).hookSpecificOutput?.permissionDecisionReason ?? "allowed";
  } catch {
    return stdout;
  }
}

const putBackPath = (layout: StoreLayout) => (layout === "subject" ? "profile.md" : "home.md");
const putBack = (layout: StoreLayout) =>
  layout === "subject"
    ? `---\nname: profile\ndescription: who the user is\n---\n[stated 2026/12/01] works as a nurse\n[stated 2026/12/01] ${FACT}\n`
    : `---\nname: home\ndescription: ${FACT}.\ntype: user\n---\n${FACT}.\n`;

const HOOK_EVENTS: Record<string, string> = {
  "session-start": "SessionStart",
  "user-prompt-submit": "UserPromptSubmit",
  "pre-tool-use": "PreToolUse",
};

describe.each(["subject", "fact"] as const)("a damaged tombstone file, %s layout", (layout) => {
  // Each case runs the built CLI twelve times: about 45 s on a busy 2-core machine, so 180 s.
  it.each(DAMAGES)("$name", { timeout: 180_000 }, async ({ damaged, line, placed }) => {
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
      const keptAt = (await placed?.(root, tombstones)) ?? tombstones;
      // Every refusal a person or a model is shown, to hold each to "never remove the file".
      const shown: string[] = [];
      const seen = <T extends string | { out: string }>(result: T): T => {
        shown.push(typeof result === "string" ? result : result.out);
        return result;
      };

      const store = new MemoryStore({ root, layout });
      const tool = memfilesMemoryTool({ store });
      const hook = (event: string, extra: Record<string, unknown>) =>
        memfiles(
          ["hook", event, "--root", root],
          JSON.stringify({
            session_id: "11111111-2222-3333-4444-555555555555",
            transcript_path: join(root, "none.jsonl"),
            cwd: root,
            hook_event_name: HOOK_EVENTS[event],
            ...extra,
          }),
        );
      const check = seen(await memfiles(["check", root, "--json"]));
      const { findings } = JSON.parse(check.out) as {
        findings: Array<{ code: string; line?: number }>;
      };
      // Claude Code writing the fact into MEMORY.md by hand: the PreToolUse hook's check of it.
      const preToolUse = seen(
        await hook("pre-tool-use", {
          tool_name: "Write",
          tool_input: { file_path: join(root, "MEMORY.md"), content: `# Memory\n- ${FACT}\n` },
        }),
      );
      const denied =
        (
          JSON.parse(preToolUse.out.match(/\{.*\}/s)?.[0] ?? "{}") as {
            hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
          }
        ).hookSpecificOutput ?? {};
      const fixed = seen(await memfiles(["check", "--fix", root]));
      const forgetRun = seen(await memfiles(["forget", root, "--yes", "Elm Street"]));
      const got = {
        "memory block (library)": outcome(seen(await said(() => renderMemoryBlock({ store })))),
        recall: outcome(
          await said(
            async () => (await recallForPrompt({ root, layout, query: "Elm Street" })).text,
          ),
        ),
        "SessionStart hook": outcome((await hook("session-start", { source: "startup" })).out),
        "UserPromptSubmit hook": outcome(
          (await hook("user-prompt-submit", { prompt: "Where does the user live, Elm Street?" }))
            .out,
        ),
        "PreToolUse hook (an edit)": outcome(
          decided(
            (
              await hook("pre-tool-use", {
                tool_name: "Write",
                tool_input: {
                  file_path: join(
                    root,
                    layout === "subject" ? "topics/keyboard.md" : "keyboard.md",
                  ),
                  content:
                    layout === "subject"
                      ? "---\nname: keyboard\ndescription: the user's keyboard\n---\n[stated 2026/12/07] types on Colemak\n"
                      : "---\nname: keyboard\ndescription: The user's keyboard layout\ntype: user\n---\nThe user types on Colemak.\n",
                },
              })
            ).out,
          ),
        ),
        "PreToolUse hook: a MEMORY.md edit": `${denied.permissionDecision ?? "allowed"}: ${outcome(denied.permissionDecisionReason ?? "")}`,
        "MCP list": outcome(seen(await call("list", {}))),
        "MCP read": outcome(seen(await call("read", { path: putBackPath(layout) }))),
        "MCP resource": outcome(
          await said(async () =>
            JSON.stringify(
              await session.client.readResource({
                uri: `memfiles://memory/${putBackPath(layout)}`,
              }),
            ),
          ),
        ),
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
        "memfiles show": outcome(seen(await memfiles(["show", root, putBackPath(layout)])).out),
        "memfiles search": outcome((await memfiles(["search", root, "Elm"])).out),
        "memfiles ls": outcome((await memfiles(["ls", root])).out),
        "MCP remember (a write)": outcome(
          seen(await call("remember", { file: putBackPath(layout), fact: "types on Colemak" })),
        ),
        "memfiles remember": outcome(
          seen(await memfiles(["remember", root, putBackPath(layout), "types on Dvorak"])).out,
        ),
        // A forget refuses before it lists the lines it would remove (decision 0121).
        "memfiles forget": refusal(forgetRun),
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
        kept: (await readFile(keptAt, "utf8")) === text,
        // No refusal tells a person to remove the file or `.memfiles`: that throws the tombstones away.
        forgetPreviewed: /remove \(\d+\)/i.test(forgetRun.out),
        saysRemove: shown.filter((said) => /(^|[.:] )(Remove|Delete|rm) /.test(said)),
      }).toEqual({
        got: {
          "memory block (library)": "refused",
          recall: "refused",
          "SessionStart hook": "hidden",
          "UserPromptSubmit hook": "hidden",
          "PreToolUse hook (an edit)": "refused",
          "PreToolUse hook: a MEMORY.md edit": "deny: refused",
          "MCP list": "refused",
          "MCP read": "refused",
          "MCP resource": "refused",
          "MCP search": "refused",
          "memory tool view": "refused",
          "memfiles show": "refused",
          "memfiles search": "refused",
          "memfiles ls": "refused",
          "MCP remember (a write)": "refused",
          "memfiles remember": "refused",
          "memfiles forget": "refused",
          "check --fix: MEMORY.md": "hidden",
        },
        check: [line],
        checkExit: 1,
        fixExit: 1,
        hookExit: 0,
        hookSays: true,
        kept: true,
        forgetPreviewed: false,
        saysRemove: [],
      });
    } finally {
      await session.close();
    }
  });
});
