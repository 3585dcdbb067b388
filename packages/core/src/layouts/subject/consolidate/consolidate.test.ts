import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPrompt } from "@memfiles/prompts";
import { simpleGit } from "simple-git";
import { describe, expect, it } from "vitest";
import {
  API_NEW,
  API_OLD,
  FULL_BEFORE,
  FULL_FACTS,
  FULL_GOOD,
  FULL_NEWEST_ONLY,
  fullWith,
  HOSTING_BEFORE,
  HOSTING_GOOD,
  hostingWith,
  POSTGRES_NEW,
  POSTGRES_OLD,
} from "../../../../test/fixtures/memory-files.js";
import {
  mockMessages,
  testClient,
  textBlock,
  thinkingBlock,
  toolUseBlock,
  useMessagesApi,
} from "../../../../test/messages-api.js";
import { tempStore } from "../../../../test/temp-store.js";
import { MemoryStore } from "../../../store/memory-store.js";
import { ModelReplyError } from "../../../tool-reply/index.js";
import type { UsageRecord } from "../../../usage/types.js";
import { consolidateAll, remember } from "../../index.js";
import { buildConsolidateRequest, consolidate } from "./consolidate.js";
import { type DroppedLine, SAVE_TOOL_V1, SAVE_TOOL_V2 } from "./save-tool.js";

const server = useMessagesApi();

const PATH = "topics/hosting.md";
const NOW = new Date("2026-10-01T09:00:00Z");
const POSTGRES = "[stated 2026/06/10] uses Postgres for the main database";
const FLY =
  "[stated 2026/09/20] deploys every service on Fly.io (previously Heroku) with GitHub Actions";

async function storeWithHosting(): Promise<MemoryStore> {
  const store = await tempStore();
  const written = await store.write(PATH, HOSTING_BEFORE, "new");
  expect(written.ok).toBe(true);
  return store;
}

const saveReply = (content: string, dropped: DroppedLine[] = []) => ({
  content: [
    toolUseBlock({ id: "toolu_1", name: "save_consolidated_file", input: { content, dropped } }),
  ],
});

// Every accepted consolidation spawns git (`git rev-parse` to find a repository; see
// git-commit.ts): ~0.3 s a test alone, over 2 s on a loaded 2-core machine,
// so these tests have a 30 s limit.
const SPAWNS_GIT = { timeout: 30_000 };

