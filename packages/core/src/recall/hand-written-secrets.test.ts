import { describe, expect, it } from "vitest";
import { scriptedClient } from "../../test/scripted-client.js";
import { tempStore } from "../../test/temp-store.js";
import { memoryBlock, recallForPrompt } from "../boundary/recall-for-prompt.js";
import { chat } from "../chat/chat.js";
import { memfilesMemoryTool } from "../memory-tool/memory-tool.js";
import { MODELS } from "../models/index.js";
import type { MemoryStore } from "../store/index.js";
import type { StoreLayout } from "../store/types.js";
import { budgetedRecall } from "./budgeted-recall.js";
import { buildSystem } from "./build-system.js";
import type { RecallOptions } from "./recall-files.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const GITHUB = `${"ghp"}_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
const AWS = ["AKIA", "2E4KQ7XY5ZB3MN6P"].join("");
const ANTHROPIC = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");
const PASSWORD = ["hunter", "2xq!"].join("");
const SECRETS = [GITHUB, AWS, ANTHROPIC, PASSWORD];
const QUERY = "what is my github token and aws key and anthropic key";

const header = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\nupdated: 2026/11/01\n---\n`;

/** A folder where a person wrote secrets into memory files by hand, in `layout`. */
async function folder(layout: StoreLayout): Promise<MemoryStore> {
  const store = await tempStore(layout);
  const profile = `${header("profile", "Who the user is.")}- my password is ${PASSWORD}\n`;
  await store.write("profile.md", profile, "new");
  if (layout === "subject") {
    await store.write(
      "topics/secrets.md",
      `${header("secrets", `Keys; the aws key ${AWS}.`)}[stated 2026/11/01] my github token is ${GITHUB}\n[stated 2026/11/01] my aws key is ${AWS}\n[stated 2026/11/01] my anthropic key is ${ANTHROPIC}\n`,
      "new",
    );
  } else {
    const facts: Array<[string, string]> = [
      ["github-token", `my github token is ${GITHUB}`],
      ["aws-key", `my aws key is ${AWS}`],
      ["anthropic-key", `my anthropic key is ${ANTHROPIC}`],
    ];
    for (const [name, body] of facts) {
      await store.write(`${name}.md`, `${header(name, `The ${name}: ${AWS}.`)}${body}\n`, "new");
    }
  }
  return store;
}

const SECRET_FILE: Record<StoreLayout, string> = {
  subject: "topics/secrets.md",
  fact: "github-token.md",
};

// A key split over two lines of one file, each line harmless alone (the write guard refuses the
// pair): the GitHub token cut in two, the AWS key id in two with label words between.
const GITHUB_HALVES = [GITHUB.slice(0, 22), GITHUB.slice(22)] as const;
const AWS_HALVES = [AWS.slice(0, 12), AWS.slice(12)] as const;
const SPLIT_GITHUB = `GitHub ${GITHUB_HALVES[0]}\n${GITHUB_HALVES[1]}`;
const SPLIT_AWS = `aws key first half: ${AWS_HALVES[0]}\n  second half ${AWS_HALVES[1]}`;

/** A folder where a person split keys over two lines by hand, in `layout`. */
async function splitFolder(layout: StoreLayout): Promise<MemoryStore> {
  const store = await tempStore(layout);
  await store.write("profile.md", `${header("profile", "Who the user is.")}${SPLIT_AWS}\n`, "new");
  if (layout === "subject") {
    // Lines without a date tag (one unit of the whole body), and dated lines (a unit each).
    await store.write(
      "topics/secrets.md",
      `${header("secrets", "Keys.")}- ${SPLIT_GITHUB}\n- ${SPLIT_AWS}\n`,
      "new",
    );
    await store.write(
      "topics/tokens.md",
      `${header("tokens", "Tokens.")}[stated 2026/11/01] my github token ${GITHUB_HALVES[0]}\n[stated 2026/11/01] ${GITHUB_HALVES[1]}\n`,
      "new",
    );
  } else {
    await store.write(
      "github-token.md",
      `${header("github-token", "Token.")}${SPLIT_GITHUB}\n`,
      "new",
    );
    await store.write("aws-key.md", `${header("aws-key", "Key.")}${SPLIT_AWS}\n`, "new");
  }
  return store;
}

// Each folder, and the strings no surface may show of it.
const FOLDERS: Array<[string, (layout: StoreLayout) => Promise<MemoryStore>, string[]]> = [
  ["written whole", folder, SECRETS],
  ["split over two lines", splitFolder, [...GITHUB_HALVES, ...AWS_HALVES]],
];

// A client that asks for the secret file once with `memory_read`, then answers; every request kept.
function readingClient(path: string) {
  return scriptedClient([[{ type: "tool_use", id: "r1", name: "memory_read", input: { path } }]]);
}

async function chatRequests(store: MemoryStore, layout: StoreLayout, recall: RecallOptions) {
  const { client, requests } = readingClient(SECRET_FILE[layout]);
  await chat({
    store,
    client,
    model: MODELS.sonnet,
    basePrompt: "Be brief.",
    messages: [{ role: "user", content: QUERY }],
    recall,
  });
  return JSON.stringify(requests);
}

// Every surface where memory text leaves for a model, as the text it sends.
const SURFACES: Array<[string, (store: MemoryStore, layout: StoreLayout) => Promise<string>]> = [
  [
    "memory tool view of the file",
    async (store, layout) =>
      String(
        await memfilesMemoryTool({ store }).run({
          command: "view",
          path: `/memories/${SECRET_FILE[layout]}`,
        }),
      ),
  ],
  [
    "memory tool view of profile.md",
    async (store) =>
      String(
        await memfilesMemoryTool({ store }).run({ command: "view", path: "/memories/profile.md" }),
      ),
  ],
  ["recallForPrompt", async (store) => (await recallForPrompt({ store, query: QUERY })).text],
  ["budgetedRecall", async (store) => (await budgetedRecall({ store, query: QUERY })).note],
  ["memoryBlock", async (store) => (await memoryBlock({ store })).text],
  [
    "buildSystem",
    async (store) => JSON.stringify(await buildSystem({ store, basePrompt: "Be brief." })),
  ],
  [
    "chat with budgeted recall and memory_read",
    (store, layout) => chatRequests(store, layout, { strategy: "budget" }),
  ],
  [
    "chat with side-query recall",
    (store, layout) => chatRequests(store, layout, { strategy: "side-query" }),
  ],
  [
    "chat with side-query recall in a budget",
    (store, layout) => chatRequests(store, layout, { strategy: "side-query", maxTokens: 1_000 }),
  ],
];

describe.each(FOLDERS)(
  "a secret %s in a memory file by hand never leaves for a model",
  (_, build, secrets) => {
    const cases = (["subject", "fact"] as const).flatMap((layout) =>
      SURFACES.map(([name, shown]) => [`${name} (${layout})`, layout, shown] as const),
    );
    it.each(cases)("%s", async (_name, layout, shown) => {
      const store = await build(layout);
      const text = await shown(store, layout);
      // The surface showed the memory (masked), so the check below is not vacuous.
      expect(text).toContain("[redacted]");
      for (const secret of secrets) expect(text).not.toContain(secret);
    });
  },
);

describe("masking shows, it does not edit", () => {
  it("the memory tool edits the file as written: a [redacted] sent back matches no secret", async () => {
    const store = await folder("subject");
    const before = (await store.read("topics/secrets.md")) as { content: string };
    const tool = memfilesMemoryTool({ store });
    const path = "/memories/topics/secrets.md";
    await expect(
      tool.run({
        command: "str_replace",
        path,
        old_str: "my github token is [redacted]",
        new_str: "my github token is gone",
      }),
    ).rejects.toThrow(/did not appear verbatim/);
    expect(await store.read("topics/secrets.md")).toMatchObject({ content: before.content });
    await tool.run({ command: "insert", path, insert_line: 6, insert_text: "deploys on Fly.io" });
    const after = (await store.read("topics/secrets.md")) as { content: string };
    expect(after.content).toContain("deploys on Fly.io");
    for (const secret of [GITHUB, AWS, ANTHROPIC]) expect(after.content).toContain(secret);
  });

  it.each(["subject", "fact"] as const)(
    "recall keeps its budget and its keys with masked units (%s)",
    async (layout) => {
      const store = await folder(layout);
      for (const budgetTokens of [100, 120, 2_000]) {
        const first = await recallForPrompt({ store, query: QUERY, budgetTokens });
        expect(first.tokens).toBeLessThanOrEqual(budgetTokens);
        expect(first.units.some((unit) => unit.masked === true)).toBe(true);
        // The keys are the stored text's: passed back, the same units are not shown again.
        const again = await recallForPrompt({
          store,
          query: QUERY,
          budgetTokens,
          exclude: new Set(first.units.map((unit) => unit.key)),
        });
        const keys = new Set(first.units.map((unit) => unit.key));
        expect(again.units.filter((unit) => keys.has(unit.key))).toEqual([]);
      }
    },
  );
});
