import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { settleWrittenFiles } from "../../test/recall-writes.js";
import { memoryBlock, recallForPrompt } from "../boundary/recall-for-prompt.js";
import { MemoryStore } from "../store/memory-store.js";
import type { ListStampsOptions } from "../store/types.js";
import { flushRecallIndexes, forgetOpenRecallIndexes, RECALL_INDEX_LOG } from "./recall-index.js";

// More files than the block's index shows (300), so the block shows the 30 most recently updated:
// the special files below are the most recent.
const FILLERS = 320;
const file = (name: string, description: string, updated: string, extra = "") =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}updated: ${updated}\n---\n[stated ${updated}] ${name} line\n`;

async function folder(): Promise<string> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-shown-check-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await mkdir(join(root, "projects"), { recursive: true });
  await Promise.all(
    Array.from({ length: FILLERS }, (_, at) =>
      writeFile(
        join(root, `topics/filler-${at}.md`),
        file(`filler ${at}`, "Old notes.", "2026/01/01"),
      ),
    ),
  );
  await writeFile(join(root, "topics/tools.md"), file("tools", "Editor notes.", "2026/09/01"));
  await writeFile(join(root, "projects/other.md"), file("other", "Other secrets.", "2026/09/02"));
  await writeFile(
    join(root, "topics/staging.md"),
    file("staging", "Staging hosts.", "2026/09/03", "scope: other\n"),
  );
  await writeFile(
    join(root, "topics/build.md"),
    file("build", "Build hosts.", "2026/01/01", "scope: other\n"),
  );
  settleWrittenFiles();
  return root;
}

/**
 * The folder's store, opened afresh (no index this process holds), that notes each stamp listing:
 * how many files it was limited to, or `"all"` for a stat of every file.
 */
function countingStamps(root: string, stamped: Array<number | "all">) {
  forgetOpenRecallIndexes();
  const written = new MemoryStore({ root });
  return {
    root: written.root,
    layout: written.layout,
    maxChars: written.maxChars,
    listStamps: (known?: ReadonlySet<string>, options?: ListStampsOptions) => {
      stamped.push(options?.stampOnly?.size ?? "all");
      return written.listStamps(known, options);
    },
    list: () => written.list(),
    read: (path: string) => written.read(path),
    readInternal: (path: string, options?: { firstLine?: boolean }) =>
      written.readInternal(path, options),
    writeInternal: (path: string, text: string) => written.writeInternal(path, text),
    appendInternal: (path: string, text: string) => written.appendInternal(path, text),
  };
}

// A prompt's recall in another process: it sees the folder's changes and logs them.
async function seenByRecall(root: string): Promise<void> {
  settleWrittenFiles();
  forgetOpenRecallIndexes();
  await recallForPrompt({ root, query: "notes" });
  await flushRecallIndexes();
}

const freshNotes = (root: string, description: string, updated: string) =>
  writeFile(join(root, "topics/filler-300.md"), file("filler 300", description, updated));

/**
 * What a hand edit does to the folder after the recall index was stored; `recalled`: a prompt's
 * recall saw the edit first, so it sits in the index's log, not in its first line. `quick`: the
 * shown files' check answers without a stat of every file.
 */
const CHANGES: Record<
  string,
  {
    act: (root: string) => Promise<void>;
    shows?: string;
    hides?: string;
    recalled?: true;
    quick: boolean;
  }
> = {
  "nothing changed": { act: async () => {}, shows: "Editor notes.", quick: true },
  "a shown file's description edited by hand": {
    act: (root) =>
      writeFile(join(root, "topics/tools.md"), file("tools", "Keyboard notes.", "2026/09/01")),
    shows: "Keyboard notes.",
    hides: "Editor notes.",
    quick: false,
  },
  "a shown file deleted": {
    act: (root) => rm(join(root, "topics/tools.md")),
    hides: "topics/tools.md",
    quick: false,
  },
  "a shown global file given another project's scope by hand": {
    act: (root) =>
      writeFile(
        join(root, "topics/tools.md"),
        file("tools", "Editor notes.", "2026/09/01", "scope: other\n"),
      ),
    hides: "topics/tools.md",
    quick: false,
  },
  "a file not shown deleted": {
    act: (root) => rm(join(root, "topics/filler-7.md")),
    shows: `files="${FILLERS}"`,
    quick: true,
  },
  "a new file": {
    act: (root) =>
      writeFile(join(root, "topics/garden.md"), file("garden", "Garden notes.", "2026/09/05")),
    shows: "Garden notes.",
    quick: false,
  },
  "another project's file made the most recent": {
    act: (root) =>
      writeFile(join(root, "projects/other.md"), file("other", "Other secrets.", "2026/12/01")),
    hides: "Other secrets.",
    quick: true,
  },
  "a file not shown made the most recent, seen by a prompt's recall first": {
    act: (root) => freshNotes(root, "Fresh notes.", "2026/12/05"),
    shows: "Fresh notes.",
    recalled: true,
    quick: true,
  },
  "another project's file made global by hand, seen by a prompt's recall first": {
    act: (root) =>
      writeFile(join(root, "topics/build.md"), file("build", "Build hosts.", "2026/12/05")),
    shows: "Build hosts.",
    recalled: true,
    quick: true,
  },
  "a new file, seen by a prompt's recall first": {
    act: (root) =>
      writeFile(join(root, "topics/garden.md"), file("garden", "Garden notes.", "2026/09/05")),
    shows: "Garden notes.",
    recalled: true,
    quick: true,
  },
  "a file not shown deleted, seen by a prompt's recall first": {
    act: (root) => rm(join(root, "topics/filler-7.md")),
    shows: `files="${FILLERS}"`,
    recalled: true,
    quick: true,
  },
  "a logged file not shown made the most recent by hand": {
    act: async (root) => {
      await freshNotes(root, "Fresh notes.", "2026/01/01");
      await seenByRecall(root);
      await freshNotes(root, "Later notes.", "2026/12/06");
    },
    shows: "Later notes.",
    hides: "Fresh notes.",
    quick: false,
  },
  "a file logged twice": {
    act: async (root) => {
      await freshNotes(root, "Fresh notes.", "2026/12/05");
      await seenByRecall(root);
      await freshNotes(root, "Later notes.", "2026/12/06");
      await seenByRecall(root);
      const log = await readFile(join(root, ".memfiles", RECALL_INDEX_LOG), "utf8");
      expect(log.match(/^{"path":"topics\/filler-300\.md"/gm)).toHaveLength(2);
    },
    shows: "Later notes.",
    quick: false,
  },
  "a damaged line in the index's log": {
    act: async (root) => {
      await freshNotes(root, "Fresh notes.", "2026/12/05");
      await seenByRecall(root);
      await appendFile(join(root, ".memfiles", RECALL_INDEX_LOG), '{"path":\n');
    },
    shows: "Fresh notes.",
    quick: false,
  },
  "a torn last line in the index's log": {
    act: async (root) => {
      await freshNotes(root, "Fresh notes.", "2026/12/05");
      await seenByRecall(root);
      await appendFile(join(root, ".memfiles", RECALL_INDEX_LOG), '{"path":"topics/filler-1.md"');
    },
    shows: "Fresh notes.",
    quick: false,
  },
};

// Both ways a block is made: the rule (what the block holds) is one; only the check differs.
const MODES = { "every file's stamp": false, "the shown files' stamps": true } as const;

describe("the memory block is as fresh with the shown files checked as with every file", () => {
  // Every file written is settled before the block is made (see `settleWrittenFiles`): a file in
  // its 2 s is stat'ed and read again whichever way the block is checked.
  afterEach(() => vi.useRealTimers());

  const rows = Object.entries(MODES).flatMap(([mode, checkShownOnly]) =>
    Object.entries(CHANGES).map(
      ([change, spec]) => [`${mode}: ${change}`, checkShownOnly, spec] as const,
    ),
  );
  it.each(rows)("%s", { timeout: 30_000 }, async (_name, checkShownOnly, change) => {
    const root = await folder();
    await memoryBlock({ root });
    await flushRecallIndexes();
    await change.act(root);
    settleWrittenFiles();
    if (change.recalled === true) {
      await seenByRecall(root);
      expect(await readFile(join(root, ".memfiles", RECALL_INDEX_LOG), "utf8")).not.toBe("");
    }
    forgetOpenRecallIndexes();
    const store = new MemoryStore({ root });
    // The truth: no recall index, every file listed and read.
    const plain = { list: () => store.list(), read: (path: string) => store.read(path) };
    const expected = await memoryBlock({ store: plain });
    const stamped: Array<number | "all"> = [];
    const block = await memoryBlock({ store: countingStamps(root, stamped), checkShownOnly });
    expect(block).toEqual(expected);
    // A stat of every file is the full check: what the quick one gives way to.
    if (checkShownOnly) expect(stamped.includes("all")).toBe(!change.quick);
    if (change.shows !== undefined) expect(block.text).toContain(change.shows);
    if (change.hides !== undefined) expect(block.text).not.toContain(change.hides);
    expect(block.text).not.toContain("staging");
    expect(block.text).not.toContain("Other secrets.");
    await flushRecallIndexes();
  });

  it("stats only the files the block shows when nothing changed", async () => {
    const root = await folder();
    await memoryBlock({ root });
    await flushRecallIndexes();
    const stamped: Array<number | "all"> = [];
    const block = await memoryBlock({ store: countingStamps(root, stamped), checkShownOnly: true });
    expect(block.text).toContain('shown="30"');
    expect(stamped).toEqual([30]);
  });

  it("after writes went to the index's log, stats only the files shown or logged", async () => {
    const root = await folder();
    await memoryBlock({ root });
    await flushRecallIndexes();
    await writeFile(join(root, "topics/garden.md"), file("garden", "Garden notes.", "2026/09/05"));
    await writeFile(
      join(root, "topics/filler-5.md"),
      file("filler 5", "Older notes.", "2026/01/01"),
    );
    // A prompt's recall that sees the files stores them in the log, not in the first line.
    await seenByRecall(root);
    const log = await readFile(join(root, ".memfiles", RECALL_INDEX_LOG), "utf8");
    expect(log).toContain("garden");
    expect(log).toContain("filler-5");
    const stamped: Array<number | "all"> = [];
    expect(
      (await memoryBlock({ store: countingStamps(root, stamped), checkShownOnly: true })).text,
    ).toContain("Garden notes.");
    // The 30 shown (the new file among them) and the logged file the block does not show.
    expect(stamped).toEqual([31]);
  });
});
