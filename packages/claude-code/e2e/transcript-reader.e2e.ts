import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readClaudeCodeTranscript } from "@memfiles/core/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeBinary, projectFolder, runClaude, temporaryWorkspace } from "./claude-session.js";
import { type StubMessagesApi, startStubMessagesApi } from "./stub-messages-api.js";

// core's transcript reader on a transcript the real client wrote: a prompt, a Read whose result
// Claude Code stores as a user record, a resumed prompt, a /compact (summary, command echo and
// output, all stored as user records) and a --continue. Only the three prompts are user turns.

let api: StubMessagesApi;
beforeAll(async () => {
  api = await startStubMessagesApi();
});
afterAll(async () => {
  await api.close();
});

describe("readClaudeCodeTranscript on a real Claude Code session", () => {
  it("keeps only what the person typed as user turns, and a checkpoint reads only what followed", async () => {
    const { home, project } = await temporaryWorkspace();
    await writeFile(join(project, "notes.txt"), "Deployment notes: I deploy on Heroku.\n");
    const session = { claude: claudeBinary(), home, cwd: project, apiUrl: api.url };

    const first = await runClaude({
      ...session,
      prompt: "I deploy on Fly.io. Please read the file notes.txt and summarize it",
    });
    const path = join(projectFolder(home, project), `${first.sessionId}.jsonl`);
    const afterFirst = await readClaudeCodeTranscript(path);
    const id = first.sessionId ?? "";
    await runClaude({
      ...session,
      prompt: "Actually I now deploy on Render.",
      args: ["--resume", id],
    });
    await runClaude({ ...session, prompt: "/compact", args: ["--resume", id] });
    await runClaude({ ...session, prompt: "one more after compaction", args: ["--continue"] });
    const whole = await readClaudeCodeTranscript(path);
    const rest = await readClaudeCodeTranscript(path, { after: afterFirst.checkpoint });

    const userTurns = (result: typeof whole) =>
      result.transcript.turns.filter((turn) => turn.role === "user").map((turn) => turn.content);
    expect(userTurns(afterFirst)).toEqual([
      "I deploy on Fly.io. Please read the file notes.txt and summarize it",
    ]);
    expect(userTurns(whole)).toEqual([
      "I deploy on Fly.io. Please read the file notes.txt and summarize it",
      "Actually I now deploy on Render.",
      "one more after compaction",
    ]);
    expect(userTurns(rest)).toEqual([
      "Actually I now deploy on Render.",
      "one more after compaction",
    ]);
    const text = JSON.stringify(whole.transcript);
    for (const foreign of [
      "Heroku",
      "This session is being continued",
      "<command-name>",
      "<system-reminder>",
    ]) {
      expect(text).not.toContain(foreign);
    }
    expect(whole.skipped).toMatchObject({
      tool_result: 1,
      compact_summary: 1,
    });
    expect(whole.transcript.sessionId).toBe(id);
  });
});
