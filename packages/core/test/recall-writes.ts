import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, vi } from "vitest";
import { boundaryStore } from "../src/boundary/index.js";
import { forget, remember } from "../src/layouts/index.js";
import { type RecallUnit, rankRecallUnits } from "../src/recall/budgeted-recall.js";
import {
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  RECALL_INDEX_FILE,
  RECALL_INDEX_LOG,
  type RecallIndexStore,
  recallIndexStartFits,
} from "../src/recall/recall-index.js";
import { fileScope, inScope } from "../src/recall/scope-rule.js";
import { renderCheckingShownFiles } from "../src/recall/shown-files-check.js";
import { MemoryStore } from "../src/store/index.js";
import type { MemoryRow, StoreLayout } from "../src/store/types.js";
import { editDescription } from "../src/write/index.js";

/** The request every row of the recall-after-write table asks. */
export const RECALL_QUERY = "Where does Marta live and work, and which tools and hosting do I use?";

/** The clock of the table's writes (a `remember` or `forget` dates what it writes by it). */
export const RECALL_NOW = new Date("2026-09-12T09:00:00Z");

/** A subject-layout file: header `name` / `description` (+ `extra` header lines), then `lines`. */
export const subjectFile = (name: string, description: string, lines: string[], extra = "") =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n${lines.join("\n")}\n`;

/** A fact-layout file: front matter `name` / `description` / `type`, then the fact's `body`. */
export const factFile = (name: string, description: string, body: string, type = "user") =>
  `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\n---\n${body}\n`;

const FILES: Record<StoreLayout, Record<string, string>> = {
  subject: {
    "people/marta.md": subjectFile("Marta", "The user's sister.", [
      "[stated 2026/05/08] moved to Lisbon last spring",
      "[stated 2026/06/01] works as an architect",
    ]),
    "topics/tools.md": subjectFile("tools", "Editor and hosting tools.", [
      "[stated 2026/09/01] uses Neovim",
      "[stated 2026/09/01] deploys on Heroku",
    ]),
    "topics/trips.md": subjectFile(
      "trips",
      "Travel plans.",
      ["[stated 2026/07/02] visits Marta in Lisbon in May"],
      "links: [Marta]\n",
    ),
  },
  fact: {
    "marta.md": factFile(
      "Marta",
      "The user's sister.",
      "Marta moved to Lisbon last spring and works as an architect.",
    ),
    "editor.md": factFile("Editor", "The user's editor.", "Uses Neovim."),
    "hosting.md": factFile("Hosting", "Where the user deploys.", "Deploys on Heroku.", "project"),
    "trips.md": factFile("Trips", "Travel plans.", "Visits Marta in Lisbon in May."),
  },
};

/**
 * Writes the table's memory into `store` (in its layout): Marta, the user's tools and hosting, a
 * trip; every row of the table starts from it.
 *
 * @param store - An empty memory: a folder, or a tenant of a database.
 * @returns Resolves when every file is written.
 * @throws {Error} when a file cannot be written (it exists already, or the store refuses it).
 * @example await recallMemory(pgMemoryStore(sql, "tenant-1", { layout: "fact" }));
 */
export async function recallMemory(store: MemoryStore): Promise<void> {
  for (const [path, content] of Object.entries(FILES[store.layout])) {
    const written = await store.write(path, content, "new");
    if (!written.ok) throw new Error(`the table's memory: ${written.message}`);
  }
}

/**
 * {@link recallMemory} in a memory folder of its own (a fresh temporary folder).
 *
 * @param layout - `subject` (default) or `fact`.
 * @returns The store over it; its folder is `store.root`.
 * @example const store = await recallFolder("fact");
 */
export async function recallFolder(layout: StoreLayout = "subject"): Promise<MemoryStore> {
  const root = await mkdtemp(join(tmpdir(), `memfiles-recall-${layout}-`));
  const store = new MemoryStore({ root, layout });
  await recallMemory(store);
  return store;
}

/** The changes every writing surface can make to {@link recallFolder}'s memory, in one layout. */
export type RecallChanges = {
  /** A stored fact replaced: its file, its text as stored (`replaces` names it) and the new one. */
  edit: { path: string; from: string; to: string };
  /** A new fact and the file `remember` is given for it. */
  add: { path: string; fact: string };
  /** A stored fact forgotten: the query, its file and its line as stored, and its text. */
  forget: { query: string; path: string; line: string; text: string };
  /** A file's description changed (indexed with each of the file's units; words of the query). */
  describe: { path: string; description: string };
};

