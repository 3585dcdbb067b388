import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { memoryBackend } from "../../test/memory-backend.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { LAYOUT_NAMES } from "../store/layout-names.js";
import {
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  openRecallIndex,
  RECALL_INDEX_FILE,
} from "./recall-index.js";
import { rebuildRecallIndex, recallIndexDrift } from "./recall-index-drift.js";

// `check` reports a stored recall index out of step with the files (docs/decisions/0089): one
// rule, `recallIndexDrift`, read-only, for a folder and a backend, both layouts, each kind of
// drift; `rebuildRecallIndex` (check --fix) leaves none.

const roots: string[] = [];
afterEach(async () => {
  forgetOpenRecallIndexes();
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

// A memory and the hand of another writer on it: a person's editor on a folder, another client
// of the same database on a backend.
type Place = {
  store: () => MemoryStore;
  put: (path: string, text: string) => Promise<void>;
  remove: (path: string) => Promise<void>;
  stored: () => Promise<string>;
  setStored: (text: string) => Promise<void>;
};

async function folderPlace(layout: StoreLayout): Promise<Place> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-index-drift-"));
  roots.push(root);
  const at = (path: string) => join(root, path);
  return {
    store: () => new MemoryStore({ root, layout }),
    put: async (path, text) => {
      await mkdir(dirname(at(path)), { recursive: true });
      await writeFile(at(path), text, "utf8");
    },
    remove: (path) => rm(at(path)),
    stored: () => readFile(at(`.memfiles/${RECALL_INDEX_FILE}`), "utf8"),
    setStored: (text) => writeFile(at(`.memfiles/${RECALL_INDEX_FILE}`), text, "utf8"),
  };
}

async function backendPlace(layout: StoreLayout): Promise<Place> {
  const backend = memoryBackend(`memory:drift-${Math.random()}`);
  return {
    store: () => new MemoryStore({ backend, layout }),
    put: async (path, text) => {
      backend.files.set(path, text);
    },
    remove: async (path) => {
      backend.files.delete(path);
    },
    stored: async () => backend.internal.get(RECALL_INDEX_FILE) ?? "",
    setStored: async (text) => {
      backend.internal.set(RECALL_INDEX_FILE, text);
    },
  };
}

const PLACES = { folder: folderPlace, backend: backendPlace } as const;

const fileText = (layout: StoreLayout, name: string, fact: string) =>
  `---\nname: ${name}\ndescription: About ${name}.\n${layout === "fact" ? "type: user\n" : ""}---\n[stated 2026/01/02] ${fact}\n`;
const paths = (layout: StoreLayout) =>
  layout === "subject"
    ? { bikes: "topics/bikes.md", tools: "topics/tools.md", new: "topics/garden.md" }
    : { bikes: "bikes.md", tools: "tools.md", new: "garden.md" };

// What happens after the index was stored, and the drift `check` must then report.
const DRIFTS = [
  { drift: "nothing", change: async () => undefined, want: () => [] },
  {
    drift: "a write through the store (its log line)",
    change: async (place: Place, layout: StoreLayout) => {
      const store = place.store();
      const path = paths(layout).bikes;
      const before = await store.read(path);
      await store.write(path, fileText(layout, "bikes", "rides a blue bike"), before.version);
    },
    // A folder's write notes its file in the index's log, so the index knows to read it again. A
    // backend notes none (its stamps are version tokens, compared by every recall): the next
    // recall reads the file again, as for another client's write.
    want: (layout: StoreLayout, place: "folder" | "backend") =>
      place === "folder" ? [] : [{ code: "changed", path: paths(layout).bikes, nextRecall: true }],
  },
  {
    drift: "a file added by hand",
    change: async (place: Place, layout: StoreLayout) =>
      place.put(paths(layout).new, fileText(layout, "garden", "grows tomatoes")),
    want: (layout: StoreLayout) => [{ code: "not_indexed", path: paths(layout).new }],
  },
  {
    drift: "a file removed by hand",
    change: async (place: Place, layout: StoreLayout) => place.remove(paths(layout).tools),
    want: (layout: StoreLayout) => [{ code: "gone", path: paths(layout).tools }],
  },
  {
    drift: "a file edited by hand",
    change: async (place: Place, layout: StoreLayout) =>
      place.put(paths(layout).bikes, fileText(layout, "bikes", "rides a red bike")),
    want: (layout: StoreLayout) => [
      { code: "changed", path: paths(layout).bikes, nextRecall: expect.any(Boolean) },
    ],
  },
  {
    drift: "a stored index of an older format",
    change: async (place: Place) =>
      place.setStored((await place.stored()).replace(/"format":\d+/, '"format":1')),
    want: () => [{ code: "unreadable" }],
  },
  {
    drift: "a unit that no line gives (a damaged index)",
    // Of the same length: a unit's text of another length no longer ends where the stored
    // texts' size says, and the whole index is unreadable (decision 0110).
    change: async (place: Place) =>
      place.setStored((await place.stored()).replace("rides a green bike", "rides a green bice")),
    want: (layout: StoreLayout) => [
      { code: "units_differ", path: paths(layout).bikes, missing: 1, extra: 1 },
    ],
  },
  {
    drift: "a unit's text cut short (the texts' size names another line's end)",
    change: async (place: Place) =>
      place.setStored((await place.stored()).replace("rides a green bike", "rides a green bik")),
    want: () => [{ code: "unreadable" }],
  },
] as const;

describe("recallIndexDrift: the stored recall index against the files", () => {
  const cases = (["folder", "backend"] as const).flatMap((place) =>
    LAYOUT_NAMES.flatMap((layout) => DRIFTS.map((drift) => ({ place, layout, ...drift }))),
  );
  it.each(cases)(
    "$place, $layout layout: $drift",
    async ({ place: name, layout, change, want }) => {
      const place = await PLACES[name](layout);
      const { bikes, tools } = paths(layout);
      await place.put(bikes, fileText(layout, "bikes", "rides a green bike"));
      await place.put(tools, fileText(layout, "tools", "uses Vim"));
      await openRecallIndex(place.store());
      await flushRecallIndexes();
      forgetOpenRecallIndexes();
      await change(place, layout);
      const stored = await place.stored();
      expect(await recallIndexDrift(place.store())).toEqual(want(layout, name));
      // Read-only: the stored index is as it was.
      expect(await place.stored()).toBe(stored);
      await rebuildRecallIndex(place.store());
      await flushRecallIndexes();
      expect(await recallIndexDrift(place.store())).toEqual([]);
    },
  );

  it.each(LAYOUT_NAMES)("%s layout: no stored index is no drift", async (layout) => {
    const place = await folderPlace(layout);
    await place.put(paths(layout).bikes, fileText(layout, "bikes", "rides a green bike"));
    expect(await recallIndexDrift(place.store())).toEqual([]);
  });
});
