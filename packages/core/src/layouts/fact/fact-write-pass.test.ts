import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  mockMessages,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "../../../test/messages-api.js";
import { sumUsage } from "../../cost/index.js";
import { MemoryStore } from "../../store/index.js";
import type { Transcript } from "../../transcript/index.js";
import { writePass } from "../index.js";
import { applyFactProposals } from "./fact-write-pass.js";
import type { FactProposal } from "./propose-facts-tool.js";

const server = useMessagesApi();

const NOW = new Date("2026-09-12T18:30:00Z");

async function factStore(): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-fact-")), "memory");
  return new MemoryStore({ root, layout: "fact" });
}

function session(
  date: string,
  ...turns: [role: "user" | "assistant", content: string][]
): Transcript {
  return {
    date,
    sessionId: `s-${date}`,
    turns: turns.map(([role, content]) => ({ role, content })),
  };
}

function save(overrides: Partial<FactProposal> = {}): FactProposal {
  return {
    action: "save",
    name: "deploy host",
    type: "project",
    description: "Where the user deploys services. Read for any hosting or deploy question.",
    body: "Deploys everything on Heroku.",
    evidence: "I deploy everything on Heroku",
    replaces: null,
    ...overrides,
  };
}

const HEROKU = session("2026-09-01", ["user", "I deploy everything on Heroku these days."]);
const FLY = session(
  "2026-09-12",
  ["user", "We moved everything off Heroku, it all runs on Fly.io now."],
  ["assistant", "Noted."],
);