/** The table's changes by layout: one place for what each surface's row writes and expects. */
export const RECALL_CHANGES: Record<StoreLayout, RecallChanges> = {
  subject: {
    edit: { path: "topics/tools.md", from: "deploys on Heroku", to: "deploys on Fly.io" },
    add: { path: "topics/tools.md", fact: "hosts the blog on Netlify" },
    forget: {
      query: "uses Neovim",
      path: "topics/tools.md",
      line: "[stated 2026/09/01] uses Neovim",
      text: "uses Neovim",
    },
    describe: { path: "people/marta.md", description: "The user's sister; hosts tools meetups." },
  },
  fact: {
    edit: { path: "hosting.md", from: "Deploys on Heroku.", to: "deploys on Fly.io" },
    add: { path: "blog-host", fact: "hosts the blog on Netlify" },
    forget: { query: "uses Neovim", path: "editor.md", line: "Uses Neovim.", text: "Uses Neovim." },
    describe: { path: "marta.md", description: "The user's sister; hosts tools meetups." },
  },
};

/** One write of the table: what it does, and what the next recall must then show or hide. */
export type RecallWrite = {
  /** Changes the memory; its recall index has been built and stored, and this process holds it. */
  act: (store: MemoryStore) => Promise<void>;
  /** Text a recalled unit must now hold (case ignored), if any. */
  shows?: string;
  /** Text no recalled unit may hold any more (case ignored), if any. */
  hides?: string;
  /** Text forgotten: the stored recall index (file and log) may not hold it any more (case ignored). */
  forgotten?: string;
  /**
   * Made past the store (a person's editor, a tool writing the file itself): no log line tells
   * the session-start check of it, which sees it only in a file its block shows.
   */
  byHand?: boolean;
};

/**
 * How one surface makes each change of {@link RecallChanges} (a surface without one leaves it out).
 * `restore` is given a memory whose fact `forget` names was forgotten through `forget` just before.
 */
export type RecallSurface = {
  edit?: (store: MemoryStore, change: RecallChanges["edit"]) => Promise<void>;
  add?: (store: MemoryStore, change: RecallChanges["add"]) => Promise<void>;
  forget?: (store: MemoryStore, change: RecallChanges["forget"]) => Promise<void>;
  /** Brings back the line `forget` removed (the memory page's Undo). */
  restore?: (store: MemoryStore, change: RecallChanges["forget"]) => Promise<void>;
  describe?: (store: MemoryStore, change: RecallChanges["describe"]) => Promise<void>;
  /**
   * Its `forget` deletes the line as a person's editor does: recall drops it at the next request,
   * but the stored index keeps its words until the log is next folded in (docs/memory-folder.md).
   */
  byHand?: boolean;
};

/** The library's writes: `store.write` of an edited text, `remember`, `forget`, `editDescription`. */
export const LIBRARY_WRITES: RecallSurface = {
  edit: async (store, { path, from, to }) => {
    const current = await store.read(path);
    if (!current.exists) throw new Error(`the table's memory has no ${path}`);
    const written = await store.write(path, current.content.replace(from, to), current.version);
    expect(written.ok).toBe(true);
  },
  add: async (store, { path, fact }) => {
    expect((await remember({ store, path, fact, now: RECALL_NOW })).ok).toBe(true);
  },
  forget: async (store, { query }) => {
    expect((await forget({ store, query, now: RECALL_NOW })).ok).toBe(true);
  },
  describe: async (store, { path, description }) => {
    const current = await store.read(path);
    const ifVersion = current.exists ? current.version : "";
    expect((await editDescription({ store, path, description, ifVersion })).ok).toBe(true);
  },
};

/** Whether a recalled unit holds `text` (case ignored). */
const holds = (units: readonly RecallUnit[], text: string) =>
  units.some((unit) => unit.text.toLowerCase().includes(text.toLowerCase()));

/**
 * A surface's rows of the table, for `it.each`: `[name, layout, write]` for each change the
 * surface makes, in both layouts, with what the recall must show and hide after it.
 *
 * @param surface - How the surface makes each change.
 * @param label - Put before each row's name, e.g. `library`.
 * @returns Rows named `[<label>, ]<layout>: <change>`.
 * @example it.each(recallWriteRows(MCP))("%s", (_name, layout, write) => ...)
 */
