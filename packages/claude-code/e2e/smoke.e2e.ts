import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeBinary, projectFolder, runClaude, temporaryWorkspace } from "./claude-session.js";
import { type StubMessagesApi, startStubMessagesApi } from "./stub-messages-api.js";

// The harness itself, with a project hook of its own and no memfiles: the stub answers the real
// client, hook context and the auto-memory file reach the API request, a tool result is stored as
// a user line. If Claude Code changes any of this, the memfiles tests' failures start here.

let api: StubMessagesApi;
beforeAll(async () => {
  api = await startStubMessagesApi();
});
afterAll(async () => {
  await api.close();
});

function hook(event: string, context: string | null) {
  const output =
    context === null
      ? ""
      : `; echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: context } })}'`;
  return [
    {
      hooks: [
        { type: "command", command: `cat >> "$CLAUDE_PROJECT_DIR/hook-input.jsonl"${output}` },
      ],
    },
  ];
}

async function transcriptRecords(home: string, project: string, sessionId: string) {
  const text = await readFile(join(projectFolder(home, project), `${sessionId}.jsonl`), "utf8");
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the stub Messages API with the real Claude Code", () => {
  it("completes a session and carries SessionStart and UserPromptSubmit context and MEMORY.md", async () => {
    const { home, project } = await temporaryWorkspace();
    await mkdir(join(project, ".claude"));
    await writeFile(
      join(project, ".claude", "settings.json"),
      JSON.stringify({
        hooks: {
          SessionStart: hook("SessionStart", "context-from-session-start"),
          UserPromptSubmit: hook("UserPromptSubmit", "context-from-user-prompt-submit"),
          SessionEnd: hook("SessionEnd", null),
        },
      }),
    );
    const memory = join(projectFolder(home, project), "memory");
    await mkdir(memory, { recursive: true });
    await writeFile(join(memory, "MEMORY.md"), "- [Diet](diet.md) — auto-memory-line-marker\n");
    const before = api.requests.length;

    const run = await runClaude({
      claude: claudeBinary(),
      home,
      cwd: project,
      apiUrl: api.url,
      prompt: "hello",
    });

    expect({ status: run.status, result: run.result, isError: run.isError }).toEqual({
      status: 0,
      result: "Stub reply.",
      isError: false,
    });
    const sent = api.requests.slice(before);
    expect(sent.map((request) => request.kind)).toEqual(["conversation"]);
    const body = JSON.stringify(sent[0]?.body);
    expect(body).toContain("SessionStart hook additional context: context-from-session-start");
    expect(body).toContain(
      "UserPromptSubmit hook additional context: context-from-user-prompt-submit",
    );
    expect(body).toContain("auto-memory-line-marker");
    const events = (await readFile(join(project, "hook-input.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map((event) => event.hook_event_name)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "SessionEnd",
    ]);
    expect(events[0]).toMatchObject({
      session_id: run.sessionId,
      cwd: project,
      transcript_path: join(projectFolder(home, project), `${run.sessionId}.jsonl`),
    });
    expect(await readdir(projectFolder(home, project))).toContain(`${run.sessionId}.jsonl`);
    expect(api.unknownPaths).toEqual([]);
  });

  it("runs a scripted Read whose result Claude Code stores as a user line", async () => {
    const { home, project } = await temporaryWorkspace();
    await writeFile(join(project, "notes.txt"), "Deployment notes: I deploy on Heroku.\n");

    const run = await runClaude({
      claude: claudeBinary(),
      home,
      cwd: project,
      apiUrl: api.url,
      prompt: "Please read the file notes.txt and summarize it",
    });

    expect(run.status).toBe(0);
    const records = await transcriptRecords(home, project, run.sessionId ?? "");
    const userLines = records.filter((record) => record.type === "user");
    expect(userLines.map((record) => (record.message as { content: unknown }).content)).toEqual([
      "Please read the file notes.txt and summarize it",
      [
        {
          tool_use_id: "toolu_stub_read",
          type: "tool_result",
          content: "1\tDeployment notes: I deploy on Heroku.\n2\t",
        },
      ],
    ]);
  });

  it("lets Claude Code's own Write put a secret into its memory folder when nothing guards it", async () => {
    // The case memfiles' PreToolUse hook exists for: without it, the write lands.
    const { home, project } = await temporaryWorkspace();
    const target = join(projectFolder(home, project), "memory", "deploy-token.md");
    const secret = "ghp_e2eSecretToken0123456789abcdefghijABCD";

    const run = await runClaude({
      claude: claudeBinary(),
      home,
      cwd: project,
      apiUrl: api.url,
      prompt: `write the file ${target} with: The deploy token is ${secret}.`,
    });

    expect(run.status).toBe(0);
    expect(await readFile(target, "utf8")).toContain(secret);
  });
});
