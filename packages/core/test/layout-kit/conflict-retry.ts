import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { SetupServerApi } from "msw/node";
import { describe, expect, it } from "vitest";
import { type Layout, remember, writePass } from "../../src/layouts/index.js";
import { createMemoryToolHandlers } from "../../src/memory-tool/index.js";
import { MemoryStore, type WriteResult } from "../../src/store/index.js";
import { mockMessages, testClient, toolUseBlock } from "../messages-api.js";
import { MODEL, storeIn } from "./common.js";
import type { LayoutFixture } from "./fixture.js";

// The one retry of a version conflict (`runWritePipeline`): on every surface that writes, a write
// whose file another writer changed since the read reads the folder again, makes the write again
// from it and runs every check on that, so it lands instead of giving up after its re-reads.
const NOW = new Date("2026-09-12T10:00:00Z");
const SAID = "I use tmux every day.";
const FACT = "uses tmux";

// A store whose first write to an existing file finds it changed by another writer.
class OnceChangedStore extends MemoryStore {
  changed = false;
  other: (root: string) => Promise<void> = async () => {};

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
  /** Writes FACT to the edited file; returns the refusal's code, or `applied`. */
  write(
    store: MemoryStore,
    layout: Layout,
    fixture: LayoutFixture,
    server: SetupServerApi,
  ): Promise<string>;
};

const SURFACES: Surface[] = [
  {
    name: "remember",
    async write(store, _layout, fixture) {
      const result = await remember({
        store,
        path: fixture.memoryTool.edited,
        fact: FACT,
        now: NOW,
      });
      return result.ok ? "applied" : result.code;
    },
  },
  {
    name: "the write pass",
    async write(store, layout, fixture, server) {
      const m = fixture.memoryTool;
      const slug = m.edited.replace(/^.*\/|\.md$/g, "");
      // The model saw the file as the other writer left it.
      const items = [m.neovim, m.heroku, m.dated("uses zsh", "2026/09/02")];
      const memory = fixture.addTo({ slug, items, fact: FACT, evidence: SAID });
      mockMessages(server, [
        {
          content: [toolUseBlock({ name: layout.write.tool.name, input: { memories: [memory] } })],
        },
      ]);
      const result = await writePass({
        store,
        transcript: {
          date: "2026-09-12",
          sessionId: "s-1",
          turns: [{ role: "user", content: SAID }],
        },
        client: testClient(),
        model: MODEL,
        onTooLong: false,
        now: NOW,
      });
      return result.rejected[0]?.code ?? (result.applied.length === 1 ? "applied" : "none");
    },
  },
  {
    name: "the memory tool's insert",
    async write(store, layout, fixture) {
      const { edited, content } = fixture.memoryTool;
      const handlers = createMemoryToolHandlers({ store, layout: layout.name, now: NOW });
      try {
        await handlers.insert({
          command: "insert",
          path: `/memories/${edited}`,
          insert_line: content.split("\n").length - 1,
          insert_text: FACT,
        });
        return "applied";
      } catch (error) {
        return (error as { code: string }).code;
      }
    },
  },
];

export function describeConflictRetry(
  layout: Layout,
  fixture: LayoutFixture,
  server: SetupServerApi,
): void {
  describe("a write that conflicts", () => {
    it.each(SURFACES)(
      "$name reads the file again and writes over it as it is now",
      async (surface) => {
        const { edited, content } = fixture.memoryTool;
        const store = await storeIn(layout, {}, OnceChangedStore);
        const hand = fixture.memoryTool.dated("uses zsh", "2026/09/02");
        store.other = (root) => appendFile(join(root, edited), `${hand}\n`);
        await mkdir(dirname(join(store.root, edited)), { recursive: true });
        await writeFile(join(store.root, edited), content);
        const code = await surface.write(store, layout, fixture, server);
        const written = await readFile(join(store.root, edited), "utf8");
        // Written once, over the file as the other writer left it: its hand edit is kept.
        expect({
          changed: store.changed,
          code,
          fact: written.split(FACT).length - 1,
          kept: written.includes(hand),
        }).toEqual({ changed: true, code: "applied", fact: 1, kept: true });
      },
    );
  });
}
