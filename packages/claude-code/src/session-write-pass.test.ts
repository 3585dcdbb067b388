import { writeFileSync } from "node:fs";
import { appendFile, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import {
  MESSAGES_URL,
  mockMessages,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "@memfiles/core/test";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { hookFolders } from "../test/memory-folder.js";
import { readHookLog } from "./hook-log.js";
import { readSessionState, writeSessionState } from "./hook-state.js";
import { describeRefusals, runSessionWritePass } from "./session-write-pass.js";

const server = useMessagesApi();
const client = () => testClient();

const record = (uuid: string, type: "user" | "assistant", content: unknown, extra: object = {}) =>
  `${JSON.stringify({ parentUuid: null, isSidechain: false, type, uuid, sessionId: "s-1", timestamp: "2026-09-12T10:00:00.000Z", message: { role: type, content }, ...extra })}\n`;

/** Answers the write requests (up to 10) with the given proposals; returns their transcripts. */
function answer(memories: unknown[] | ((transcript: string) => unknown[])): string[] {
  const seen: string[] = [];
  const reply = {
    content: (body: { messages: unknown }) => {
      const transcript = JSON.stringify(body.messages).split("<transcript")[1] ?? "";
      seen.push(transcript);
      const proposed = typeof memories === "function" ? memories(transcript) : memories;
      return [toolUseBlock({ name: "propose_facts", input: { memories: proposed } })];
    },
  };
  mockMessages(
    server,
    Array.from({ length: 10 }, () => reply),
  );
  return seen;
}

const EDITOR = {
  action: "save",
  name: "editor",
  type: "user",
  description: "The user's code editor. Read for editor questions.",
  body: "The user edits code in Helix.",
  evidence: "I edit all my code in Helix",
  replaces: null,
};

async function session() {
  const { root, cwd } = await hookFolders();
  const transcriptPath = join(cwd, "s-1.jsonl");
  await writeFile(
    transcriptPath,
    record("u1", "user", "I edit all my code in Helix") +
      record(
        "t1",
        "user",
        [{ type: "tool_result", tool_use_id: "x", content: "The user edits in Emacs" }],
        { toolUseResult: {} },
      ) +
      record("a1", "assistant", [{ type: "text", text: "Noted." }]),
  );
  const request = {
    root,
    layout: "fact" as const,
    sessionId: "s-1",
    transcriptPath,
    timeZone: "UTC",
  };
  return { root, cwd, transcriptPath, request, store: new MemoryStore({ root, layout: "fact" }) };
}

describe("runSessionWritePass", () => {
  it("saves the session's facts, then proposes nothing twice from the same turns (checkpoint)", async () => {
    const { root, transcriptPath, request, store } = await session();
    const requests = answer([EDITOR]);
    expect(await runSessionWritePass(request, { client: client() })).toEqual({
      outcome: "ok",
      applied: 1,
      rejected: 0,
      turns: 2,
      refusals: "",
    });
    expect(await readFile(join(root, "editor.md"), "utf8")).toContain(
      "The user edits code in Helix.",
    );
    // Only the person's words were sent as user turns: the tool result was not.
    expect(requests[0]).not.toContain("Emacs");
    // Resumed / compacted: the same file is read again from the checkpoint.
    expect(await runSessionWritePass(request, { client: client() })).toEqual({
      outcome: "skipped",
      reason: "No new words of the user since the last write pass.",
    });
    expect(requests).toHaveLength(1);
    await appendFile(transcriptPath, record("u2", "user", "I also use tmux"));
    await runSessionWritePass(request, { client: client() });
    expect(requests).toHaveLength(2);
    expect(requests[1]).toContain("tmux");
    expect(requests[1]).not.toContain("Helix");
    expect((await readHookLog(store)).map((entry) => entry.outcome)).toEqual([
      "ok",
      "skipped",
      "ok",
    ]);
  });

  it("keeps a change recall made to the session's state while it ran (compaction emptied it)", async () => {
    const { root, request, store } = await session();
    await writeSessionState(store, "s-1", { recalled: ["shown-before-compaction"] });
    const stateFile = join(root, ".memfiles", "claude-code", "sessions", "s-1.json");
    answer(() => {
      writeFileSync(stateFile, `${JSON.stringify({ recalled: [] })}\n`);
      return [EDITOR];
    });
    await runSessionWritePass(request, { client: client() });
    const state = await readSessionState(store, "s-1");
    expect(state.recalled).toEqual([]);
    expect(state.checkpoint?.transcriptPath).toBe(request.transcriptPath);
  });

  it.each([
    {
      name: "no API key",
      run: (request: Parameters<typeof runSessionWritePass>[0]) =>
        runSessionWritePass(request, { env: {} }),
      reason: /^No ANTHROPIC_API_KEY.*run `memfiles claude-code import` to save this session/,
    },
    {
      name: "an API error",
      run: (request: Parameters<typeof runSessionWritePass>[0]) => {
        server.use(
          http.post(MESSAGES_URL, () =>
            HttpResponse.json(
              {
                type: "error",
                error: {
                  type: "api_error",
                  message:
                    "boom sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA-AAAAAAAA",
                },
              },
              { status: 500 },
            ),
          ),
        );
        return runSessionWritePass(request, { client: client() });
      },
      reason: /500/,
    },
    {
      name: "a missing transcript",
      run: (request: Parameters<typeof runSessionWritePass>[0]) =>
        runSessionWritePass(
          { ...request, transcriptPath: `${request.transcriptPath}.gone` },
          { client: client() },
        ),
      reason: /ENOENT/,
    },
  ])(
    "$name: one log line, nothing written, nothing thrown, the turns kept for the next pass",
    async ({ run, reason }) => {
      const { root, request, store } = await session();
      const before = await readdir(root);
      const result = await run(request);
      expect(result).toEqual({ outcome: "failed", reason: expect.stringMatching(reason) });
      const log = await readHookLog(store);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ event: "write-pass", outcome: "failed", sessionId: "s-1" });
      expect(JSON.stringify(log)).not.toContain("sk-ant-api03");
      expect((await readdir(root)).filter((name) => name !== ".memfiles")).toEqual(before);
      // The next pass still reads the session's turns.
      answer([EDITOR]);
      expect(await runSessionWritePass(request, { client: client() })).toMatchObject({
        outcome: "ok",
        turns: 2,
      });
    },
  );

  it("serializes two sessions ending at once: both saved, nothing lost", async () => {
    const { root, cwd, request } = await session();
    const other = join(cwd, "s-2.jsonl");
    await writeFile(other, record("v1", "user", "I use the fish shell everywhere"));
    const SHELL = {
      ...EDITOR,
      name: "shell",
      description: "The user's shell.",
      body: "The user uses the fish shell.",
      evidence: "I use the fish shell",
    };
    answer((transcript) => (transcript.includes("fish") ? [SHELL] : [EDITOR]));
    const [first, second] = await Promise.all([
      runSessionWritePass(request, { client: client() }),
      runSessionWritePass(
        { ...request, sessionId: "s-2", transcriptPath: other },
        { client: client() },
      ),
    ]);
    expect(first).toMatchObject({ outcome: "ok" });
    expect(second).toMatchObject({ outcome: "ok" });
    expect(await readFile(join(root, "editor.md"), "utf8")).toContain("Helix");
    expect(await readFile(join(root, "shell.md"), "utf8")).toContain("fish shell");
  });
});

