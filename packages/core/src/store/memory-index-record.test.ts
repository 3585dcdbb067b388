import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type MemoryBackend, memoryBackend } from "../../test/memory-backend.js";
import { BackendStore } from "./backend/backend-store.js";
import { FolderStore } from "./folder-store.js";
import { MemoryStore, type StoreLayout } from "./index.js";
import { rebuiltMemoryIndex } from "./keep-index-descriptions.js";
import { LAYOUT_NAMES } from "./layout-names.js";
import {
  indexMatchesRecord,
  MEMORY_INDEX_RECORD_FILE,
  memoryIndexRecordText,
  recordedIndexBytes,
} from "./memory-index-record.js";

// A process killed mid-write is simulated at the step that did not happen: the rename that puts
// MEMORY.md (or its record) in place fails, as on a full disk; a backend's statement throws.
const failing = vi.hoisted(() => ({ name: undefined as string | undefined }));
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    renameSync: (from: string, to: string) => {
      if (failing.name !== undefined && basename(to) === failing.name) {
        throw Object.assign(new Error(`ENOSPC: rename '${from}' -> '${to}'`), { code: "ENOSPC" });
      }
      return actual.renameSync(from, to);
    },
  };
});
afterEach(() => {
  failing.name = undefined;
  vi.restoreAllMocks();
});

const RULES = { layout: "subject", maxChars: 12_000 } as const;
const INDEX = "# Memory index\n\n- [tools](topics/tools.md) — Dev tools.\n";
const RECORD = memoryIndexRecordText(INDEX, RULES);
const fields = JSON.parse(RECORD) as Record<string, unknown>;
const record = (change: Record<string, unknown>) => JSON.stringify({ ...fields, ...change });

describe("the record names MEMORY.md's bytes and rules, or nothing", () => {
  it.each([
    { name: "the record as written", record: RECORD, index: INDEX, matches: true },
    { name: "no record", record: undefined, index: INDEX, matches: false },
    { name: "an empty record (emptied before a write)", record: "", index: INDEX, matches: false },
    { name: "a damaged record", record: RECORD.slice(0, 30), index: INDEX, matches: false },
    { name: "not JSON", record: "sha256 abc", index: INDEX, matches: false },
    { name: "another format", record: record({ format: 2 }), index: INDEX, matches: false },
    { name: "another layout", record: record({ layout: "fact" }), index: INDEX, matches: false },
    { name: "another size cap", record: record({ maxChars: 6_000 }), index: INDEX, matches: false },
    { name: "an unknown field", record: record({ by: "me" }), index: INDEX, matches: false },
    { name: "a person's edit", record: RECORD, index: `${INDEX}my note\n`, matches: false },
    {
      name: "an edit of the same size",
      record: RECORD,
      index: INDEX.replace("Dev", "dev"),
      matches: false,
    },
    {
      name: "the same text in CRLF",
      record: RECORD,
      index: INDEX.replace(/\n/g, "\r\n"),
      matches: false,
    },
  ])("$name: $matches", async ({ record, index, matches }) => {
    expect(await indexMatchesRecord(record, Buffer.from(index, "utf8"), RULES)).toBe(matches);
    expect(await indexMatchesRecord(record, index, RULES)).toBe(matches);
  });

  it("gives the size it names, so a reader reads no more", async () => {
    expect(await recordedIndexBytes(RECORD, RULES)).toBe(Buffer.byteLength(INDEX));
    expect(await recordedIndexBytes(record({ format: 2 }), RULES)).toBeUndefined();
    expect(await recordedIndexBytes(RECORD, { ...RULES, layout: "fact" })).toBeUndefined();
  });
});

// Where the memory lives, with the two steps a crash can fall between.
type Place = {
  open: () => MemoryStore;
  index: () => Promise<string>;
  record: () => Promise<string | undefined>;
  fail: (step: "index" | "record" | undefined) => void;
  lists: () => { mock: { calls: unknown[] } };
};

async function folderPlace(layout: StoreLayout): Promise<Place> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-index-record-")), "memory");
  return {
    open: () => new MemoryStore({ root, layout }),
    index: () => readFile(join(root, "MEMORY.md"), "utf8").catch(() => ""),
    record: () =>
      readFile(join(root, ".memfiles", MEMORY_INDEX_RECORD_FILE), "utf8").catch(() => undefined),
    fail: (step) => {
      failing.name =
        step === "index" ? "MEMORY.md" : step === "record" ? MEMORY_INDEX_RECORD_FILE : undefined;
    },
    lists: () => vi.spyOn(FolderStore.prototype, "list"),
  };
}

