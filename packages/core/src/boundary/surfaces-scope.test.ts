import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  mockMessages,
  testClient,
  textBlock,
  toolUseBlock,
  useMessagesApi,
} from "../../test/messages-api.js";
import { chat } from "../chat/chat.js";
import { forget, remember } from "../layouts/index.js";
import { LAYOUT_NAMES, MemoryStore, type StoreLayout } from "../store/index.js";
import { boundaryStore } from "./boundary-store.js";
import { memoryBlock, recallForPrompt } from "./recall-for-prompt.js";

// One guarantee, every surface, both layouts: a conversation in project "website" sees the global
// memories and never another project's file (its words or its description), and changes nothing
// of it. Each surface gets its
// store through `boundaryStore`; a surface that skipped it would show or change `other-app`'s file.
const server = useMessagesApi();
const NOW = new Date("2026-10-02T08:00:00Z");
const PROJECT = "website";

const FILES: Record<StoreLayout, { global: [string, string]; other: [string, string] }> = {
  subject: {
    global: [
      "topics/tools.md",
      "---\nname: tools\ndescription: Editor and dev tools.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] uses Neovim\n",
    ],
    other: [
      "topics/billing-hosting.md",
      "---\nname: billing hosting\ndescription: Billing hosting.\nscope: other-app\nupdated: 2026/09/01\n---\n[stated 2026/09/01] deploys billing on Heroku\n",
    ],
  },
  fact: {
    global: [
      "tools.md",
      "---\nname: tools\ndescription: Editor and dev tools.\ntype: user\nupdated: 2026/09/01\n---\nUses Neovim.\n",
    ],
    other: [
      "billing-hosting.md",
      "---\nname: billing hosting\ndescription: Billing hosting.\ntype: project\nscope: other-app\nupdated: 2026/09/01\n---\nDeploys billing on Heroku.\n",
    ],
  },
};

async function storeIn(layout: StoreLayout): Promise<MemoryStore> {
  const root = await mkdtemp(join(tmpdir(), `memfiles-surfaces-${layout}-`));
  for (const [path, text] of Object.values(FILES[layout])) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return new MemoryStore({ root, layout });
}

/** What a surface showed (to the model or its caller), after trying to change the other file. */
type Surface = (store: MemoryStore, other: string) => Promise<string>;

async function chatWith(store: MemoryStore, calls: object[], tools?: "memory-tool") {
  const requests = mockMessages(server, [
    ...calls.map((input, index) => ({
      content: [
        toolUseBlock({
          id: `toolu_${index}`,
          name: tools === undefined ? (index === 0 ? "memory_write" : "memory_read") : "memory",
          input,
        }),
      ],
    })),
    { content: [textBlock("Done.")] },
  ]);
  const result = await chat({
    client: testClient(),
    model: "claude-opus-5-5",
    basePrompt: "BASE",
    now: NOW,
    store,
    messages: [{ role: "user", content: "Where do we deploy billing? I use which editor?" }],
    recall: { project: PROJECT },
    ...(tools === undefined ? {} : { tools }),
  });
  return JSON.stringify({ requests, toolCalls: result.toolCalls });
}

const SURFACES: Record<string, Surface> = {
  "chat: system prompt, recall, memory_write and memory_read": (store, other) =>
    chatWith(store, [{ action: "forget", query: "billing" }, { path: other }]),
  "chat with the memory tool: view, str_replace, delete": (store, other) =>
    chatWith(
      store,
      [
        { command: "view", path: "/memories" },
        {
          command: "str_replace",
          path: `/memories/${other}`,
          old_str: "eploys billing",
          new_str: "eploys payroll",
        },
        { command: "delete", path: `/memories/${other}` },
      ],
      "memory-tool",
    ),
  "the hooks' recall: memory block and prompt recall": async (store) =>
    JSON.stringify([
      await memoryBlock({ store, scope: PROJECT, query: "billing deploys" }),
      await recallForPrompt({ store, scope: PROJECT, query: "Where does billing deploy?" }),
    ]),
  "a boundary of one project (MCP, CLI, memory page): list, read, remember, forget, write": async (
    store,
    other,
  ) => {
    const view = boundaryStore(store, { project: PROJECT });
    const file = await store.read(other);
    const version = file.exists ? file.version : "new";
    return JSON.stringify([
      await view.list(),
      await view.read(other),
      await view.renderIndex(),
      await view.readIndex?.(),
      await forget({ store: view, query: "billing", now: NOW }),
      await remember({
        store: view,
        path: other,
        fact: "deploys billing on Render",
        now: NOW,
      }),
      await view.write(other, "---\ndescription: x\n---\n", version),
      await view.delete(other, version),
    ]);
  },
};

describe.each(LAYOUT_NAMES)("the %s layout: every surface goes through the boundary", (layout) => {
  it.each(Object.entries(SURFACES))("%s", async (_name, surface) => {
    const store = await storeIn(layout);
    const [globalPath, globalText] = FILES[layout].global;
    const [otherPath, otherText] = FILES[layout].other;
    const shown = await surface(store, otherPath);
    // The global file's description is shown; nothing of the other project's file is.
    expect(shown).toContain("Editor and dev tools.");
    expect(shown).not.toContain("Heroku");
    expect(shown).not.toContain("Billing hosting.");
    expect(await readFile(join(store.root, otherPath), "utf8")).toBe(otherText);
    expect(await readFile(join(store.root, globalPath), "utf8")).toBe(globalText);
  });
});
