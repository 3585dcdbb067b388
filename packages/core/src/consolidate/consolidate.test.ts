import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { simpleGit } from "simple-git";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  mockMessages,
  testClient,
  textBlock,
  thinkingBlock,
  toolUseBlock,
} from "../chat/anthropic.mocks.js";
import { MemoryStore } from "../store/memory-store.js";
import type { UsageRecord } from "../usage/types.js";
import { remember } from "../write/remember.js";
import { HOSTING_BEFORE, HOSTING_GOOD, hostingWith } from "./consolidate.fixtures.js";
import { consolidate, consolidateAll } from "./consolidate.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const PATH = "topics/hosting.md";
const NOW = new Date("2026-10-01T09:00:00Z");
const POSTGRES = "[stated 2026/06/10] uses Postgres for the main database";
const FLY =
  "[stated 2026/09/20] deploys every service on Fly.io (previously Heroku) with GitHub Actions";

async function storeWithHosting(): Promise<MemoryStore> {
  const store = new MemoryStore({ root: await mkdtemp(join(tmpdir(), "memfiles-consolidate-")) });
  const written = await store.write(PATH, HOSTING_BEFORE, "new");
  expect(written.ok).toBe(true);
  return store;
}

const saveReply = (content: string) => ({
  content: [toolUseBlock("toolu_1", "save_consolidated_file", { content })],
});

describe("consolidate", () => {
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

  it("refuses a stale rewrite after a concurrent remember, and the new line survives", async () => {
    const store = await storeWithHosting();
    mockMessages(server, [
      {
        ...saveReply(HOSTING_GOOD),
        // The user says "remember ..." while the model is rewriting the file.
        during: async () => {
          const remembered = await remember({
            store,
            file: PATH,
            fact: "runs the staging copy on Render",
            now: NOW,
          });
          expect(remembered.code).toEqual("applied");
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
    expect(result.ok ? "accepted" : result.code).toEqual("version_conflict");
    const text = await readFile(join(store.root, PATH), "utf8");
    expect(text).toContain("\n[stated 2026/10/01] runs the staging copy on Render\n");
    expect(text).toContain(HOSTING_BEFORE.slice(HOSTING_BEFORE.indexOf("[stated")));
  });

  it("accepts a good rewrite and commits it when the memory folder is a git repository", async () => {
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
      path: PATH,
      changed: true,
      before: HOSTING_BEFORE.length,
      after: HOSTING_GOOD.length,
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
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
    expect((await git.status()).isClean()).toBe(true);
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
          toolUseBlock("toolu_1", "save_consolidated_file", { content: HOSTING_GOOD }),
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

  it("reports no_output for an empty reply and missing_file without calling the model", async () => {
    const store = await storeWithHosting();
    mockMessages(server, [{ content: [thinkingBlock("sig")], stopReason: "max_tokens" }]);
    const empty = await consolidate({
      store,
      path: PATH,
      client: testClient(),
      model: "claude-opus-5-5",
      now: NOW,
    });
    expect(empty.ok ? "accepted" : empty.code).toEqual("no_output");
    const missing = await consolidate({
      store,
      path: "topics/none.md",
      client: testClient(),
      model: "claude-opus-5-5",
    });
    expect(missing.ok ? "accepted" : missing.code).toEqual("missing_file");
  });
});

describe("consolidateAll", () => {
  it("consolidates only the files over the threshold", async () => {
    const store = await storeWithHosting();
    await store.write(
      "topics/small.md",
      "---\nname: small\ndescription: Small.\n---\n[stated 2026/09/01] likes tea\n",
      "new",
    );
    const requests = mockMessages(server, [saveReply(HOSTING_GOOD)]);
    const { results, usage } = await consolidateAll({
      store,
      client: testClient(),
      model: "claude-haiku-4-5",
      threshold: 200,
      now: NOW,
    });
    expect(results.map((result) => [result.path, result.ok])).toEqual([[PATH, true]]);
    expect(requests).toHaveLength(1);
    expect(usage.input).toEqual(100);
  });
});
