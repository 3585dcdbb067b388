import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { describe, expect, it } from "vitest";
import {
  API_NEW,
  API_OLD,
  FULL_BEFORE,
  FULL_FACTS,
  FULL_GOOD,
  FULL_NEWEST_ONLY,
  POSTGRES_NEW,
  POSTGRES_OLD,
} from "../../../test/fixtures/memory-files.js";
import {
  mockMessages,
  overloaded,
  testClient,
  textBlock,
  thinkingBlock,
  toolUseBlock,
  useMessagesApi,
} from "../../../test/messages-api.js";
import { tempStore } from "../../../test/temp-store.js";
import { MemoryStore } from "../../store/index.js";
import { ModelReplyError } from "../../tool-reply/index.js";
import type { Transcript } from "../../transcript/index.js";
import type { UsageRecord } from "../../usage/index.js";
import type { Proposal } from "../../write/proposal.js";
import type { WritePassOptions } from "../../write/write-pass-result.js";
import { buildWriteRequest, forget, remember, writePass } from "../index.js";

const server = useMessagesApi();

const HAIKU = "claude-haiku-4-5";
const OPUS = "claude-opus-5-5";
const NOW = new Date("2026-09-12T18:30:00Z");
const USAGE = { input: 100, output: 20, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 };

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

function proposing(...memories: Proposal[]) {
  return { content: [toolUseBlock({ name: "propose_memories", input: { memories } })] };
}

async function run(
  options: Partial<WritePassOptions> & Pick<WritePassOptions, "store" | "transcript">,
) {
  return writePass({ client: testClient(), model: HAIKU, now: NOW, onTooLong: false, ...options });
}

async function fileText(store: MemoryStore, path: string): Promise<string | undefined> {
  const read = await store.read(path);
  return read.exists ? read.content : undefined;
}

const deploySession = session(
  "2026-09-12",
  ["user", "I'm Dana, a backend engineer in Lisbon. We deploy everything on Fly.io."],
  ["assistant", "Got it. For a new service on Fly.io, start with `fly launch`."],
  ["user", "thanks!"],
);

describe("writePass: a good proposal set", () => {
  it("applies each proposal, tags it with the session date and reports usage", async () => {
    const store = await tempStore();
    mockMessages(server, [
      proposing(
        {
          file: "profile.md",
          fact: "is a backend engineer in Lisbon",
          evidence: "I'm Dana, a backend engineer in Lisbon",
          replaces: null,
          description: null,
        },
        {
          file: "topics/hosting.md",
          fact: "deploys on Fly.io",
          evidence: "We deploy everything on Fly.io.",
          replaces: null,
          description: null,
        },
      ),
    ]);
    const records: UsageRecord[] = [];
    const result = await run({
      store,
      transcript: deploySession,
      onUsage: (record) => void records.push(record),
    });

    expect(result).toEqual({
      applied: [
        {
          code: "applied",
          proposal: {
            file: "profile.md",
            fact: "is a backend engineer in Lisbon",
            evidence: "I'm Dana, a backend engineer in Lisbon",
            replaces: null,
            description: null,
          },
          path: "profile.md",
          line: "[stated 2026/09/12] is a backend engineer in Lisbon",
          replaced: [],
          description:
            "Who the user is (name, role, where they live, languages, background). Read when the answer depends on who they are.",
        },
        {
          code: "applied",
          proposal: {
            file: "topics/hosting.md",
            fact: "deploys on Fly.io",
            evidence: "We deploy everything on Fly.io.",
            replaces: null,
            description: null,
          },
          path: "topics/hosting.md",
          line: "[stated 2026/09/12] deploys on Fly.io",
          replaced: [],
          description: "What the user stated about hosting. Read for any question about hosting.",
        },
      ],
      rejected: [],
      consolidated: [],
      usage: USAGE,
    });
    expect(await fileText(store, "topics/hosting.md")).toBe(
      [
        "---",
        "name: hosting",
        "description: What the user stated about hosting. Read for any question about hosting.",
        "updated: 2026/09/12",
        "---",
        "[stated 2026/09/12] deploys on Fly.io",
        "",
      ].join("\n"),
    );
    expect(records).toEqual([
      {
        sessionId: "s-2026-09-12",
        stage: "write",
        model: HAIKU,
        usage: USAGE,
        date: NOW.toISOString(),
      },
    ]);
  });

  it("sends one forced, strict propose_memories call with the index, lines and dated transcript", async () => {
    const store = await tempStore();
    await remember({
      store,
      path: "preferences.md",
      fact: "prefers short answers",
      now: new Date("2026-09-01T00:00:00Z"),
    });
    const requests = mockMessages(server, [proposing()]);
    await run({ store, transcript: deploySession });

    expect(requests).toHaveLength(1);
    const request = requests[0];
    expect(request?.tool_choice).toEqual({ type: "tool", name: "propose_memories" });
    expect(request?.tools).toEqual([
      expect.objectContaining({ name: "propose_memories", strict: true }),
    ]);
    // The stable prefix (tool, then the extraction prompt) ends at a cache breakpoint.
    expect(request?.system).toEqual([
      { type: "text", text: getPrompt("extraction", 1).text, cache_control: { type: "ephemeral" } },
    ]);
    const text = request?.messages[0]?.content as string;
    expect(text).toContain("- preferences.md: How the user wants the assistant to work");
    expect(text).toContain(
      '<file path="preferences.md">\n[stated 2026/09/01] prefers short answers\n</file>',
    );
    expect(text).toContain('<transcript date="2026-09-12">\n<turn role="user">\nI\'m Dana');
    expect(text).toContain('<turn role="assistant">\nGot it.');
  });
});

