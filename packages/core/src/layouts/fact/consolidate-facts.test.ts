import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  EDITOR_MERGE,
  factFileText,
  mergeFolder,
} from "../../../test/fixtures/fact-merge-folder.js";
import {
  mockMessages,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "../../../test/messages-api.js";
import { estimateTokens } from "../../cost/index.js";
import { MemoryStore } from "../../store/index.js";
import {
  consolidateFacts,
  DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS,
  type FactMerge,
} from "./consolidate-facts.js";

const server = useMessagesApi();

const NOW = new Date("2026-10-01T12:00:00Z");

function merging(...merges: FactMerge[]) {
  return { content: [toolUseBlock({ name: "merge_facts", input: { merges } })] };
}

const HOST: FactMerge = {
  files: ["host.md", "host-new.md"],
  keep: "host.md",
  name: "host",
  description: "About host.",
  body: "Deploys on Fly.io (previously Heroku).",
  dropped: [{ file: "host-new.md", reason: "superseded" }],
};

async function run(store: MemoryStore, threshold?: number) {
  return consolidateFacts({
    store,
    client: testClient(),
    model: "claude-haiku-4-5",
    now: NOW,
    ...(threshold === undefined ? {} : { threshold }),
  });
}

describe("consolidateFacts", () => {
  it("does not run below the file count (default 10) or outside the fact layout", async () => {
    const store = await mergeFolder();
    const requests = mockMessages(server, []);
    expect(await run(store, 11)).toEqual({ ran: false, reason: "under_threshold", files: 10 });
    const subject = new MemoryStore({ root: store.root });
    expect(await run(subject)).toEqual({ ran: false, reason: "not_fact_layout", files: 10 });
    expect(requests).toEqual([]);
  });

  it("merges a duplicate and a contradiction at 10 files, accounting for each dropped file", async () => {
    const store = await mergeFolder();
    mockMessages(server, [merging(EDITOR_MERGE, HOST)]);
    const result = await run(store);
    expect(result.ran && result.refused).toEqual([]);
    expect(result.ran && result.merged.map((item) => [item.keep, item.dropped])).toEqual([
      ["editor.md", [{ file: "editor-again.md", reason: "duplicate" }]],
      ["host.md", [{ file: "host-new.md", reason: "superseded" }]],
    ]);
    expect((await store.list()).length).toBe(8);
    expect(await readFile(join(store.root, "host.md"), "utf8")).toBe(
      "---\nname: host\ndescription: About host.\ntype: user\nupdated: 2026/10/01\n---\nDeploys on Fly.io (previously Heroku).\n",
    );
  });

  it.each<[string, FactMerge, string]>([
    [
      "a merge that invents a fact",
      { ...HOST, body: "Deploys on Fly.io in Frankfurt (previously Heroku)." },
      "invented",
    ],
    ["a merge that drops a file without a reason", { ...HOST, dropped: [] }, "unaccounted"],
    [
      "a merge that names a file not in the folder",
      {
        ...HOST,
        files: ["host.md", "nowhere.md"],
        dropped: [{ file: "nowhere.md", reason: "duplicate" }],
      },
      "unknown_file",
    ],
    [
      "a merge that grows",
      {
        ...HOST,
        body: `Deploys on Fly.io (previously Heroku). ${"Deploys on Fly.io. ".repeat(12)}`,
      },
      "grew",
    ],
  ])("refuses %s and leaves its files as they were", async (_name, merge, code) => {
    const store = await mergeFolder();
    mockMessages(server, [merging(merge)]);
    const result = await run(store);
    expect(result.ran && result.refused.map((item) => item.code)).toEqual([code]);
    expect((await store.list()).length).toBe(10);
    expect(await readFile(join(store.root, "host.md"), "utf8")).toBe(
      factFileText("host", "Deploys on Heroku."),
    );
  });
});

describe("consolidateFacts past its token budget", () => {
  const listed = (request: unknown) =>
    [...JSON.stringify(request).matchAll(/<file path=\\"([^\\]+)\\"/g)].map((match) => match[1]);

  it("sends the whole folder within the budget, with no note", async () => {
    const store = await mergeFolder();
    const requests = mockMessages(server, [merging()]);
    const result = await run(store);
    expect(listed(requests[0])).toHaveLength(10);
    expect(JSON.stringify(requests[0])).not.toContain("wait for the next run");
    expect(result.ran && result.waiting).toBeUndefined();
  });

  it("sends the newest file with the files sharing its words; the rest wait, and a merge of them is refused", async () => {
    const store = await mergeFolder();
    const requests = mockMessages(server, [merging(HOST, EDITOR_MERGE)]);
    const result = await consolidateFacts({
      store,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
      maxRequestTokens: 130,
    });
    expect(listed(requests[0])).toEqual(["host-new.md", "host.md"]);
    expect(JSON.stringify(requests[0])).toContain(
      "These are 2 of the 10 fact files, the likeliest to merge; the others wait for the next run.",
    );
    expect(result.ran && result.waiting).toBe(8);
    expect(result.ran && result.merged.map((item) => item.keep)).toEqual(["host.md"]);
    expect(result.ran && result.refused.map((item) => item.code)).toEqual(["unknown_file"]);
    expect((await store.list()).length).toBe(9);
  });

  it("keeps a 1,000-file request within the default budget", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-merge-budget-")), "memory");
    await mkdir(root, { recursive: true });
    for (let index = 0; index < 1_000; index++) {
      await writeFile(
        join(root, `fact-${index}.md`),
        factFileText(`fact ${index}`, `Uses tool ${index} for project ${index % 97}.`),
      );
    }
    const requests = mockMessages(server, [merging()]);
    const result = await run(new MemoryStore({ root, layout: "fact" }));
    const content = (requests[0]?.messages[0]?.content ?? "") as string;
    expect(estimateTokens(content, "claude-haiku-4-5")).toBeLessThanOrEqual(
      DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS,
    );
    expect(listed(requests[0]).length).toBeGreaterThan(100);
    expect(result.ran && result.waiting).toBe(1_000 - listed(requests[0]).length);
  });
});