describe("applyFactProposals (fact layout)", () => {
  it("reports files created, updated and deleted and refusals in the write pass's one result shape", async () => {
    const store = await factStore();
    const description = "Where the user deploys services. Read for any hosting or deploy question.";
    expect(await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] })).toEqual({
      applied: [
        {
          code: "applied",
          proposal: {
            file: "deploy-host.md",
            fact: "Deploys everything on Heroku.",
            evidence: "I deploy everything on Heroku",
            replaces: null,
            description,
          },
          path: "deploy-host.md",
          line: "Deploys everything on Heroku.",
          replaced: [],
          change: "created",
          description,
        },
      ],
      rejected: [],
      consolidated: [],
      usage: sumUsage(),
    });
    const moved = save({
      body: "Deploys everything on Fly.io.",
      evidence: "it all runs on Fly.io now",
      replaces: "deploy-host.md",
    });
    const nowhere = save({ name: "editor", body: "Uses Helix.", replaces: "nowhere.md" });
    const updated = await applyFactProposals({
      store,
      transcript: FLY,
      proposals: [moved, nowhere],
    });
    expect(updated).toEqual({
      applied: [
        {
          code: "applied",
          proposal: {
            file: "deploy-host.md",
            fact: "Deploys everything on Fly.io.",
            evidence: "it all runs on Fly.io now",
            replaces: "deploy-host.md",
            description,
          },
          path: "deploy-host.md",
          line: "Deploys everything on Fly.io.",
          replaced: ["Deploys everything on Heroku."],
          change: "updated",
        },
      ],
      rejected: [
        {
          code: "evidence_not_found",
          proposal: {
            file: "nowhere.md",
            fact: "Uses Helix.",
            evidence: "I deploy everything on Heroku",
            replaces: "nowhere.md",
            description,
          },
          message:
            'Refused "editor": its evidence is not a verbatim quote of any turn of the transcript.',
        },
      ],
      consolidated: [],
      usage: sumUsage(),
    });
    const forgot = await applyFactProposals({
      store,
      transcript: session("2026-09-13", ["user", "Forget where I deploy, please."]),
      proposals: [
        save({ action: "forget", evidence: "Forget where I deploy", replaces: "deploy-host.md" }),
      ],
    });
    expect(forgot.applied).toEqual([
      {
        code: "applied",
        proposal: {
          file: "deploy-host.md",
          fact: "Deploys everything on Heroku.",
          evidence: "Forget where I deploy",
          replaces: "deploy-host.md",
          description,
        },
        path: "deploy-host.md",
        line: "",
        replaced: ["Deploys everything on Fly.io."],
        change: "deleted",
      },
    ]);
  });

  it("creates one file per fact, named by the slug of its name, and MEMORY.md lists it", async () => {
    const store = await factStore();
    const result = await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    expect(result.rejected).toEqual([]);
    expect(result.applied.map((item) => [item.change, item.path])).toEqual([
      ["created", "deploy-host.md"],
    ]);
    expect(await readFile(join(store.root, "deploy-host.md"), "utf8")).toBe(
      "---\nname: deploy host\ndescription: Where the user deploys services. Read for any hosting or deploy question.\ntype: project\nupdated: 2026/09/01\n---\nDeploys everything on Heroku.\n",
    );
    expect(await readFile(join(store.root, "MEMORY.md"), "utf8")).toContain(
      "- [deploy host](deploy-host.md) — Where the user deploys services. Read for any hosting or deploy question.\n",
    );
    const rows = await store.list();
    expect(rows).toEqual([
      expect.objectContaining({ path: "deploy-host.md", name: "deploy host", type: "project" }),
    ]);
    expect(rows[0]?.problems).toBeUndefined();
  });

  it("updates the file a contradiction names, never a second file, and keeps the file name", async () => {
    const store = await factStore();
    await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    const result = await applyFactProposals({
      store,
      transcript: FLY,
      proposals: [
        save({
          name: "hosting provider",
          body: "Deploys everything on Fly.io (previously Heroku).",
          evidence: "it all runs on Fly.io now",
          replaces: "deploy-host.md",
        }),
      ],
    });
    expect(result.applied.map((item) => [item.change, item.path, item.replaced[0]])).toEqual([
      ["updated", "deploy-host.md", "Deploys everything on Heroku."],
    ]);
    expect((await readdir(store.root)).filter((name) => name.endsWith(".md")).sort()).toEqual([
      "MEMORY.md",
      "deploy-host.md",
    ]);
    const text = await readFile(join(store.root, "deploy-host.md"), "utf8");
    expect(text).toContain("name: deploy host\n");
    expect(text).toContain("updated: 2026/09/12\n");
    expect(text).toContain("Fly.io (previously Heroku)");
  });

  it("updates the file with the same name even when the model forgot replaces (the code check)", async () => {
    const store = await factStore();
    await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    const result = await applyFactProposals({
      store,
      transcript: FLY,
      proposals: [
        save({
          name: "Deploy Host",
          body: "Deploys on Fly.io.",
          evidence: "it all runs on Fly.io now",
        }),
      ],
    });
    expect(result.applied.map((item) => [item.change, item.path])).toEqual([
      ["updated", "deploy-host.md"],
    ]);
    expect((await store.list()).length).toBe(1);
  });

  it("gives a new fact whose slug is taken by another name a suffixed file name", async () => {
    const store = await factStore();
    await mkdir(store.root, { recursive: true });
    await writeFile(
      join(store.root, "deploy-host.md"),
      "---\nname: other\ndescription: Another memory.\ntype: user\n---\nSomething else.\n",
    );
    const result = await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    expect(result.applied.map((item) => item.path)).toEqual(["deploy-host-2.md"]);
  });

  it("resolves a relative date against the session date", async () => {
    const store = await factStore();
    const transcript = session("2026-09-12", [
      "user",
      "I start the new job at Acme next week, on the platform team.",
    ]);
    const result = await applyFactProposals({
      store,
      transcript,
      proposals: [
        save({
          name: "new job",
          type: "user",
          description: "The user's employer. Read for work questions.",
          body: "Starts a new job at Acme next week, on the platform team.",
          evidence: "I start the new job at Acme next week",
        }),
      ],
    });
    expect(result.applied[0]?.resolvedDates).toEqual([
      { text: "next week", replacement: "in the week of 2026/09/14" },
    ]);
    expect(await readFile(join(store.root, "new-job.md"), "utf8")).toContain(
      "Starts a new job at Acme in the week of 2026/09/14, on the platform team.\n",
    );
  });

  it("refuses a session whose date is no calendar day (invalid_transcript_date)", async () => {
    const store = await factStore();
    const transcript = session("someday", ["user", "I fly to Oslo tomorrow for the offsite."]);
    const applying = applyFactProposals({
      store,
      transcript,
      proposals: [
        save({
          name: "trip",
          type: "user",
          body: "Flies to Oslo tomorrow.",
          evidence: "I fly to Oslo tomorrow",
        }),
      ],
    });
    await expect(applying).rejects.toMatchObject({ code: "invalid_transcript_date" });
    expect(await store.list()).toEqual([]);
  });

  it.each([
    ["evidence from the assistant", save({ evidence: "Noted" }), FLY, "evidence_not_from_user"],
    [
      "evidence nobody said",
      save({ evidence: "I love Heroku so much" }),
      HEROKU,
      "evidence_not_found",
    ],
    ["an unknown type", save({ type: "mood" }), HEROKU, "invalid_fact"],
    ["a blank body", save({ body: "  " }), HEROKU, "invalid_fact"],
    [
      "a secret in the body",
      save({ body: "Deploys with key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789" }),
      HEROKU,
      "secret",
    ],
    ["replaces naming no file", save({ replaces: "nowhere.md" }), HEROKU, "replaces_not_found"],
    [
      "forget naming no file",
      save({ action: "forget", replaces: "nowhere.md" }),
      HEROKU,
      "replaces_not_found",
    ],
  ])("refuses %s", async (_name, proposal, transcript, code) => {
    const store = await factStore();
    const result = await applyFactProposals({ store, transcript, proposals: [proposal] });
    expect(result.rejected.map((item) => item.code)).toEqual([code]);
    expect(result.applied).toEqual([]);
  });

  it("refuses a second file holding the same fact (duplicate)", async () => {
    const store = await factStore();
    await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    const result = await applyFactProposals({
      store,
      transcript: HEROKU,
      proposals: [save({ name: "platform", body: "deploys everything on heroku." })],
    });
    expect(result.rejected.map((item) => item.code)).toEqual(["duplicate"]);
  });

  it("deletes a file on forget and a later pass does not restore it (tombstone)", async () => {
    const store = await factStore();
    await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    const forgetSession = session("2026-09-12", ["user", "Forget where I deploy, please."]);
    const forgot = await applyFactProposals({
      store,
      transcript: forgetSession,
      proposals: [
        save({ action: "forget", evidence: "Forget where I deploy", replaces: "deploy-host.md" }),
      ],
    });
    expect(forgot.applied.map((item) => [item.change, item.path])).toEqual([
      ["deleted", "deploy-host.md"],
    ]);
    expect(await store.list()).toEqual([]);
    const again = await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    expect(again.rejected.map((item) => item.code)).toEqual(["forgotten"]);
  });

  it("refuses a write over the store's cap (too_long) and leaves no file", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-fact-")), "memory");
    const store = new MemoryStore({ root, layout: "fact", maxChars: 150 });
    const result = await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    expect(result.rejected.map((item) => item.code)).toEqual(["too_long"]);
    expect(await store.list()).toEqual([]);
  });
});

