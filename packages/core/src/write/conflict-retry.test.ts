import { appendFile, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { remember, writePass } from "../layouts/index.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { LAYOUT_NAMES, MemoryStore, type StoreLayout, type WriteResult } from "../store/index.js";

// The one retry of a version conflict (`runWritePipeline`): on every surface that writes, a write
// whose file another writer changed since the read reads the folder again, makes the write again
// from it and runs every check on that, so it lands instead of giving up after its re-reads.
const server = useMessagesApi();

const NOW = new Date("2026-09-12T10:00:00Z");
const SAID = "I use tmux every day.";

/** Per layout: the edited file, and the other writer's hand edit of it. */
const LAYOUTS = {
  subject: {
    edited: "topics/tools.md",
    content:
      "---\nname: tools\ndescription: Dev tools.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] uses Neovim\n",
    fact: "uses tmux",
    other: async (root: string) => {
      await appendFile(join(root, "topics/tools.md"), "[stated 2026/09/02] uses zsh\n");
    },
  },
  fact: {
    edited: "tools.md",
    content:
      "---\nname: tools\ndescription: Dev tools.\ntype: user\nupdated: 2026/09/01\n---\nUses Neovim.\n",
    fact: "Uses tmux.",
    other: async (root: string) => {
      await appendFile(join(root, "tools.md"), "Uses zsh.\n");
    },
  },
} as const;

// A store whose first write to an existing file finds it changed by another writer.
class OnceChangedStore extends MemoryStore {
  changed = false;
  constructor(
    options: ConstructorParameters<typeof MemoryStore>[0],
    private readonly other: (root: string) => Promise<void>,
  ) {
    super(options);
  }

  override async write(path: string, content: string, ifVersion: string): Promise<WriteResult> {
    if (!this.changed && (await this.read(path)).exists) {
      this.changed = true;
      await this.other(this.root);
    }
    return super.write(path, content, ifVersion);
  }
}

type Surface = {
  name: string;
  /** Writes the layout's fact to its edited file; returns the refusal's code, or `applied`. */
  write(store: MemoryStore, layout: StoreLayout): Promise<string>;
};

const SURFACES: Surface[] = [
  {
    name: "remember",
    async write(store, layout) {
      const { edited, fact } = LAYOUTS[layout];
      const result = await remember({ store, path: edited, fact, now: NOW });
      return result.ok ? "applied" : result.code;
    },
  },
  {
    name: "the write pass",
    async write(store, layout) {
      const { edited, fact } = LAYOUTS[layout];
      const memory =
        layout === "subject"
          ? { file: edited, fact, evidence: SAID, replaces: null, description: null }
          : {
              action: "save",
              name: "tools",
              type: "user",
              description: "Dev tools.",
              body: `Uses Neovim.\nUses zsh.\n${fact}`,
              evidence: SAID,
              replaces: "tools.md",
            };
      const name = layout === "subject" ? "propose_memories" : "propose_facts";
      mockMessages(server, [{ content: [toolUseBlock({ name, input: { memories: [memory] } })] }]);
      const result = await writePass({
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
      return result.rejected[0]?.code ?? (result.applied.length === 1 ? "applied" : "none");
    },
  },
  {
    name: "the memory tool's insert",
    async write(store, layout) {
      const { edited, fact } = LAYOUTS[layout];
      const handlers = createMemoryToolHandlers({ store, layout, now: NOW });
      const lines = LAYOUTS[layout].content.split("\n").length - 1;
      try {
        await handlers.insert({
          command: "insert",
          path: `/memories/${edited}`,
          insert_line: lines,
          insert_text: fact,
        });
        return "applied";
      } catch (error) {
        return (error as { code: string }).code;
      }
    },
  },
];

describe.each(LAYOUT_NAMES)("a write that conflicts, %s layout", (layout) => {
  it.each(SURFACES)(
    "$name reads the file again and writes over it as it is now",
    async (surface) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-conflict-")), "memory");
      const { edited, content, other } = LAYOUTS[layout];
      await mkdir(dirname(join(root, edited)), { recursive: true });
      await writeFile(join(root, edited), content);
      const store = new OnceChangedStore({ root, layout }, other);
      const code = await surface.write(store, layout);
      const written = await readFile(join(root, edited), "utf8");
      // Written once, over the file as the other writer left it: its hand edit is kept.
      expect({
        changed: store.changed,
        code,
        fact: written.split(LAYOUTS[layout].fact).length - 1,
        kept: written.includes(layout === "subject" ? "uses zsh" : "Uses zsh."),
      }).toEqual({ changed: true, code: "applied", fact: 1, kept: true });
    },
  );
});
