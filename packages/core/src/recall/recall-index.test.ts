import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import {
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import MiniSearch from "minisearch";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { memoryBackend } from "../../test/memory-backend.js";
import {
  expectRecallAfterWrite,
  recallFolder as folder,
  LIBRARY_WRITES,
  RECALL_NOW as NOW,
  RECALL_QUERY as QUERY,
  RECALL_CHANGES,
  type RecallSurface,
  factFile as recallFactFile,
  recallWriteRows,
  seenUnits as seen,
  settleWrittenFiles,
  subjectFile,
  recallTruth as truth,
  type RecallWrite as Write,
} from "../../test/recall-writes.js";
import { expectWriteDuringWholeStoreSeen } from "../../test/whole-store-race.js";
import { boundaryStore } from "../boundary/index.js";
import { forget } from "../layouts/index.js";
import { memfilesMemoryTool } from "../memory-tool/memory-tool.js";
import { MemoryStore } from "../store/index.js";
import type { StoreLayout } from "../store/types.js";
import { rankRecallUnits } from "./budgeted-recall.js";
import { buildSystem } from "./build-system.js";
import { COMMON_TERM_MIN_UNITS, RANKING_INDEX_VERSION } from "./rank-units.js";
import {
  compactRecallIndex,
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  type IndexScope,
  openRecallIndex,
  RECALL_INDEX_FILE,
  RECALL_INDEX_FORMAT,
  RECALL_INDEX_LOG,
  RECALL_INDEX_LOG_SHARE,
  RecallIndex,
  type ScoredRecallUnit,
} from "./recall-index.js";

async function replaceLine(store: MemoryStore, path: string, from: string, to: string) {
  const current = await store.read(path);
  if (!current.exists) throw new Error(`fixture ${path} is missing`);
  const result = await store.write(path, current.content.replace(from, to), current.version);
  if (!result.ok) throw new Error(result.message);
}

const runTool = async (
  store: MemoryStore,
  command: Anthropic.Beta.BetaMemoryTool20250818Command,
) => {
  const tool = memfilesMemoryTool({ store, now: NOW });
  const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
  const outcome = await runRunnableTool(tool, command, {
    toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
    toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
  });
  if (outcome.isError) throw new Error(String(outcome.content));
};

const MEMORY_TOOL: RecallSurface = {
  edit: (store, { path, from, to }) =>
    runTool(store, {
      command: "str_replace",
      path: `/memories/${path}`,
      old_str: from,
      new_str: to,
    }),
};

const WRITES: Record<string, Write> = {
  "boundary store": {
    act: async (store) => {
      const boundary = boundaryStore(store, {});
      const current = await boundary.read("people/marta.md");
      if (!current.exists) throw new Error("fixture missing");
      const result = await boundary.write(
        "people/marta.md",
        current.content.replace(
          "works as an architect",
          "works as a hosting architect at a tools firm",
        ),
        current.version,
      );
      expect(result.ok).toBe(true);
    },
    shows: "works as a hosting architect at a tools firm",
    hides: "works as an architect",
  },
  "a person's editor changes a file": {
    byHand: true,
    act: async (store) => {
      const path = join(store.root, "topics/tools.md");
      await writeFile(
        path,
        (await readFile(path, "utf8")).replace("uses Neovim", "uses Emacs 🚀 (hand-edited)"),
      );
    },
    shows: "uses Emacs 🚀 (hand-edited)",
    hides: "uses Neovim",
  },
  "a person's editor adds a file": {
    byHand: true,
    act: async (store) => {
      await mkdir(join(store.root, "people"), { recursive: true });
      await writeFile(
        join(store.root, "people/jonas.md"),
        subjectFile("Jonas", "Marta's partner.", [
          "[stated 2026/08/03] Jonas lives with Marta in Lisbon and hosts dinners",
        ]),
      );
    },
    shows: "Jonas lives with Marta in Lisbon and hosts dinners",
  },
  "a person's editor writes a temp file and renames it over the file": {
    byHand: true,
    act: async (store) => {
      const path = join(store.root, "topics/tools.md");
      const temp = join(store.root, "topics/.tools.md.swp");
      await writeFile(temp, (await readFile(path, "utf8")).replace("uses Neovim", "uses Zed"));
      await rename(temp, path);
    },
    shows: "uses Zed",
    hides: "uses Neovim",
  },
  "a person's editor adds a folder with a file": {
    byHand: true,
    act: async (store) => {
      await mkdir(join(store.root, "places"));
      await writeFile(
        join(store.root, "places/lisbon.md"),
        subjectFile("Lisbon", "The city Marta lives in.", [
          "[stated 2026/08/04] Marta's flat in Lisbon has hosting space for guests",
        ]),
      );
    },
    shows: "Marta's flat in Lisbon has hosting space for guests",
  },
  "a person's editor adds a file to a folder": {
    byHand: true,
    act: (store) =>
      writeFile(
        join(store.root, "topics/garden.md"),
        subjectFile("Garden", "The user's garden.", [
          "[stated 2026/08/04] The user grows basil and hosts a seed swap",
        ]),
      ),
    shows: "The user grows basil and hosts a seed swap",
  },
  "a person renames a folder": {
    byHand: true,
    act: (store) => rename(join(store.root, "topics"), join(store.root, "interests")),
    shows: "uses Neovim",
  },
  "a person's editor deletes a file": {
    byHand: true,
    act: (store) => unlink(join(store.root, "topics/tools.md")),
    hides: "uses Neovim",
  },
  "a person renames the file another file links to": {
    byHand: true,
    act: async (store) => {
      const path = join(store.root, "people/marta.md");
      await writeFile(
        path,
        (await readFile(path, "utf8")).replace(
          "The user's sister.",
          "The user's sister, an architect in Lisbon.",
        ),
      );
    },
  },
  "a person's editor rewrites a file in place, same size, its mtime put back": {
    byHand: true,
    act: async (store) => {
      const path = join(store.root, "topics/tools.md");
      const before = await stat(path);
      const text = await readFile(path, "utf8");
      const after = text.replace("uses Neovim", "uses Kakoun");
      expect(Buffer.byteLength(after)).toBe(Buffer.byteLength(text));
      await writeFile(path, after);
      await utimes(path, before.atime, before.mtime);
    },
    shows: "uses Kakoun",
    hides: "uses Neovim",
  },
  "another process writes": {
    byHand: true,
    act: async (store) => {
      const path = join(store.root, "topics/tools.md");
      const script = `const fs=require("node:fs");fs.writeFileSync(${JSON.stringify(path)},fs.readFileSync(${JSON.stringify(path)},"utf8").replace("deploys on Heroku","deploys on Render"))`;
      await promisify(execFile)(process.execPath, ["-e", script]);
    },
    shows: "deploys on Render",
    hides: "deploys on Heroku",
  },
};

describe("the recall index after every kind of write", () => {
  // Some rows spawn a process (another writer): an honest limit for a busy 2-core machine.
  it.each(Object.entries(WRITES))("%s", { timeout: 60_000 }, async (_name, write) => {
    await expectRecallAfterWrite(await folder(), write);
  });

  it.each([
    ...recallWriteRows(LIBRARY_WRITES, "library"),
    ...recallWriteRows(MEMORY_TOOL, "memory tool"),
  ])("%s", async (_name, layout, write) => {
    await expectRecallAfterWrite(await folder(layout), write);
  });

  it("checks the stamps once for a request's system prompt and recall", async () => {
    const written = await folder();
    let walks = 0;
    const store = {
      root: written.root,
      layout: written.layout,
      maxChars: written.maxChars,
      listStamps: (known?: ReadonlySet<string>) => {
        walks++;
        return written.listStamps(known);
      },
      list: () => written.list(),
      read: (path: string) => written.read(path),
      readInternal: (path: string) => written.readInternal(path),
      writeInternal: (path: string, text: string) => written.writeInternal(path, text),
    };
    const system = { basePrompt: "Base.", query: QUERY };
    const expected = {
      system: await buildSystem({ ...system, store: boundaryStore(store, { project: "billing" }) }),
      units: seen(
        await rankRecallUnits({
          store: boundaryStore(store, { project: "billing" }),
          query: QUERY,
        }),
      ),
    };
    walks = 0;
    const view = await boundaryStore(store, { project: "billing" }).forRequest(QUERY);
    expect({
      system: await buildSystem({ ...system, store: view }),
      units: seen(await rankRecallUnits({ store: view, query: QUERY })),
    }).toEqual(expected);
    // One walk at most (none where the folder is watched and nothing changed).
    expect(walks).toBeLessThanOrEqual(1);
    await flushRecallIndexes();
  });

  it("filters a project's query by the scope each file has after a write", async () => {
    const store = await folder();
    const billing = boundaryStore(store, { project: "billing" });
    const paths = async () => [
      ...new Set(
        (await rankRecallUnits({ store: billing, query: "Heroku" })).map((unit) => unit.path),
      ),
    ];
    try {
      // Another project's file: the query filters by scope from the start.
      const site = subjectFile("site", "The website's hosting.", [
        "[stated 2026/09/01] the website deploys on Heroku",
      ]);
      await store.write(
        "topics/site.md",
        site.replace("---\n[stated", "scope: website\n---\n[stated"),
        "new",
      );
      expect(await paths()).toEqual(["topics/tools.md"]);
      const tools = await store.read("topics/tools.md");
      if (!tools.exists) throw new Error("topics/tools.md is missing");
      const scoped = tools.content.replace("---\n[stated", "scope: website\n---\n[stated");
      expect((await store.write("topics/tools.md", scoped, tools.version)).ok).toBe(true);
      expect(await paths()).toEqual([]);
      const back = await store.read("topics/tools.md");
      if (!back.exists) throw new Error("topics/tools.md is missing");
      const written = back.content.replace("scope: website\n", "scope: billing\n");
      expect((await store.write("topics/tools.md", written, back.version)).ok).toBe(true);
      expect(await paths()).toEqual(["topics/tools.md"]);
    } finally {
      await flushRecallIndexes();
    }
  });

  it("walks the stamps in a warm process only after the folder's events name a folder", async () => {
    const written = await folder();
    let walks = 0;
    const store = {
      root: written.root,
      layout: written.layout,
      maxChars: written.maxChars,
      // A listing of the named files alone is no walk.
      listStamps: (known?: ReadonlySet<string>, options?: { only?: ReadonlySet<string> }) => {
        if (options?.only === undefined) walks++;
        return written.listStamps(known, options);
      },
      list: () => written.list(),
      read: (path: string) => written.read(path),
      readInternal: (path: string) => written.readInternal(path),
      writeInternal: (path: string, text: string) => written.writeInternal(path, text),
    };
    await rankRecallUnits({ store, query: QUERY });
    await rankRecallUnits({ store, query: QUERY });
    walks = 0;
    await rankRecallUnits({ store, query: QUERY });
    // Watched on Linux (a local file system); elsewhere every request walks, as before.
    const watched = process.platform === "linux";
    expect(walks).toBe(watched ? 0 : 1);
    // Written and asked at once, with no turn of the event loop between: the request must wait
    // for the write's event.
    const path = join(written.root, "topics/tools.md");
    writeFileSync(path, readFileSync(path, "utf8").replace("uses Neovim", "uses Kakoune"));
    const units = await rankRecallUnits({ store, query: QUERY });
    // The events named the file: it alone is looked at.
    expect(walks).toBe(watched ? 0 : 2);
    expect(units.map((unit) => unit.text)).toContain("uses Kakoune");
    // A new folder is watched, then walked.
    mkdirSync(join(written.root, "places"));
    writeFileSync(
      join(written.root, "places/lisbon.md"),
      subjectFile("Lisbon", "A city.", ["[stated 2026/08/04] Marta rents a flat in Lisbon"]),
    );
    const later = await rankRecallUnits({ store, query: "flat in Lisbon" });
    expect(walks).toBe(watched ? 1 : 3);
    expect(later.map((unit) => unit.text)).toContain("Marta rents a flat in Lisbon");
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
  });

  it("stamps a just written file again in a warm process once its 2 s pass, with no event", async () => {
    const store = await folder();
    await openRecallIndex(store);
    await openRecallIndex(store);
    const path = "topics/tools.md";
    const absolute = join(store.root, path);
    writeFileSync(absolute, readFileSync(absolute, "utf8").replace("uses Neovim", "uses Helix"));
    // Within the 2 s a stat is not trusted: stamped "", so a cold process would read it again.
    expect((await openRecallIndex(store)).files.get(path)?.stamp).toBe("");
    settleWrittenFiles();
    try {
      expect((await openRecallIndex(store)).files.get(path)?.stamp).not.toBe("");
    } finally {
      vi.useRealTimers();
    }
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
  });

  it("reads a file in its 2 s again in a warm process only when an event names it", async () => {
    const written = await folder();
    const reads: string[] = [];
    const store = {
      root: written.root,
      layout: written.layout,
      maxChars: written.maxChars,
      listStamps: (known?: ReadonlySet<string>, options?: { only?: ReadonlySet<string> }) =>
        written.listStamps(known, options),
      list: () => written.list(),
      read: (path: string) => {
        reads.push(path);
        return written.read(path);
      },
      readInternal: (path: string) => written.readInternal(path),
      writeInternal: (path: string, text: string) => written.writeInternal(path, text),
    };
    const texts = async (query: string) =>
      (await rankRecallUnits({ store, query })).map((unit) => unit.text);
    await texts(QUERY);
    await texts(QUERY);
    const path = "topics/tools.md";
    const absolute = join(written.root, path);
    // The clock stands still: the file stays in its 2 s however slow the machine is.
    vi.useFakeTimers({ toFake: ["Date"], now: vi.getRealSystemTime() });
    try {
      writeFileSync(absolute, readFileSync(absolute, "utf8").replace("uses Neovim", "uses Helix"));
      reads.length = 0;
      expect(await texts("Helix")).toContain("uses Helix");
      expect(reads).toEqual([path]);
      reads.length = 0;
      await texts(QUERY);
      // Watched on Linux: no event named it, so it did not change; elsewhere every request
      // walks, and a file in its 2 s is read again.
      expect(reads).toEqual(process.platform === "linux" ? [] : [path]);
      writeFileSync(absolute, readFileSync(absolute, "utf8").replace("uses Helix", "uses Kakoune"));
      reads.length = 0;
      expect(await texts("Kakoune")).toContain("uses Kakoune");
      expect(reads).toEqual([path]);
      // Once its 2 s pass it is read once more and stamped (the folder's other files, made just
      // before, with it).
      settleWrittenFiles();
      reads.length = 0;
      expect((await openRecallIndex(store)).files.get(path)?.stamp).not.toBe("");
      expect(reads).toContain(path);
      reads.length = 0;
      await texts(QUERY);
      expect(reads).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
  });

  it("re-reads only the file that changed", async () => {
    const store = await folder();
    await rankRecallUnits({ store, query: QUERY });
    const reads: string[] = [];
    const counting = Object.assign(Object.create(store) as MemoryStore, {
      read: (path: string) => {
        reads.push(path);
        return store.read(path);
      },
      listStamps: (known?: ReadonlySet<string>) => store.listStamps(known),
    });
    const settled = await store.listStamps();
    // A settled file is read once, then again only when its stamp changes.
    const index = new RecallIndex();
    const stamps = new Map(settled.map((file) => [file.path, `stamp-${file.path}`]));
    const stamped = Object.assign(counting, {
      listStamps: async () => [...stamps].map(([path, stamp]) => ({ path, stamp })),
    });
    await index.refresh(stamped);
    expect(reads.sort()).toEqual(["people/marta.md", "topics/tools.md", "topics/trips.md"]);
    reads.length = 0;
    await index.refresh(stamped);
    expect(reads).toEqual([]);
    stamps.set("topics/tools.md", "stamp-2");
    await index.refresh(stamped);
    expect(reads).toEqual(["topics/tools.md"]);
  });
});

describe("a cold process that finds an edited file first", () => {
  // A query's index read in part takes the file in as a folded log does: the same ranking as every
  // file read, and the log line it stores serves the next process without a file read.
  it.each(["subject", "fact"] as const)("%s", async (layout) => {
    settleWrittenFiles();
    try {
      const store = await folder(layout);
      await rankRecallUnits({ store, query: QUERY });
      await flushRecallIndexes();
      forgetOpenRecallIndexes();
      const { path, from, to } = RECALL_CHANGES[layout].edit;
      await replaceLine(store, path, from, to);
      settleWrittenFiles();
      const expected = seen(await truth(store));
      expect(JSON.stringify(expected)).toContain(to);
      const reads: string[] = [];
      const counted = (view: MemoryStore) => ({
        root: view.root,
        layout: view.layout,
        maxChars: view.maxChars,
        listStamps: view.listStamps.bind(view),
        list: () => view.list(),
        read: (file: string) => {
          reads.push(file);
          return view.read(file);
        },
        readInternal: view.readInternal.bind(view),
        writeInternal: view.writeInternal.bind(view),
        appendInternal: view.appendInternal.bind(view),
      });
      expect(seen(await rankRecallUnits({ store: counted(store), query: QUERY }))).toEqual(
        expected,
      );
      expect(reads).toContain(path);
      await flushRecallIndexes();
      forgetOpenRecallIndexes();
      reads.length = 0;
      expect(seen(await rankRecallUnits({ store: counted(store), query: QUERY }))).toEqual(
        expected,
      );
      expect(reads).toEqual([]);
    } finally {
      vi.useRealTimers();
      forgetOpenRecallIndexes();
    }
  });
});

// A stored index's text in its parts: the files' line, the units' line (the texts and dates put
// in it, wherever they were stored), the fields' line and the lines after it (the term lines,
// `"files"`, the file term lines, `"end"`).
type StoredParts<Units> = { files: string; units: Units; fields: string; after: string[] };
function storedParts<Units extends object>(text: string): StoredParts<Units> {
  const [files = "", units = "", chars = ""] = text.split("\n", 3);
  const stored = JSON.parse(units) as Units & { texts?: string; dates?: string };
  let at = files.length + units.length + chars.length + 3;
  const sizes = JSON.parse(chars) as [number, number] | null;
  if (sizes !== null) {
    stored.texts = text.slice(at, at + sizes[0]);
    at += sizes[0] + 1;
    stored.dates = text.slice(at, at + sizes[1]);
    at += sizes[1] + 1;
  }
  const [fields = "", ...after] = text.slice(at).split("\n");
  return { files, units: stored, fields, after };
}
// The text of `parts`, the texts and dates as lines after the units' line, as `serialize` stores
// them.
function storedText<Units extends object>(parts: StoredParts<Units>): string {
  const {
    texts = "",
    dates = "",
    ...units
  } = parts.units as Units & {
    texts?: string;
    dates?: string;
  };
  const chars = JSON.stringify([texts.length, dates.length]);
  const lines = [parts.files, JSON.stringify(units), chars, texts, dates, parts.fields];
  return [...lines, ...parts.after].join("\n");
}

describe("a stored recall index that cannot be trusted is rebuilt", () => {
  type StoredColumns = {
    texts: string;
    dates: string;
    kinds: string;
    files: unknown[];
    search: { shortIds: number[]; ids: number[]; lengths: unknown[] };
    fileSearch: { documentCount: number };
    terms: { terms: string[]; at: number[]; units: number[] };
    fileTerms: { terms: string[]; at: number[]; units: number[] };
  };
  // The stored text with its units' line (the second) changed by `change`.
  const unitsLine = (text: string, change: (stored: StoredColumns) => void) => {
    const parts = storedParts<StoredColumns>(text);
    change(parts.units);
    return storedText(parts);
  };
  // The stored text with every term line of one search naming, in its first posting, a document
  // past that search's documents (every line, so a query's partial read meets one too): far past
  // them (the line grows, so the stored places after it name other lines), the search's next id
  // (the first short id no document has), or an id past the next one of the replaced id's length
  // (the places stay right: the postings' own check must refuse it).
  type Past = "far" | "next id" | "same length";
  const pastTheDocuments = (text: string, search: "units" | "files", where: Past = "far") => {
    const parts = storedParts<Record<"search" | "fileSearch", { nextId: number }>>(text);
    const nextId = parts.units[search === "units" ? "search" : "fileSearch"].nextId;
    const lines = parts.after;
    const files = lines.indexOf('"files"');
    const [from, to] = search === "units" ? [0, files] : [files + 1, lines.length - 1];
    for (let at = from; at < to; at++) {
      const [term, fields] = JSON.parse(lines[at] ?? "") as [string, Record<string, object>];
      const [field, postings] = Object.entries(fields)[0] ?? [];
      if (field === undefined || postings === undefined) continue;
      const [first, ...rest] = Object.entries(postings);
      if (first === undefined) continue;
      const past =
        where === "far"
          ? "1000000"
          : where === "next id"
            ? String(nextId)
            : "9".repeat(first[0].length);
      if (Number(past) < nextId) throw new Error(`${past} is not past the documents (${nextId})`);
      fields[field] = Object.fromEntries([[past, first[1]], ...rest]);
      lines[at] = JSON.stringify([term, fields]);
    }
    return storedText(parts);
  };
  // The stored text with the line after the units' line (the texts' and dates' chars) replaced.
  const charsLine = (text: string, line: (chars: [number, number]) => string) => {
    const [files = "", units = "", chars = ""] = text.split("\n", 3);
    const at = files.length + units.length + 2;
    const sizes = JSON.parse(chars) as [number, number];
    return `${text.slice(0, at)}${line(sizes)}${text.slice(at + chars.length)}`;
  };
  const CASES: Record<string, (text: string) => string | undefined> = {
    "the texts' and dates' chars not JSON": (text) => charsLine(text, () => "["),
    "the texts' chars past their lines": (text) =>
      charsLine(text, ([texts, dates]) => JSON.stringify([texts + 1, dates])),
    "the dates' chars short of their lines": (text) =>
      charsLine(text, ([texts, dates]) => JSON.stringify([texts, dates - 1])),
    "a column's chars not a count": (text) =>
      charsLine(text, ([, dates]) => JSON.stringify([-1, dates])),
    "the texts said to be in the units' line, which lacks them": (text) =>
      charsLine(text, () => "null"),
    "the texts in the units' line and after it too": (text) => {
      const [files, units = "", ...rest] = text.split("\n");
      const stored = JSON.parse(units) as Record<string, unknown>;
      return [files, JSON.stringify({ ...stored, texts: "x", dates: "" }), ...rest].join("\n");
    },
    "a unit term line's posting naming a document past the units": (text) =>
      pastTheDocuments(text, "units"),
    "a file term line's posting naming a document past the files": (text) =>
      pastTheDocuments(text, "files"),
    missing: () => undefined,
    "not JSON": (text) => text.slice(0, text.length / 2),
    "another format version": (text) =>
      text.replace(`"format":${RECALL_INDEX_FORMAT}`, '"format":999'),
    "the format before the files' line held only rows, stamps and scopes": (text) =>
      text.replace(`"format":${RECALL_INDEX_FORMAT}`, `"format":${RECALL_INDEX_FORMAT - 1}`),
    "another secret screen": (text) =>
      text.replace(/"screen":"[0-9a-f]+"/, '"screen":"0123456789abcdef"'),
    "no file's cleared flag": (text) => text.replace(/,"cleared":"[01]*"/, ""),
    "one file's cleared flag missing": (text) =>
      text.replace(/"cleared":"([01]*)[01]"/, '"cleared":"$1"'),
    "another ranking version": (text) =>
      text.replace(`"ranking":${RANKING_INDEX_VERSION}`, `"ranking":${RANKING_INDEX_VERSION - 1}`),
    "no line between the unit and file terms": (text) => text.replace('\n"files"\n', "\n"),
    "a file term line not JSON": (text) => text.replace(/("files"\n)\["/, "$1[["),
    "units and files that disagree": (text) =>
      unitsLine(text, (stored) => {
        stored.texts = stored.texts.slice(0, stored.texts.lastIndexOf("\n"));
        stored.dates = stored.dates.slice(0, stored.dates.lastIndexOf("\n"));
        stored.kinds = stored.kinds.slice(0, -1);
      }),
    "a unit's text missing": (text) =>
      unitsLine(text, (stored) => {
        stored.texts = stored.texts.slice(0, stored.texts.lastIndexOf("\n"));
      }),
    "a unit's date missing": (text) =>
      unitsLine(text, (stored) => {
        stored.dates = stored.dates.slice(0, stored.dates.lastIndexOf("\n"));
      }),
    "a text more than the units": (text) =>
      unitsLine(text, (stored) => {
        stored.texts += "\nx";
      }),
    "a date more than the units": (text) =>
      unitsLine(text, (stored) => {
        stored.dates += "\n";
      }),
    "a unit's kind missing": (text) =>
      unitsLine(text, (stored) => {
        stored.kinds = stored.kinds.slice(0, -1);
      }),
    "a unit's kind not a line or a body": (text) =>
      unitsLine(text, (stored) => {
        stored.kinds = `x${stored.kinds.slice(1)}`;
      }),
    "the texts not a string": (text) =>
      unitsLine(text, (stored) => {
        (stored as { texts: unknown }).texts = [stored.texts];
      }),
    "a file's unit count not a count": (text) =>
      unitsLine(text, (stored) => {
        stored.files[0] = "2";
      }),
    "a file's unit count below zero": (text) =>
      unitsLine(text, (stored) => {
        stored.files[0] = -1;
      }),
    "a search's field lengths cut short": (text) =>
      unitsLine(text, (stored) => {
        stored.search.lengths.pop();
      }),
    "a search's document ids cut short": (text) =>
      unitsLine(text, (stored) => {
        // The last run one id shorter.
        stored.search.ids.push((stored.search.ids.pop() ?? 0) - 1);
      }),
    "a search's document ids not in runs": (text) =>
      unitsLine(text, (stored) => {
        stored.search.ids.pop();
      }),
    "a search's document id past the units": (text) =>
      unitsLine(text, (stored) => {
        stored.search.ids[0] = stored.search.ids.length;
      }),
    "a search's short ids out of order": (text) =>
      unitsLine(text, (stored) => {
        // Runs of the same count, the first short id after the others.
        const count = stored.search.shortIds.reduce((sum, value, at) => sum + (at % 2) * value, 0);
        stored.search.shortIds = [1, count - 1, 0, 1];
      }),
    "the stored terms out of order": (text) =>
      unitsLine(text, (stored) => {
        stored.terms.terms.reverse();
      }),
    "a stored term's place past the term lines": (text) =>
      unitsLine(text, (stored) => {
        stored.fileTerms.at[0] = 1e9;
      }),
    "a stored term's counts cut short": (text) =>
      unitsLine(text, (stored) => {
        stored.terms.units.pop();
      }),
    "no stored terms": (text) =>
      unitsLine(text, (stored) => {
        delete (stored as Partial<StoredColumns>).terms;
      }),
    "a file search of another count": (text) =>
      unitsLine(text, (stored) => {
        stored.fileSearch.documentCount += 1;
      }),
    "unit ids for one file more than the files' line holds": (text) => {
      const [files, search, ...rest] = text.split("\n");
      const stored = JSON.parse(search ?? "") as { files: unknown[] };
      stored.files.push(0);
      return [files, JSON.stringify(stored), ...rest].join("\n");
    },
    "a unit id past the next id": (text) =>
      text.replace(/"nextId":(\d+)/, (_all, next: string) => `"nextId":${Number(next) - 1}`),
    "cut short": (text) => text.slice(0, text.length - 10),
    "a term line not JSON": (text) => text.replace('\n["', "\n[["),
    "the search without its end": (text) => text.replace(/\n"end"$/, ""),
    "JSON null": () => "null",
  };
  it.each(Object.entries(CASES))("%s", async (_name, damage) => {
    const store = await folder();
    const expected = seen(await rankRecallUnits({ store, query: QUERY }));
    await flushRecallIndexes();
    const path = join(store.root, ".memfiles", RECALL_INDEX_FILE);
    const damaged = damage(await readFile(path, "utf8"));
    if (damaged === undefined) await rm(path);
    else await writeFile(path, damaged);
    expect(RecallIndex.parse(damaged ?? "", store)).toBeUndefined();
    forgetOpenRecallIndexes();
    expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(expected);
    // A second message reads the index whole: a damaged line the first query did not read is
    // found then (a cold query reads only its own lines).
    await rankRecallUnits({ store, query: "Which tools does the user like?" });
    await flushRecallIndexes();
    expect(RecallIndex.parse(await readFile(path, "utf8"), store)).toBeInstanceOf(RecallIndex);
  });

  // UTF-8 cannot hold a lone surrogate (a database backend's text can): such texts stay JSON.
  it("keeps texts holding a lone surrogate in the units' line, and reads them back", async () => {
    const backend = memoryBackend(`memory:lone-${Math.random()}`);
    const store = new MemoryStore({ backend, layout: "subject" });
    const line = "[stated 2026/05/08] Marta tunes the \ud83d guitar";
    backend.files.set("people/marta.md", subjectFile("marta", "Marta", [line]));
    const query = "Which guitar does Marta tune?";
    const expected = seen(await rankRecallUnits({ store, query }));
    expect(expected.map(([, text]) => text)).toEqual(["Marta tunes the \ud83d guitar"]);
    await flushRecallIndexes();
    const text = backend.internal.get(RECALL_INDEX_FILE) ?? "";
    const [, units = "", chars] = text.split("\n");
    expect(chars).toBe("null");
    expect((JSON.parse(units) as { texts: string }).texts).toBe("Marta tunes the \ud83d guitar");
    expect(RecallIndex.parse(text, store)?.query(query)).toEqual(
      (await openRecallIndex(store)).query(query),
    );
    forgetOpenRecallIndexes();
    expect(seen(await rankRecallUnits({ store, query }))).toEqual(expected);
    expect(backend.internal.get(RECALL_INDEX_FILE)).toBe(text);
  });

  // A query parses only the term lines it reaches (`prepare`): the postings it reads are checked.
  it.each([
    ["units", "far"],
    ["units", "next id"],
    ["units", "same length"],
    ["files", "far"],
    ["files", "next id"],
    ["files", "same length"],
  ] as const)(
    "a query's partial read refuses a posting past the documents (%s, %s)",
    async (search, where) => {
      const store = await folder();
      await rankRecallUnits({ store, query: QUERY });
      await flushRecallIndexes();
      const text = await readFile(join(store.root, ".memfiles", RECALL_INDEX_FILE), "utf8");
      expect(RecallIndex.parseFiles(text, store)?.prepare(QUERY)).toBe(true);
      const damaged = pastTheDocuments(text, search, where);
      expect(RecallIndex.parseFiles(damaged, store)?.prepare(QUERY)).toBe(false);
    },
  );

  // A query reads a term's line at the place its stored terms give: one that names another line is
  // not taken, and the index is rebuilt (a cold process then ranks as before).
  it.each(["terms", "fileTerms"] as const)(
    "a query's partial read refuses a stored term whose place names another line (%s)",
    async (search) => {
      const store = await folder();
      const expected = seen(await rankRecallUnits({ store, query: QUERY }));
      await flushRecallIndexes();
      const path = join(store.root, ".memfiles", RECALL_INDEX_FILE);
      const damaged = unitsLine(await readFile(path, "utf8"), (stored) => {
        const { at } = stored[search];
        // Every place moved to the next one's: no term's line is where its place says.
        at.unshift(at.pop() as number);
      });
      expect(RecallIndex.parseFiles(damaged, store)?.prepare(QUERY)).toBe(false);
      await writeFile(path, damaged);
      forgetOpenRecallIndexes();
      expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(expected);
      await flushRecallIndexes();
      const rebuilt = RecallIndex.parseFiles(await readFile(path, "utf8"), store);
      expect(rebuilt?.prepare(QUERY)).toBe(true);
    },
  );

  // The fields' line (each file's fields and version) is read by a change or a whole load only: a
  // query does not need it, and a process that loads the index whole rebuilds a damaged one.
  const FIELDS_CASES: Record<string, (fields: unknown[]) => unknown> = {
    "a file's fields missing": (fields) => fields.slice(1),
    "the fields of a file more": (fields) => [...fields, ["", "", null]],
    "a file's fields not strings": (fields) => [[7, "", null], ...fields.slice(1)],
    "a file's version not a string": (fields) => [["", "", 7], ...fields.slice(1)],
    "not an array": () => ({}),
  };
  it.each(Object.entries(FIELDS_CASES))("the fields' line: %s", async (_name, damage) => {
    const store = await folder();
    const expected = seen(await rankRecallUnits({ store, query: QUERY }));
    await flushRecallIndexes();
    const path = join(store.root, ".memfiles", RECALL_INDEX_FILE);
    const parts = storedParts<object>(await readFile(path, "utf8"));
    const damaged = storedText({
      ...parts,
      fields: JSON.stringify(damage(JSON.parse(parts.fields))),
    });
    await writeFile(path, damaged);
    expect(RecallIndex.parse(damaged, store)).toBeUndefined();
    forgetOpenRecallIndexes();
    await openRecallIndex(store);
    await flushRecallIndexes();
    expect(RecallIndex.parse(await readFile(path, "utf8"), store)).toBeInstanceOf(RecallIndex);
    forgetOpenRecallIndexes();
    expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(expected);
  });

  it("a files' line naming a file twice is not taken, even for a listing", async () => {
    const store = await folder();
    await rankRecallUnits({ store, query: QUERY });
    await flushRecallIndexes();
    const text = await readFile(join(store.root, ".memfiles", RECALL_INDEX_FILE), "utf8");
    const [head = "", ...rest] = text.split("\n");
    expect(RecallIndex.parseFiles(`${head}\n`, store)).toBeInstanceOf(RecallIndex);
    const stored = JSON.parse(head) as { files: unknown[] };
    stored.files.push(stored.files[0]);
    const twice = [JSON.stringify(stored), ...rest].join("\n");
    expect(RecallIndex.parseFiles(`${JSON.stringify(stored)}\n`, store)).toBeUndefined();
    expect(RecallIndex.parse(twice, store)).toBeUndefined();
  });

  // A folder store reads only the files' line for a listing; a database backend reads it whole.
  const READERS = {
    "the first line": true,
    "the whole text": false,
  } as const;
  it.each(Object.entries(READERS))(
    "lists from the files' line alone, and rebuilds when a query meets a damaged search (reading %s)",
    async (_name, firstLine) => {
      const written = await folder();
      const reads: string[] = [];
      // Settled stamps: a file within its 2 s window has none and would be read on every call.
      const stamps = (await written.listStamps()).map((file) => ({
        path: file.path,
        stamp: `stamp-${file.path}`,
      }));
      const store = {
        root: written.root,
        layout: written.layout,
        maxChars: written.maxChars,
        listStamps: async () => stamps,
        list: () => written.list(),
        read: (path: string) => written.read(path),
        readInternal: async (path: string, options?: { firstLine?: boolean }) => {
          const text = await written.readInternal(path, firstLine ? options : undefined);
          if (path === RECALL_INDEX_FILE) reads.push(text ?? "");
          return text;
        },
        writeInternal: (path: string, text: string) => written.writeInternal(path, text),
      };
      const expected = seen(await rankRecallUnits({ store, query: QUERY }));
      const rows = await (
        await boundaryStore(store).forRequest(undefined, { rowsOnly: true })
      ).list();
      await flushRecallIndexes();
      const path = join(store.root, ".memfiles", RECALL_INDEX_FILE);
      const [files] = (await readFile(path, "utf8")).split("\n");
      await writeFile(path, `${files}\n{"units":\n"end"`);
      forgetOpenRecallIndexes();
      reads.length = 0;
      expect(
        await (await boundaryStore(store).forRequest(undefined, { rowsOnly: true })).list(),
      ).toEqual(rows);
      expect(reads).toEqual([firstLine ? `${files}\n` : `${files}\n{"units":\n"end"`]);
      // Listing left the damaged search as it was: only a query parses it.
      expect(await readFile(path, "utf8")).toBe(`${files}\n{"units":\n"end"`);
      expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(expected);
      await flushRecallIndexes();
      expect(RecallIndex.parse(await readFile(path, "utf8"), store)).toBeInstanceOf(RecallIndex);
      // A changed file makes a listing parse the search; damaged, every file is read again.
      await writeFile(path, `${files}\n{"units":\n"end"`);
      forgetOpenRecallIndexes();
      const first = stamps[0];
      if (first !== undefined) first.stamp = "stamp-changed";
      expect(
        await (await boundaryStore(store).forRequest(undefined, { rowsOnly: true })).list(),
      ).toEqual(rows);
      expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(expected);
      await flushRecallIndexes();
    },
  );

  it("reads the rest of an index read by its first line as it is stored now", async () => {
    const store = await folder();
    await openRecallIndex(store);
    await flushRecallIndexes();
    const path = join(store.root, ".memfiles", RECALL_INDEX_FILE);
    const before = await readFile(path, "utf8");
    const index = RecallIndex.parseFiles(before.slice(0, before.indexOf("\n") + 1), store);
    expect(index?.rows()).toEqual(RecallIndex.parse(before, store)?.rows());
    // Another process stores the index again after a change, between the two reads.
    await replaceLine(store, "people/marta.md", "Lisbon", "Porto");
    forgetOpenRecallIndexes();
    await openRecallIndex(store);
    await flushRecallIndexes();
    const after = RecallIndex.parse(await readFile(path, "utf8"), store);
    await index?.readRest(store);
    expect(index?.unsaved).toBe(false);
    expect(index?.rows()).toEqual(after?.rows());
    expect(index?.query(QUERY)).toEqual(after?.query(QUERY));
  });

  it("stores each unit's place as its id, so ids do not grow with every change", async () => {
    const store = await folder();
    const index = await openRecallIndex(store);
    await replaceLine(store, "people/marta.md", "Lisbon", "Porto");
    await index.refresh(store);
    expect(index.nextId).toBeGreaterThan(index.units.size);
    const [head = "", units = ""] = index.serialize(store).split("\n");
    const counts = (JSON.parse(units) as { files: number[] }).files;
    expect(JSON.parse(head).nextId).toBe(counts.reduce((sum, count) => sum + count, 0));
    expect(RecallIndex.parse(index.serialize(store), store)?.query(QUERY)).toEqual(
      index.query(QUERY),
    );
  });

  it("reads back an index it stored (the parse accepts what serialize wrote)", async () => {
    const store = await folder();
    const index = await openRecallIndex(store);
    expect(RecallIndex.parse(index.serialize(store), store)?.query(QUERY)).toEqual(
      index.query(QUERY),
    );
  });
});

describe("a cold query parses only the terms it can reach", () => {
  const factFile = (name: string, body: string, scope?: string) =>
    `---\nname: ${name}\ndescription: ${name} notes.\ntype: user\nupdated: 2026/05/0${body.length % 9}\n${scope === undefined ? "" : `scope: ${scope}\n`}---\n${body}\n`;
  const FOLDERS: Record<StoreLayout, () => Promise<MemoryStore>> = {
    subject: folder,
    fact: async () => {
      const store = new MemoryStore({
        root: await mkdtemp(join(tmpdir(), "memfiles-recall-partial-")),
        layout: "fact",
      });
      await store.write("deploys.md", factFile("deploys", "The user deploys on Fly.io."), "new");
      await store.write("editor.md", factFile("editor", "Uses Neovim daily, not Helix."), "new");
      await store.write("café.md", factFile("café", "Likes the café near Lisbon ★."), "new");
      await store.write("billing.md", factFile("billing", "Billing runs on Heroku.", "b"), "new");
      return store;
    },
  };
  const QUERIES = [
    QUERY,
    "deploy",
    "Where do I deploy?",
    "Lisbn neovim",
    "Neov hero archit",
    "café ★",
    "the and of",
    "MAY 2026",
    "😀 emoji only",
    "",
  ];
  it.each<StoreLayout>(["subject", "fact"])(
    "ranks as the whole index does (%s)",
    async (layout) => {
      const store = await FOLDERS[layout]();
      const text = (await openRecallIndex(store)).serialize(store);
      await flushRecallIndexes();
      for (const query of QUERIES) {
        for (const scope of [undefined, { project: "b" }]) {
          const whole = RecallIndex.parse(text, store)?.query(query, scope);
          const partial = RecallIndex.parseFiles(text, store);
          expect(partial?.prepare(query)).toBe(true);
          expect(partial?.query(query, scope), query).toEqual(whole);
        }
      }
    },
  );
  it.each<StoreLayout>(["subject", "fact"])(
    "parses the stored terms whole at a second query, not again for each one (%s)",
    async (layout) => {
      const store = await FOLDERS[layout]();
      const text = (await openRecallIndex(store)).serialize(store);
      await flushRecallIndexes();
      const index = RecallIndex.parseFiles(text, store);
      const loads = vi.spyOn(MiniSearch, "loadJS");
      try {
        for (const query of ["deploy", "Where do I deploy?", "neovim", "Lisbon"]) {
          expect(index?.prepare(query)).toBe(true);
          expect(index?.query(query), query).toEqual(RecallIndex.parse(text, store)?.query(query));
        }
        // Each parse loads two searches (units, files): the first query's terms, then the whole
        // index at the second query, and nothing after; the parses of `expected` load 2 each.
        expect(loads).toHaveBeenCalledTimes(4 + 2 * 4);
      } finally {
        loads.mockRestore();
      }
    },
  );
  // The stored terms' counts are what a query would count from the lines: each unit field's
  // postings, each file field's units of the files in its postings, after writes and a whole store.
  it("stores each term's counts as its lines hold them, after writes", async () => {
    const store = await folder();
    await openRecallIndex(store);
    for (const path of ["topics/tools.md", "people/marta.md"]) {
      const current = await store.read(path);
      if (!current.exists) throw new Error(`${path} is missing`);
      const edited = current.content.replace(
        /\n$/,
        "\n[stated 2026/05/02] Tools and hosting for kayaking.\n",
      );
      await store.write(path, edited, current.version);
    }
    await compactRecallIndex(store);
    await flushRecallIndexes();
    const text = (await store.readInternal(RECALL_INDEX_FILE)) ?? "";
    expect(await store.readInternal(RECALL_INDEX_LOG)).toBe("");
    type Terms = { terms: string[]; units: number[] };
    const { units: stored, after: lines } = storedParts<{
      files: number[];
      fileSearch: { shortIds: number[]; ids: number[] };
      terms: Terms;
      fileTerms: Terms;
    }>(text);
    // A file document's id is its first unit's place; its units are the next ones.
    const unitsAt = new Map<number, number>();
    let place = 0;
    for (const count of stored.files) {
      unitsAt.set(place, count);
      place += count;
    }
    // Stored as runs: `[first, count, ...]`.
    const fromRuns = (runs: number[]) =>
      runs.flatMap((first, at) =>
        at % 2 === 0 ? Array.from({ length: runs[at + 1] ?? 0 }, (_, next) => first + next) : [],
      );
    const fileIds = fromRuns(stored.fileSearch.ids);
    const fileAt = new Map(
      fromRuns(stored.fileSearch.shortIds).map((shortId, at) => [String(shortId), fileIds[at]]),
    );
    const counted = (termLines: string[], units: (shortId: string) => number) =>
      Object.fromEntries(
        termLines.map((line) => {
          const [term, fields] = JSON.parse(line) as [string, Record<string, object>];
          const count = (field: number) =>
            Object.keys(fields[field] ?? {}).reduce((sum, shortId) => sum + units(shortId), 0);
          return [term, [count(0), count(1)]];
        }),
      );
    const asStored = ({ terms, units }: Terms) =>
      Object.fromEntries(terms.map((term, at) => [term, units.slice(2 * at, 2 * at + 2)]));
    const filesAt = lines.indexOf('"files"');
    expect(counted(lines.slice(0, filesAt), () => 1)).toEqual(asStored(stored.terms));
    expect(
      counted(
        lines.slice(filesAt + 1, -1),
        (shortId) => unitsAt.get(fileAt.get(shortId) ?? -1) ?? 0,
      ),
    ).toEqual(asStored(stored.fileTerms));
    expect(stored.terms.terms).toContain("kayak");
  });
  it("ranks as the whole index does when common words leave postings unread", async () => {
    const store = new MemoryStore({
      root: await mkdtemp(join(tmpdir(), "memfiles-recall-common-")),
    });
    const subjects = ["hosting", "database", "garden", "travel", "music"];
    for (let file = 0; file < 45; file++) {
      const subject = subjects[file % subjects.length] ?? "";
      const folderName = file % 3 === 0 ? "people" : "topics";
      mkdirSync(join(store.root, folderName), { recursive: true });
      writeFileSync(
        join(store.root, folderName, `${subject}-${file}.md`),
        subjectFile(
          `${subject}-${file}`,
          `Notes on ${subject} ${file}: what the user prefers and why.`,
          Array.from(
            { length: 25 + (file % 4) },
            (_, line) =>
              `[stated 2026/0${1 + (line % 9)}/1${line % 10}] fact ${line} about ${subject} ${file}: prefers option ${(file + line) % 13}`,
          ),
          file % 5 === 0 ? "links: [hosting-0]\n" : "",
        ),
      );
    }
    const index = await openRecallIndex(store);
    expect(index.units.size).toBeGreaterThanOrEqual(COMMON_TERM_MIN_UNITS);
    const text = index.serialize(store);
    await flushRecallIndexes();
    for (const query of [
      "Which hosting option does the user prefer for the database?",
      "user prefers",
      "prefer option garden",
      "What did the user say in May 2026 about travel?",
      "hosting-0 notes",
      "fact about music",
      "datab gard user",
    ]) {
      const whole = RecallIndex.parse(text, store)?.query(query);
      const partial = RecallIndex.parseFiles(text, store);
      expect(partial?.prepare(query)).toBe(true);
      expect(partial?.query(query), query).toEqual(whole);
      expect(whole?.length, query).toBeGreaterThan(0);
    }
    // "prefer" and "option" are in every line (and "prefer" in every file's description): with
    // rarer words beside them, their postings are read in no field, so their lines are not parsed.
    const query = "Which hosting option does the user prefer for the database?";
    const partial = RecallIndex.parseFiles(text, store);
    const parse = vi.spyOn(JSON, "parse");
    try {
      expect(partial?.prepare(query)).toBe(true);
      const parsed = parse.mock.calls.map(([json]) => String(json));
      expect(parsed.some((json) => json.includes('["host",'))).toBe(true);
      expect(parsed.filter((json) => /\["(prefer|option)",/.test(json))).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });
  // 1,000 stored units; the log adds 200 more, all holding the word: common (in more than 90% of
  // the units) only once the log's units are counted, each as its field counts it. A unit's text:
  // "alpha" in 881 stored units, 1,081 of 1,200 (one unit fewer is not common). Its file's
  // description: "gamma" in 9 of 10 stored files (900 units), 1,100 of 1,200 (counted a posting a
  // file, 902: not common).
  it.each([
    {
      field: "text",
      query: ["alpha beta", "alpha item"],
      line: (file: number, line: number) =>
        file * 100 + line < 881 || file >= 10
          ? `alpha item ${file} ${line}`
          : `beta item ${file} ${line}`,
      description: (file: number) => `Notes ${file}.`,
    },
    {
      field: "file",
      query: ["gamma item", "gamma"],
      line: (file: number, line: number) => `item ${file} ${line}`,
      description: (file: number) => (file === 9 ? `Notes ${file}.` : `Gamma notes ${file}.`),
    },
  ])(
    "counts a folded log's units when common words leave postings unread ($field)",
    async ({ query: queries, line, description }) => {
      const store = new MemoryStore({
        root: await mkdtemp(join(tmpdir(), "memfiles-recall-common-log-")),
      });
      // The clock stands still: every file stays in its 2 s however slow the machine is, so the
      // second open finds the two new files only (not ten more to stamp, which would store the
      // index whole and leave no log).
      vi.useFakeTimers({ toFake: ["Date"], now: vi.getRealSystemTime() });
      onTestFinished(() => {
        vi.useRealTimers();
      });
      mkdirSync(join(store.root, "topics"), { recursive: true });
      const write = (file: number) =>
        writeFileSync(
          join(store.root, "topics", `notes-${file}.md`),
          subjectFile(
            `notes-${file}`,
            description(file),
            Array.from(
              { length: 100 },
              (_, at) => `[stated 2026/05/1${at % 10}] ${line(file, at)}`,
            ),
          ),
        );
      for (let file = 0; file < 10; file++) write(file);
      await openRecallIndex(store);
      await flushRecallIndexes();
      const text = (await store.readInternal(RECALL_INDEX_FILE)) ?? "";
      for (let file = 10; file < 12; file++) write(file);
      // The lines a save appends to the log (one this long against the stored index may be
      // stored whole instead: RECALL_INDEX_LOG_SHARE).
      const warm = RecallIndex.parseFiles(text, store) as RecallIndex;
      await warm.refresh(store);
      const log = warm.logLines();
      expect(log).not.toBe("");
      const round = (units: ScoredRecallUnit[] | undefined) =>
        units?.map((unit) => `${unit.path} ${unit.text} ${unit.score.toFixed(6)}`).sort();
      for (const query of queries) {
        const partial = RecallIndex.parseFiles(text, store);
        expect(partial?.fold(log)).toBe(true);
        expect(partial?.prepare(query)).toBe(true);
        expect(round(partial?.query(query)), query).toEqual(round(warm.query(query)));
      }
    },
  );
  // A unit field's count is its units; a file field's, the units of the files holding the word.
  it.each([
    { field: "a unit's own text", inLines: true },
    { field: "its file's description", inLines: false },
  ])(
    "counts a folded log's removed units when common words leave postings unread: $field",
    async ({ inLines }) => {
      const store = new MemoryStore({
        root: await mkdtemp(join(tmpdir(), "memfiles-recall-common-removed-")),
      });
      mkdirSync(join(store.root, "topics"), { recursive: true });
      // 1,100 units, "alpha" in 1,000 (91%, common); the log removes a file of 100 with "alpha":
      // 900 of 1,000 (90%), not common once the removed units are taken out.
      for (let file = 0; file < 11; file++) {
        const word = file < 10 ? "alpha" : "beta";
        writeFileSync(
          join(store.root, "topics", `notes-${file}.md`),
          subjectFile(
            `notes-${file}`,
            inLines ? `Notes ${file}.` : `Notes ${file} on ${word}.`,
            Array.from(
              { length: 100 },
              (_, line) =>
                `[stated 2026/05/1${line % 10}] ${inLines ? word : "gamma"} item ${file} ${line}`,
            ),
          ),
        );
      }
      settleWrittenFiles();
      try {
        await openRecallIndex(store);
        await flushRecallIndexes();
        const text = (await store.readInternal(RECALL_INDEX_FILE)) ?? "";
        // Removed by hand (a delete through the store stores the index whole).
        await unlink(join(store.root, "topics/notes-0.md"));
        forgetOpenRecallIndexes();
        const warm = await openRecallIndex(store);
        await flushRecallIndexes();
        const log = (await store.readInternal(RECALL_INDEX_LOG)) ?? "";
        expect(log).not.toBe("");
        for (const query of ["alpha beta", "alpha item"]) {
          const partial = RecallIndex.parseFiles(text, store);
          expect(partial?.fold(log)).toBe(true);
          expect(partial?.prepare(query)).toBe(true);
          expect(partial?.query(query), query).toEqual(warm.query(query));
        }
      } finally {
        vi.useRealTimers();
        forgetOpenRecallIndexes();
      }
    },
  );
  it.each<StoreLayout>(["subject", "fact"])(
    "loads a log that holds one file twice without reading a file (%s)",
    async (layout) => {
      const store = await FOLDERS[layout]();
      for (let file = 0; file < 30; file++) {
        await store.write(
          `zz-${file}.md`,
          factFile(`other ${file}`, `Unrelated note number ${file}.`),
          "new",
        );
      }
      settleWrittenFiles();
      try {
        await openRecallIndex(store);
        await flushRecallIndexes();
        const text = (await store.readInternal(RECALL_INDEX_FILE)) ?? "";
        // The same file changed in two requests: two lines of the log, the second over the first.
        for (const place of ["Porto", "Lisbon"]) {
          const current = await store.read("notes.md");
          await store.write(
            "notes.md",
            subjectFile("notes", "Loose notes.", [`deploys to Render, ${place}`]),
            current.exists ? current.version : "new",
          );
          settleWrittenFiles();
          await openRecallIndex(store);
          await flushRecallIndexes();
        }
        const log = (await store.readInternal(RECALL_INDEX_LOG)) ?? "";
        const entries = log.split("\n").filter((line) => line.startsWith('{"path":"notes.md"'));
        expect(entries).toHaveLength(2);
        const warm = await openRecallIndex(store);
        for (const query of ["Render Lisbon", "Render Porto"]) {
          const whole = RecallIndex.parseFiles(text, store);
          expect(whole?.fold(log)).toBe(true);
          expect(whole?.load()).toBe(true);
          expect(whole?.query(query)).toEqual(warm.query(query));
          const partial = RecallIndex.parseFiles(text, store);
          expect(partial?.fold(log)).toBe(true);
          expect(partial?.prepare(query)).toBe(true);
          expect(partial?.query(query)).toEqual(warm.query(query));
        }
      } finally {
        vi.useRealTimers();
        forgetOpenRecallIndexes();
      }
    },
  );
  it.each<StoreLayout>(["subject", "fact"])(
    "ranks as the index in memory does with a log folded in (%s)",
    async (layout) => {
      const store = await FOLDERS[layout]();
      // Enough other files that the changes below stay in the log.
      for (let file = 0; file < 30; file++) {
        await store.write(
          `zz-${file}.md`,
          factFile(`other ${file}`, `Unrelated note number ${file}.`),
          "new",
        );
      }
      // Settled when the index is stored and again after the changes: a file within its 2 s is
      // restamped once it settles, and which files those are would hang on the machine's speed.
      settleWrittenFiles();
      try {
        await openRecallIndex(store);
        const text = (await store.readInternal(RECALL_INDEX_FILE)) ?? "";
        const [first, second] = (await store.list()).map((row) => row.path);
        await store.delete(first ?? "");
        const current = await store.read(second ?? "");
        if (!current.exists) throw new Error("fixture file is missing");
        await store.write(
          second ?? "",
          `${current.content.trimEnd()} Moved to Porto.\n`,
          current.version,
        );
        await store.write(
          "notes.md",
          subjectFile("notes", "Loose notes.", ["deploys to Render, Porto"]),
          "new",
        );
        settleWrittenFiles();
        const warm = await openRecallIndex(store);
        const log = (await store.readInternal(RECALL_INDEX_LOG)) ?? "";
        expect(log.split("\n").length).toBeGreaterThanOrEqual(4);
        // Scores to 6 places, ties by path and text: the stored and the warm search change their
        // average field lengths in another order, so exact ties may differ in the last bits.
        const round = (units: ScoredRecallUnit[] | undefined) =>
          units
            ?.map((unit) => ({ ...unit, score: unit.score.toFixed(6) }))
            .sort(
              (a, b) =>
                Number(b.score) - Number(a.score) ||
                a.path.localeCompare(b.path) ||
                a.text.localeCompare(b.text),
            );
        for (const query of [...QUERIES, "Porto Render"]) {
          for (const scope of [undefined, { project: "b" }]) {
            const partial = RecallIndex.parseFiles(text, store);
            expect(partial?.fold(log)).toBe(true);
            expect(partial?.prepare(query)).toBe(true);
            expect(round(partial?.query(query, scope)), query).toEqual(
              round(warm.query(query, scope)),
            );
            expect(partial?.rows()).toEqual(warm.rows());
          }
        }
      } finally {
        vi.useRealTimers();
        forgetOpenRecallIndexes();
      }
    },
  );
});

describe("a cold query with a log folded in reads only the postings it scores", () => {
  const SUBJECTS = ["hosting", "database", "garden", "travel", "music"];
  const PROJECT = "b";
  // A file of either layout; `scope` in its front matter.
  const fileOf = (layout: StoreLayout, name: string, lines: string[], scope?: string) => {
    const extra = scope === undefined ? "" : `scope: ${scope}\n`;
    return layout === "subject"
      ? subjectFile(name, `Notes on ${name}: what the user prefers.`, lines, extra)
      : `---\nname: ${name}\ndescription: ${name} notes.\ntype: user\n${extra}---\n${lines.join(" ")}\n`;
  };
  const pathOf = (layout: StoreLayout, name: string) =>
    layout === "subject" ? `topics/${name}.md` : `${name}.md`;
  // Over COMMON_TERM_MIN_UNITS units with "prefers option" on each: a query's plan leaves the
  // common words' postings unread, so the partial read differs from a whole one.
  async function commonFolder(layout: StoreLayout): Promise<MemoryStore> {
    const store = new MemoryStore({
      root: await mkdtemp(join(tmpdir(), `memfiles-recall-log-partial-${layout}-`)),
      layout,
    });
    mkdirSync(join(store.root, "topics"), { recursive: true });
    const files = layout === "subject" ? 45 : 1_100;
    const lines = layout === "subject" ? 25 : 1;
    for (let file = 0; file < files; file++) {
      const subject = SUBJECTS[file % SUBJECTS.length] ?? "";
      const name = `${subject}-${file}`;
      writeFileSync(
        join(store.root, pathOf(layout, name)),
        fileOf(
          layout,
          name,
          Array.from(
            { length: lines + (file % 4) },
            (_, line) =>
              `[stated 2026/0${1 + (line % 9)}/1${line % 10}] fact ${line} about ${subject} ${file}: prefers option ${(file + line) % 13}`,
          ),
          file % 7 === 0 ? PROJECT : undefined,
        ),
      );
    }
    return store;
  }
  // One request of a process that opens the memory cold: the log folded in, the change appended.
  const request = async (store: MemoryStore) => {
    settleWrittenFiles();
    forgetOpenRecallIndexes();
    await openRecallIndex(store);
    await flushRecallIndexes();
  };
  const write = async (store: MemoryStore, name: string, lines: string[], scope?: string) => {
    const path = pathOf(store.layout, name);
    const current = await store.read(path);
    const written = await store.write(
      path,
      fileOf(store.layout, name, lines, scope),
      current.exists ? current.version : "new",
    );
    if (!written.ok) throw new Error(written.message);
  };
  const LOGS: Record<string, (store: MemoryStore) => Promise<string>> = {
    "a file edited": async (store) => {
      await write(store, "hosting-5", ["[stated 2026/07/01] moved the database to Porto hosting"]);
      await request(store);
      return "";
    },
    "a file added": async (store) => {
      await write(store, "porto", ["[stated 2026/07/02] prefers option 3 for hosting in Porto"]);
      await request(store);
      return "";
    },
    "a file removed": async (store) => {
      await store.delete(pathOf(store.layout, "garden-2"));
      await request(store);
      return "";
    },
    "a file edited twice": async (store) => {
      await write(store, "hosting-5", ["[stated 2026/07/01] hosting moved to Porto"]);
      await request(store);
      await write(store, "hosting-5", ["[stated 2026/07/03] hosting moved again, to Lisbon"]);
      await request(store);
      return "";
    },
    "a file's scope changed": async (store) => {
      await write(store, "travel-3", ["[stated 2026/05/11] prefers option 1 for travel"], PROJECT);
      await request(store);
      return "";
    },
    "a file added, then removed": async (store) => {
      await write(store, "porto", ["[stated 2026/07/02] hosting in Porto"]);
      await request(store);
      await store.delete(pathOf(store.layout, "porto"));
      await request(store);
      return "";
    },
    "a torn last line": async (store) => {
      await write(store, "hosting-5", ["[stated 2026/07/01] hosting moved to Porto"]);
      await request(store);
      return '{"path":"topics/garden-2.md","file":{"sta';
    },
  };
  const QUERIES = [
    "Which hosting option does the user prefer for the database?",
    "prefer option garden Porto",
    "hosting Lisbon",
    "What did the user say in July 2026 about travel?",
    "user prefers",
  ];
  // Scores to 6 places, ties by path and text: a search built anew adds its documents in another
  // order than the stored one plus the log, so its average field lengths differ in the last bits.
  const rounded = (units: ScoredRecallUnit[] | undefined) =>
    units
      ?.map((unit) => ({ ...unit, score: unit.score.toFixed(6) }))
      .sort(
        (a, b) =>
          Number(b.score) - Number(a.score) ||
          compareText(a.path, b.path) ||
          compareText(a.text, b.text),
      );
  const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (const layout of ["subject", "fact"] as const) {
    for (const [name, change] of Object.entries(LOGS)) {
      it(`ranks as the whole index and a rebuild do (${layout}): ${name}`, {
        timeout: 60_000,
      }, async () => {
        const store = await commonFolder(layout);
        try {
          await request(store);
          const torn = await change(store);
          const text = (await store.readInternal(RECALL_INDEX_FILE)) ?? "";
          const log = `${(await store.readInternal(RECALL_INDEX_LOG)) ?? ""}${torn}`;
          expect(log.split("\n").length).toBeGreaterThanOrEqual(2);
          const rebuilt = new RecallIndex();
          await rebuilt.refresh(store);
          const total = rebuilt.units.size;
          expect(total).toBeGreaterThanOrEqual(COMMON_TERM_MIN_UNITS);
          for (const query of QUERIES) {
            for (const scope of [undefined, { project: PROJECT }]) {
              const whole = RecallIndex.parseFiles(text, store);
              expect(whole?.fold(log)).toBe(true);
              expect(whole?.load()).toBe(true);
              const partial = RecallIndex.parseFiles(text, store);
              expect(partial?.fold(log)).toBe(true);
              const loads = vi.spyOn(MiniSearch, "loadJS");
              // Not read whole after all: a partial read that cannot apply the log loads it all.
              const wholly = partial === undefined ? undefined : vi.spyOn(partial, "load");
              try {
                expect(partial?.prepare(query)).toBe(true);
                expect(wholly, query).not.toHaveBeenCalled();
                // The stored units stay in their columns: only the log's are objects.
                expect(partial?.units.size).toBeLessThan(total / 2);
                if (query === QUERIES[0]) {
                  // The common words' postings left unread: the unit search holds fewer documents.
                  const [units] = loads.mock.calls
                    .map(([search]) => search)
                    .filter((search) => "text" in search.fieldIds);
                  expect(Object.keys(units?.documentIds ?? {}).length).toBeLessThan(total / 2);
                }
              } finally {
                loads.mockRestore();
                wholly?.mockRestore();
              }
              const expected = whole?.query(query, scope);
              expect(expected?.length, query).toBeGreaterThan(0);
              expect(partial?.query(query, scope), query).toEqual(expected);
              expect(rounded(expected), query).toEqual(rounded(rebuilt.query(query, scope)));
            }
          }
        } finally {
          vi.useRealTimers();
          forgetOpenRecallIndexes();
        }
      });
    }
  }
});

describe("scope is a field of the index", () => {
  it.each<StoreLayout>(["subject", "fact"])(
    "filters another project's files in the query (%s)",
    async (layout) => {
      const store = new MemoryStore({
        root: await mkdtemp(join(tmpdir(), "memfiles-recall-scope-")),
        layout,
      });
      const fact = (name: string, body: string, scope?: string) =>
        `---\nname: ${name}\ndescription: ${name} notes.\ntype: project\n${scope === undefined ? "" : `scope: ${scope}\n`}---\n${body}\n`;
      await store.write(
        "billing-deploys.md",
        fact("billing deploys", "Billing deploys on Fly.io.", "billing"),
        "new",
      );
      await store.write(
        "site-deploys.md",
        fact("site deploys", "The site deploys on Netlify."),
        "new",
      );
      const paths = async (project: string | undefined) =>
        (
          await rankRecallUnits({
            store: boundaryStore(store, { project }),
            query: "Where does it deploy?",
          })
        ).map((unit) => unit.path);
      expect(await paths(undefined)).toEqual(["site-deploys.md"]);
      expect((await paths("billing")).sort()).toEqual(["billing-deploys.md", "site-deploys.md"]);
      expect((await paths("website")).sort()).toEqual(["site-deploys.md"]);
      expect(
        (await (await boundaryStore(store).forRequest(undefined, { rowsOnly: true })).list()).map(
          (row) => row.path,
        ),
      ).toEqual(["site-deploys.md"]);
      await flushRecallIndexes();
    },
  );

  it("gives the same view of a store and project on every call, so per-store caches hit", async () => {
    const store = await folder();
    expect(boundaryStore(store, { project: "billing" })).toBe(
      boundaryStore(store, { project: "billing" }),
    );
    // A view of a view sees what both see: two projects leave the global memories only.
    expect(boundaryStore(boundaryStore(store, { project: "a" }), { project: "b" })).toBe(
      boundaryStore(store),
    );
    expect(boundaryStore(boundaryStore(store, { project: "a" }), { allProjects: true })).toBe(
      boundaryStore(store, { project: "a" }),
    );
    expect(boundaryStore(store, { project: "a" })).not.toBe(boundaryStore(store, { project: "b" }));
  });
});

describe("a forget leaves no words of the fact in the stored recall index", () => {
  // The index stores each unit's words; a forget through the store or through a scoped view of it
  // must empty them from `.memfiles/` before it returns, with no save pending.
  const VIEWS = {
    "the store": (store: MemoryStore) => store,
    "a boundary view": (store: MemoryStore) => boundaryStore(store, { project: "billing-api" }),
  };
  it.each(Object.entries(VIEWS))("through %s", async (_name, view) => {
    const store = await folder();
    await rankRecallUnits({ store, query: QUERY });
    await flushRecallIndexes();
    const before = await store.readInternal(RECALL_INDEX_FILE);
    expect(before).toContain("deploys on Heroku");
    const result = await forget({ store: view(store), query: "Heroku", now: NOW });
    expect(result.code).toBe("removed");
    expect((await store.readInternal(RECALL_INDEX_FILE)) ?? "").not.toContain("Heroku");
    const texts = (await rankRecallUnits({ store, query: QUERY })).map((unit) => unit.text);
    expect(texts).toContain("uses Neovim");
    expect(texts.join("\n")).not.toContain("Heroku");
    await flushRecallIndexes();
  });
});

describe("the recall index's log", () => {
  // Twenty short files beside the table's memory: a log is kept only while it stays under its
  // share of the stored index, which the table's few files alone make small. Their units match
  // the table's query, so a ranking of the matched units equals one of every file.
  async function addOtherFiles(store: MemoryStore): Promise<void> {
    for (let file = 0; file < 20; file++) {
      const written =
        store.layout === "subject"
          ? await store.write(
              `topics/filler-${file}.md`,
              subjectFile(`filler ${file}`, "Other notes.", [
                `[stated 2026/09/01] note ${file} on hosting`,
              ]),
              "new",
            )
          : await store.write(
              `filler-${file}.md`,
              recallFactFile(`filler ${file}`, "Other notes.", `Note ${file} on hosting.`),
              "new",
            );
      if (!written.ok) throw new Error(written.message);
    }
  }

  /**
   * The store with stamps that are its files' version tokens (a fresh file's real stamp is never
   * trusted for 2 s) and its file reads counted: what a fold must not need.
   */
  async function counted() {
    const store = await folder();
    const reads: string[] = [];
    const read = store.read.bind(store);
    const listStamps = store.listStamps.bind(store);
    vi.spyOn(store, "listStamps").mockImplementation(async () =>
      Promise.all(
        (await listStamps()).map(async (file) => {
          const current = await read(file.path);
          return { path: file.path, stamp: current.exists ? current.version : "" };
        }),
      ),
    );
    vi.spyOn(store, "read").mockImplementation((path: string) => {
      reads.push(path);
      return read(path);
    });
    return { store, reads };
  }
  const stored = async (store: MemoryStore) => ({
    main: (await store.readInternal(RECALL_INDEX_FILE)) ?? "",
    log: (await store.readInternal(RECALL_INDEX_LOG)) ?? "",
  });

  it("keeps a write in the log, folded in by the next process without reading the file", async () => {
    const { store, reads } = await counted();
    await openRecallIndex(store);
    await openRecallIndex(store);
    const before = await stored(store);
    expect(before.log).toBe("");
    await replaceLine(store, "people/marta.md", "works as an architect", "works as a baker");
    await openRecallIndex(store);
    const after = await stored(store);
    expect(after.main).toBe(before.main);
    // The store's line for the write, then the index's entry for the file as read.
    const [written, entry, end] = after.log.split("\n");
    expect([written, end]).toEqual(['{"changed":"people/marta.md"}', ""]);
    expect(entry).toContain("works as a baker");
    forgetOpenRecallIndexes();
    const expected = seen(await truth(store));
    reads.length = 0;
    expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(expected);
    // Read once for the units recall returns, never to index it again.
    expect(reads.filter((path) => path === "people/marta.md").length).toBeLessThanOrEqual(1);
    expect((await stored(store)).main).toBe(before.main);
    forgetOpenRecallIndexes();
  });

  it("ignores a torn last line, then stores the index whole", async () => {
    const { store, reads } = await counted();
    await openRecallIndex(store);
    await replaceLine(store, "topics/tools.md", "uses Neovim", "uses Helix");
    await openRecallIndex(store);
    forgetOpenRecallIndexes();
    const { log } = await stored(store);
    await store.writeInternal(RECALL_INDEX_LOG, `${log}{"path":"topics/trips.md","fi`);
    await replaceLine(store, "topics/trips.md", "in May", "in June");
    const expected = seen(await truth(store));
    reads.length = 0;
    const index = await openRecallIndex(store);
    // The whole lines were folded: only the file changed since is read.
    expect(reads).toEqual(["topics/trips.md"]);
    expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(expected);
    expect(index.rows().map((row) => row.path)).toHaveLength(3);
    expect((await stored(store)).log).toBe("");
    expect((await stored(store)).main).toContain("in June");
    forgetOpenRecallIndexes();
  });

  it("rebuilds the index when a whole line of the log is not one it wrote", async () => {
    const { store, reads } = await counted();
    await openRecallIndex(store);
    forgetOpenRecallIndexes();
    await store.writeInternal(RECALL_INDEX_LOG, '{"path":"topics/trips.md","file":{}}\n');
    const expected = seen(await truth(store));
    reads.length = 0;
    await openRecallIndex(store);
    expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(expected);
    expect(reads.sort()).toEqual(["people/marta.md", "topics/tools.md", "topics/trips.md"]);
    expect((await stored(store)).log).toBe("");
    forgetOpenRecallIndexes();
  });

  it("is written into the stored index once it passes its share of it", async () => {
    const store = await folder();
    await openRecallIndex(store);
    let compacted = 0;
    for (let round = 0; round < 6; round++) {
      const before = await stored(store);
      await replaceLine(
        store,
        "topics/trips.md",
        `Lisbon in May${"!".repeat(round)}`,
        `Lisbon in May${"!".repeat(round + 1)}`,
      );
      await openRecallIndex(store);
      const after = await stored(store);
      expect(after.log.length).toBeLessThanOrEqual(RECALL_INDEX_LOG_SHARE * after.main.length);
      if (after.main !== before.main) compacted++;
    }
    expect(compacted).toBeGreaterThan(0);
    expect(compacted).toBeLessThan(6);
    forgetOpenRecallIndexes();
    expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(seen(await truth(store)));
    forgetOpenRecallIndexes();
  });

  // A process folds a pending log into each search it loads from the stored terms: a query's
  // partial one, another query's, the whole one. Each must start from the stored average field
  // lengths, or the fold counts twice, and a whole save would store the skew.
  const AFTER_A_LOGGED_WRITE = {
    "ranks a second query as reading every file does": async () => {},
    "stores whole what reading every file gives": async (store: MemoryStore) => {
      await compactRecallIndex(store);
      await flushRecallIndexes();
      forgetOpenRecallIndexes();
    },
  };
  for (const layout of ["subject", "fact"] as const) {
    for (const [name, then] of Object.entries(AFTER_A_LOGGED_WRITE)) {
      it(`a cold process with a log pending (${layout}) ${name}`, async () => {
        const store = await folder(layout);
        // Enough other files that the write fits in the log.
        await addOtherFiles(store);
        settleWrittenFiles();
        try {
          await rankRecallUnits({ store, query: QUERY });
          await flushRecallIndexes();
          await LIBRARY_WRITES.add?.(store, RECALL_CHANGES[layout].add);
          settleWrittenFiles();
          await rankRecallUnits({ store, query: QUERY });
          await flushRecallIndexes();
          expect((await store.readInternal(RECALL_INDEX_LOG)) ?? "").not.toBe("");
          forgetOpenRecallIndexes();
          await rankRecallUnits({ store, query: "Which editor?" });
          await then(store);
          expect(seen(await rankRecallUnits({ store, query: QUERY }))).toEqual(
            seen(await truth(store)),
          );
        } finally {
          vi.useRealTimers();
          forgetOpenRecallIndexes();
        }
      });
    }
  }

  it("never brings back a forgotten line that was in the log", async () => {
    const store = await folder();
    // Enough other files that the forget's own change would still fit in the log.
    await addOtherFiles(store);
    // The clock stands past every file's 2 s of untrusted stat: the files are stamped here, so the
    // replaced line is the index's only change (a log), however slow the machine is.
    settleWrittenFiles();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await openRecallIndex(store);
    await flushRecallIndexes();
    await replaceLine(store, "topics/tools.md", "uses Neovim", "uses Neovim and Zanzibar");
    settleWrittenFiles();
    await openRecallIndex(store);
    expect((await stored(store)).log).toContain("Zanzibar");
    const result = await forget({ store, query: "Zanzibar", now: NOW });
    expect(result.code).toBe("removed");
    const after = await stored(store);
    expect(after.main + after.log).not.toContain("Zanzibar");
    forgetOpenRecallIndexes();
    const texts = (await rankRecallUnits({ store, query: "Zanzibar Neovim" })).map(
      (unit) => unit.text,
    );
    expect(texts.join("\n")).not.toContain("Zanzibar");
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
  });
});

describe("the rows of a recall index", () => {
  it("are the same frozen objects while their file does not change, a new one for a changed file", async () => {
    const store = await folder();
    const index = await openRecallIndex(store);
    const first = index.rows();
    expect(first.every((kept) => Object.isFrozen(kept))).toBe(true);
    expect(index.rows()).toEqual(first);
    expect(index.rows().every((kept, at) => kept === first[at])).toBe(true);
    expect(index.rows()).not.toBe(first);
    await replaceLine(store, "topics/tools.md", "uses Neovim", "uses Helix");
    await store.write(
      "topics/tools.md",
      subjectFile("tools", "Editors only.", ["[stated 2026/09/01] uses Helix"]),
      (await store.read("topics/tools.md")).version,
    );
    const after = (await openRecallIndex(store)).rows();
    expect(after.find((kept) => kept.path === "topics/tools.md")?.description).toBe(
      "Editors only.",
    );
    // Only the changed file's row is a new object: the others are kept across the write.
    expect(after.map((kept) => kept.path)).toEqual(first.map((kept) => kept.path));
    expect(after.flatMap((kept, at) => (kept === first[at] ? [] : [kept.path]))).toEqual([
      "topics/tools.md",
    ]);
    await store.write(
      "topics/boats.md",
      subjectFile("boats", "Sailing.", ["[stated 2026/09/01] sails"]),
      "new",
    );
    expect((await openRecallIndex(store)).rows().map((kept) => kept.path)).toContain(
      "topics/boats.md",
    );
    forgetOpenRecallIndexes();
  });

  it("after each write, in the scope last listed, are the rows a fresh index lists", async () => {
    const store = await folder();
    const edit = async (path: string, name: string, description: string) =>
      store.write(
        path,
        subjectFile(name, description, ["[stated 2026/09/01] edited"]),
        (await store.read(path)).version,
      );
    const add = (path: string, name: string) =>
      store.write(path, subjectFile(name, `${name}.`, ["[stated 2026/09/01] added"]), "new");
    // Each write after a listing of one scope: the kept rows are those of the last listing.
    const writes: Array<[IndexScope | undefined, () => Promise<unknown>]> = [
      [{ project: "other" }, () => add("projects/app.md", "app")],
      [{ project: "app" }, () => add("topics/aaa.md", "aaa")],
      [undefined, () => add("topics/zzz.md", "zzz")],
      [{ project: "app" }, () => edit("topics/tools.md", "tools", "Editors only.")],
      [{ project: "app" }, () => edit("projects/app.md", "app", "The app, renamed.")],
      [undefined, () => store.delete("topics/aaa.md")],
      [{ project: "app" }, () => store.delete("projects/app.md")],
    ];
    for (const [scope, write] of writes) {
      const index = await openRecallIndex(store);
      index.rows(scope);
      await write();
      const written = await openRecallIndex(store);
      expect(written).toBe(index);
      const kept = written.rows(scope);
      await flushRecallIndexes();
      forgetOpenRecallIndexes();
      expect(kept).toEqual((await openRecallIndex(store)).rows(scope));
    }
    forgetOpenRecallIndexes();
  });
});

describe("a store's write while the recall index is stored whole", () => {
  it.each(["subject", "fact"] as const)(
    "is listed by the session-start check as written (%s)",
    async (layout) => {
      await expectWriteDuringWholeStoreSeen(await folder(layout));
    },
  );
});