describe("a folder written by hand in the third write-up's layout", () => {
  const HAND = {
    "MEMORY.md":
      "- [editor](editor.md) — The user's editor.\n- [デプロイ先](デプロイ先.md) — 本番のデプロイ先。\n",
    "editor.md":
      "---\r\nname:   editor\r\ndescription: The user's editor. Read for any editing question.\r\ntype: user\r\nscope: global\r\nowner: me   # a key memfiles does not know\r\nlinks: [deploy host]\r\n---\r\nUses Neovim with   two spaces.\r\n\r\n**Why:** speed.\r\n",
    "デプロイ先.md":
      "---\nname: デプロイ先\ndescription: 本番のデプロイ先。デプロイの質問で読む。\ntype: project\nscope: shop-api\n---\nHeroku にデプロイしている。 See [[editor]].\n",
  };

  async function handMade(): Promise<MemoryStore> {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-hand-")), ".memory");
    await mkdir(root, { recursive: true });
    for (const [path, text] of Object.entries(HAND)) await writeFile(join(root, path), text);
    return new MemoryStore({ root, layout: "fact" });
  }

  it("is listed with names, descriptions, types and links, without problems", async () => {
    const store = await handMade();
    const rows = await store.list();
    expect(rows.map((row) => [row.path, row.name, row.type, row.links, row.problems])).toEqual([
      ["editor.md", "editor", "user", ["deploy host"], undefined],
      ["デプロイ先.md", "デプロイ先", "project", ["editor"], undefined],
    ]);
    expect(rows[0]?.description).toBe("The user's editor. Read for any editing question.");
  });

  it("reports a link to a missing memory as a gap, not an error", async () => {
    const store = await handMade();
    const report = await store.check();
    expect(report.linkGaps).toEqual([{ path: "editor.md", link: "deploy host" }]);
  });

  it("is edited without loss: unknown keys, scope, CRLF, odd spacing and the Why line survive", async () => {
    const store = await handMade();
    const transcript = session("2026-09-12", [
      "user",
      "I switched to Helix as my editor, Neovim is gone.",
    ]);
    const result = await applyFactProposals({
      store,
      transcript,
      proposals: [
        save({
          name: "editor",
          type: "user",
          body: "Uses Helix with two spaces (previously Neovim).",
          evidence: "I switched to Helix as my editor",
          replaces: "editor.md",
        }),
      ],
    });
    expect(result.rejected).toEqual([]);
    expect(await readFile(join(store.root, "editor.md"), "utf8")).toBe(
      "---\r\nname:   editor\r\ndescription: The user's editor. Read for any editing question.\r\ntype: user\r\nscope: global\r\nowner: me   # a key memfiles does not know\r\nlinks: [deploy host]\r\nupdated: 2026/09/12\r\n---\r\nUses Helix with two spaces (previously Neovim).\r\n\r\n**Why:** speed.\r\n",
    );
    // The Japanese file was not touched, byte for byte.
    expect(await readFile(join(store.root, "デプロイ先.md"), "utf8")).toBe(HAND["デプロイ先.md"]);
    expect(await readFile(join(store.root, "MEMORY.md"), "utf8")).toContain(
      "- [デプロイ先](デプロイ先.md) — 本番のデプロイ先。デプロイの質問で読む。\n",
    );
  });

  it("updates the Japanese-named file by its name and keeps its scope", async () => {
    const store = await handMade();
    const transcript = session("2026-09-12", [
      "user",
      "本番は Fly.io に移した。Heroku はもう使っていない。",
    ]);
    const result = await applyFactProposals({
      store,
      transcript,
      proposals: [
        save({
          name: "デプロイ先",
          body: "Fly.io にデプロイしている（以前は Heroku）。",
          evidence: "本番は Fly.io に移した",
          replaces: null,
        }),
      ],
    });
    expect(result.applied.map((item) => [item.change, item.path])).toEqual([
      ["updated", "デプロイ先.md"],
    ]);
    const text = await readFile(join(store.root, "デプロイ先.md"), "utf8");
    expect(text).toContain("scope: shop-api\n");
    expect(text).toContain("Fly.io にデプロイしている");
  });
});

