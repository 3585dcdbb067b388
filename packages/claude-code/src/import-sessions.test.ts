import { appendFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { projectFolderName } from "@memfiles/core/internal";
import { mockBatches, succeeded, testClient, useMessagesApi } from "@memfiles/core/test";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { hookFolders } from "../test/memory-folder.js";
import { readSessionState } from "./hook-state.js";
import { ImportError } from "./import-error.js";
import { importSessions } from "./import-sessions.js";
import { runSessionWritePass } from "./session-write-pass.js";

const server = useMessagesApi();

const client = () => testClient();

const SECRET =
  "sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA-AAAAAAAA";

const record = (uuid: string, type: "user" | "assistant", content: unknown, day: string) =>
  `${JSON.stringify({ parentUuid: null, isSidechain: false, type, uuid, sessionId: "s", timestamp: `${day}T10:00:00.000Z`, message: { role: type, content } })}\n`;

const editor = (body: string, evidence: string, replaces: string | null = null) => ({
  action: "save",
  name: "editor",
  type: "user",
  description: "The user's code editor. Read for editor questions.",
  body,
  evidence,
  replaces,
});

/** A project with past sessions in its Claude Code transcripts folder; memory is its auto memory. */
async function project(sessions: Record<string, { day: string; said: string }>) {
  const { home, cwd } = await hookFolders();
  const folder = join(home, ".claude", "projects", projectFolderName(cwd));
  await mkdir(folder, { recursive: true });
  for (const [id, { day, said }] of Object.entries(sessions)) {
    await writeFile(
      join(folder, `${id}.jsonl`),
      record(`${id}-u`, "user", said, day) +
        record(`${id}-a`, "assistant", [{ type: "text", text: "Noted." }], day),
    );
  }
  const root = join(folder, "memory");
  const options = {
    cwd,
    home,
    env: { MEMFILES_TIME_ZONE: "UTC" },
    client: client(),
    wait: { sleep: async () => undefined },
  };
  return { home, cwd, folder, root, options, store: new MemoryStore({ root, layout: "fact" }) };
}

/** Every file under `folder`, with its text. */
async function filesUnder(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path] = await readFile(path, "utf8");
  }
  return files;
}

const OLD = { day: "2026-09-01", said: "I edit all my code in Helix" };
const NEW = { day: "2026-09-10", said: "I switched: I edit all my code in Zed now" };

