import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookFolders, hookInput } from "../test/memory-folder.js";
import { safeSessionId } from "./hook-input.js";
import { runHook } from "./run-hook.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const GITHUB = `${"ghp"}_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
const ANTHROPIC = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");

// Every file under the folder's `.memfiles/`: its path and its text.
async function internalFiles(root: string): Promise<string> {
  const folder = join(root, ".memfiles");
  const names = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
  const texts = await Promise.all(
    names.map(
      async (name) => `${name}\n${await readFile(join(folder, name), "utf8").catch(() => "")}`,
    ),
  );
  return texts.join("\n");
}

const IDS: Array<[string, string, boolean]> = [
  ["a GitHub token", GITHUB, true],
  ["an Anthropic key", ANTHROPIC, true],
  ["a path", "../../../etc/passwd", true],
  ["10,000 chars", "x".repeat(10_000), true],
  ["a UUID", "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11", false],
  ["a plain name", "s-1", false],
];

const EVENTS = ["session-start", "user-prompt-submit", "pre-compact", "session-end"] as const;

describe("a hook's session_id is used and logged only when safe", () => {
  it.each(IDS)("%s", async (_name, id, replaced) => {
    expect(await safeSessionId(id)).toEqual(
      replaced
        ? { id: expect.stringMatching(/^session-[0-9a-f]{16}$/), replaced }
        : { id, replaced },
    );
    // The same id gives the same name: one session keeps one state file.
    expect(await safeSessionId(id)).toEqual(await safeSessionId(id));
  });

  it.each(
    EVENTS.flatMap((event) =>
      IDS.filter(([, , replaced]) => replaced).map(
        ([name, id]) => [`${event}: ${name}`, event, id] as const,
      ),
    ),
  )("%s never reaches a file name or hook.log", async (_name, event, id) => {
    const { cwd, root } = await hookFolders();
    const stdin = hookInput(cwd, { session_id: id, prompt: "where do I deploy my apps?" });
    await runHook({ event, stdin, root, startWritePass: () => {} });
    const written = await internalFiles(root);
    expect(written).not.toContain(id.slice(0, 30));
    const { id: safe } = await safeSessionId(id);
    expect(written).toContain(
      `"sessionId":"${safe}","outcome":"ok","message":"the hook input's session_id is not a UUID or a plain name (it may hold a secret); it is used and logged as ${safe}"`,
    );
  });
});
