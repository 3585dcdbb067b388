import { readFileSync, writeFileSync } from "node:fs";
import { cp, mkdtemp, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  factFile,
  RECALL_CHANGES,
  RECALL_NOW,
  RECALL_QUERY,
  recallFolder,
  settleWrittenFiles,
  subjectFile,
} from "../../test/recall-writes.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { forget } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";
import type { StoreLayout } from "../store/types.js";
import { rankRecallUnits } from "./budgeted-recall.js";
import {
  compactRecallIndex,
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  RECALL_INDEX_FILE,
  RECALL_INDEX_LOG,
} from "./recall-index.js";

// A file written less than 2 s before a process stores the index is stored with the stamp ""
// (its stat is not trusted yet). The next process past the 2 s reads the file again, finds the
// text it indexed and only stamps it: its log line must still carry the file's units, which that
// process (having read the stored index in part) has not made objects of. Each later process
// folds that line; recall must go on showing the file's other lines.

type Act = (store: MemoryStore) => Promise<void>;

const ACTS: Record<string, (layout: StoreLayout) => Act> = {
  "the store's write": (layout) => async (store) => {
    const { path, from, to } = RECALL_CHANGES[layout].edit;
    const current = await store.read(path);
    if (!current.exists) throw new Error(`${path} is missing`);
    const written = await store.write(path, current.content.replace(from, to), current.version);
    expect(written.ok).toBe(true);
  },
  "a person's editor": (layout) => async (store) => {
    const { path, from, to } = RECALL_CHANGES[layout].edit;
    const absolute = join(store.root, path);
    writeFileSync(absolute, readFileSync(absolute, "utf8").replace(from, to));
  },
  forget: (layout) => async (store) => {
    const result = await forget({
      store,
      query: RECALL_CHANGES[layout].forget.query,
      now: RECALL_NOW,
    });
    expect(result.ok).toBe(true);
  },
};

// The fact layout's forget removes the fact's one file: nothing left to stamp.
const ROWS = (["subject", "fact"] as const).flatMap((layout) =>
  Object.entries(ACTS)
    .filter(([kind]) => layout === "subject" || kind !== "forget")
    .map(([kind, act]) => ({ layout, kind, act: act(layout) })),
);

/** A prompt hook's recall in a new process: no index held, the stored index read in part. */
async function coldRequest(root: string, layout: StoreLayout): Promise<string[]> {
  forgetOpenRecallIndexes();
  const result = await recallForPrompt({ root, layout, query: RECALL_QUERY, budgetTokens: 2_000 });
  await flushRecallIndexes();
  return result.units.map((unit) => `${unit.path}: ${unit.text}`).sort();
}

describe("a file stored within its 2 s, stamped by a later process", () => {
  it.each(ROWS)(
    "$layout, $kind: every later process recalls its lines",
    async ({ layout, act }) => {
      const store = await recallFolder(layout);
      // Enough other files that the stamping process's line goes to the log (under its share of
      // the stored index) rather than the index being stored whole.
      for (let at = 0; at < 20; at++) {
        const text =
          layout === "subject"
            ? subjectFile(`hobby ${at}`, `Hobby ${at}.`, [`[stated 2026/08/01] plays game ${at}`])
            : factFile(`Hobby ${at}`, `Hobby ${at}.`, `Plays game ${at}.`);
        const path = layout === "subject" ? `topics/hobby-${at}.md` : `hobby-${at}.md`;
        expect((await store.write(path, text, "new")).ok).toBe(true);
      }
      // Every file an hour old, changed (its ctime) before `touched`: a clock set to `touched` + 2 s
      // trusts their stats and not the row's write, made after.
      const hourAgo = new Date(Date.now() - 3_600_000);
      for (const row of await store.list())
        await utimes(join(store.root, row.path), hourAgo, hourAgo);
      const touched = Date.now();
      try {
        settleWrittenFiles();
        await rankRecallUnits({ store, query: RECALL_QUERY });
        await flushRecallIndexes();
        forgetOpenRecallIndexes();
        expect(await store.readInternal(RECALL_INDEX_FILE)).not.toContain('"stamp":""');
        vi.useRealTimers();
        await new Promise((resolve) => setTimeout(resolve, 20));
        await act(store);
        vi.useFakeTimers({ toFake: ["Date"], now: touched + 2_010 });
        // Within the file's 2 s a process stores the index whole (as a CLI's write does, or the
        // hooks' detached build), the file unstamped.
        const other = new MemoryStore({ root: store.root, layout });
        await rankRecallUnits({ store: other, query: RECALL_QUERY });
        await flushRecallIndexes();
        forgetOpenRecallIndexes();
        await compactRecallIndex(new MemoryStore({ root: store.root, layout }));
        await flushRecallIndexes();
        expect((await store.readInternal(RECALL_INDEX_LOG)) ?? "").toBe("");
        expect(await store.readInternal(RECALL_INDEX_FILE)).toContain('"stamp":""');
        settleWrittenFiles();
        // What a process sees that builds the index from the files: a copy without the index.
        const copy = await mkdtemp(join(tmpdir(), "memfiles-restamped-"));
        await cp(store.root, copy, { recursive: true });
        await rm(join(copy, ".memfiles"), { recursive: true, force: true });
        const expected = await coldRequest(copy, layout);
        expect(expected.length).toBeGreaterThan(0);
        for (const process of ["stamps it (its line logged)", "folds its line", "folds it again"]) {
          expect(await coldRequest(store.root, layout), process).toEqual(expected);
          if (process.endsWith("logged)"))
            expect(await store.readInternal(RECALL_INDEX_LOG)).not.toBe("");
        }
      } finally {
        vi.useRealTimers();
        forgetOpenRecallIndexes();
      }
    },
  );
});
