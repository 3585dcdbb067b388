import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recallTruth, settleWrittenFiles, subjectFile } from "../../test/recall-writes.js";
import { MemoryStore } from "../store/index.js";
import type { StoreLayout } from "../store/types.js";
import { rankRecallUnits } from "./budgeted-recall.js";
import {
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  openRecallIndex,
  RecallIndex,
} from "./recall-index.js";

// Many files of lines that tie: the same words, lengths and days, so their order is the tie rule
// alone. A kept index that met the writes in another order must rank as a rebuild and as the
// ranking without an index.
const SUBJECTS = ["hosting", "garden", "travel"];
const FILES = 24;

const pathOf = (layout: StoreLayout, name: string) =>
  layout === "subject" ? `topics/${name}.md` : `${name}.md`;

const fileOf = (layout: StoreLayout, name: string, lines: string[]) =>
  layout === "subject"
    ? subjectFile(name, "Notes the user keeps.", lines)
    : `---\nname: ${name}\ndescription: Notes the user keeps.\ntype: user\nupdated: 2026/03/04\n---\n${lines.join(" ")}\n`;

const linesOf = (name: string, count: number) =>
  Array.from(
    { length: count },
    (_, line) =>
      `[stated 2026/03/0${1 + (line % 3)}] fact ${line} about ${SUBJECTS[line % SUBJECTS.length]} ${name}: prefers option ${line % 4}`,
  );

async function folder(layout: StoreLayout): Promise<MemoryStore> {
  const root = await mkdtemp(join(tmpdir(), `memfiles-tie-order-${layout}-`));
  mkdirSync(join(root, "topics"), { recursive: true });
  for (let file = 0; file < FILES; file++) {
    const name = `${SUBJECTS[file % SUBJECTS.length]}-${file}`;
    writeFileSync(join(root, pathOf(layout, name)), fileOf(layout, name, linesOf("note", 4)));
  }
  return new MemoryStore({ root, layout });
}

type Change = (store: MemoryStore) => Promise<void>;

const write =
  (name: string, lines: string[]): Change =>
  async (store) => {
    const path = pathOf(store.layout, name);
    const current = await store.read(path);
    const written = await store.write(
      path,
      fileOf(store.layout, name, lines),
      current.exists ? current.version : "new",
    );
    if (!written.ok) throw new Error(written.message);
  };

const CHANGES: Change[] = [
  write("garden-1", linesOf("note", 6)),
  write("porto", linesOf("note", 3)),
  async (store) => {
    await store.delete(pathOf(store.layout, "travel-2"));
  },
  write("hosting-0", linesOf("note", 2)),
  write("lisbon", linesOf("note", 5)),
];

const QUERIES = [
  "prefers option",
  "hosting garden",
  "What does the user keep about travel?",
  "fact about hosting",
];

// The matched units in order (a ranking without an index lists the unmatched ones after them).
const order = (units: ReadonlyArray<{ path: string; text: string; score: number }>) =>
  units.filter((unit) => unit.score > 0).map((unit) => `${unit.path}: ${unit.text}`);

// One request of a new process: the stored index read, the log folded in, the change appended.
async function coldRequest(store: MemoryStore): Promise<void> {
  settleWrittenFiles();
  forgetOpenRecallIndexes();
  await openRecallIndex(store);
  await flushRecallIndexes();
}

afterEach(() => {
  vi.useRealTimers();
  forgetOpenRecallIndexes();
});

describe.each<StoreLayout>(["subject", "fact"])(
  "ties in the recall index (%s layout)",
  (layout) => {
    it.each([
      ["in the order written", CHANGES],
      ["in the reverse order", [...CHANGES].reverse()],
    ])("rank as a rebuild and as no index after writes %s", async (_name, changes) => {
      const store = await folder(layout);
      const kept = new RecallIndex();
      settleWrittenFiles();
      await kept.refresh(store);
      await coldRequest(store);
      for (const change of changes) {
        await change(store);
        settleWrittenFiles();
        await kept.refresh(store);
        await coldRequest(store);
      }
      const rebuilt = new RecallIndex();
      await rebuilt.refresh(store);
      for (const query of QUERIES) {
        const expected = order(rebuilt.query(query));
        expect(expected.length, query).toBeGreaterThan(10);
        expect({ query, kept: order(kept.query(query)) }).toEqual({ query, kept: expected });
        // A new process: the stored index, the writes' log folded in.
        forgetOpenRecallIndexes();
        expect({ query, stored: order(await rankRecallUnits({ store, query })) }).toEqual({
          query,
          stored: expected,
        });
        expect({ query, read: order(await recallTruth(store, query)) }).toEqual({
          query,
          read: expected,
        });
      }
    });
  },
);
