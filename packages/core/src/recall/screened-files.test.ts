import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { settleWrittenFiles } from "../../test/recall-writes.js";
import { tempStore } from "../../test/temp-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import type { MemoryStore } from "../store/index.js";
import type { StoreLayout } from "../store/types.js";
import { budgetedRecall, rankRecallUnits } from "./budgeted-recall.js";
import {
  clearedByScreen,
  compactRecallIndex,
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  RECALL_INDEX_LOG,
} from "./recall-index.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const GITHUB = `${"ghp"}_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
const HALVES = [GITHUB.slice(0, 22), GITHUB.slice(22)] as const;
// An AWS key id cut after its prefix: neither dated line is key-shaped alone, so only the screen
// of the file's body, its lines joined, finds it.
const AWS = ["AKIA", "2E4KQ7XY5ZB3MN6P"] as const;
const QUERY = "what is my github token";

const header = (name: string) =>
  `---\nname: ${name}\ndescription: ${name}.\nupdated: 2026/11/01\n---\n`;

// The file recall shows, clean, and with a key split over two of its lines by hand (each line
// harmless alone), by the shape of the split: dated lines in the subject layout (a unit each), a
// body of two lines in the fact layout (one unit, its lines joined), and an AWS key id cut after
// its prefix over two dated lines (no line, nor unit, is key-shaped: only the screen of the file's
// body, its lines joined, finds it). `parts` may not be shown.
type Shape = { layout: StoreLayout; path: string; clean: string; split: string; parts: string[] };
const FILE: Record<string, Shape> = {
  subject: {
    layout: "subject",
    path: "topics/tokens.md",
    clean: `${header("tokens")}[stated 2026/11/01] my github token rotates every spring\n`,
    split: `${header("tokens")}[stated 2026/11/01] my github token ${HALVES[0]}\n[stated 2026/11/01] ${HALVES[1]}\n`,
    parts: [...HALVES],
  },
  fact: {
    layout: "fact",
    path: "github-token.md",
    clean: `${header("github-token")}my github token rotates every spring\n`,
    split: `${header("github-token")}my github token ${HALVES[0]}\n${HALVES[1]}\n`,
    parts: [...HALVES],
  },
  "subject, seen only in the body": {
    layout: "subject",
    path: "topics/tokens.md",
    clean: `${header("tokens")}[stated 2026/11/01] my github token rotates every spring\n`,
    split: `${header("tokens")}[stated 2026/11/01] my github token sits by the cloud id ${AWS[0]}\n[stated 2026/11/01] ${AWS[1]}\n`,
    parts: [AWS[1]],
  },
};
const SHAPES = Object.keys(FILE);

async function memory(shape: Shape, body: "clean" | "split"): Promise<MemoryStore> {
  const store = await tempStore(shape.layout);
  await store.write(shape.path, shape[body], "new");
  for (let n = 0; n < 30; n++) {
    await store.write(`filler-${n}.md`, `${header(`filler ${n}`)}Filler fact ${n}.\n`, "new");
  }
  return store;
}

// What recall shows of the memory on the surfaces that mask a unit as it reads in its file.
async function shown(store: MemoryStore): Promise<string> {
  const note = (await budgetedRecall({ store, query: QUERY })).note;
  const hook = (await recallForPrompt({ store, query: QUERY })).text;
  return `${note}\n${hook}`;
}

function expectMasked(text: string, shape: Shape): void {
  // The surfaces showed the file's units (masked), so the check below is not vacuous.
  expect(text).toContain("github token");
  expect(text).toContain("[redacted]");
  for (const part of shape.parts) expect(text).not.toContain(part);
}

afterEach(() => {
  vi.useRealTimers();
});

// Where the recall index stands when recall runs: this process's copy, the stored index read by a
// new process, or the stored index with a log of later writes folded in.
const STATES: Record<string, (store: MemoryStore) => Promise<void>> = {
  warm: async () => {},
  "cold, stored whole": async () => {
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
  },
  "cold, with a log": async (store) => {
    // The clock stands past every file's 2 s of untrusted stat, so the files are stamped here and
    // the write below is the index's only change (a log), however slow the machine is.
    settleWrittenFiles();
    await rankRecallUnits({ store, query: QUERY });
    await flushRecallIndexes();
    // From an empty log: files an earlier request saw inside their 2 s are stamped by the request
    // above, and their lines could fill the log past its share (stored whole, the log emptied).
    await compactRecallIndex(store);
    const filler = (await store.read("filler-0.md")) as { version: string };
    await store.write("filler-0.md", `${header("filler 0")}Filler fact zero.\n`, filler.version);
    settleWrittenFiles();
    await rankRecallUnits({ store, query: QUERY });
    await flushRecallIndexes();
    expect(await store.readInternal(RECALL_INDEX_LOG)).toContain("filler-0.md");
    forgetOpenRecallIndexes();
  },
};