function backendPlace(layout: StoreLayout): Place {
  const backend: MemoryBackend = memoryBackend();
  return {
    open: () => new MemoryStore({ backend, layout }),
    index: async () => backend.index ?? "",
    // An emptied record is no record, as a removed file is.
    record: async () => backend.internal.get(MEMORY_INDEX_RECORD_FILE) || undefined,
    fail: (step) => {
      backend.failing =
        step === "index" ? "writeIndex" : step === "record" ? "writeInternal" : undefined;
    },
    lists: () => vi.spyOn(BackendStore.prototype, "list"),
  };
}

const fileText = (name: string) =>
  `---\nname: ${name}\ndescription: About ${name}.\n---\n[stated 2026/01/02] noted ${name}\n`;

async function write(store: MemoryStore, path: string, text: string): Promise<void> {
  const before = await store.read(path);
  await store.write(path, text, before.version).catch(() => undefined);
}

describe("a crash mid-write leaves a state a new process rebuilds, never one it patches wrong", () => {
  const cases = (["folder", "backend"] as const).flatMap((place) =>
    LAYOUT_NAMES.flatMap((layout) =>
      (["index", "record"] as const).map((step) => ({ place, layout, step })),
    ),
  );
  it.each(cases)(
    "$place, $layout layout: killed before the $step landed",
    async ({ place: placeName, layout, step }) => {
      const place = placeName === "folder" ? await folderPlace(layout) : backendPlace(layout);
      await write(place.open(), "a.md", fileText("a"));
      expect(await place.record()).toMatch(/"sha256"/);
      // The write that dies: its file lands, then MEMORY.md (or its record) does not.
      place.fail(step);
      await write(place.open(), "b.md", fileText("b"));
      place.fail(undefined);
      expect(await place.record()).toBeUndefined();
      // The next process finds no record that names MEMORY.md: it rebuilds from the files.
      const lists = place.lists();
      const next = place.open();
      const before = await place.index();
      await write(next, "c.md", fileText("c"));
      expect(lists.mock.calls.length).toBeGreaterThan(0);
      expect(await place.index()).toBe(rebuiltMemoryIndex(await next.list(), before, layout));
      expect(await place.index()).toContain("b.md");
      expect(await place.record()).toMatch(/"sha256"/);
    },
  );
});

describe("a new process patches the index memfiles wrote", () => {
  const cases = (["folder", "backend"] as const).flatMap((place) =>
    LAYOUT_NAMES.map((layout) => ({ place, layout })),
  );
  it.each(cases)(
    "$place, $layout layout: a write that leaves its line as it is keeps the record",
    async ({ place: placeName, layout }) => {
      const place = placeName === "folder" ? await folderPlace(layout) : backendPlace(layout);
      await write(place.open(), "a.md", fileText("a"));
      // Another fact in a.md: its name and description, so its line, stay as they are.
      await write(place.open(), "a.md", `${fileText("a")}[stated 2026/01/03] more on a\n`);
      expect(await place.record()).toMatch(/"sha256"/);
      const lists = place.lists();
      await write(place.open(), "b.md", fileText("b"));
      expect(lists.mock.calls.length).toBe(0);
      expect(await place.index()).toContain("b.md");
    },
  );

  // Past 16 x the cap a MEMORY.md is not read (docs/security.md); one its record names was
  // written by memfiles, so a new process reads it and patches it instead of leaving it stale.
  it.each(LAYOUT_NAMES)("%s layout: an index past the too-large limit", async (layout) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-index-record-")), "memory");
    const open = () => new MemoryStore({ root, layout, maxChars: 100 });
    for (let at = 0; at < 80; at++) await write(open(), `f${at}.md`, fileText(`f${at}`));
    const before = await readFile(join(root, "MEMORY.md"), "utf8");
    expect(Buffer.byteLength(before)).toBeGreaterThan(16 * 100);
    await write(open(), "g.md", fileText("g"));
    const store = open();
    expect(await readFile(join(root, "MEMORY.md"), "utf8")).toBe(
      rebuiltMemoryIndex(await store.list(), before, layout),
    );
  });
});