// A refused proposal says why in the hook log (and so in `claude-code status`): its code and the
// fact's head; a secret only its code.
describe("the write pass's log line names each refusal", () => {
  const KEY = `sk-ant-api03-${"A".repeat(93)}-AAAAAAAA`;
  const NETLIFY = {
    ...EDITOR,
    name: "deploy host",
    body: "The user deploys on Netlify.",
    evidence: "I deploy everything on Netlify",
  };
  const SECRET = {
    ...EDITOR,
    name: "api key",
    body: `The user's API key is ${KEY}.`,
    evidence: "I edit all my code in Helix",
  };

  it("codes and quoted facts, never a secret", async () => {
    const { request, store } = await session();
    answer([EDITOR, NETLIFY, SECRET]);
    expect(await runSessionWritePass(request, { client: client() })).toMatchObject({
      applied: 1,
      rejected: 2,
    });
    const [line] = await readHookLog(store);
    expect(line?.message).toBe(
      '2 new turns read; 1 memories written, 2 proposals refused: evidence_not_found "The user deploys on Netlify."; secret.',
    );
  });

  it.each([
    ["forgotten", "I deploy everything on Netlify.", 'forgotten "I deploy everything on Netlify."'],
    ["secret", `The key is ${KEY}`, "secret"],
    ["duplicate", "x".repeat(200), `duplicate "${"x".repeat(160)}…" (200 chars)`],
  ] as const)("%s", (code, fact, shown) => {
    const proposal = { file: "a.md", fact, evidence: "", replaces: null, description: null };
    expect(describeRefusals([{ code, proposal, message: "" }])).toBe(shown);
  });
});
