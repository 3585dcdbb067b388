import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { type FakeBlock, startFakeAnthropicApi } from "./fake-anthropic-api.js";

const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));
const EXAMPLES = join(REPOSITORY, "examples");
const TSX = join(EXAMPLES, "node_modules", "tsx", "dist", "cli.mjs");
/** The pages that show library examples; each block is an `examples/<name>.ts` file. */
const PAGES = ["README.md", "docs/api.md", "docs/memory-tool-and-mcp.md", "docs/postgresql.md"];
const run = promisify(execFile);

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

/** Runs one example in a fresh folder against the fake API; returns its stdout and the folder. */
async function runExample(name: string): Promise<{ stdout: string; cwd: string; calls: number }> {
  const api = await startFakeAnthropicApi(exampleModel);
  const cwd = await mkdtemp(join(tmpdir(), `memfiles-example-${name}-`));
  try {
    const { stdout } = await run(process.execPath, [TSX, join(EXAMPLES, `${name}.ts`)], {
      cwd,
      env: {
        ...process.env,
        ANTHROPIC_API_KEY: "test-key",
        ANTHROPIC_BASE_URL: api.url,
        DATABASE_URL: "",
      },
    });
    return { stdout, cwd, calls: api.requests.length };
  } finally {
    await api.close();
  }
}

// Each example is a child process through tsx against a local HTTP server: a few seconds alone,
// far more on a loaded 2-core machine, hence the limit.
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
