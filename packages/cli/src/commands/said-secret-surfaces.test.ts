import { access, mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runHook } from "@memfiles/claude-code";
import { MemoryStore, memfilesMemoryTool, remember } from "@memfiles/core";
import { LAYOUT_NAMES } from "@memfiles/core/internal";
import { factFile, SAID_NO_SECRETS, SAID_SECRETS } from "@memfiles/core/test";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Decision 0096's secrets through every write surface this package reaches: the library's
// `remember` and memory tool, `memfiles remember` on a folder (both layouts) and on PGlite,
// `memfiles import` of a bundle holding one, and Claude Code's PreToolUse hook on a Write into the
// memory folder. MCP `remember` runs the same rows (`mcp/src/said-secrets.test.ts`). Each refuses,
// writes nothing and never repeats the secret.
async function run(cwd: string, argv: string[]) {
  const { context, output } = contextIn(cwd);
  const code = await runMemfiles(argv, context);
  return { code, text: output.stdout + output.stderr };
}

const NOW = new Date("2026-12-07T12:00:00Z");
const HEAD = "---\nname: accounts\ndescription: Accounts and where their logins are.\n---\n";

type Surface = readonly [name: string, refuse: (fact: string, base: string) => Promise<string>];

const SURFACES: readonly Surface[] = [
  ...LAYOUT_NAMES.map(
    (layout): Surface => [
      `library remember (${layout})`,
      async (fact, base) => {
        const store = new MemoryStore({ root: join(base, "memory"), layout });
        const saved = await remember({ store, path: "topics/accounts.md", fact, now: NOW });
        expect(saved.code).toBe("secret");
        return JSON.stringify(saved);
      },
    ],
  ),
  ...LAYOUT_NAMES.map(
    (layout): Surface => [
      `memory tool create (${layout})`,
      async (fact, base) => {
        const store = new MemoryStore({ root: join(base, "memory"), layout });
        const created = Promise.resolve(
          memfilesMemoryTool({ store }).run({
            command: "create",
            path: "/memories/accounts.md",
            file_text: `${HEAD}${fact}\n`,
          }),
        );
        await expect(created).rejects.toThrow(/holds a secret/);
        return String(await created.catch((error: Error) => error.message));
      },
    ],
  ),
  ...LAYOUT_NAMES.map(
    (layout): Surface => [
      `memfiles remember (${layout})`,
      async (fact, base) => {
        const argv = ["remember", "-m", "memory", "--create", "--layout", layout];
        const { code, text } = await run(base, [...argv, "topics/accounts.md", fact]);
        expect(code).toBe(1);
        expect(text).toContain("secret");
        return text;
      },
    ],
  ),
  [
    "memfiles remember on PGlite",
    async (fact, base) => {
      const argv = ["--pglite", "db", "--tenant", "user-42", "remember", "topics/accounts.md"];
      const { code, text } = await run(base, [...argv, fact]);
      expect(code).toBe(1);
      expect(text).toContain("secret");
      const listed = await run(base, ["--pglite", "db", "--tenant", "user-42", "ls", "--json"]);
      expect(JSON.parse(listed.text)).toEqual([]);
      return text;
    },
  ],
  [
    "memfiles import",
    async (fact, base) => {
      const bundle = {
        format: "memfiles-bundle",
        version: 1,
        exportedAt: "2026-12-07T09:00:00.000Z",
        files: [
          {
            path: "topics/accounts.md",
            content: `${HEAD}[stated 2026/12/07] ${fact}\n`,
            version: "x",
          },
        ],
      };
      await writeFile(join(base, "bundle.json"), JSON.stringify(bundle));
      const { code, text } = await run(base, ["import", "bundle.json", "memory"]);
      expect(code).toBe(1);
      expect(text).toContain("holds a secret");
      return text;
    },
  ],
  [
    "PreToolUse hook (Write)",
    async (fact, base) => {
      // Claude Code's memory folder: the fact layout, one fact file in it.
      const root = join(base, "memory");
      await mkdir(root, { recursive: true });
      const host = factFile("Deploy host", "Where the user deploys apps", "Deploys on Fly.io.");
      await writeFile(join(root, "deploy-host.md"), host);
      const stdin = JSON.stringify({
        session_id: "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11",
        cwd: base,
        hook_event_name: "PreToolUse",
        tool_name: "Write",
        tool_input: { file_path: join(root, "accounts.md"), content: `${HEAD}${fact}\n` },
      });
      const { stdout } = await runHook({ event: "pre-tool-use", stdin, root });
      const { permissionDecision, permissionDecisionReason } =
        JSON.parse(stdout).hookSpecificOutput;
      expect(permissionDecision).toBe("deny");
      expect(permissionDecisionReason).toMatch(/secret/);
      return stdout;
    },
  ],
];

const CASES = SAID_SECRETS.flatMap(({ name, fact, secret }) =>
  SURFACES.map(([surface, refuse]) => [`${surface}: ${name}`, fact, secret, refuse] as const),
);

describe("a secret said in markdown, another language or words is refused on every write surface", () => {
  // PGlite loads its WASM on each open (two opens a row): about 20 s on a busy 2-core machine,
  // two minutes guard a hang.
  it.each(CASES)(
    "%s",
    async (_, fact, secret, refuse) => {
      const base = await mkdtemp(join(tmpdir(), "memfiles-said-secret-"));
      const answer = await refuse(fact, base);
      expect(answer).not.toContain(secret);
      await expect(access(join(base, "memory", "topics", "accounts.md"))).rejects.toThrow();
      await expect(access(join(base, "memory", "accounts.md"))).rejects.toThrow();
    },
    120_000,
  );
});

