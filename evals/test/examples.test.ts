import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { format } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { type FakeBlock, startFakeAnthropicApi } from "./fake-anthropic-api.js";

const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));
const EXAMPLES = join(REPOSITORY, "examples");
/** The `memfiles` command as a user runs it (in the workspace it runs the CLI's sources). */
const MEMFILES = join(REPOSITORY, "packages", "cli", "bin", "memfiles.js");
/** The pages that show library examples; each block is an `examples/<name>.ts` file. */
const PAGES = ["README.md", "docs/api.md", "docs/memory-tool-and-mcp.md", "docs/postgresql.md"];

/** The fake model: proposes the user's deploy host when asked to, else answers in words. */
function exampleModel(body: Record<string, unknown>): FakeBlock[] {
  const tools = (body.tools ?? []) as { name: string }[];
  if (tools.some((tool) => tool.name === "propose_memories")) {
    return [
      {
        type: "tool_use",
        name: "propose_memories",
        input: {
          memories: [
            {
              file: "topics/tools.md",
              fact: "deploys everything on Fly.io",
              evidence: "I deploy everything on Fly.io",
              replaces: null,
              description: null,
            },
          ],
        },
      },
    ];
  }
  return [{ type: "text", text: "Deploy it on Fly.io, as your other services are." }];
}

/** Every `<!-- example:<name>:start -->` block of a page: the name and the code, fences removed. */
function blocks(page: string): { name: string; code: string }[] {
  return [
    ...page.matchAll(
      /<!-- example:([\w-]+):start -->\n```ts\n([\s\S]*?)```\n<!-- example:\1:end -->/g,
    ),
  ].map((match) => ({ name: match[1] as string, code: match[2] as string }));
}

/**
 * Runs one example in process, in a fresh working folder, against the fake API: the example's
 * `new Anthropic()` reads the stubbed environment and its relative paths land in that folder.
 * Returns what it printed with console.log, the folder, and how many requests reached the API.
 */
async function runExample(name: string): Promise<{ stdout: string; cwd: string; calls: number }> {
  const api = await startFakeAnthropicApi(exampleModel);
  const cwd = await mkdtemp(join(tmpdir(), `memfiles-example-${name}-`));
  const printed: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...values: unknown[]) => {
    printed.push(`${format(...values)}\n`);
  });
  // Warnings (a side query falling back on the fake model's plain answer) are not asserted.
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const previous = process.cwd();
  vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
  vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
  vi.stubEnv("DATABASE_URL", "");
  process.chdir(cwd);
  try {
    // A query of its own per run: the module registry is shared (isolate: false), and an example
    // imported before would not run again (watch mode).
    await import(`${pathToFileURL(join(EXAMPLES, `${name}.ts`)).href}?run=${Date.now()}`);
    return { stdout: printed.join(""), cwd, calls: api.requests.length };
  } finally {
    process.chdir(previous);
    vi.unstubAllEnvs();
    log.mockRestore();
    warn.mockRestore();
    await api.close();
  }
}

// Each example runs in this process (its top-level awaits finish before the import does) against
// a local HTTP server; the PGlite example compiles PGlite's WASM, slow on a loaded 2-core machine.
describe("examples run against a stub Messages API", { timeout: 120_000 }, () => {
  it("quickstart.ts saves the proposed fact and prints the answer", async () => {
    const { stdout, cwd, calls } = await runExample("quickstart");
    expect(stdout).toContain(
      "saved to topics/tools.md: [stated 2026/11/29] deploys everything on Fly.io",
    );
    expect(stdout).toContain("Deploy it on Fly.io");
    const saved = await readFile(join(cwd, "memory", "topics", "tools.md"), "utf8");
    expect(saved).toContain("deploys everything on Fly.io");
    expect(saved).not.toContain("Neovim");
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it("quickstart.ts logs its usage through the public API, and `memfiles cost` prices it per session", async () => {
    const { cwd } = await runExample("quickstart");
    const cost = spawnSync(process.execPath, [MEMFILES, "cost", join(cwd, "memory"), "--json"], {
      cwd,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(cost.stderr).toBe("");
    expect(cost.status).toBe(0);
    const report = JSON.parse(cost.stdout) as {
      sessions: { sessionId: string; calls: number; usd: number }[];
      perSessionUsd: number;
      totalUsd: number;
    };
    // The write session (Haiku) and the chat session (Opus), each priced from the fake's usage.
    expect(report.sessions.map((session) => session.sessionId)).toEqual([
      "2026-11-29",
      "2026-11-30",
    ]);
    expect(report.sessions.every((session) => session.calls > 0 && session.usd > 0)).toBe(true);
    expect(report.perSessionUsd).toBeCloseTo(report.totalUsd / 2, 12);
    const text = spawnSync(process.execPath, [MEMFILES, "cost", join(cwd, "memory")], {
      cwd,
      encoding: "utf8",
    });
    expect(text.stdout).toMatch(/Cost per session: \d+\.\d{6} USD, the mean of 2 session\(s\)\./);
  });

  it("tour.ts runs the write pass, a batch, chat with recall options, remember and forget", async () => {
    const { stdout, cwd } = await runExample("tour");
    expect(stdout).toContain("write pass: 1 applied, 0 refused");
    expect(stdout).toMatch(/batch msgbatch_fake_1: ended/);
    expect(stdout).toContain("consolidated 0 file(s)");
    const saved = await readFile(join(cwd, "memory", "topics", "tools.md"), "utf8");
    expect(saved).toContain("deploys everything on Fly.io");
    expect(saved).not.toContain("Neovim");
  });

  it("memory-tool.ts views the folder through the memory tool and chats with it", async () => {
    const { stdout } = await runExample("memory-tool");
    expect(stdout).toContain("/memories");
    expect(stdout).toContain("Deploy it on Fly.io");
  });

  it("postgresql.ts remembers in PGlite and copies the memory out to a folder", async () => {
    const { stdout, cwd } = await runExample("postgresql");
    expect(stdout).toMatch(/copied 1 file\(s\) out of pglite:user-42/);
    const copied = await readFile(join(cwd, "memory-export", "topics", "tools.md"), "utf8");
    expect(copied).toContain("uses Neovim");
  });

  it("every page shows its examples byte for byte, and every example is shown", async () => {
    const shown = new Set<string>();
    for (const page of PAGES) {
      for (const { name, code } of blocks(await readFile(join(REPOSITORY, page), "utf8"))) {
        expect(code, `${page}: the example ${name}`).toEqual(
          await readFile(join(EXAMPLES, `${name}.ts`), "utf8"),
        );
        shown.add(name);
      }
    }
    const files = (await readdir(EXAMPLES)).filter((name) => name.endsWith(".ts"));
    expect([...shown].sort()).toEqual(files.map((name) => name.slice(0, -3)).sort());
  });
});
