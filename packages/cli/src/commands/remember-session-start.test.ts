import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { runHook } from "@memfiles/claude-code";
import { forgetOpenRecallIndexes } from "@memfiles/core/internal";
import { expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Over 300 files: the SessionStart block shows the 30 most recently updated (core's pre-filter).
const FILES = 320;
// A file changed in the last 2 s has no trusted stamp (core's recall index): the folder is let
// settle once, so SessionStart takes its quick path, which checks only the files it shows.
const SETTLE_MS = 2_100;
// The settling wait, 320 files written and three hooks: a few seconds alone, a minute guards a hang
// on a busy 2-core machine.
const TIMEOUT_MS = 60_000;

const name = (at: number) => `t${String(at).padStart(3, "0")}`;
const day = (at: number) => new Date(Date.UTC(2025, 0, 1 + at)).toISOString().slice(0, 10);

async function sessionStart(cwd: string, root: string): Promise<string> {
  // Each hook is a process of its own: nothing of the recall index is kept warm between them.
  forgetOpenRecallIndexes();
  const stdin = JSON.stringify({
    session_id: "5e2c1a0b-2222-4a57-9d3c-6c1f0e2a9b11",
    cwd,
    hook_event_name: "SessionStart",
    source: "startup",
  });
  return (await runHook({ event: "session-start", stdin, root, env: {} })).stdout;
}

it(
  "memfiles remember to a file the SessionStart block does not show reaches the next block",
  async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-remember-session-start-"));
    const root = join(cwd, "memory");
    await mkdir(join(root, "topics"), { recursive: true });
    for (let at = 0; at < FILES; at++) {
      const text = `---\nname: ${name(at)}\ndescription: Notes on subject ${name(at)}.\nupdated: ${day(at)}\n---\n[stated ${day(at).replaceAll("-", "/")}] fact ${at}\n`;
      await writeFile(join(root, "topics", `${name(at)}.md`), text);
    }
    await sleep(SETTLE_MS);
    // The first stores the recall index; the second answers from it.
    await sessionStart(cwd, root);
    expect(await sessionStart(cwd, root)).not.toContain("topics/t000.md");

    forgetOpenRecallIndexes();
    const { context } = contextIn(cwd);
    const args = ["remember", "-m", root, "topics/t000.md", "moved to Porto"];
    expect(await runMemfiles(args, context)).toBe(0);

    expect(await sessionStart(cwd, root)).toContain("topics/t000.md");
  },
  TIMEOUT_MS,
);