describe("writePass: nothing worth keeping", () => {
  it.each([["hi"], ["thanks"]])("saves nothing for %j", async (said) => {
    const store = await tempStore();
    mockMessages(server, [proposing()]);
    const result = await run({
      store,
      transcript: session("2026-09-12", ["user", said], ["assistant", "Hello!"]),
    });
    expect(result).toEqual({ applied: [], rejected: [], consolidated: [], usage: USAGE });
    expect(await store.list()).toEqual([]);
  });
});

describe("writePass: rejected proposals", () => {
  const fakeKey = ["sk", "ant", "api03", "R2D2c3poBB8x"].join("-");
  const transcript = session(
    "2026-09-12",
    ["user", `I use Neovim. My Anthropic key is ${fakeKey}, keep it handy. I'm vegetarian.`],
    ["assistant", "Since you like terminals, you probably prefer tmux too."],
    ["user", "ok"],
  );
  const good = {
    file: "topics/tools.md",
    fact: "uses Neovim",
    evidence: "I use Neovim.",
    replaces: null,
    description: null,
  };

  it.each([
    ["a path that climbs out of the folder", { ...good, file: "../../x.md" }, "path_not_allowed"],
    ["a path two levels deep", { ...good, file: "topics/dev/tools.md" }, "path_not_allowed"],
    ["a path outside the allowed folders", { ...good, file: "notes/tools.md" }, "path_not_allowed"],
    [
      "a file name that is not kebab-case",
      { ...good, file: "topics/Dev Tools.md" },
      "path_not_allowed",
    ],
    [
      "evidence from the assistant's turn",
      { ...good, fact: "prefers tmux", evidence: "you probably prefer tmux too" },
      "evidence_not_from_user",
    ],
    [
      "evidence nobody said",
      { ...good, evidence: "I have used Neovim for ten years" },
      "evidence_not_found",
    ],
    ["a blank fact", { ...good, fact: "  " }, "invalid_fact"],
    ["a replaces that names no line", { ...good, replaces: "uses VS Code" }, "replaces_not_found"],
  ])("rejects %s", async (_, proposal, code) => {
    const store = await tempStore();
    mockMessages(server, [proposing(proposal)]);
    const result = await run({ store, transcript });
    expect(result.applied).toEqual([]);
    expect(result.rejected).toEqual([{ code, proposal, message: expect.any(String) }]);
    expect(await store.list()).toEqual([]);
  });

  it("writes nothing outside the folder for ../../x.md", async () => {
    const store = await tempStore();
    mockMessages(server, [proposing({ ...good, file: "../../x.md" })]);
    await run({ store, transcript });
    expect(await readdir(join(store.root, "..", ".."))).not.toContain("x.md");
  });

  it("rejects a path the store's guard refuses (a folder linked outside the memory folder)", async () => {
    const store = await tempStore();
    const outside = await mkdtemp(join(tmpdir(), "memfiles-outside-"));
    await mkdir(store.root, { recursive: true });
    await symlink(outside, join(store.root, "topics"));
    mockMessages(server, [proposing(good)]);
    const result = await run({ store, transcript });
    expect(result.rejected).toEqual([
      {
        code: "path_not_allowed",
        proposal: good,
        message: expect.stringContaining("topics/tools.md"),
      },
    ]);
    expect(await readdir(outside)).toEqual([]);
  });

  it("rejects a fact carrying a key and redacts it in the result", async () => {
    const store = await tempStore();
    const proposal = {
      file: "topics/tools.md",
      fact: `uses Anthropic key ${fakeKey}`,
      evidence: `My Anthropic key is ${fakeKey}`,
      replaces: null,
      description: null,
    };
    mockMessages(server, [proposing(proposal)]);
    const result = await run({ store, transcript });
    expect(result.rejected).toEqual([
      {
        code: "secret",
        proposal: {
          file: "topics/tools.md",
          fact: "uses Anthropic key [redacted]",
          evidence: "My Anthropic key is [redacted]",
          replaces: null,
          description: null,
        },
        message:
          'Refused "uses Anthropic key [redacted]": it holds a secret (anthropic_api_key), redacted here. Secrets never go into memory.',
      },
    ]);
    expect(JSON.stringify(result)).not.toContain(fakeKey);
    expect(await store.list()).toEqual([]);
  });

  // A clean fact is not enough: the key in the quote or in `replaces` would reach the result and
  // the logs, so those fields are scanned too.
  it.each([
    [
      "evidence",
      { evidence: `I use Neovim. My Anthropic key is ${fakeKey}` },
      { evidence: "I use Neovim. My Anthropic key is [redacted]" },
    ],
    [
      "replaces",
      { replaces: `uses Anthropic key ${fakeKey}` },
      { replaces: "uses Anthropic key [redacted]" },
    ],
  ])(
    "rejects a clean fact whose %s carries a key, redacted in the result",
    async (_, given, shown) => {
      const store = await tempStore();
      mockMessages(server, [proposing({ ...good, ...given })]);
      const result = await run({ store, transcript });
      expect(result.applied).toEqual([]);
      expect(result.rejected).toEqual([
        {
          code: "secret",
          proposal: { ...good, ...shown },
          message:
            'Refused "uses Neovim": it holds a secret (anthropic_api_key), redacted here. Secrets never go into memory.',
        },
      ]);
      expect(JSON.stringify(result)).not.toContain(fakeKey);
      expect(await store.list()).toEqual([]);
    },
  );

  it("keeps the good proposals of a set when others are rejected", async () => {
    const store = await tempStore();
    const assistantIdea = {
      ...good,
      fact: "prefers tmux",
      evidence: "you probably prefer tmux too",
    };
    mockMessages(server, [proposing(assistantIdea, good)]);
    const result = await run({ store, transcript });
    expect(result.applied.map((item) => item.line)).toEqual(["[stated 2026/09/12] uses Neovim"]);
    expect(result.rejected.map((item) => item.code)).toEqual(["evidence_not_from_user"]);
  });

  it("does not add a fact memory already holds", async () => {
    const store = await tempStore();
    await remember({
      store,
      path: "topics/tools.md",
      fact: "Uses  Neovim.",
      now: new Date("2026-08-01T00:00:00Z"),
    });
    mockMessages(server, [proposing(good)]);
    const result = await run({ store, transcript });
    expect(result.rejected).toEqual([
      {
        code: "duplicate",
        proposal: good,
        message: 'Not added "uses Neovim": topics/tools.md already holds this fact.',
      },
    ]);
    expect(await fileText(store, "topics/tools.md")).toContain(
      "[stated 2026/08/01] Uses Neovim.\n",
    );
  });

  it("refuses to edit a file whose header cannot be parsed", async () => {
    const store = await tempStore();
    await mkdir(join(store.root, "topics"), { recursive: true });
    const broken = "---js\n{ name: 'tools' }\n---\n[stated 2026/08/01] uses tmux\n";
    await writeFile(join(store.root, "topics/tools.md"), broken);
    mockMessages(server, [proposing(good)]);
    const result = await run({ store, transcript });
    expect(result.rejected.map((item) => item.code)).toEqual(["unparsable_file"]);
    expect(await readFile(join(store.root, "topics/tools.md"), "utf8")).toBe(broken);
  });
});