describe("writePass on a store in the fact layout", () => {
  it("asks with fact-extraction@1 and propose_facts, and reports outcomes in the one result shape", async () => {
    const store = await factStore();
    const requests = mockMessages(server, [
      {
        content: [
          toolUseBlock({
            name: "propose_facts",
            input: { memories: [save(), save({ name: "noise", evidence: "how do I deploy" })] },
          }),
        ],
      },
    ]);
    const result = await writePass({
      store,
      transcript: HEROKU,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
    });
    expect(requests[0]?.tools?.map((tool) => ("name" in tool ? tool.name : ""))).toEqual([
      "propose_facts",
    ]);
    expect(JSON.stringify(requests[0]?.system)).toContain("ONE FACT PER FILE");
    expect(result.applied.map((item) => item.path)).toEqual(["deploy-host.md"]);
    expect(result.applied.map((item) => item.change)).toEqual(["created"]);
    expect(result.rejected.map((item) => item.code)).toEqual(["evidence_not_found"]);
    expect(result.usage.output).toBe(20);
  });
});

describe("writePass in the subject layout resolves relative dates too", () => {
  it("writes the absolute date in the fact line", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-subject-")), "memory");
    const store = new MemoryStore({ root });
    mockMessages(server, [
      {
        content: [
          toolUseBlock({
            name: "propose_memories",
            input: {
              memories: [
                {
                  file: "profile.md",
                  fact: "moved to Berlin last month",
                  evidence: "I moved to Berlin last month",
                  replaces: null,
                  description: null,
                },
              ],
            },
          }),
        ],
      },
    ]);
    const result = await writePass({
      store,
      transcript: session("2026-09-12", ["user", "I moved to Berlin last month and love it."]),
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
      onTooLong: false,
    });
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/09/12] moved to Berlin in August 2026",
    ]);
  });
});

