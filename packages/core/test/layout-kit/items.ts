import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { dropForgottenLines, findForgottenLines } from "../../src/internal.js";
import { forget, type Layout, previewForget } from "../../src/layouts/index.js";
import { createMemoryToolHandlers, MemoryToolError } from "../../src/memory-tool/index.js";
import { MemoryStore } from "../../src/store/index.js";
import type { LayoutFixture } from "./fixture.js";

// Every surface that reads a file's items (forget, its preview, `memfiles check`'s forgotten
// lines, the memory tool): a layout that skips a rule fails here.
const NOW = new Date("2026-09-12T09:00:00Z");

const contentOf = (store: MemoryStore, path: string) =>
  readFile(join(store.root, path), "utf8").catch(() => undefined);

async function storeWithFact(layout: Layout, fixture: LayoutFixture) {
  const root = join(await mkdtemp(join(tmpdir(), `memfiles-items-${layout.name}-`)), "memory");
  const given = {
    slug: "deploy-host",
    fact: "deploys on Fly.io",
    date: "2026/09/01",
    description: " Where the user deploys.",
  };
  const stored = {
    path: fixture.path(given.slug),
    text: fixture.file(given),
    ...fixture.forgotten,
  };
  await mkdir(dirname(join(root, stored.path)), { recursive: true });
  await writeFile(join(root, stored.path), stored.text);
  return { store: new MemoryStore({ root, layout: layout.name }), stored };
}

export function describeItems(layout: Layout, fixture: LayoutFixture): void {
  describe("a file's items", () => {
    it("previewForget shows what forget then removes, and no more", async () => {
      const { store, stored } = await storeWithFact(layout, fixture);
      const preview = await previewForget({ store, query: "where I deploy" });
      expect(preview.files.map(({ path, lines }) => ({ path, lines }))).toEqual([
        { path: stored.path, lines: [stored.removed] },
      ]);
      const result = await forget({
        store,
        query: "where I deploy",
        now: NOW,
        only: preview.files,
      });
      expect(result).toEqual({
        ok: true,
        code: "removed",
        removed: [{ path: stored.path, line: stored.removed }],
      });
      expect(await contentOf(store, stored.path)).toEqual(stored.left);
    });

    it("forget with a preview of a file changed since removes nothing (version_conflict)", async () => {
      const { store, stored } = await storeWithFact(layout, fixture);
      const preview = await previewForget({ store, query: "where I deploy" });
      await writeFile(join(store.root, stored.path), `${stored.text}edited by hand\n`);
      const result = await forget({
        store,
        query: "where I deploy",
        now: NOW,
        only: preview.files,
      });
      expect(result.code).toBe("version_conflict");
      expect(await contentOf(store, stored.path)).toBe(`${stored.text}edited by hand\n`);
    });

    it.each([
      ["an unrelated query", "what I eat"],
      ["a query of request words only", "forget that"],
      ["a query over 1,000 chars", "deploy ".repeat(200)],
    ])("forget and previewForget of %s touch nothing", async (_name, query) => {
      const { store, stored } = await storeWithFact(layout, fixture);
      expect(await previewForget({ store, query })).toEqual({ files: [] });
      const result = await forget({ store, query, now: NOW });
      expect(result.ok ? result.code : result.code).toMatch(/^(nothing_matched|query_too_long)$/);
      expect(await contentOf(store, stored.path)).toBe(stored.text);
    });

    it("a forgotten fact put back by hand is reported at its line", async () => {
      const { store, stored } = await storeWithFact(layout, fixture);
      await forget({ store, query: "where I deploy", now: NOW });
      expect(await findForgottenLines(store)).toEqual([]);
      await mkdir(dirname(join(store.root, stored.path)), { recursive: true });
      await writeFile(join(store.root, stored.path), stored.text);
      expect(await findForgottenLines(store)).toEqual([
        { path: stored.path, line: stored.line, forgotten: "2026/09/12", rule: "same_fact" },
      ]);
    });

    it("a forgotten fact in text written from outside (an import) is left out by the same rule", async () => {
      const { store, stored } = await storeWithFact(layout, fixture);
      await forget({ store, query: "where I deploy", now: NOW });
      const forgotten = {
        path: stored.path,
        content: undefined,
        dropped: [
          { path: stored.path, line: stored.line, forgotten: "2026/09/12", rule: "same_fact" },
        ],
      };
      expect(
        await dropForgottenLines(store, [{ path: stored.path, content: stored.text }]),
      ).toEqual([forgotten]);
      const other = {
        path: fixture.path("editor"),
        content: fixture.file({
          slug: "editor",
          fact: "uses Neovim",
          date: "2026/09/01",
          description: " The editor.",
        }),
      };
      expect(await dropForgottenLines(store, [other])).toEqual([{ ...other, dropped: [] }]);
    });

    it("the memory tool's delete forgets the fact: writing it again is refused (forgotten)", async () => {
      const { store, stored } = await storeWithFact(layout, fixture);
      const handlers = createMemoryToolHandlers({ store, now: NOW });
      await handlers.delete({ command: "delete", path: `/memories/${stored.path}` });
      expect(await contentOf(store, stored.path)).toBeUndefined();
      const again = handlers.create({
        command: "create",
        path: `/memories/${stored.path}`,
        file_text: "deploys on Fly.io\n",
      });
      await expect(again).rejects.toBeInstanceOf(MemoryToolError);
      await expect(again).rejects.toMatchObject({ code: "forgotten" });
    });

    it("the memory tool's str_replace of the fact to nothing forgets it", async () => {
      const { store, stored } = await storeWithFact(layout, fixture);
      const handlers = createMemoryToolHandlers({ store, now: NOW });
      await handlers.str_replace({
        command: "str_replace",
        path: `/memories/${stored.path}`,
        old_str: stored.removed,
        new_str: "",
      });
      const again = handlers.insert({
        command: "insert",
        path: `/memories/${stored.path}`,
        insert_line: stored.line - 1,
        insert_text: "deploys on Fly.io",
      });
      await expect(again).rejects.toMatchObject({ code: "forgotten" });
    });

    it("the memory tool's create writes the file as the layout keeps it", async () => {
      const { path, text } = fixture.memoryTool.createdFile;
      const root = join(await mkdtemp(join(tmpdir(), `memfiles-items-${layout.name}-`)), "memory");
      const store = new MemoryStore({ root, layout: layout.name });
      const handlers = createMemoryToolHandlers({ store, now: NOW });
      await handlers.create({
        command: "create",
        path: `/memories/${path}`,
        file_text: "deploys on Fly.io\n",
      });
      expect(await contentOf(store, path)).toBe(text);
    });
  });
}