// Decision 0106's sentences that hold no secret, through the same surfaces: each fact saved in
// order into one file (a label ending one fact and the next fact beside it, as two writes of one
// day and as two lines of one file), and found on disk as written.
type SavingSurface = readonly [
  name: string,
  save: (facts: readonly string[], base: string) => Promise<string>,
];

// Every memory file's text under a folder.
async function folderText(root: string): Promise<string> {
  const names = await readdir(root, { recursive: true });
  const files = names.map(String).filter((name) => name.endsWith(".md"));
  return (await Promise.all(files.map((name) => readFile(join(root, name), "utf8")))).join("\n");
}

const BUNDLE = (content: string) =>
  JSON.stringify({
    format: "memfiles-bundle",
    version: 1,
    exportedAt: "2026-12-07T09:00:00.000Z",
    files: [{ path: "topics/accounts.md", content, version: "x" }],
  });

const SAVING_SURFACES: readonly SavingSurface[] = [
  ...LAYOUT_NAMES.map(
    (layout): SavingSurface => [
      `library remember (${layout})`,
      async (facts, base) => {
        const store = new MemoryStore({ root: join(base, "memory"), layout });
        for (const fact of facts) {
          const saved = await remember({ store, path: "topics/accounts.md", fact, now: NOW });
          expect({ fact, code: saved.code }).toEqual({ fact, code: "applied" });
        }
        return folderText(join(base, "memory"));
      },
    ],
  ),
  ...LAYOUT_NAMES.map(
    (layout): SavingSurface => [
      `memory tool create (${layout})`,
      async (facts, base) => {
        const store = new MemoryStore({ root: join(base, "memory"), layout });
        const file = layout === "subject" ? "topics/accounts.md" : "accounts.md";
        await memfilesMemoryTool({ store }).run({
          command: "create",
          path: `/memories/${file}`,
          file_text: `${HEAD}${facts.join("\n")}\n`,
        });
        return readFile(join(base, "memory", file), "utf8");
      },
    ],
  ),
  ...LAYOUT_NAMES.map(
    (layout): SavingSurface => [
      `memfiles remember (${layout})`,
      async (facts, base) => {
        const argv = ["remember", "-m", "memory", "--create", "--layout", layout];
        for (const fact of facts) {
          const { code, text } = await run(base, [...argv, "topics/accounts.md", fact]);
          expect({ fact, code, text }).toEqual({
            fact,
            code: 0,
            text: expect.stringMatching(/^Saved/),
          });
        }
        return folderText(join(base, "memory"));
      },
    ],
  ),
  [
    "memfiles remember on PGlite",
    async (facts, base) => {
      const argv = ["--pglite", "db", "--tenant", "user-42"];
      for (const fact of facts) {
        const { code, text } = await run(base, [...argv, "remember", "topics/accounts.md", fact]);
        expect({ fact, code, text }).toEqual({
          fact,
          code: 0,
          text: expect.stringMatching(/^Saved/),
        });
      }
      return (await run(base, [...argv, "export"])).text;
    },
  ],
  [
    "memfiles import",
    async (facts, base) => {
      const lines = facts.map((fact) => `[stated 2026/12/07] ${fact}`).join("\n");
      await writeFile(join(base, "bundle.json"), BUNDLE(`${HEAD}${lines}\n`));
      const { code, text } = await run(base, ["import", "bundle.json", "memory"]);
      expect({ code, text }).toEqual({ code: 0, text: expect.not.stringContaining("secret") });
      return readFile(join(base, "memory", "topics", "accounts.md"), "utf8");
    },
  ],
  [
    "PreToolUse hook (Write)",
    async (facts, base) => {
      const root = join(base, "memory");
      await mkdir(root, { recursive: true });
      const host = factFile("Deploy host", "Where the user deploys apps", "Deploys on Fly.io.");
      await writeFile(join(root, "deploy-host.md"), host);
      const content = `${HEAD}${facts.join("\n")}\n`;
      const stdin = JSON.stringify({
        session_id: "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11",
        cwd: base,
        hook_event_name: "PreToolUse",
        tool_name: "Write",
        tool_input: { file_path: join(root, "accounts.md"), content },
      });
      const { stdout } = await runHook({ event: "pre-tool-use", stdin, root });
      expect(stdout).not.toMatch(/deny/);
      // The hook lets the write through; Claude Code writes the file.
      return content;
    },
  ],
];

const SAVED_CASES = SAID_NO_SECRETS.flatMap(({ name, facts }) =>
  SAVING_SURFACES.map(([surface, save]) => [`${surface}: ${name}`, facts, save] as const),
);

describe("a sentence that holds no secret is saved on every write surface", () => {
  // PGlite loads its WASM on each open (a few opens a row): two minutes guard a hang.
  it.each(SAVED_CASES)(
    "%s",
    async (_, facts, save) => {
      const base = await mkdtemp(join(tmpdir(), "memfiles-said-no-secret-"));
      const written = await save(facts, base);
      for (const fact of facts) expect(written).toContain(fact);
    },
    120_000,
  );
});