describe("forget on a store in the fact layout", () => {
  it("deletes the matching fact file at once and a later pass does not restore it", async () => {
    const { forget } = await import("../forget.js");
    const store = await factStore();
    await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    await applyFactProposals({
      store,
      transcript: session("2026-09-01", ["user", "I use Neovim for everything I write."]),
      proposals: [
        save({
          name: "editor",
          type: "user",
          description: "The user's editor.",
          body: "Uses Neovim.",
          evidence: "I use Neovim for everything",
        }),
      ],
    });
    const result = await forget({ store, query: "where I deploy", now: NOW });
    expect(result).toEqual({
      ok: true,
      code: "removed",
      removed: [{ path: "deploy-host.md", line: "Deploys everything on Heroku." }],
    });
    expect((await store.list()).map((row) => row.path)).toEqual(["editor.md"]);
    const again = await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    expect(again.rejected.map((item) => item.code)).toEqual(["forgotten"]);
  });
});

describe("remember resolves relative dates, and works in the fact layout", () => {
  it("writes the day a relative time meant (subject layout)", async () => {
    const { remember } = await import("../remember.js");
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-subject-")), "memory");
    const store = new MemoryStore({ root });
    const result = await remember({
      store,
      path: "profile.md",
      fact: "flies to Oslo tomorrow",
      now: NOW,
    });
    expect(result.ok && result.line).toBe("[stated 2026/09/12] flies to Oslo on 2026/09/13");
  });

  it("creates, then adds to, one fact file named after the path's stem (fact layout)", async () => {
    const { remember } = await import("../remember.js");
    const store = await factStore();
    const first = await remember({
      store,
      path: "topics/editor.md",
      fact: "uses Neovim",
      now: NOW,
    });
    expect(first).toEqual({
      ok: true,
      code: "applied",
      path: "editor.md",
      line: "uses Neovim",
      replaced: [],
    });
    // remember adds (decision 0025-fact-layout); only `replaces` replaces, and only that line.
    const second = await remember({ store, path: "editor.md", fact: "uses tmux", now: NOW });
    expect(second).toEqual({
      ok: true,
      code: "applied",
      path: "editor.md",
      line: "uses tmux",
      replaced: [],
    });
    const third = await remember({
      store,
      path: "editor.md",
      fact: "uses Helix",
      replaces: "uses Neovim",
      now: NOW,
    });
    expect(third).toEqual({
      ok: true,
      code: "applied",
      path: "editor.md",
      line: "uses Helix",
      replaced: ["uses Neovim"],
    });
    expect(await readFile(join(store.root, "editor.md"), "utf8")).toMatch(
      /\nuses Helix\nuses tmux\n$/,
    );
    expect((await store.list()).map((row) => row.path)).toEqual(["editor.md"]);
  });
});

describe("a fact-layout forget", () => {
  it("with replaces: null deletes nothing, not even the file of the same name", async () => {
    const store = await factStore();
    await applyFactProposals({ store, transcript: HEROKU, proposals: [save()] });
    const result = await applyFactProposals({
      store,
      transcript: session("2026-09-12", ["user", "Forget where I deploy."]),
      proposals: [save({ action: "forget", evidence: "Forget where I deploy" })],
    });
    expect(result.rejected.map((item) => item.code)).toEqual(["replaces_not_found"]);
    // Says a forget names its file in `replaces`, never quoting "null" as a text.
    const [message] = result.rejected.map((item) => item.message);
    expect(message).toContain('a forget names the file it deletes in "replaces"');
    expect(message).not.toContain("null");
    expect(await readFile(join(store.root, "deploy-host.md"), "utf8")).toContain(
      "Deploys everything on Heroku.",
    );
  });
});
