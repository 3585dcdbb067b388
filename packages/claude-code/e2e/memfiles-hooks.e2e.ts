import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  folderFiles,
  type MemfilesWorkspace,
  memfilesWorkspace,
  waitFor,
  writePassDone,
  writePassLog,
} from "./memfiles-workspace.js";
import {
  type StubMessagesApi,
  startStubMessagesApi,
  userTurns,
  writeRequestText,
} from "./stub-messages-api.js";

// The seed design's five tests and the further cases, each through real `claude -p`
// sessions with memfiles installed by `memfiles claude-code install`: the hooks recall memory into
// Claude Code's requests, the detached SessionEnd write pass saves what the person said (the stub
// proposes whatever a user turn states, so memfiles' reader and checks decide what lands).

let api: StubMessagesApi;
beforeAll(async () => {
  api = await startStubMessagesApi();
});
afterAll(async () => {
  await api.close();
});

/** Every conversation request the stub received since `from` (an index into `api.requests`). */
function conversationSince(from: number): string {
  return api.requests
    .slice(from)
    .filter((request) => request.kind === "conversation")
    .map((request) => JSON.stringify(request.body))
    .join("\n");
}

/** The UserPromptSubmit hook's context in the requests `from` up to `to` (indexes into `api.requests`). */
function promptContext(from: number, to = api.requests.length): string {
  const marker = "UserPromptSubmit hook additional context: ";
  const found: string[] = [];
  for (const request of api.requests.slice(from, to)) {
    if (request.kind !== "conversation") continue;
    const body = JSON.stringify(request.body);
    for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + 1)) {
      // The context runs to the end of its JSON string.
      const end = body.indexOf('"', at + marker.length);
      found.push(JSON.parse(`"${body.slice(at + marker.length, end)}"`) as string);
    }
  }
  return found.join("\n");
}

/** Runs a session and waits (bounded) for its detached write pass to finish. */
async function sessionWritten(workspace: MemfilesWorkspace, prompt: string, args: string[] = []) {
  const run = await workspace.session(prompt, { args });
  expect({ status: run.status, isError: run.isError }).toEqual({ status: 0, isError: false });
  await writePassDone(workspace, run.sessionId ?? "");
  return run;
}

function memoryText(files: Record<string, string>): string {
  return Object.values(files).join("\n");
}