export function recallWriteRows(
  surface: RecallSurface,
  label?: string,
): Array<[string, StoreLayout, RecallWrite]> {
  const rows: Array<[string, StoreLayout, RecallWrite]> = [];
  for (const layout of ["subject", "fact"] as const) {
    const change = RECALL_CHANGES[layout];
    const row = (name: string, write: RecallWrite) =>
      rows.push([
        `${label === undefined ? "" : `${label}, `}${layout}: ${name}`,
        layout,
        surface.byHand === true ? { ...write, byHand: true } : write,
      ]);
    const { edit, add, forget, restore, describe } = surface;
    if (edit)
      row("edit", {
        act: (store) => edit(store, change.edit),
        shows: change.edit.to,
        hides: change.edit.from,
      });
    if (add) row("add", { act: (store) => add(store, change.add), shows: change.add.fact });
    if (forget)
      row("forget", {
        act: (store) => forget(store, change.forget),
        hides: change.forget.text,
        ...(surface.byHand === true ? {} : { forgotten: change.forget.text }),
      });
    if (forget && restore)
      row("undo of a forget", {
        act: async (store) => {
          await forget(store, change.forget);
          // Seen gone first, so an index that missed both writes cannot pass.
          const units = await rankRecallUnits({ store, query: RECALL_QUERY });
          expect(holds(units, change.forget.text), change.forget.text).toBe(false);
          await restore(store, change.forget);
        },
        shows: change.forget.text,
      });
    if (describe) row("description", { act: (store) => describe(store, change.describe) });
  }
  return rows;
}

/**
 * Fakes `Date` 3 s past the real clock, so every memory file written so far counts as settled: a
 * folder store trusts a file's stat only once the file is 2 s old, and re-reads it until then, so
 * what a test sees would hang on how fast the machine ran. Called again after each write that is
 * to be settled; `vi.useRealTimers()` ends it.
 *
 * @example settleWrittenFiles(); await openRecallIndex(store); // every file stamped
 */
export function settleWrittenFiles(): void {
  const now = vi.getRealSystemTime() + 3_000;
  if (vi.isFakeTimers()) vi.setSystemTime(now);
  else vi.useFakeTimers({ toFake: ["Date"], now });
}

/** What a request sees, in a form two rankings can be compared in (scores to 4 places). */
export const seenUnits = (units: readonly RecallUnit[]) =>
  units.map((unit) => [unit.path, unit.text, unit.date, unit.score.toFixed(4)]);

/** The ranking without any index: every file listed and read (the store seen as a plain object). */
export async function recallTruth(
  store: Pick<MemoryStore, "list" | "read">,
  query = RECALL_QUERY,
): Promise<RecallUnit[]> {
  const plain = { list: () => store.list(), read: (path: string) => store.read(path) };
  return rankRecallUnits({ store: plain, query });
}

/**
 * The check of every row: the store's recall index built and stored, this process holding it (and
 * watching the folder), then `write.act`; the next request's view, this process's index and a new
 * process's read of the stored index must each rank as reading every file does, and show / hide
 * the row's texts. The clock runs 3 s ahead, and 3 s past the write once it is made, so every file
 * counts as settled (outside the 2 s in which a file is read on every request): the rows test the
 * stamps and the folder's events, not that re-read.
 *
 * @param store - A memory, e.g. from {@link recallFolder}.
 * @param write - The row.
 * @param options - `recalled`: what a surface's own recall shows after the write (e.g. a hook's
 *   output), read last with no index held; it must hold `shows` and not `hides` (case ignored).
 * @returns Resolves when every check passed (a failed one throws vitest's assertion error).
 * @example await expectRecallAfterWrite(await recallFolder("fact"), write);
 */
export async function expectRecallAfterWrite(
  store: MemoryStore,
  write: RecallWrite,
  options: { recalled?: () => Promise<string> } = {},
): Promise<void> {
  settleWrittenFiles();
  try {
    await changeAndCompare(store, write);
    if (options.recalled !== undefined) {
      // The surface's own reader, in a process that holds no index (as a hook's is).
      forgetOpenRecallIndexes();
      const text = (await options.recalled()).toLowerCase();
      if (write.shows !== undefined) expect(text, write.shows).toContain(write.shows.toLowerCase());
      if (write.hides !== undefined) {
        expect(text, write.hides).not.toContain(write.hides.toLowerCase());
      }
    }
  } finally {
    vi.useRealTimers();
    forgetOpenRecallIndexes();
  }
}

