import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { writePass } from "../layouts/index.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { LAYOUT_NAMES, MemoryStore, type StoreLayout } from "../store/index.js";
import { checkDescriptionShape } from "./write-checks.js";

// One shape rule for the header fields a writer sets (checkDescriptionShape): the write pass of
// both layouts and the memory tool never write a placeholder as what a file holds.
const server = useMessagesApi();

const NOW = new Date("2026-09-12T10:00:00Z");
const SAID = "I use tmux every day.";

describe("checkDescriptionShape", () => {
  it.each([
    ["a description", "Dev tools. Read for any coding question.", { ok: true }],
    ["blank", "", { ok: false, problem: "it is blank" }],
    [
      "a placeholder",
      "N/A",
      { ok: false, problem: '"N/A" is a placeholder; say what the file holds' },
    ],
    ["no letter", "...!", { ok: false, problem: '"...!" has no letter or digit' }],
    [
      "the end of a header",
      "tools --- more",
      { ok: false, problem: 'it holds "---", which would end the header' },
    ],
    ["too long", "a".repeat(201), { ok: false, problem: "it is 201 chars, over 200" }],
  ])("%s", (_name, text, expected) => {
    expect(checkDescriptionShape(text)).toEqual(expected);
  });
});

async function storeIn(layout: StoreLayout): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-description-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  return new MemoryStore({ root, layout });
}

/** Every file's text, joined. */
async function allText(store: MemoryStore): Promise<string> {
  const names = await readdir(store.root, { recursive: true, withFileTypes: true });
  const files = names.filter((entry) => entry.isFile() && entry.name.endsWith(".md"));
  const texts = await Promise.all(
    files.map((entry) => readFile(join(entry.parentPath, entry.name), "utf8")),
  );
  return texts.join("\n");
}

const SURFACES: [string, (store: MemoryStore, layout: StoreLayout) => Promise<unknown>][] = [
  [
    "the write pass",
    (store, layout) => {
      const memory =
        layout === "subject"
          ? {
              file: "topics/shell.md",
              fact: "uses tmux",
              evidence: SAID,
              replaces: null,
              description: "N/A",
            }
          : {
              action: "save",
              name: "shell",
              type: "user",
              description: "N/A",
              body: "Uses tmux.",
              evidence: SAID,
              replaces: null,
            };
      const name = layout === "subject" ? "propose_memories" : "propose_facts";
      mockMessages(server, [{ content: [toolUseBlock({ name, input: { memories: [memory] } })] }]);
      return writePass({
        store,
        transcript: {
          date: "2026-09-12",
          sessionId: "s-1",
          turns: [{ role: "user", content: SAID }],
        },
        client: testClient(),
        model: "claude-haiku-4-5",
        onTooLong: false,
        now: NOW,
      });
    },
  ],
  [
    "the memory tool's create",
    async (store, layout) =>
      Promise.resolve(
        createMemoryToolHandlers({ store, layout, now: NOW }).create({
          command: "create",
          path: layout === "subject" ? "/memories/topics/shell.md" : "/memories/shell.md",
          file_text: "---\nname: shell\ndescription: N/A\n---\nuses tmux\n",
        }),
      ).catch((error: Error) => error),
  ],
  [
    "the memory tool's str_replace",
    async (store, layout) => {
      const path = layout === "subject" ? "topics/shell.md" : "shell.md";
      await writeFile(
        join(store.root, path),
        `---\nname: shell\ndescription: The shell.\n${layout === "fact" ? "type: user\n" : ""}---\n${layout === "subject" ? "[stated 2026/09/01] uses tmux" : "Uses tmux."}\n`,
      );
      return Promise.resolve(
        createMemoryToolHandlers({ store, layout, now: NOW }).str_replace({
          command: "str_replace",
          path: `/memories/${path}`,
          old_str: "description: The shell.",
          new_str: "description: N/A",
        }),
      ).catch((error: Error) => error);
    },
  ],
];

describe.each(LAYOUT_NAMES)("no placeholder description, %s layout", (layout) => {
  it.each(SURFACES)("%s", async (_name, write) => {
    const store = await storeIn(layout);
    await write(store, layout);
    expect(await allText(store)).not.toContain("description: N/A");
  });
});
