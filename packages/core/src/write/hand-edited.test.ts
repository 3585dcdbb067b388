import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { forget, remember, writePass } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";

// Files a person wrote or fixed by hand: forget, remember and the write
// pass work on their lines and leave every other line byte for byte.
const server = useMessagesApi();

const NOW = new Date("2026-11-29T09:00:00Z");

async function storeWith(path: string, text: string): Promise<MemoryStore> {
  const store = new MemoryStore({
    root: join(await mkdtemp(join(tmpdir(), "memfiles-hand-")), "memory"),
  });
  await mkdir(dirname(join(store.root, path)), { recursive: true });
  await writeFile(join(store.root, path), text);
  return store;
}

const read = (store: MemoryStore, path: string) => readFile(join(store.root, path), "utf8");

const NOT_YAML = [
  [
    "an unquoted colon in the description (the issue's input)",
    "topics/tools.md",
    "---\nname: tools\ndescription: Dev setup: editor, shell and hosting. Read for coding questions.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] uses Neovim\n[stated 2026/11/02] deploys on Fly.io\n",
    "Fly.io",
    "[stated 2026/11/02] deploys on Fly.io",
  ],
  [
    "a line of prose as the header (the issue's input)",
    "profile.md",
    "---\nABOUT ME (edited by hand)\n---\n[stated 2026/11/01] home address is 12 Elm Street\n[stated 2026/11/01] is a nurse\n",
    "home address",
    "[stated 2026/11/01] home address is 12 Elm Street",
  ],
  [
    "a tab-indented list under a field",
    "topics/trips.md",
    "---\ndescription: Trips\n\t- Lisbon\n---\n[stated 2026/11/01] flies to Lisbon in May\n",
    "Lisbon",
    "[stated 2026/11/01] flies to Lisbon in May",
  ],
  [
    "a duplicate key",
    "topics/pets.md",
    "---\ndescription: Pets\ndescription: Pets and vets\n---\n[stated 2026/11/01] has a cat named Miso\n",
    "cat",
    "[stated 2026/11/01] has a cat named Miso",
  ],
] as const;

describe("forget works on a file whose header is not YAML (item 2)", () => {
  it.each(NOT_YAML)("%s", async (_name, path, text, query, line) => {
    const store = await storeWith(path, text);
    expect(await forget({ store, query, now: NOW })).toEqual({
      ok: true,
      code: "removed",
      removed: [{ path, line }],
    });
    // Only the line went: the header is left exactly as written (no updated: added to it).
    expect(await read(store, path)).toBe(text.replace(`${line}\n`, ""));
  });
});

describe("a write pass replaces a line of such a file (item 2)", () => {
  it("applies the replacement instead of refusing replaces_not_found", async () => {
    const [, path, text] = NOT_YAML[0];
    const store = await storeWith(path, text);
    const proposal = {
      file: path,
      fact: "deploys on Railway",
      evidence: "I moved everything to Railway",
      replaces: "deploys on Fly.io",
      description: null,
    };
    mockMessages(server, [
      { content: [toolUseBlock({ name: "propose_memories", input: { memories: [proposal] } })] },
    ]);
    const result = await writePass({
      store,
      transcript: {
        date: "2026-11-29",
        turns: [{ role: "user", content: "I moved everything to Railway last week." }],
      },
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
      onTooLong: false,
    });
    expect(result.rejected).toEqual([]);
    expect(await read(store, path)).toBe(
      text.replace(
        "[stated 2026/11/02] deploys on Fly.io",
        "[stated 2026/11/29] deploys on Railway",
      ),
    );
  });
});

describe("forget names a file it cannot change, never 'nothing matched' (item 2)", () => {
  it.each([
    [
      "front matter in another language",
      "---json\n{}\n---\n[stated 2026/11/01] deploys on Fly.io\n",
    ],
    ["unclosed front matter", "---\nname: hosting\n[stated 2026/11/01] deploys on Fly.io\n"],
    [
      "a description written as a list",
      "---\ndescription:\n  - hosting\n---\n[stated 2026/11/01] deploys on Fly.io\n",
    ],
  ])("%s", async (_name, text) => {
    const store = await storeWith("topics/hosting.md", text);
    const result = await forget({ store, query: "Fly.io", now: NOW });
    expect(result).toMatchObject({
      code: "unparsable_file",
      removed: [],
      notRemoved: [
        {
          path: "topics/hosting.md",
          line: "[stated 2026/11/01] deploys on Fly.io",
          // The file is named by `path` and in the message, never inside the reason.
          reason: expect.not.stringContaining("topics/hosting.md"),
        },
      ],
      message: expect.stringContaining("topics/hosting.md ("),
    });
    expect(await read(store, "topics/hosting.md")).toBe(text);
  });
});

describe("remember keeps a hand-written header byte for byte (item 3)", () => {
  it.each([
    [
      "a # in the description (the issue's input)",
      "---\nname: billing\ndescription: Billing rewrite, tracked in PR #532 and issue #540; read for invoices\nupdated: 2026/11/01\n---\n[stated 2026/11/01] invoices go out on the 1st\n",
    ],
    [
      "a description starting with # (the issue's input)",
      "---\ndescription: #41 infra migration notes; read for anything about the move\n---\n[stated 2026/11/01] moves to k8s in Q1\n",
    ],
    [
      "comments, quotes and spacing",
      "---\n# kept by me\nname:    billing   \ndescription: 'Billing: invoices' # mine\ntags: [a, b]\nupdated: 2026/11/01\n---\n\n## Notes\n[stated 2026/11/01] invoices go out on the 1st\n",
    ],
    [
      "the seed's unfenced header with a colon, CRLF",
      "name: billing\r\ndescription: Billing: invoices, dunning. Read for payments.\r\nupdated: 2026/11/01\r\n[stated 2026/11/01] invoices go out on the 1st\r\n",
    ],
  ])("%s", async (_name, text) => {
    const store = await storeWith("projects/billing.md", text);
    const result = await remember({
      store,
      path: "projects/billing.md",
      fact: "uses Stripe for payments",
      now: NOW,
    });
    expect(result.code).toBe("applied");
    const after = await read(store, "projects/billing.md");
    const eol = text.includes("\r\n") ? "\r\n" : "\n";
    // Every line of the file is still there, in order; only `updated:` moved to today.
    const before = text.split(eol).filter((line) => !line.startsWith("updated:"));
    expect(
      after.split(eol).filter((line) => !line.startsWith("updated:") && !line.includes("Stripe")),
    ).toEqual(before);
    expect(after).toContain(`[stated 2026/11/29] uses Stripe for payments${eol}`);
    const description = /^description: (.*?)\r?$/m.exec(text)?.[1];
    expect((await store.list())[0]?.description).toBe(
      description?.replace(/^'(.*)' # mine$/, "$1"),
    );
  });
});