describe("memfiles in real Claude Code sessions", () => {
  it("remembers a stated fact, recalls it in the next session and moves it when it changes", async () => {
    const workspace = await memfilesWorkspace(api);

    await sessionWritten(workspace, "I deploy on Fly.io. Can you help me set up a new service?");
    expect(memoryText(await folderFiles(workspace.memory))).toContain("Fly.io");

    const before = api.requests.length;
    await sessionWritten(workspace, "How should I deploy this new service?");
    expect(conversationSince(before)).toContain("Fly.io");

    await sessionWritten(workspace, "Heads up: I now deploy on Render.");
    const text = memoryText(await folderFiles(workspace.memory));
    expect(text).toContain("Render");
    expect(text).not.toContain("Fly.io");
  });

  it("keeps memory where Claude Code looks when the project's path is over 200 characters", async () => {
    const deep = `${"a-long-folder-name".repeat(6)}/${"b".repeat(60)}/${"c".repeat(60)}`;
    const workspace = await memfilesWorkspace(api, deep);
    expect(workspace.project.length).toBeGreaterThan(200);

    await sessionWritten(workspace, "I deploy on Fly.io. Can you help me set up a new service?");
    expect(memoryText(await folderFiles(workspace.memory))).toContain("Fly.io");
    // Claude Code loads the MEMORY.md memfiles wrote: it found the same (hashed) folder.
    const before = api.requests.length;
    await sessionWritten(workspace, "How should I set up the next service?");
    expect(conversationSince(before)).toContain("[Deploy host](deploy-host.md)");
  });

  it("saves nothing from a debugging session of stack traces, paths and a temporary port", async () => {
    const workspace = await memfilesWorkspace(api);
    const before = await folderFiles(workspace.memory);

    await sessionWritten(
      workspace,
      [
        "The dev server crashed again:",
        "Error: listen EADDRINUSE: address already in use :::5173",
        "    at Server.setupListenHandle [as _listen2] (node:net:1817:16)",
        "    at /home/me/src/shop/server/index.ts:42:7",
        "I killed it and restarted on port 5174 for now. Why does this happen?",
      ].join("\n"),
    );

    expect(await folderFiles(workspace.memory)).toEqual(before);
  });

  it("forgets at once when asked, and the session's own write pass does not bring it back", async () => {
    const workspace = await memfilesWorkspace(api);
    await sessionWritten(workspace, "I deploy on Fly.io.");
    expect(memoryText(await folderFiles(workspace.memory))).toContain("Fly.io");

    const run = await workspace.session("I deploy on Fly.io, but please forget where I deploy");
    expect(run.status).toBe(0);
    // The model was sent the MCP forget's own answer, not an error in its place.
    const sent = (api.requestsOf("conversation").at(-1)?.body.messages ?? []) as Array<{
      content: string | Array<Record<string, unknown>>;
    }>;
    const result = sent
      .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
      .find((block) => block.tool_use_id === "toolu_stub_1_forget");
    expect(result).toMatchObject({ type: "tool_result" });
    expect(result?.is_error).toBeUndefined();
    expect(JSON.stringify(result?.content)).toContain('\\"code\\": \\"removed\\"');
    // The MCP forget call has returned before the session ends.
    expect(memoryText(await folderFiles(workspace.memory))).not.toContain("Fly.io");
    await writePassDone(workspace, run.sessionId ?? "");

    // The write pass was given the statement, so only the tombstone kept it off the disk.
    const writePass = api.requestsOf("write_pass").at(-1);
    expect(userTurns(writeRequestText(writePass?.body ?? {})).join("\n")).toContain("Fly.io");
    expect(memoryText(await folderFiles(workspace.memory))).not.toContain("Fly.io");
  });

  it("recalls the diet line for a cooking prompt but not for a Python packaging prompt", async () => {
    const workspace = await memfilesWorkspace(api);
    await sessionWritten(workspace, "I'm vegetarian. I deploy on Fly.io.");

    const packaging = api.requests.length;
    await sessionWritten(
      workspace,
      "How do I publish my Python package to PyPI with a pyproject.toml?",
    );
    const cooking = api.requests.length;
    await sessionWritten(workspace, "What should I cook tonight, given my diet?");

    expect(promptContext(packaging, cooking)).not.toMatch(/vegetarian/i);
    expect(promptContext(cooking)).toMatch(/vegetarian/i);
  });

  it("never saves a fact only a tool result states, nor a secret the person typed", async () => {
    const workspace = await memfilesWorkspace(api);
    await writeFile(
      join(workspace.project, "notes.txt"),
      "Deployment notes: I deploy on Heroku.\n",
    );
    const secret = "sk-ant-api03-e2eSecretValue0123456789abcdefghijklmnopqrstuvwxyz";

    await sessionWritten(
      workspace,
      `I'm vegetarian. My API key is ${secret} by the way. Please read the file notes.txt and summarize it`,
    );

    const memory = await folderFiles(workspace.memory, { internal: true });
    // The write pass ran and saved the fact the person stated.
    expect(memoryText(memory)).toContain("vegetarian");
    expect(memoryText(memory)).not.toContain("Heroku");
    for (const folder of [workspace.home, workspace.project]) {
      const files = await folderFiles(folder, { internal: true });
      // Claude Code's own transcript holds the prompt; memfiles' files must not.
      const written = Object.entries(files).filter(
        ([path]) => !path.endsWith(".jsonl") && !path.includes("/backups/"),
      );
      expect(written.filter(([, text]) => text.includes(secret)).map(([path]) => path)).toEqual([]);
    }
  });

  it("denies Claude Code's own Write or Edit-create of a secret into the memory folder", async () => {
    const workspace = await memfilesWorkspace(api);
    const allowed = join(workspace.memory, "editor.md");
    const denied = join(workspace.memory, "deploy-token.md");
    const fact = (body: string) =>
      `---\nname: Editor\ndescription: Which editor the user works in\ntype: user\n---\n${body}`;

    await workspace.session(
      `write the file ${allowed} with: ${fact("The user edits code in Helix.")}`,
    );
    const before = api.requests.length;
    await workspace.session(
      `write the file ${denied} with: ${fact("The deploy token is ghp_e2eSecretToken0123456789abcdefghijABCD.")}`,
    );

    const afterWrite = api.requests.length;
    // An Edit with an empty old string creates the file: checked as the create it is.
    await workspace.session(
      `edit-create the file ${denied} with: ${fact("The deploy token is ghp_e2eSecretToken0123456789abcdefghijABCD.")}`,
    );

    const files = await folderFiles(workspace.memory);
    expect(files["editor.md"]).toContain("Helix");
    expect(files["deploy-token.md"]).toBeUndefined();
    expect(conversationSince(before)).toMatch(/secret/i);
    expect(conversationSince(afterWrite)).toMatch(/secret/i);
  });

  // Decision 0128: install's PreToolUse entry says `onFailure: "block"`. Its check swapped for one
  // that fails (an exit code other than 0 or 2, or past the entry's timeout): Claude Code blocks
  // the Write; the same failing check without the field lets it through (the control).
  it.each([
    { name: "crashes", command: `"${process.execPath}" -e "process.exit(1)"`, timeout: 30 },
    {
      name: "runs past its timeout",
      command: `"${process.execPath}" -e "setTimeout(() => {}, 20000)"`,
      timeout: 1,
    },
  ])(
    "blocks Claude Code's Write into the memory folder when the PreToolUse check $name",
    async ({ command, timeout }) => {
      const workspace = await memfilesWorkspace(api);
      const settingsFile = join(workspace.project, ".claude", "settings.json");
      const settings = JSON.parse(await readFile(settingsFile, "utf8"));
      const [entry] = settings.hooks.PreToolUse.at(-1).hooks;
      expect(entry.onFailure).toBe("block");
      Object.assign(entry, { command, timeout });
      await writeFile(settingsFile, JSON.stringify(settings));
      const write = (name: string) =>
        workspace.session(
          `write the file ${join(workspace.memory, name)} with: ---\nname: Editor\ndescription: Which editor the user works in\ntype: user\n---\nThe user edits code in Helix.`,
        );
      await write("blocked.md");
      delete entry.onFailure;
      await writeFile(settingsFile, JSON.stringify(settings));
      await write("through.md");
      const files = await folderFiles(workspace.memory);
      expect({ blocked: files["blocked.md"], through: files["through.md"] }).toEqual({
        blocked: undefined,
        through: expect.stringContaining("Helix"),
      });
    },
  );

  it("lets Claude Code rewrite a fact memfiles wrote in its own front matter, still checked", async () => {
    const workspace = await memfilesWorkspace(api);
    const file = join(workspace.memory, "editor.md");
    await mkdir(workspace.memory, { recursive: true });
    await writeFile(
      file,
      "---\nname: editor\ndescription: Which editor the user works in\ntype: user\nupdated: 2026-09-12\n---\nThe user edits code in Helix.\n",
    );
    const claudeCodeFact = (body: string) =>
      `---\nname: editor\ndescription: Which editor the user works in\nmetadata:\n  type: user\n---\n\n${body}`;
    const before = api.requests.length;
    await workspace.session(
      `write the file ${file} with: ${claudeCodeFact("The user edits code in Emacs. The token is ghp_e2eSecretToken0123456789abcdefghijABCD.")}`,
    );
    expect(await readFile(file, "utf8")).toContain("Helix");
    expect(conversationSince(before)).toMatch(/secret/i);
    await workspace.session(
      `write the file ${file} with: ${claudeCodeFact("The user edits code in Emacs.")}`,
    );
    expect(await readFile(file, "utf8")).toContain("Emacs");
  });

  it("saves a session once, in the project's memory, when memfiles is also installed --user", async () => {
    const workspace = await memfilesWorkspace(api);
    const notes = join(workspace.home, "notes");
    await workspace.memfiles("claude-code", "install", "--user", "--root", notes, "--create");
    const status = await workspace.memfiles("claude-code", "status");
    expect(status.stdout).toContain(`Each prompt here uses: ${workspace.memory} (this project's`);

    await sessionWritten(workspace, "I deploy on Fly.io. Can you help me set up a new service?");
    expect(memoryText(await folderFiles(workspace.memory))).toContain("Fly.io");
    // Both SessionEnd hooks started together; the --user one, had it acted, would have logged by
    // now or shortly after (a bounded negative check).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await folderFiles(notes)).toEqual({});
    expect(
      await readFile(join(notes, ".memfiles/claude-code/hook.log"), "utf8").catch(() => ""),
    ).toBe("");
  });

  it("loses nothing when two sessions end together", async () => {
    const workspace = await memfilesWorkspace(api);

    const [first, second] = await Promise.all([
      workspace.session("I'm vegetarian."),
      workspace.session("I deploy on Fly.io."),
    ]);
    await writePassDone(workspace, first.sessionId ?? "");
    await writePassDone(workspace, second.sessionId ?? "");

    const text = memoryText(await folderFiles(workspace.memory));
    expect(text).toContain("vegetarian");
    expect(text).toContain("Fly.io");
  });

  it("proposes nothing twice when a session is resumed", async () => {
    const workspace = await memfilesWorkspace(api);
    const from = api.requests.length;
    const first = await sessionWritten(workspace, "I deploy on Fly.io.");
    await sessionWritten(workspace, "And I'm vegetarian.", ["--resume", first.sessionId ?? ""]);

    const sent = api.requests
      .slice(from)
      .filter((request) => request.kind === "write_pass")
      .map((request) => userTurns(writeRequestText(request.body)));
    expect(sent.flat().filter((turn) => turn.includes("I deploy on Fly.io."))).toHaveLength(1);
    expect(sent.flat().filter((turn) => turn.includes("vegetarian"))).toHaveLength(1);
  });
});