describe("writePass: updates", () => {
  it("ends a love-then-hate story about Thai food with exactly one current line", async () => {
    const store = await tempStore();
    mockMessages(server, [
      proposing({
        file: "preferences.md",
        fact: "loves Thai food",
        evidence: "I love Thai food",
        replaces: null,
        description: null,
      }),
    ]);
    await run({
      store,
      transcript: session("2026-09-12", ["user", "I love Thai food, any place near Alfama?"]),
    });

    mockMessages(server, [
      proposing({
        file: "preferences.md",
        fact: "can't stand Thai food",
        evidence: "I can't stand Thai food anymore",
        replaces: "loves Thai food",
        description: null,
      }),
    ]);
    const later = session("2026-10-03", [
      "user",
      "Honestly I can't stand Thai food anymore. Something else for Friday?",
    ]);
    const result = await run({ store, transcript: later, now: new Date("2026-10-03T12:00:00Z") });

    expect(result.applied).toEqual([
      expect.objectContaining({
        path: "preferences.md",
        line: "[stated 2026/10/03] can't stand Thai food",
        replaced: ["[stated 2026/09/12] loves Thai food"],
      }),
    ]);
    const text = (await fileText(store, "preferences.md")) ?? "";
    expect(text.split("\n").filter((line) => line.startsWith("[stated"))).toEqual([
      "[stated 2026/10/03] can't stand Thai food",
    ]);
    expect(text).toContain("updated: 2026/10/03\n");
  });

  it("matches replaces with the date tag, case, white space and end period ignored", async () => {
    const store = await tempStore();
    await remember({
      store,
      path: "topics/hosting.md",
      fact: "deploys on Heroku",
      now: new Date("2026-03-02T00:00:00Z"),
    });
    mockMessages(server, [
      proposing({
        file: "topics/hosting.md",
        fact: "deploys on Fly.io (previously Heroku)",
        evidence: "We deploy everything on Fly.io",
        replaces: "[stated 2026/03/02]  Deploys on  HEROKU.",
        description: null,
      }),
    ]);
    const result = await run({ store, transcript: deploySession });
    expect(result.applied.map((item) => item.replaced)).toEqual([
      ["[stated 2026/03/02] deploys on Heroku"],
    ]);
  });

  it("puts the new line in the file that holds the replaced line", async () => {
    const store = await tempStore();
    await remember({
      store,
      path: "topics/hosting.md",
      fact: "deploys on Heroku",
      now: new Date("2026-03-02T00:00:00Z"),
    });
    mockMessages(server, [
      proposing({
        file: "topics/deploy.md",
        fact: "deploys on Fly.io",
        evidence: "We deploy everything on Fly.io",
        replaces: "deploys on Heroku",
        description: null,
      }),
    ]);
    const result = await run({ store, transcript: deploySession });
    expect(result.applied.map((item) => [item.path, item.line])).toEqual([
      ["topics/hosting.md", "[stated 2026/09/12] deploys on Fly.io"],
    ]);
    expect((await store.list()).map((row) => row.path)).toEqual(["topics/hosting.md"]);
  });
});

