import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { type FakeBlock, startFakeAnthropicApi } from "./fake-anthropic-api.js";

const EXAMPLES = fileURLToPath(new URL("../../examples/", import.meta.url));
const README = fileURLToPath(new URL("../../README.md", import.meta.url));
const TSX = fileURLToPath(new URL("../../examples/node_modules/tsx/dist/cli.mjs", import.meta.url));
const run = promisify(execFile);

/** The fake model: proposes the user's first sentence as a fact when asked to, else answers. */
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

/** The README's block between `<!-- example:<name>:start -->` and `:end -->`, fences removed. */
function readmeBlock(readme: string, name: string): string | undefined {
  return new RegExp(
    `<!-- example:${name}:start -->\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\n<!-- example:${name}:end -->`,
  ).exec(readme)?.[1];
}

// Each example is a child process through tsx against a local HTTP server: ~2 s alone, far more
// on a loaded 2-core machine, hence the limit.
describe("examples run against a stub Messages API", { timeout: 60_000 }, () => {
  it("quickstart.ts saves the proposed fact and prints the answer", async () => {
    const api = await startFakeAnthropicApi(exampleModel);
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-example-"));
    try {
      const { stdout } = await run(process.execPath, [TSX, join(EXAMPLES, "quickstart.ts")], {
        cwd,
        env: { ...process.env, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: api.url },
      });
      expect(stdout).toContain(
        "saved to topics/tools.md: [stated 2026/11/29] deploys everything on Fly.io",
      );
      expect(stdout).toContain("Deploy it on Fly.io");
      const saved = await readFile(join(cwd, "memory", "topics", "tools.md"), "utf8");
      expect(saved).toContain("deploys everything on Fly.io");
      expect(saved).not.toContain("Neovim");
      expect(api.requests.length).toBeGreaterThanOrEqual(2);
    } finally {
      await api.close();
    }
  });

  it("the README shows every example byte for byte", async () => {
    const readme = await readFile(README, "utf8");
    const files = (await readdir(EXAMPLES)).filter((name) => name.endsWith(".ts"));
    const shown = files.filter((name) =>
      readme.includes(`<!-- example:${name.slice(0, -3)}:start -->`),
    );
    expect(shown).toEqual(["quickstart.ts"]);
    for (const name of shown) {
      expect(readmeBlock(readme, name.slice(0, -3))).toEqual(
        await readFile(join(EXAMPLES, name), "utf8"),
      );
    }
  });
});
