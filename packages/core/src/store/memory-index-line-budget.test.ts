import { mkdir, mkdtemp, readFile, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { FolderStore } from "./folder-store.js";
import { MemoryStore, NEW_VERSION, type StoreLayout } from "./index.js";
import { rebuiltMemoryIndex } from "./keep-index-descriptions.js";
import {
  CLAUDE_CODE_INDEX_LINES,
  formatMemoryIndex,
  MEMORY_INDEX_KEPT_MARKER,
  memoryIndexWithin,
} from "./memory-index.js";
import { MEMORY_INDEX_RECORD_FILE } from "./memory-index-record.js";

const FILES = 300;

/** Day `index` of 2026, as `updated:` writes it. */
const day = (index: number) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);

function file(layout: StoreLayout, index: number): { path: string; text: string } {
  const name = `note ${String(index).padStart(3, "0")}`;
  const slug = name.replace(" ", "-");
  return layout === "fact"
    ? {
        path: `${slug}.md`,
        text: `---\nname: ${name}\ndescription: Note number ${index}.\ntype: user\nupdated: ${day(index)}\n---\nThe user noted ${index}.\n`,
      }
    : {
        path: `topics/${slug}.md`,
        text: `---\nname: ${name}\ndescription: Note number ${index}.\nupdated: ${day(index).replace(/-/g, "/")}\n---\n[stated ${day(index).replace(/-/g, "/")}] noted ${index}\n`,
      };
}

// Claude Code's own index: its title, a link line it wrote, and a line a person added.
const CLAUDE_WRITTEN =
  "# Memory\n\n- [note 000](note-000.md) — the first note\n\nCall mom on Sunday.\n";