describe("writePass: tombstones", () => {
  it("never brings back a forgotten address, even mentioned in passing later", async () => {
    const store = await tempStore();
    await remember({
      store,
      path: "profile.md",
      fact: "home address is 12 Elm Street, Springfield",
      now: new Date("2026-09-01T00:00:00Z"),
    });
    const forgotten = await forget({
      store,
      query: "my home address",
      now: new Date("2026-09-05T00:00:00Z"),
    });
    expect(forgotten).toEqual({
      ok: true,
      code: "removed",
      removed: [
        {
          path: "profile.md",
          line: "[stated 2026/09/01] home address is 12 Elm Street, Springfield",
        },
      ],
    });
    const onDisk = await readFile(join(store.root, ".memfiles", "tombstones.json"), "utf8");
    expect(onDisk).not.toMatch(/elm|springfield|address/i);

    const later = session("2026-09-20", [
      "user",
      "Ship the keyboard to 12 Elm Street, Springfield like last time. Also, I switched to Colemak.",
    ]);
    const evidence = "Ship the keyboard to 12 Elm Street, Springfield";
    mockMessages(server, [
      proposing(
        {
          file: "profile.md",
          fact: "home address is 12 Elm Street, Springfield",
          evidence,
          replaces: null,
          description: null,
        },
        {
          file: "profile.md",
          fact: "lives at 12 Elm Street, Springfield",
          evidence,
          replaces: null,
          description: null,
        },
        {
          file: "profile.md",
          fact: "has a home address in Springfield",
          evidence,
          replaces: null,
          description: null,
        },
        {
          file: "topics/tools.md",
          fact: "types on Colemak",
          evidence: "I switched to Colemak",
          replaces: null,
          description: null,
        },
      ),
    ]);
    const result = await run({ store, transcript: later, now: new Date("2026-09-20T10:00:00Z") });
    expect(result.rejected.map((item) => item.code)).toEqual([
      "forgotten",
      "forgotten",
      "forgotten",
    ]);
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/09/20] types on Colemak",
    ]);
    // Emptied, so deleted; never written back with the address.
    expect((await fileText(store, "profile.md")) ?? "").not.toMatch(/elm/i);
  });
});

