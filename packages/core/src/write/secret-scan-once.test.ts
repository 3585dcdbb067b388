import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import type * as Guards from "../guards/index.js";
import { remember, writePass } from "../layouts/index.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { LAYOUT_NAMES, MemoryStore, type StoreLayout } from "../store/index.js";

// Every text a write puts on disk is scanned for secrets alone once, on every surface: the check
// pipeline scans each distinct field, and the session's check the fact and the line it replaces,
// never the same text twice (a secret scan costs the text's length, on every write).
const scanned: string[] = [];

vi.mock("../guards/index.js", async (importOriginal) => {
  const actual = await importOriginal<typeof Guards>();
  return {
    ...actual,
    findSecrets: (text: string) => {
      scanned.push(text);
      return actual.findSecrets(text);
    },
    checkSecrets: (options: Guards.CheckSecretsOptions) => {
      scanned.push(...options.texts);
      return actual.checkSecrets(options);
    },
  };
});

const server = useMessagesApi();
beforeEach(() => {
  scanned.length = 0;
});

const NOW = new Date("2026-09-12T10:00:00Z");
const FILES = {
  subject: {
    path: "topics/tools.md",
    content:
      "---\nname: tools\ndescription: Dev tools.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] uses Neovim\n",
    created: "topics/shell.md",
  },
  fact: {
    path: "tools.md",
    content:
      "---\nname: tools\ndescription: Dev tools.\ntype: user\nupdated: 2026/09/01\n---\nUses Neovim.\n",
    created: "shell.md",
  },
} as const;

const SURFACES: [string, (store: MemoryStore, layout: StoreLayout) => unknown][] = [
  [
    "remember",
    (store, layout) => remember({ store, path: FILES[layout].path, fact: "uses tmux", now: NOW }),
  ],
  [
    "the memory tool's insert of two lines",
    (store, layout) =>
      createMemoryToolHandlers({ store, layout, now: NOW }).insert({
        command: "insert",
        path: `/memories/${FILES[layout].path}`,
        insert_line: FILES[layout].content.split("\n").length - 1,
        insert_text: "uses tmux\nuses zsh",
      }),
  ],
  [
    "the memory tool's str_replace",
    (store, layout) =>
      createMemoryToolHandlers({ store, layout, now: NOW }).str_replace({
        command: "str_replace",
        path: `/memories/${FILES[layout].path}`,
        old_str: "Neovim",
        new_str: "Helix",
      }),
  ],
  [
    "the memory tool's create",
    (store, layout) =>
      createMemoryToolHandlers({ store, layout, now: NOW }).create({
        command: "create",
        path: `/memories/${FILES[layout].created}`,
        file_text: "uses zsh",
      }),
  ],
  [
    "the write pass",
    (store, layout) => {
      const said = "I use tmux every day.";
      const memory =
        layout === "subject"
          ? {
              file: "topics/shell.md",
              fact: "uses tmux",
              evidence: said,
              replaces: null,
              description: null,
            }
          : {
              action: "save",
              name: "shell",
              type: "user",
              description: "The shell.",
              body: "Uses tmux.",
              evidence: said,
              replaces: null,
            };
      const name = layout === "subject" ? "propose_memories" : "propose_facts";
      mockMessages(server, [{ content: [toolUseBlock({ name, input: { memories: [memory] } })] }]);
      return writePass({
        store,
        transcript: {
          date: "2026-09-12",
          sessionId: "s-1",
          turns: [{ role: "user", content: said }],
        },
        client: testClient(),
        model: "claude-haiku-4-5",
        onTooLong: false,
        now: NOW,
      });
    },
  ],
];

describe.each(LAYOUT_NAMES)("one secret scan of each text, %s layout", (layout) => {
  it.each(SURFACES)("%s", async (_name, write) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-scan-once-")), "memory");
    const { path, content } = FILES[layout];
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
    await write(new MemoryStore({ root, layout }), layout);
    const texts = scanned.filter((text) => text.trim() !== "");
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
  });
});
