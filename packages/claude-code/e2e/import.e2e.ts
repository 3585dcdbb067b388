import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeBinary, projectFolder, runClaude, temporaryWorkspace } from "./claude-session.js";
import { folderFiles, MEMFILES_BIN } from "./memfiles-workspace.js";
import { type StubMessagesApi, startStubMessagesApi } from "./stub-messages-api.js";

// Backfill: sessions Claude Code ran before memfiles was installed, saved by
// `memfiles claude-code import` as one Message Batch (the stub answers the batch endpoints with the
// write-pass replies it gives a request sent alone).

const run = promisify(execFile);

const SECRET =
  "sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA-AAAAAAAA";

let api: StubMessagesApi;
beforeAll(async () => {
  api = await startStubMessagesApi();
});
afterAll(async () => {
  await api.close();
});

describe("memfiles claude-code import", () => {
  it("saves past sessions oldest first in one batch, never a secret, and nothing twice", async () => {
    const { home, project } = await temporaryWorkspace();
    const session = (prompt: string) =>
      runClaude({ claude: claudeBinary(), home, cwd: project, apiUrl: api.url, prompt });
    expect((await session(`I use Helix for everything. My API key is ${SECRET}`)).status).toBe(0);
    expect((await session("I use Zed now, I switched last month.")).status).toBe(0);
    const memfiles = (...args: string[]) =>
      run(process.execPath, [MEMFILES_BIN, "claude-code", "import", ...args], {
        cwd: project,
        env: {
          ...process.env,
          HOME: home,
          INIT_CWD: project,
          ANTHROPIC_BASE_URL: api.url,
          ANTHROPIC_API_KEY: "sk-ant-stub",
          MEMFILES_TIME_ZONE: "UTC",
        },
      }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const batches = () => api.requestsOf("batch_create").length;

    const dry = await memfiles("--dry-run");
    expect(dry.stdout).toMatch(/2 sessions, up to \$\d+\.\d{4} at the batch price/);
    const refused = await memfiles("--max-usd", "0.000001");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("nothing was sent");
    expect(batches()).toBe(0);

    const imported = await memfiles();
    expect(imported.stdout).toMatch(/2 sessions applied; \d+ proposals written, \d+ refused/);
    expect(batches()).toBe(1);
    const memory = join(projectFolder(home, project), "memory");
    const files = await folderFiles(memory, { internal: true });
    expect(Object.values(files).some((text) => text.includes(SECRET))).toBe(false);
    // One file, the later session's word: the earlier one was applied first.
    expect(Object.keys(files).filter((path) => !path.startsWith(".memfiles/"))).toEqual([
      "MEMORY.md",
      "editor.md",
    ]);
    expect(files["editor.md"]).toContain("The user edits code in Zed.");

    const again = await memfiles();
    expect(again.stdout).toMatch(/^No session in .* has words of the user not imported yet\.$/m);
    expect(batches()).toBe(1);
  });
});