describe("consolidate", SPAWNS_GIT, () => {
  it.each([
    {
      name: "grows",
      rewrite: `${HOSTING_BEFORE}[stated 2026/09/20] deploys on Fly.io\n`,
      code: "grew",
    },
    {
      name: "invents a fact",
      rewrite: hostingWith(POSTGRES, "[stated 2026/09/20] deploys on Fly.io in Frankfurt"),
      code: "invented_fact",
    },
    {
      name: "drops dates",
      rewrite: hostingWith("uses Postgres for the main database", "deploys on Fly.io"),
      code: "undated_line",
    },
    {
      name: "changes a date",
      rewrite: hostingWith(POSTGRES, FLY.replace("2026/09/20", "2026/10/01")),
      code: "dropped_date",
    },
    { name: "elides", rewrite: hostingWith(FLY, "[rest unchanged]"), code: "elided" },
    {
      name: "no longer parses",
      rewrite: `---\ndescription: [Where\n---\n${FLY}\n`,
      code: "unparsable",
    },
  ])("refuses a rewrite that $name and leaves the file intact", async ({ rewrite, code }) => {
    const store = await storeWithHosting();
    mockMessages(server, [saveReply(rewrite)]);
    const result = await consolidate({
      store,
      path: PATH,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
    });
    expect(result.ok ? "accepted" : result.code).toEqual(code);
    expect(await readFile(join(store.root, PATH), "utf8")).toEqual(HOSTING_BEFORE);
  });

  it("refuses a stale rewrite after a concurrent remember, and the new line survives the retry", async () => {
    const store = await storeWithHosting();
    // The user says "remember ..." while the model is rewriting the file.
    const rememberDuring = (fact: string) => ({
      ...saveReply(HOSTING_GOOD),
      during: async () => {
        const remembered = await remember({ store, path: PATH, fact, now: NOW });
        expect(remembered.code).toEqual("applied");
      },
    });
    const requests = mockMessages(server, [
      rememberDuring("runs the staging copy on Render"),
      // The retry is shown the new line; a rewrite without it is refused, never written.
      saveReply(HOSTING_GOOD),
    ]);
    const result = await consolidate({
      store,
      path: PATH,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
    });
    expect(result.ok ? "accepted" : result.code).toEqual("dropped_date");
    expect(requests).toHaveLength(2);
    const text = await readFile(join(store.root, PATH), "utf8");
    expect(text).toContain("\n[stated 2026/10/01] runs the staging copy on Render\n");
    expect(text).toContain(HOSTING_BEFORE.slice(HOSTING_BEFORE.indexOf("[stated")));
  });

  it("makes the rewrite again on the new text after one conflict (issue 20, item 7)", async () => {
    const store = await storeWithHosting();
    const requests = mockMessages(server, [
      {
        ...saveReply(HOSTING_GOOD),
        during: async () => {
          await remember({ store, path: PATH, fact: "runs the staging copy on Render", now: NOW });
        },
      },
      // The second try returns the file it was shown, unchanged.
      {
        content: (body) => {
          const shown = String(body.messages[0]?.content);
          const file = shown.slice(shown.indexOf(">\n") + 2, shown.lastIndexOf("</memory_file>"));
          return saveReply(file).content;
        },
      },
    ]);
    const result = await consolidate({
      store,
      path: PATH,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
    });
    expect({ code: result.code, requests: requests.length }).toEqual({
      code: "unchanged",
      requests: 2,
    });
  });

  // Spawns git (init, config, add, commit, log, status): ~1.2 s alone; 30 s leaves room for a
  // busy 2-core machine.
  it("accepts a good rewrite and commits it when the memory folder is a git repository", {
    timeout: 30_000,
  }, async () => {
    const store = await storeWithHosting();
    const git = simpleGit({ baseDir: store.root });
    await git.init();
    await git.addConfig("user.name", "memfiles test");
    await git.addConfig("user.email", "test@example.invalid");
    await git.add(["--", PATH, "MEMORY.md"]);
    await git.commit("seed");
    const records: UsageRecord[] = [];
    const requests = mockMessages(server, [saveReply(HOSTING_GOOD)]);

    const result = await consolidate({
      store,
      path: PATH,
      client: testClient(),
      model: "claude-haiku-4-5-20251001",
      now: NOW,
      onUsage: (record) => {
        records.push(record);
      },
      sessionId: "weekly",
    });

    expect(result).toEqual({
      ok: true,
      code: "consolidated",
      path: PATH,
      changed: true,
      before: HOSTING_BEFORE.length,
      after: HOSTING_GOOD.length,
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
      dropped: [],
      git: {
        committed: true,
        commit: expect.any(String),
        message: `consolidate ${PATH}: ${HOSTING_BEFORE.length} -> ${HOSTING_GOOD.length} chars`,
      },
      usage: { input: 100, output: 20, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
    });
    expect(await readFile(join(store.root, PATH), "utf8")).toEqual(HOSTING_GOOD);
    const log = await git.log();
    expect(log.all.map((entry) => entry.message)).toEqual([
      `consolidate ${PATH}: 398 -> 286 chars`,
      "seed",
    ]);
    // Everything consolidate wrote is committed; the internal state (the record of MEMORY.md,
    // docs/decisions/0080) is ignored by `.memfiles/.gitignore` (docs/decisions/0089).
    expect((await git.status()).files.map((file) => file.path)).toEqual([]);
    expect(records).toEqual([
      {
        sessionId: "weekly",
        stage: "consolidate",
        model: "claude-haiku-4-5-20251001",
        usage: { input: 100, output: 20, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
        date: "2026-10-01T09:00:00.000Z",
      },
    ]);
    expect(requests[0]?.tool_choice).toEqual({ type: "tool", name: "save_consolidated_file" });
  });

  it("on Opus 5.5 sends tool_choice auto and accepts the rewrite after a thinking block", async () => {
    const store = await storeWithHosting();
    const requests = mockMessages(server, [
      {
        content: [
          thinkingBlock("sig"),
          toolUseBlock({
            id: "toolu_1",
            name: "save_consolidated_file",
            input: { content: HOSTING_GOOD, dropped: [] },
          }),
        ],
      },
    ]);
    const result = await consolidate({
      store,
      path: PATH,
      client: testClient(),
      model: "claude-opus-5-5",
      now: NOW,
    });
    expect(result.ok && result.git).toEqual({ committed: false, reason: "not_a_repository" });
    expect(requests[0]?.tool_choice).toEqual({ type: "auto" });
    expect(await readFile(join(store.root, PATH), "utf8")).toEqual(HOSTING_GOOD);
  });

  it("accepts the file as plain text in a code fence when the model does not call the tool", async () => {
    const store = await storeWithHosting();
    mockMessages(server, [{ content: [textBlock(`\`\`\`markdown\n${HOSTING_GOOD}\`\`\``)] }]);
    const result = await consolidate({
      store,
      path: PATH,
      client: testClient(),
      model: "claude-opus-5-5",
      now: NOW,
    });
    expect(result.ok).toBe(true);
    expect(await readFile(join(store.root, PATH), "utf8")).toEqual(HOSTING_GOOD);
  });

  it("throws ModelReplyError for a reply with no file, and reports missing_file without calling the model", async () => {
    const store = await storeWithHosting();
    mockMessages(server, [{ content: [thinkingBlock("sig")], stopReason: "max_tokens" }]);
    const empty = await consolidate({
      store,
      path: PATH,
      client: testClient(),
      model: "claude-opus-5-5",
      now: NOW,
    }).catch((caught: unknown) => caught);
    expect(empty).toBeInstanceOf(ModelReplyError);
    expect(empty).toMatchObject({
      code: "no_tool_call",
      stage: "consolidate",
      stopReason: "max_tokens",
    });
    expect((empty as Error).message).toContain("raise maxTokens");
    expect(await readFile(join(store.root, PATH), "utf8")).toEqual(HOSTING_BEFORE);
    const missing = await consolidate({
      store,
      path: "topics/none.md",
      client: testClient(),
      model: "claude-opus-5-5",
    });
    expect(missing.ok ? "accepted" : missing.code).toEqual("missing_file");
  });
});

describe("consolidateAll", SPAWNS_GIT, () => {
  it("consolidates only the files over the threshold", async () => {
    const store = await storeWithHosting();
    await store.write(
      "topics/small.md",
      "---\nname: small\ndescription: Small.\n---\n[stated 2026/09/01] likes tea\n",
      "new",
    );
    const requests = mockMessages(server, [saveReply(HOSTING_GOOD)]);
    const steps: unknown[] = [];
    const { results, usage } = await consolidateAll({
      store,
      client: testClient(),
      model: "claude-haiku-4-5",
      threshold: 200,
      now: NOW,
      onStep: (step) => steps.push({ ...step, requestsBefore: requests.length }),
    });
    expect(results.map((result) => [result.path, result.ok])).toEqual([[PATH, true]]);
    expect(steps).toEqual([{ stage: "consolidate", path: PATH, requestsBefore: 0 }]);
    expect(requests).toHaveLength(1);
    expect(usage.input).toEqual(100);
  });
});

describe("consolidate: every input fact is accounted for", SPAWNS_GIT, () => {
  const FULL = "topics/hosting.md";
  const LOST = FULL_FACTS.slice(0, -1);

  async function fullStore(): Promise<MemoryStore> {
    const store = new MemoryStore({
      root: await mkdtemp(join(tmpdir(), "memfiles-consolidate-")),
      maxChars: 670,
    });
    expect((await store.write(FULL, FULL_BEFORE, "new")).ok).toBe(true);
    return store;
  }

  async function run(
    reply: Parameters<typeof mockMessages>[1][number],
    prompt?: { version: number; text: string },
  ) {
    const store = await fullStore();
    const requests = mockMessages(server, [reply]);
    const result = await consolidate({
      store,
      path: FULL,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
      ...(prompt === undefined ? {} : { prompt }),
    });
    return { result, requests, text: await readFile(join(store.root, FULL), "utf8") };
  }

  it("refuses the repro (header and newest line kept, 11 facts gone), names the lines, keeps the file", async () => {
    const { result, text } = await run(saveReply(FULL_NEWEST_ONLY));
    expect(result).toEqual({
      ok: false,
      path: FULL,
      code: "dropped_fact",
      message: expect.stringContaining("loses 11 input fact lines without a reason"),
      problems: [
        {
          code: "dropped_fact",
          facts: LOST,
          message: expect.stringContaining(JSON.stringify(API_OLD)),
        },
      ],
      rewrite: FULL_NEWEST_ONLY,
      dropped: [],
      usage: { input: 100, output: 20, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
    });
    expect(text).toEqual(FULL_BEFORE);
  });

  it("accepts a rewrite that accounts for a duplicate and a superseded line, and reports them", async () => {
    const dropped = [
      { line: API_OLD, reason: "superseded", by: API_NEW },
      { line: POSTGRES_OLD, reason: "duplicate", by: POSTGRES_NEW },
    ] as const satisfies DroppedLine[];
    const { result, requests, text } = await run(saveReply(FULL_GOOD, [...dropped]));
    expect(result).toEqual({
      ok: true,
      code: "consolidated",
      path: FULL,
      changed: true,
      before: FULL_BEFORE.length,
      after: FULL_GOOD.length,
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
      // In input order, as written in the files.
      dropped: [...dropped],
      git: { committed: false, reason: "not_a_repository" },
      usage: { input: 100, output: 20, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
    });
    expect(text).toEqual(FULL_GOOD);
    expect(requests[0]?.tools).toEqual([SAVE_TOOL_V2]);
    expect(requests[0]?.system).toEqual([
      {
        type: "text",
        text: getPrompt("consolidation", 2).text,
        cache_control: { type: "ephemeral" },
      },
    ]);
  });

  it.each([
    {
      name: "leaves the superseded line out of dropped",
      dropped: [{ line: POSTGRES_OLD, reason: "duplicate", by: POSTGRES_NEW }],
      code: "dropped_fact",
      facts: [API_OLD],
    },
    {
      name: "names a by line that is not in the output",
      dropped: [
        { line: API_OLD, reason: "superseded", by: "[stated 2026/08/18] moved the API to Fly.io" },
      ],
      code: "dropped_fact",
      facts: [API_OLD],
    },
    {
      name: "names an older by line",
      rewrite: fullWith(
        API_OLD,
        ...FULL_FACTS.filter((line) => line !== API_OLD && line !== API_NEW),
      ),
      dropped: [{ line: API_NEW, reason: "superseded", by: API_OLD }],
      code: "dropped_fact",
      facts: [API_NEW],
    },
    {
      name: "gives no by line for a superseded line",
      dropped: [{ line: API_OLD, reason: "superseded", by: null }],
      code: "dropped_fact",
      facts: [API_OLD],
    },
    {
      name: "lists a line the input does not have",
      dropped: [
        { line: API_OLD, reason: "superseded", by: API_NEW },
        { line: "[stated 2026/02/03] uses Vercel", reason: "expired", by: null },
      ],
      code: "unknown_dropped_line",
      facts: undefined,
    },
  ] satisfies {
    name: string;
    rewrite?: string;
    dropped: DroppedLine[];
    code: string;
    facts: string[] | undefined;
  }[])("refuses a rewrite that $name and leaves the file intact", async (entry) => {
    const { result, text } = await run(saveReply(entry.rewrite ?? FULL_GOOD, entry.dropped));
    expect(result.ok ? "accepted" : [result.code, result.problems[0]?.facts]).toEqual([
      entry.code,
      entry.facts,
    ]);
    expect(text).toEqual(FULL_BEFORE);
  });

  it("refuses a line dropped as expired when nothing in the file shows it ended", async () => {
    const opsgenie = "[stated 2026/04/01] pages on-call via Opsgenie";
    const rewrite = fullWith(...FULL_FACTS.filter((line) => line !== opsgenie));
    const { result, text } = await run(
      saveReply(rewrite, [{ line: opsgenie, reason: "expired", by: null }]),
    );
    expect(result.ok ? "accepted" : [result.code, result.problems[0]?.facts]).toEqual([
      "dropped_fact",
      [opsgenie],
    ]);
    expect(text).toEqual(FULL_BEFORE);
  });

  it("with consolidation@1 sends the old tool, and refuses any lost fact (no dropped list)", async () => {
    const v1 = getPrompt("consolidation", 1);
    const lost = await run(
      {
        content: [
          toolUseBlock({
            id: "toolu_1",
            name: "save_consolidated_file",
            input: { content: FULL_GOOD },
          }),
        ],
      },
      v1,
    );
    expect(lost.requests[0]?.tools).toEqual([SAVE_TOOL_V1]);
    expect(
      lost.result.ok ? "accepted" : [lost.result.code, lost.result.problems[0]?.facts],
    ).toEqual(["dropped_fact", [API_OLD]]);
    expect(lost.text).toEqual(FULL_BEFORE);
    const kept = fullWith(...FULL_FACTS.filter((line) => line !== POSTGRES_OLD));
    const merged = await run(
      {
        content: [
          toolUseBlock({ id: "toolu_1", name: "save_consolidated_file", input: { content: kept } }),
        ],
      },
      v1,
    );
    expect(merged.result.ok && merged.result.dropped).toEqual([]);
    expect(merged.text).toEqual(kept);
  });

  it.each([
    {
      name: "content is a number",
      input: { content: 42, dropped: [] },
      issue: "✖ Invalid input: expected string, received number\n  → at content",
    },
    {
      name: "dropped is missing",
      input: { content: FULL_GOOD },
      issue: "✖ Invalid input: expected array, received undefined\n  → at dropped",
    },
    {
      name: "a reason is unknown",
      input: { content: FULL_GOOD, dropped: [{ line: API_OLD, reason: "tidied", by: API_NEW }] },
      issue: "→ at dropped[0].reason",
    },
  ])("throws invalid_tool_input naming the schema issue when $name", async ({ input, issue }) => {
    const store = await fullStore();
    mockMessages(server, [
      { content: [toolUseBlock({ id: "toolu_1", name: "save_consolidated_file", input })] },
    ]);
    const error = await consolidate({
      store,
      path: FULL,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelReplyError);
    expect(error).toMatchObject({ code: "invalid_tool_input", stage: "consolidate" });
    expect((error as ModelReplyError).issues).toContain(issue);
    expect((error as Error).message).not.toContain("maxTokens");
    expect(await readFile(join(store.root, FULL), "utf8")).toEqual(FULL_BEFORE);
  });
});

describe("consolidate keeps the header a person wrote (issue 10, item 3)", SPAWNS_GIT, () => {
  const BODY = `[stated 2026/03/02] deploys on Heroku\n[stated 2026/09/20] moved from Heroku to Fly.io\n`;
  const MERGED = "[stated 2026/09/20] deploys on Fly.io (previously Heroku)\n";
  const dropped: DroppedLine[] = [
    { line: "[stated 2026/03/02] deploys on Heroku", reason: "superseded", by: MERGED.trim() },
    {
      line: "[stated 2026/09/20] moved from Heroku to Fly.io",
      reason: "superseded",
      by: MERGED.trim(),
    },
  ];
  it.each([
    [
      "a # in the description, the model's rewrite cut at it",
      "---\nname: hosting\ndescription: Hosting, see PR #532 and issue #540; read for deploys\nupdated: 2026/09/20\n---\n",
      "---\nname: hosting\ndescription: Hosting, see PR\nupdated: 2026/09/20\n---\n",
    ],
    [
      "a header that is not YAML, the model's rewrite made strict",
      "---\ndescription: Hosting: where I deploy. Read for deploys.\n---\n",
      '---\ndescription: "Hosting: where I deploy. Read for deploys."\n---\n',
    ],
    [
      "a description the model reworded",
      "---\nname: hosting\ndescription: My hosting notes\nupdated: 2026/09/20\n---\n",
      "---\nname: hosting\ndescription: Where the user deploys. Read for hosting questions.\nupdated: 2026/09/20\n---\n",
    ],
  ])("%s", async (_name, header, rewrittenHeader) => {
    const store = await tempStore();
    await store.write(PATH, header + BODY, "new");
    mockMessages(server, [saveReply(rewrittenHeader + MERGED, dropped)]);
    const result = await consolidate({
      store,
      path: PATH,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
    });
    expect(result).toMatchObject({ ok: true, changed: true });
    expect(await readFile(join(store.root, PATH), "utf8")).toBe(header + MERGED);
  });
});

describe("consolidation cache prefix", () => {
  it.each([
    { name: "a prefix above the minimum", model: "claude-haiku-5-5", warned: [] },
    {
      name: "a prefix below Haiku 4.5's 4,096-token minimum",
      model: "claude-haiku-4-5",
      warned: ["consolidate_prefix"],
    },
  ])("warns about $name through onWarning", async ({ model, warned }) => {
    const store = await storeWithHosting();
    const warnings: string[] = [];
    const built = await buildConsolidateRequest({
      store,
      path: PATH,
      client: testClient(),
      model,
      onWarning: (warning) => warnings.push(warning.breakpoint),
    });
    expect(built.ok).toBe(true);
    expect(warnings).toEqual(warned);
  });
});