describe("importSessions", () => {
  it("subject layout: a later session's unlike word stays beside an earlier one's of the same batch; a changed number replaces it", async () => {
    const { cwd, options } = await project({
      a: { day: "2026-10-01", said: "I deploy everything on Fly.io. I take 50 mg of sertraline" },
      b: { day: "2026-11-15", said: "I now deploy on Render. I take 100 mg of sertraline" },
    });
    const root = join(cwd, "memory");
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "profile.md"), "---\nname: profile\n---\n");
    const fact = (file: string, text: string, evidence: string) => ({
      file,
      fact: text,
      evidence,
      replaces: null,
      description: null,
    });
    mockBatches(server, (request) =>
      succeeded({
        // Each request is built before any reply is applied: b's cannot name a's line in replaces.
        memories: JSON.stringify(request.params).includes("Render")
          ? [
              fact("topics/hosting.md", "deploys on Render", "I now deploy on Render"),
              fact("topics/health.md", "takes 100 mg of sertraline", "I take 100 mg of sertraline"),
            ]
          : [
              fact("topics/hosting.md", "deploys on Fly.io", "I deploy everything on Fly.io"),
              fact("topics/health.md", "takes 50 mg of sertraline", "I take 50 mg of sertraline"),
            ],
      }),
    );
    const result = await importSessions({ ...options, root });
    expect(result).toMatchObject({
      status: "ended",
      outcomes: [{ code: "applied" }, { code: "applied" }],
    });
    const lines = async (path: string) =>
      (await readFile(join(root, path), "utf8")).split("\n").filter((line) => line.startsWith("["));
    expect(await lines("topics/hosting.md")).toEqual([
      "[stated 2026/10/01] deploys on Fly.io",
      "[stated 2026/11/15] deploys on Render",
    ]);
    expect(await lines("topics/health.md")).toEqual([
      "[stated 2026/11/15] takes 100 mg of sertraline",
    ]);
  });

  it("sends one batch, oldest session first, so the newest word wins; then proposes nothing twice", async () => {
    // Named so that listing order is the reverse of date order.
    const { root, folder, options, store } = await project({ a: NEW, b: OLD });
    const api = mockBatches(server, (request) =>
      succeeded(
        {
          memories: JSON.stringify(request.params).includes("Zed")
            ? [editor("The user edits code in Zed.", "I edit all my code in Zed now", "editor")]
            : [editor("The user edits code in Helix.", "I edit all my code in Helix")],
        },
        "propose_facts",
      ),
    );
    const result = await importSessions(options);
    expect(result).toMatchObject({
      status: "ended",
      plan: [
        { sessionId: "b", date: "2026-09-01", turns: 2 },
        { sessionId: "a", date: "2026-09-10", turns: 2 },
      ],
      outcomes: [
        { sessionId: "b", code: "applied" },
        { sessionId: "a", code: "applied" },
      ],
      skipped: [],
    });
    expect(api.created).toHaveLength(1);
    const sent = api.created[0]?.requests.map((request) => JSON.stringify(request.params)) ?? [];
    expect(sent.map((params) => params.includes("Helix"))).toEqual([true, false]);
    const body = await readFile(join(root, "editor.md"), "utf8");
    expect(body).toContain("Zed");
    expect(body).not.toContain("Helix");
    // Each session's checkpoint is at its end: the SessionEnd hook later reads nothing old.
    const state = await readSessionState(store, "b");
    expect(state.checkpoint).toEqual({
      transcriptPath: join(folder, "b.jsonl"),
      offset: (await readFile(join(folder, "b.jsonl"))).length,
      uuid: "b-a",
    });
    expect(
      await runSessionWritePass(
        {
          root,
          layout: "fact",
          sessionId: "b",
          transcriptPath: join(folder, "b.jsonl"),
          timeZone: "UTC",
        },
        { client: client() },
      ),
    ).toMatchObject({ outcome: "skipped" });
    expect(await importSessions(options)).toMatchObject({ status: "nothing_to_import" });
    expect(api.created).toHaveLength(1);
    // Records appended later (a resumed session) are a new entry with only the new turns.
    await appendFile(
      join(folder, "b.jsonl"),
      record("b-u2", "user", "I also use tmux", "2026-09-11"),
    );
    const again = mockBatches(server, () => succeeded({ memories: [] }, "propose_facts"));
    expect(await importSessions(options)).toMatchObject({
      status: "ended",
      outcomes: [{ sessionId: "b", code: "applied" }],
    });
    const resent = JSON.stringify(again.created[0]?.requests[0]?.params);
    expect(resent).toContain("tmux");
    expect(resent).not.toContain("Helix");
  });

  it("refuses past --max-usd before any request, and --dry-run sends nothing", async () => {
    const { root, options } = await project({ a: NEW, b: OLD });
    // No handler: any request would fail the test (onUnhandledRequest: "error").
    const dry = await importSessions({ ...options, dryRun: true });
    expect(dry).toMatchObject({
      status: "dry_run",
      plan: [{ sessionId: "b" }, { sessionId: "a" }],
    });
    const usd = dry.status === "dry_run" ? dry.usd : 0;
    expect(usd).toBeGreaterThan(0);
    const refused = importSessions({ ...options, maxUsd: usd / 2 });
    await expect(refused).rejects.toBeInstanceOf(ImportError);
    await expect(importSessions({ ...options, maxUsd: usd / 2 })).rejects.toMatchObject({
      code: "budget_exceeded",
      message: expect.stringContaining("nothing was sent"),
    });
    expect(await filesUnder(join(root, ".."))).not.toHaveProperty(
      join(root, ".memfiles", "claude-code", "import.json"),
    );
    const api = mockBatches(server, () => succeeded({ memories: [] }, "propose_facts"));
    expect(await importSessions({ ...options, maxUsd: usd })).toMatchObject({ status: "ended" });
    expect(api.created).toHaveLength(1);
  });

  it("resumes an interrupted batch, and keeps a secret said in a session off the disk", async () => {
    const { root, folder, options } = await project({
      s: { day: "2026-09-02", said: `I edit all my code in Helix, my key is ${SECRET}` },
    });
    const answer = () =>
      succeeded(
        {
          memories: [
            editor("The user edits code in Helix.", "I edit all my code in Helix"),
            editor(`The user's key is ${SECRET}.`, `my key is ${SECRET}`),
            // Evidence only in a record appended after the batch was sent: the model never saw it.
            { ...editor("The user uses tmux.", "I also use tmux"), name: "terminal" },
          ],
        },
        "propose_facts",
      );
    const first = mockBatches(server, answer, ["in_progress"]);
    const stopped = await importSessions({ ...options, wait: { timeoutMs: 0 } });
    expect(stopped).toMatchObject({ status: "pending", batchId: expect.any(String) });
    await expect(importSessions(options)).rejects.toMatchObject({ code: "import_pending" });
    const noSecret = async () => {
      for (const [path, text] of Object.entries(await filesUnder(root))) {
        expect(text.includes(SECRET), `${path} holds the secret`).toBe(false);
      }
    };
    await noSecret();
    await appendFile(
      join(folder, "s.jsonl"),
      record("s-u2", "user", "I also use tmux", "2026-09-03"),
    );
    // The batch ends later; the same batch is read, nothing is sent again.
    const later = mockBatches(server, answer);
    later.created.push(...first.created);
    const resumed = await importSessions({ ...options, resume: true });
    expect(resumed).toMatchObject({
      status: "ended",
      outcomes: [{ sessionId: "s", code: "applied" }],
    });
    expect(later.created).toHaveLength(1);
    expect(await readFile(join(root, "editor.md"), "utf8")).toContain("Helix");
    // Applied against the records the request was built from, not the ones appended since.
    expect(Object.keys(await filesUnder(root))).not.toContain(join(root, "terminal.md"));
    expect(await importSessions({ ...options, dryRun: true })).toMatchObject({
      plan: [{ sessionId: "s", turns: 1 }],
    });
    await noSecret();
    await expect(importSessions({ ...options, resume: true })).rejects.toMatchObject({
      code: "no_pending_import",
    });
    // A dry run's refusal names the folder, not its dry-run store (`dry-run:<folder>`).
    await expect(importSessions({ ...options, dryRun: true, resume: true })).rejects.toMatchObject({
      code: "no_pending_import",
      message: expect.stringContaining(`No import batch is pending in ${root}:`),
    });
  });

  it.each([
    ["after the API made the batch (ended by the resume)", true, ["ended"]],
    ["after the API made the batch (still running at the resume)", true, ["in_progress", "ended"]],
    ["before the batch reached the API", false, ["ended"]],
  ] as const)(
    "an import stopped %s is finished by --resume, never paid twice",
    async (_, made, statuses) => {
      const { root, options } = await project({ b: OLD });
      const api = mockBatches(
        server,
        () =>
          succeeded(
            { memories: [editor("The user edits code in Helix.", "I edit all my code in Helix")] },
            "propose_facts",
          ),
        [...statuses],
      );
      // The process dies between creating the batch and noting its id (or before sending at all).
      const stopping = client();
      const create = stopping.messages.batches.create.bind(stopping.messages.batches);
      stopping.messages.batches.create = (async (
        ...args: Parameters<typeof stopping.messages.batches.create>
      ) => {
        if (made) await create(...args);
        throw new Error("the import was killed here");
      }) as unknown as typeof stopping.messages.batches.create;
      await expect(importSessions({ ...options, client: stopping })).rejects.toThrow(/killed/);
      expect(api.created).toHaveLength(made ? 1 : 0);
      const note = JSON.parse(
        await readFile(join(root, ".memfiles/claude-code/import.json"), "utf8"),
      );
      expect(note).toMatchObject({ batchId: "", sendingAt: expect.any(String) });
      await expect(importSessions(options)).rejects.toMatchObject({
        code: "import_pending",
        message: expect.stringContaining("stopped while sending its batch"),
      });
      const resumed = await importSessions({ ...options, resume: true });
      expect(resumed).toMatchObject({
        status: "ended",
        outcomes: [{ sessionId: "b", code: "applied" }],
      });
      expect(api.created).toHaveLength(1);
      expect(await readFile(join(root, "editor.md"), "utf8")).toContain("Helix");
      expect(await readFile(join(root, ".memfiles/claude-code/import.json"), "utf8")).toBe("");
    },
  );

  it("a batch the API refused leaves nothing pending", async () => {
    const { root, options } = await project({ b: OLD });
    server.use(
      http.post("https://api.anthropic.com/v1/messages/batches", () =>
        HttpResponse.json(
          { type: "error", error: { type: "invalid_request_error", message: "bad batch" } },
          { status: 400 },
        ),
      ),
    );
    await expect(importSessions(options)).rejects.toMatchObject({ status: 400 });
    expect(await readFile(join(root, ".memfiles/claude-code/import.json"), "utf8")).toBe("");
    expect(await importSessions({ ...options, dryRun: true })).toMatchObject({ status: "dry_run" });
    await expect(importSessions({ ...options, resume: true })).rejects.toMatchObject({
      code: "no_pending_import",
    });
  });

  it("skips a transcript it cannot read, saying why, and imports the rest", async () => {
    const { folder, options } = await project({ b: OLD });
    await writeFile(join(folder, "garbage.jsonl"), "not json\nnor this\n");
    await mkdir(join(folder, "folder.jsonl"));
    mockBatches(server, () => succeeded({ memories: [] }, "propose_facts"));
    const result = await importSessions(options);
    expect(result).toMatchObject({
      status: "ended",
      outcomes: [{ sessionId: "b", code: "applied" }],
      skipped: [
        { transcriptPath: join(folder, "folder.jsonl"), reason: expect.stringContaining("EISDIR") },
        {
          transcriptPath: join(folder, "garbage.jsonl"),
          reason: "not a Claude Code transcript: none of its 2 lines is a JSON record",
        },
      ],
    });
  });
});