describe("writePass: the API and the model reply", () => {
  it("retries a 529 overloaded answer and then succeeds", async () => {
    const store = await tempStore();
    const requests = mockMessages(server, [
      overloaded({ body: false }),
      proposing({
        file: "topics/hosting.md",
        fact: "deploys on Fly.io",
        evidence: "We deploy everything on Fly.io",
        replaces: null,
        description: null,
      }),
    ]);
    const result = await run({
      store,
      transcript: deploySession,
      client: testClient({ maxRetries: 2 }),
    });
    expect(requests).toHaveLength(2);
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/09/12] deploys on Fly.io",
    ]);
  });

  it("surfaces a 529 as the SDK's APIError once retries run out, and writes nothing", async () => {
    const store = await tempStore();
    mockMessages(server, [overloaded({ body: true })]);
    const error = await run({ store, transcript: deploySession }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error).toMatchObject({
      status: 529,
      error: { type: "error", error: { type: "overloaded_error" } },
    });
    expect(await store.list()).toEqual([]);
  });

  it("asks Opus 5.5 with tool_choice auto and reads the tool call after an empty thinking block", async () => {
    const store = await tempStore();
    const requests = mockMessages(server, [
      {
        content: [
          thinkingBlock(),
          toolUseBlock({
            name: "propose_memories",
            input: {
              memories: [
                {
                  file: "topics/hosting.md",
                  fact: "deploys on Fly.io",
                  evidence: "We deploy everything on Fly.io",
                  replaces: null,
                  description: null,
                },
              ],
            },
          }),
        ],
      },
    ]);
    const result = await run({ store, transcript: deploySession, model: OPUS });
    expect(requests[0]?.tool_choice).toEqual({ type: "auto" });
    expect(requests[0]?.model).toBe(OPUS);
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/09/12] deploys on Fly.io",
    ]);
  });

  it.each([
    [
      "malformed tool input",
      {
        content: [
          toolUseBlock({
            name: "propose_memories",
            input: { memories: [{ file: "profile.md", fact: "is Dana", replaces: 3 }] },
          }),
        ],
      },
      {
        code: "invalid_tool_input",
        issues: [
          "✖ Invalid input: expected string, received undefined",
          "  → at memories[0].evidence",
          "✖ Invalid input: expected string, received number",
          "  → at memories[0].replaces",
          "✖ Invalid input: expected string, received undefined",
          "  → at memories[0].description",
        ].join("\n"),
      },
    ],
    [
      "a text answer without the tool call",
      {
        content: [thinkingBlock(), textBlock("Nothing worth saving.")],
        stopReason: "end_turn" as const,
      },
      {
        code: "no_tool_call",
        issues: "",
        stopReason: "end_turn",
        blockTypes: ["thinking", "text"],
      },
    ],
    [
      "two tool calls",
      {
        content: [
          toolUseBlock({ name: "propose_memories", input: { memories: [] } }),
          toolUseBlock({ name: "propose_memories", input: { memories: [] } }),
        ],
      },
      { code: "several_tool_calls", issues: "" },
    ],
  ])("throws ModelReplyError on %s and writes nothing", async (_, answer, expected) => {
    const store = await tempStore();
    mockMessages(server, [answer]);
    const error = await run({ store, transcript: deploySession }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ModelReplyError);
    expect(error).toMatchObject({
      name: "ModelReplyError",
      stage: "write",
      model: HAIKU,
      ...expected,
    });
    expect((error as Error).message).toContain("Nothing was written.");
    expect(await store.list()).toEqual([]);
  });
});