describe("memfiles' hooks when the write pass cannot run", () => {
  it("leaves a session with no API key for memfiles unaffected, with one log line", async () => {
    const workspace = await memfilesWorkspace(api);
    // Claude Code gets its key from a helper, so the hooks' environment holds none.
    const settings = join(workspace.home, ".claude", "settings.json");
    const existing = await readFile(settings, "utf8").then(
      (text) => JSON.parse(text) as Record<string, unknown>,
      () => ({}),
    );
    await mkdir(dirname(settings), { recursive: true });
    await writeFile(
      settings,
      JSON.stringify({ ...existing, apiKeyHelper: "echo sk-ant-from-key-helper" }),
    );
    const writes = api.requestsOf("write_pass").length;

    const run = await workspace.session("I deploy on Fly.io.", { apiKey: null });

    expect({ status: run.status, result: run.result, isError: run.isError }).toEqual({
      status: 0,
      result: "Stub reply.",
      isError: false,
    });
    const lines = await waitFor("the write pass's log line", async () => {
      const log = await writePassLog(workspace);
      return log.length > 0 ? log : undefined;
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(/API_KEY/),
    });
    expect(api.requestsOf("write_pass")).toHaveLength(writes);
    expect(memoryText(await folderFiles(workspace.memory))).not.toContain("Fly.io");
  });
});