describe("MEMORY.md within the lines Claude Code loads", () => {
  it.each([
    { layout: "fact" as const, listed: 192, omitted: 108 },
    { layout: "subject" as const, listed: FILES, omitted: 0 },
  ])("$layout layout, 300 files: $listed listed", async ({ layout, listed, omitted }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-index-lines-"));
    for (let index = 1; index < FILES; index++) {
      const { path, text } = file(layout, index);
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    await writeFile(join(root, "MEMORY.md"), CLAUDE_WRITTEN);
    const store = new MemoryStore({ root, layout });
    const first = file(layout, 0);
    await store.write(first.path, first.text, NEW_VERSION);
    const index = await readFile(join(root, "MEMORY.md"), "utf8");
    const lines = index.split("\n").slice(0, -1);
    const links = lines.filter((line) => line.startsWith("- ["));
    expect(links).toHaveLength(listed);
    // The person's line is kept, inside what Claude Code loads.
    expect(lines.slice(-2)).toEqual([MEMORY_INDEX_KEPT_MARKER, "Call mom on Sunday."]);
    if (layout === "fact") {
      expect(lines.length).toBe(CLAUDE_CODE_INDEX_LINES);
      expect(lines[0]).toBe("# Memory");
      expect(index).toContain(
        `(${omitted} more files in this folder are not listed here: this index stays within the 200 lines Claude Code loads.`,
      );
      // The newest files are listed, the oldest left out.
      expect(index).toContain(`[note ${FILES - 1}]`);
      expect(index).not.toContain("[note 000]");
    } else {
      expect(lines.length).toBeGreaterThan(CLAUDE_CODE_INDEX_LINES);
    }
    // Stable: a rebuild changes nothing, the cut index is not "out of sync", the line is not
    // taken for a person's.
    await store.rebuildIndex();
    expect(await readFile(join(root, "MEMORY.md"), "utf8")).toBe(index);
    expect((await store.check()).missingFromIndex).toEqual([]);
    expect((await store.check()).ok).toBe(true);
  });
});

// A person's own lines past the budget are kept (never cut), no link is added, the index says
// why, and check() reports that Claude Code will not see the end; a layout without a budget has
// nothing to report.
describe("MEMORY.md whose hand-written lines fill the budget", () => {
  it.each([
    { layout: "fact" as const, links: 0, over: true },
    { layout: "subject" as const, links: FILES, over: false },
  ])("$layout layout, 250 hand-written lines", async ({ layout, links, over }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-index-hand-budget-"));
    for (let index = 1; index < FILES; index++) {
      const { path, text } = file(layout, index);
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    const hand = Array.from({ length: 250 }, (_, index) => `My note ${index}.`);
    await writeFile(join(root, "MEMORY.md"), `# Memory\n${hand.join("\n")}\n`);
    const store = new MemoryStore({ root, layout });
    const first = file(layout, 0);
    await store.write(first.path, first.text, NEW_VERSION);
    const index = await readFile(join(root, "MEMORY.md"), "utf8");
    const lines = index.split("\n").slice(0, -1);
    expect(lines.filter((line) => line.startsWith("- ["))).toHaveLength(links);
    expect(lines.slice(-250)).toEqual(hand);
    const report = await store.check();
    expect({ ok: report.ok, indexOverBudget: report.indexOverBudget }).toEqual(
      over
        ? {
            ok: false,
            indexOverBudget: {
              lines: lines.length,
              maxLines: CLAUDE_CODE_INDEX_LINES,
              // The person's title and 250 lines.
              handWritten: 251,
            },
          }
        : { ok: true, indexOverBudget: null },
    );
    if (over) {
      expect(index).toContain(
        `(${FILES} more files in this folder are not listed here: the lines written by hand below leave no room for them within the 200 lines Claude Code loads;`,
      );
    }
  });
});

// The newest by the day `updated:` names (parseMemoryFile's rule): the same day written as a date
// or as an ISO time is one day, and the path decides between them.
it("lists the newest files by the day their updated: names", () => {
  const rows = [
    { path: "b.md", name: "b", description: "B.", chars: 1, updated: "2026-05-01T10:00:00Z" },
    { path: "c.md", name: "c", description: "C.", chars: 1, updated: "2026-04-30" },
    { path: "a.md", name: "a", description: "A.", chars: 1, updated: "2026/05/01" },
  ];
  const oneLink = formatMemoryIndex([], "", 0).split("\n").length + 1;
  expect(memoryIndexWithin(rows, "", oneLink).rows.map((row) => row.path)).toEqual(["a.md"]);
});

// A write to a fact folder whose index is cut to its line budget patches it when the cut lists the
// same files after it (decision 0102): the written file was listed and is not older, or was left
// out and is not newer. Otherwise a rebuild. Either way the index is what a rebuild makes.
describe("a cut MEMORY.md after a write", () => {
  const CUT_WRITES = [
    { name: "a listed file edited, its day kept", index: 250, day: 250, rebuilds: false },
    { name: "a listed file made newer", index: 250, day: 320, rebuilds: false },
    { name: "a left-out file edited, its day kept", index: 20, day: 20, rebuilds: false },
    { name: "a left-out file made older", index: 20, day: 5, rebuilds: false },
    { name: "a left-out file made newest", index: 20, day: 320, rebuilds: true },
    { name: "a listed file made older", index: 250, day: 5, rebuilds: true },
  ] as const;
  it.each(CUT_WRITES)("$name", async ({ index, day: newDay, rebuilds }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-index-cut-"));
    for (let at = 0; at < FILES; at++) {
      const { path, text } = file("fact", at);
      await writeFile(join(root, path), text);
    }
    const store = new MemoryStore({ root, layout: "fact" });
    await store.rebuildIndex();
    // The clock held: the files are older than the record's racy window, so no file but the
    // written one counts as changed by another writer.
    const ahead = new Date(Date.now() + 3_000);
    await utimes(join(root, ".memfiles", MEMORY_INDEX_RECORD_FILE), ahead, ahead);
    const { path, text } = file("fact", index);
    const edited = text
      .replace(`updated: ${day(index)}`, `updated: ${day(newDay)}`)
      .replace(`Note number ${index}.`, `Note number ${index}, edited.`);
    const before = await store.read(path);
    const lists = vi.spyOn(FolderStore.prototype, "list");
    expect((await store.write(path, edited, before.version)).ok).toBe(true);
    const after = await readFile(join(root, "MEMORY.md"), "utf8");
    expect(lists.mock.calls.length > 0).toBe(rebuilds);
    lists.mockRestore();
    const listed = await new MemoryStore({ root, layout: "fact" }).list();
    expect(after).toBe(rebuiltMemoryIndex(listed, after, "fact"));
  });
});