// How a file the screen cleared gets a key split over two of its lines: a person's editor, the
// store's own write (what every write path of the library ends in), another process's editor
// while this process holds no index.
const EDITS: Record<string, (store: MemoryStore, shape: Shape) => Promise<void>> = {
  "a person's editor": async (store, shape) => {
    await writeFile(join(store.root, shape.path), shape.split);
  },
  "the store's write": async (store, shape) => {
    const file = (await store.read(shape.path)) as { version: string };
    await store.write(shape.path, shape.split, file.version);
  },
  "another process, this one cold": async (store, shape) => {
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
    await writeFile(join(store.root, shape.path), shape.split);
  },
};

describe("a key split over two lines of a file is masked whatever the index knows of the file", () => {
  const cases = SHAPES.flatMap((name) =>
    Object.entries(STATES).map(
      ([state, to]) => [`${state} (${name})`, FILE[name] as Shape, to] as const,
    ),
  );
  it.each(cases)("indexed with the key: %s", async (_name, shape, to) => {
    const store = await memory(shape, "split");
    await rankRecallUnits({ store, query: QUERY });
    await to(store);
    const units = await rankRecallUnits({ store, query: QUERY });
    // The index did not clear the file.
    expect(units.filter((unit) => unit.path === shape.path && clearedByScreen(unit))).toEqual([]);
    expectMasked(await shown(store), shape);
  });

  const edits = SHAPES.flatMap((name) =>
    Object.entries(STATES).flatMap(([state, to]) =>
      Object.entries(EDITS).map(
        ([edit, change]) =>
          [`${edit}, index ${state} (${name})`, FILE[name] as Shape, to, change] as const,
      ),
    ),
  );
  it.each(edits)("cleared, then given the key by %s", async (_name, shape, to, change) => {
    const store = await memory(shape, "clean");
    const before = await rankRecallUnits({ store, query: QUERY });
    const ofFile = before.filter((unit) => unit.path === shape.path);
    // The file was cleared: what follows is the flag recomputed, not a file never cleared.
    expect(ofFile.length).toBeGreaterThan(0);
    expect(ofFile.every(clearedByScreen)).toBe(true);
    await to(store);
    await change(store, shape);
    expectMasked(await shown(store), shape);
  });
});

// A clean file edited by hand, clean still, found by a new process: its name and description kept,
// it is taken in as a fold of the stored index (decision 0074), screened as a whole read is.
const CLEAN_STATES: typeof STATES = {
  ...STATES,
  "cold, a clean file edited by hand": async (store) => {
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
    for (const shape of Object.values(FILE)) {
      if (shape.layout !== store.layout) continue;
      await writeFile(join(store.root, shape.path), shape.clean.replace("spring", "autumn"));
    }
    // The new process comes later: the edit is past its 2 s of untrusted stat, which has every
    // call read a just written file (on a busy machine the edit lands seconds after the clock set).
    settleWrittenFiles();
  },
};

describe("a clean memory's recall reads no memory file", () => {
  const cases = SHAPES.flatMap((name) =>
    Object.entries(CLEAN_STATES).map(
      ([state, to]) => [`${state} (${name})`, FILE[name] as Shape, to] as const,
    ),
  );
  it.each(cases)("%s", async (_name, shape, to) => {
    const store = await memory(shape, "clean");
    // Past the stores' 2 s of untrusted stat, which has every call read a just written file.
    settleWrittenFiles();
    try {
      await rankRecallUnits({ store, query: QUERY });
      await to(store);
      await rankRecallUnits({ store, query: QUERY });
      const read = vi.spyOn(store, "read");
      const text = await shown(store);
      expect(text).toMatch(/github token rotates every (spring|autumn)/);
      expect(read).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a flag set by another secret screen is not trusted", () => {
  it.each(SHAPES)("a log line of another screen's flag (%s)", async (name) => {
    const shape = FILE[name] as Shape;
    const store = await memory(shape, "clean");
    // Every file stamped and stored whole, the log empty: the write below is its one line however
    // slow the machine is (files stamped late append lines that could fill the log past its share).
    settleWrittenFiles();
    await rankRecallUnits({ store, query: QUERY });
    await flushRecallIndexes();
    await compactRecallIndex(store);
    // Another version's process indexed the file with the key and appended its line, its screen
    // having cleared it.
    const file = (await store.read(shape.path)) as { version: string };
    await store.write(shape.path, shape.split, file.version);
    settleWrittenFiles();
    await rankRecallUnits({ store, query: QUERY });
    await flushRecallIndexes();
    const path = join(store.root, ".memfiles", RECALL_INDEX_LOG);
    const log = await readFile(path, "utf8");
    const lines = log.split("\n").map((line) => {
      if (!line.includes(`"path":"${shape.path}"`) || !line.includes('"file"')) return line;
      const entry = JSON.parse(line) as { file: { screened?: string } };
      expect(entry.file.screened).toBeUndefined();
      entry.file.screened = "0123456789abcdef";
      return JSON.stringify(entry);
    });
    expect(lines.join("\n")).toContain('"screened":"0123456789abcdef"');
    await writeFile(path, lines.join("\n"));
    forgetOpenRecallIndexes();
    const units = await rankRecallUnits({ store, query: QUERY });
    expect(units.filter((unit) => unit.path === shape.path).some(clearedByScreen)).toBe(false);
    expectMasked(await shown(store), shape);
  });
});