async function changeAndCompare(store: MemoryStore, write: RecallWrite): Promise<void> {
  expect((await store.listStamps()).every((file) => file.stamp !== "")).toBe(true);
  const rank = (view: Parameters<typeof rankRecallUnits>[0]["store"] = store) =>
    rankRecallUnits({ store: view, query: RECALL_QUERY });
  expect(seenUnits(await rank())).toEqual(seenUnits(await recallTruth(store)));
  // Asked again: this process now watches the folder, and the request right after the write
  // must see it without a walk of the stamps having been due.
  expect(seenUnits(await rank())).toEqual(seenUnits(await recallTruth(store)));
  await flushRecallIndexes();
  await write.act(store);
  // However long the write took (a child process takes seconds on a busy machine).
  settleWrittenFiles();
  await expectSessionStartRows(store, write);
  const expected = seenUnits(await recallTruth(store));
  // The next request's view notices the write when it is made...
  const request = await boundaryStore(store).forRequest(RECALL_QUERY);
  expect(seenUnits(await rank(request))).toEqual(expected);
  // ...as does this process's index, brought up to date from the stamps...
  const warm = await rank();
  expect(seenUnits(warm)).toEqual(expected);
  if (write.shows !== undefined) expect(holds(warm, write.shows), write.shows).toBe(true);
  if (write.hides !== undefined) expect(holds(warm, write.hides), write.hides).toBe(false);
  // ...and what a new process reads back from the stored index: the same, without reading any
  // memory file again (the stored index and its log hold the write).
  await flushRecallIndexes();
  if (write.forgotten !== undefined) {
    for (const name of [RECALL_INDEX_FILE, RECALL_INDEX_LOG]) {
      const stored = (await store.readInternal(name)) ?? "";
      expect(stored.toLowerCase(), name).not.toContain(write.forgotten.toLowerCase());
    }
  }
  forgetOpenRecallIndexes();
  const reads: string[] = [];
  const newProcess: RecallIndexStore & Pick<MemoryStore, "list"> = {
    root: store.root,
    layout: store.layout,
    maxChars: store.maxChars,
    listStamps: (known, options) => store.listStamps(known, options),
    list: () => store.list(),
    read: (path) => {
      reads.push(path);
      return store.read(path);
    },
    readInternal: (path, options) => store.readInternal(path, options),
    writeInternal: (path, text) => store.writeInternal(path, text),
    appendInternal: (path, text) => store.appendInternal(path, text),
  };
  expect(seenUnits(await rank(newProcess))).toEqual(expected);
  expect(reads).toEqual([]);
  await flushRecallIndexes();
}

/**
 * The rows the session-start check (`renderCheckingShownFiles`) lists right after the write,
 * before any recall stores the index again: read as a new process reads them (the stored index's
 * first line and its log, the stamps of the files its block shows and of the logged ones). Its
 * block showing every row, a stale answer is never given; showing none (a block cut to nothing
 * stats no file), a store's write must still be listed as the files hold it, from the log's line:
 * on a folder with a usable stored index, with no fall back to the full check. A write by hand is
 * seen only in a file shown.
 */
async function expectSessionStartRows(store: MemoryStore, write: RecallWrite): Promise<void> {
  const truth = (await store.list()).filter((row) =>
    inScope(fileScope(row.path, row.scope), undefined),
  );
  for (const shows of ["every row", "no row"] as const) {
    if (shows === "no row" && write.byHand === true) continue;
    const listed = await renderCheckingShownFiles(store, undefined, async (view, onShown) => {
      const rows: MemoryRow[] = await view.list();
      onShown(shows === "every row" ? rows.map((row) => row.path) : []);
      return rows;
    });
    // A forget through a view of the memory empties the stored index: nothing to answer from.
    const stored = await store.readInternal(RECALL_INDEX_FILE, { firstLine: true });
    const quick =
      shows === "no row" &&
      write.byHand !== true &&
      existsSync(store.root) &&
      recallIndexStartFits(stored, store);
    if (quick || listed !== undefined) {
      expect(
        listed?.map((row) => ({ ...row })),
        `session start, block showing ${shows}`,
      ).toEqual(truth);
    }
  }
}