// The default consolidation commits when the folder is a git repository, so it spawns git:
// 30 s leaves room for a loaded 2-core machine.
describe("writePass: size cap and version conflicts", { timeout: 30_000 }, () => {
  const proposal = {
    file: "topics/hosting.md",
    fact: "deploys on Fly.io",
    evidence: "We deploy everything on Fly.io",
    replaces: null,
    description: null,
  };

  async function fullStore(): Promise<MemoryStore> {
    const store = new MemoryStore({ root: (await tempStore()).root, maxChars: 400 });
    for (const [index, fact] of [
      "uses Docker",
      "keeps staging on a separate Fly.io org",
      "uses GitHub Actions for CI",
    ].entries()) {
      await remember({
        store,
        path: "topics/hosting.md",
        fact: `${fact} ${"x".repeat(40)}`,
        now: new Date(Date.UTC(2026, 7, index + 1)),
      });
    }
    return store;
  }

  it("rejects a write past the cap with too_long when there is no consolidator", async () => {
    const store = await fullStore();
    const before = await fileText(store, "topics/hosting.md");
    mockMessages(server, [proposing(proposal)]);
    const result = await run({ store, transcript: deploySession });
    expect(result.rejected).toEqual([
      { code: "too_long", proposal, message: expect.stringContaining("400-char cap") },
    ]);
    expect(await fileText(store, "topics/hosting.md")).toBe(before);
  });

  it("consolidates first through onTooLong, then applies", async () => {
    const store = await fullStore();
    mockMessages(server, [proposing(proposal)]);
    const calls: string[] = [];
    const result = await run({
      store,
      transcript: deploySession,
      onTooLong: async ({ path }) => {
        calls.push(path);
        const read = await store.read(path);
        if (read.exists)
          await store.write(path, read.content.replaceAll(` ${"x".repeat(40)}`, ""), read.version);
      },
    });
    expect(calls).toEqual(["topics/hosting.md"]);
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/09/12] deploys on Fly.io",
    ]);
  });

  it("consolidates through the API by default when a write would pass the cap", async () => {
    const store = await fullStore();
    const before = (await fileText(store, "topics/hosting.md")) ?? "";
    const after = before
      .replace(`separate Fly.io org ${"x".repeat(40)}`, "separate Fly.io org")
      .replace(`for CI ${"x".repeat(40)}`, "for CI");
    const requests = mockMessages(server, [
      proposing(proposal),
      {
        content: [
          toolUseBlock({
            name: "save_consolidated_file",
            // Shortens the two long lines; "uses Docker" keeps its only other word.
            input: { content: after, dropped: [] },
          }),
        ],
      },
    ]);
    const records: UsageRecord[] = [];
    const result = await writePass({
      store,
      transcript: deploySession,
      client: testClient(),
      model: HAIKU,
      now: NOW,
      onUsage: (record) => void records.push(record),
    });
    expect(
      requests.map((request) => (request.tools?.[0] as { name?: string } | undefined)?.name),
    ).toEqual(["propose_memories", "save_consolidated_file"]);
    expect(records.map((record) => [record.stage, record.sessionId])).toEqual([
      ["write", "s-2026-09-12"],
      ["consolidate", "s-2026-09-12"],
    ]);
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/09/12] deploys on Fly.io",
    ]);
    expect(result.consolidated).toEqual([
      {
        ok: true,
        code: "consolidated",
        path: "topics/hosting.md",
        charsBefore: before.length,
        charsAfter: after.length,
        dropped: [],
        usage: USAGE,
      },
    ]);
    expect(await fileText(store, "topics/hosting.md")).toContain("for CI\n");
  });

  describe("the new-user repro: 12 facts (656 chars) under a 670-char cap", () => {
    const FLY_LINE = "[stated 2026/09/12] deploys on Fly.io";

    async function reproStore(): Promise<MemoryStore> {
      const store = new MemoryStore({ root: (await tempStore()).root, maxChars: 670 });
      expect((await store.write("topics/hosting.md", FULL_BEFORE, "new")).ok).toBe(true);
      return store;
    }

    async function runRepro(store: MemoryStore, save: unknown) {
      const records: UsageRecord[] = [];
      const requests = mockMessages(server, [
        proposing(proposal),
        { content: [toolUseBlock({ name: "save_consolidated_file", input: save })] },
      ]);
      const result = await writePass({
        store,
        transcript: deploySession,
        client: testClient(),
        model: HAIKU,
        now: NOW,
        onUsage: (record) => void records.push(record),
      });
      expect(requests).toHaveLength(2);
      expect(records.map((record) => [record.stage, record.usage])).toEqual([
        ["write", USAGE],
        ["consolidate", USAGE],
      ]);
      return result;
    }

    it("refuses a consolidation that keeps only the newest line, reports it, and keeps every fact", async () => {
      const store = await reproStore();
      const result = await runRepro(store, { content: FULL_NEWEST_ONLY, dropped: [] });
      expect(result).toEqual({
        applied: [],
        rejected: [{ code: "too_long", proposal, message: expect.any(String) }],
        consolidated: [
          {
            ok: false,
            code: "dropped_fact",
            message: expect.stringContaining("loses 11 input fact lines without a reason"),
            path: "topics/hosting.md",
            charsBefore: FULL_BEFORE.length,
            charsAfter: FULL_BEFORE.length,
            dropped: [],
            usage: USAGE,
          },
        ],
        usage: { ...USAGE, input: 2 * USAGE.input, output: 2 * USAGE.output },
      });
      for (const line of FULL_FACTS.slice(0, -1)) {
        expect(result.consolidated[0]?.ok === false && result.consolidated[0].message).toContain(
          JSON.stringify(line),
        );
      }
      expect(await fileText(store, "topics/hosting.md")).toEqual(FULL_BEFORE);
    });

    it("applies the proposal after a good consolidation and reports what it dropped", async () => {
      const store = await reproStore();
      const dropped = [
        { line: API_OLD, reason: "superseded", by: API_NEW },
        { line: POSTGRES_OLD, reason: "duplicate", by: POSTGRES_NEW },
      ];
      const result = await runRepro(store, { content: FULL_GOOD, dropped });
      expect(result).toEqual({
        applied: [
          { code: "applied", proposal, path: "topics/hosting.md", line: FLY_LINE, replaced: [] },
        ],
        rejected: [],
        consolidated: [
          {
            ok: true,
            code: "consolidated",
            path: "topics/hosting.md",
            charsBefore: FULL_BEFORE.length,
            charsAfter: FULL_GOOD.length,
            dropped,
            usage: USAGE,
          },
        ],
        usage: { ...USAGE, input: 2 * USAGE.input, output: 2 * USAGE.output },
      });
      expect(await fileText(store, "topics/hosting.md")).toEqual(
        `${FULL_GOOD.replace("updated: 2026/09/01", "updated: 2026/09/12")}${FLY_LINE}\n`,
      );
    });
  });

  it("re-reads and re-applies after a version conflict, keeping the concurrent line", async () => {
    class RacingStore extends MemoryStore {
      raced = 0;
      override async write(path: string, content: string, ifVersion: string) {
        if (this.raced++ === 0) {
          const read = await super.read(path);
          const concurrent =
            "---\nname: hosting\ndescription: Hosting.\n---\n[stated 2026/09/12] uses Docker\n";
          await super.write(path, concurrent, read.version);
        }
        return super.write(path, content, ifVersion);
      }
    }
    const store = new RacingStore({ root: (await tempStore()).root });
    mockMessages(server, [proposing(proposal)]);
    const result = await run({ store, transcript: deploySession });
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/09/12] deploys on Fly.io",
    ]);
    expect(await fileText(store, "topics/hosting.md")).toBe(
      "---\nname: hosting\ndescription: Hosting.\nupdated: 2026/09/12\n---\n[stated 2026/09/12] uses Docker\n[stated 2026/09/12] deploys on Fly.io\n",
    );
  });

  it("gives up with version_conflict after 3 re-reads when the file keeps changing", async () => {
    class BusyStore extends MemoryStore {
      writes = 0;
      override async write(path: string, content: string, ifVersion: string) {
        const read = await super.read(path);
        await super.write(
          path,
          `---\nname: hosting\ndescription: Busy.\n---\n[stated 2026/09/0${++this.writes}] uses Docker\n`,
          read.version,
        );
        return super.write(path, content, ifVersion);
      }
    }
    const store = new BusyStore({ root: (await tempStore()).root });
    mockMessages(server, [proposing(proposal)]);
    const result = await run({ store, transcript: deploySession });
    expect(result.rejected).toEqual([
      {
        code: "version_conflict",
        proposal,
        message: expect.stringContaining("Gave up after 3 re-reads"),
      },
    ]);
    expect(store.writes).toBe(4);
  });
});

describe("writePass cache prefix", () => {
  it.each([
    { name: "a prefix above the minimum", minimumModel: "claude-haiku-5-5", warned: [] },
    {
      name: "a prefix below Haiku 4.5's 4,096-token minimum",
      minimumModel: "claude-haiku-4-5",
      warned: ["write_prefix"],
    },
  ])("warns about $name through onWarning", async ({ minimumModel, warned }) => {
    const store = await tempStore();
    const warnings: string[] = [];
    await buildWriteRequest({
      store,
      transcript: deploySession,
      client: testClient(),
      model: minimumModel,
      onWarning: (warning) => warnings.push(warning.breakpoint),
    });
    expect(warnings).toEqual(warned);
  });
});
