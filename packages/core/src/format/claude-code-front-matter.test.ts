import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { applyFactProposals } from "../layouts/fact/fact-write-pass.js";
import { forget } from "../layouts/forget.js";
import { remember } from "../layouts/remember.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { rankRows } from "../recall/prefilter.js";
import { showMemoryFile } from "../recall/recall-files.js";
import { formatMemoryIndex, memoryIndexWithin } from "../store/memory-index.js";
import type { MemoryStore } from "../store/memory-store.js";
import { parseMemoryFile } from "./memory-file.js";

// Claude Code 2.1 writes every memory file it writes with its own front matter: the type and the
// time of the write under `metadata:`, no top-level `type:` or `updated:`.
const claudeCodeFile = (metadata: string, top = "") =>
  `---\nname: gym\ndescription: "Where the user trains."\nmetadata:\n  node_type: memory\n  type: user\n${metadata}  originSessionId: 9f3a1c2e-7b4d-4e8a-9c1f-2d3e4f5a6b7c\n  modified: 2026-12-06T17:21:39.792Z\n${top}---\n\nThe user trains at the Vesterbro climbing gym.\n`;

describe("a file's updated day, read leniently from Claude Code's front matter", () => {
  it.each([
    ["modified: the day of the time, as written (UTC)", claudeCodeFile(""), "2026/12/06"],
    [
      "an older metadata updated: the model copied: modified's day",
      claudeCodeFile("  updated: 2026/12/05\n"),
      "2026/12/06",
    ],
    [
      "metadata's updated: a day ahead of the UTC time (the user's zone)",
      claudeCodeFile("  updated: 2026/12/07\n"),
      "2026/12/07",
    ],
    [
      "an older top-level updated: (Claude Code rewrote the file since): modified's day",
      claudeCodeFile("  updated: 2026/12/05\n", "updated: 2026/11/02\n"),
      "2026/12/06",
    ],
    [
      "a newer top-level updated: (memfiles wrote the file since): the top-level day as written",
      claudeCodeFile("  updated: 2026/12/05\n", "updated: 2026-12-09\n"),
      "2026-12-09",
    ],
    [
      "a top-level updated: on the day of modified: as written",
      claudeCodeFile("", "updated: 2026-12-06\n"),
      "2026-12-06",
    ],
    [
      "a time with an offset: its own day, not the reader's",
      claudeCodeFile("").replace("2026-12-06T17:21:39.792Z", "2026-12-06T23:30:00-05:00"),
      "2026/12/06",
    ],
    [
      "a modified: that is no date",
      claudeCodeFile("").replace("2026-12-06T17:21:39.792Z", "yesterday"),
      undefined,
    ],
  ])("%s", (_name, text, day) => {
    const { header, problems } = parseMemoryFile(text);
    expect(header.updated).toBe(day);
    expect(header.type).toBe("user");
    expect(problems.map((problem) => problem.code)).not.toContain("invalid_updated");
  });
});

/** A fact folder with a Claude Code file and two older ones memfiles wrote. */
async function folder(gym = claudeCodeFile("")): Promise<MemoryStore> {
  const store = await tempStore("fact");
  await store.write("gym.md", gym, "new");
  for (const [name, day, body] of [
    ["pool", "2026/11/01", "The user swims at the Tivoli pool."],
    ["cafe", "2026/10/01", "The user's favourite café is in Vesterbro."],
  ]) {
    await store.write(
      `${name}.md`,
      `---\nname: ${name}\ndescription: ${body}\ntype: user\nupdated: ${day}\n---\n${body}\n`,
      "new",
    );
  }
  return store;
}

// Every reader of a file's date takes it from the one parse: what each gives the Claude Code file.
const READERS: Record<string, (store: MemoryStore) => Promise<unknown>> = {
  "store.list() row": async (store) =>
    (await store.list()).find((row) => row.path === "gym.md")?.updated,
  "recall for a prompt": async (store) => {
    const recalled = await recallForPrompt({ store, query: "where does the user train climbing" });
    expect(recalled.text).toContain("2026/12/06");
    return recalled.units.find((unit) => unit.path === "gym.md")?.date;
  },
  "a memory file shown (staleness)": async (store) => {
    const read = await store.read("gym.md");
    if (!read.exists) throw new Error("gym.md is missing");
    return (await showMemoryFile("gym.md", read.content, {})).file.updated;
  },
  "MEMORY.md within its line budget (newest first)": async (store) => {
    // Room for the header, the "more files" line and one link: the newest file's, by its date.
    const oneLink = formatMemoryIndex([], "", 0).split("\n").length + 1;
    const { rows: listed } = memoryIndexWithin(await store.list(), "", oneLink);
    expect(listed.map((row) => row.path)).toEqual(["gym.md"]);
    return listed[0]?.updated;
  },
  "the pre-filter's most recent row": async (store) => {
    const [newest] = rankRows(await store.list(), undefined, 1);
    expect(newest?.path).toBe("gym.md");
    return newest?.updated;
  },
};

// Claude Code's own file, and one it rewrote after memfiles set an older top-level `updated:`
// (older than the other files', so a reader that took it would not find gym.md newest).
const GYM_FILES = {
  "Claude Code's file": claudeCodeFile(""),
  "rewritten by Claude Code after memfiles' updated:": claudeCodeFile("", "updated: 2026/09/15\n"),
};

describe.each(Object.entries(GYM_FILES))("every reader of a file's date: %s", (_file, gym) => {
  it.each(Object.entries(READERS))("%s", async (_name, read) => {
    expect(await read(await folder(gym))).toBe("2026/12/06");
  });
});

/** A write pass on `day` (YYYY-MM-DD) that saves the user's new gym over gym.md. */
function gymWritePass(store: MemoryStore, day: string) {
  return applyFactProposals({
    store,
    now: new Date(`${day}T10:00:00Z`),
    transcript: {
      date: day,
      sessionId: `s-${day}`,
      turns: [{ role: "user", content: "I train at the Nørrebro bouldering gym now." }],
    },
    proposals: [
      {
        action: "save",
        name: "gym",
        type: "user",
        description: "Where the user trains.",
        body: "The user trains at the Nørrebro bouldering gym.",
        evidence: "I train at the Nørrebro bouldering gym now.",
        replaces: "gym.md",
      },
    ],
  });
}

describe("a write pass updating a Claude Code file", () => {
  it("keeps its lines, adds updated: and no second type:", async () => {
    const store = await folder();
    const result = await gymWritePass(store, "2026-12-07");
    expect(result.rejected).toEqual([]);
    const text = await readFile(join(store.root, "gym.md"), "utf8");
    const before = claudeCodeFile("").split("\n");
    // Claude Code's header lines, byte for byte, and memfiles' own field after them.
    expect(text.split("\n").slice(0, 8)).toEqual(before.slice(0, 8));
    expect(text.match(/^\s*type:/gm)).toHaveLength(1);
    expect(text).toContain("\nupdated: 2026/12/07\n");
    expect(text).toContain("The user trains at the Nørrebro bouldering gym.");
    expect(parseMemoryFile(text).header.updated).toBe("2026/12/07");
  });
});

// metadata.modified is Claude Code's (the time its session `originSessionId` wrote the file): a
// memfiles write leaves it as it was and sets a top-level `updated:`, which every reader of the
// day takes first. So no write leaves the older `modified:` as the file's day.
const NOW = new Date("2026-12-09T10:00:00Z");
const WRITES: Record<string, (store: MemoryStore) => unknown> = {
  "the write pass": (store) => gymWritePass(store, "2026-12-09"),
  remember: (store) => remember({ store, path: "gym", fact: "climbs on Tuesdays", now: NOW }),
  "forget of one fact of several": async (store) => {
    const two = claudeCodeFile("").replace(
      "The user trains at the Vesterbro climbing gym.\n",
      "- The user trains at the Vesterbro climbing gym.\n- The user climbs on Tuesdays.\n",
    );
    const read = await store.read("gym.md");
    await store.write("gym.md", two, read.version);
    return forget({ store, query: "Tuesdays", now: NOW });
  },
  "the memory tool's str_replace": (store) =>
    createMemoryToolHandlers({ store, now: NOW }).str_replace({
      command: "str_replace",
      path: "/memories/gym.md",
      old_str: "Vesterbro climbing gym",
      new_str: "Nørrebro bouldering gym",
    }),
};

describe("a memfiles write of a Claude Code file: the day is the write's", () => {
  it.each(Object.entries(WRITES))("%s", async (_name, write) => {
    const store = await folder();
    await write(store);
    const text = await readFile(join(store.root, "gym.md"), "utf8");
    expect(text).toContain("\n  modified: 2026-12-06T17:21:39.792Z\n");
    expect(text).toContain("\nupdated: 2026/12/09\n");
    expect((await store.list()).find((row) => row.path === "gym.md")?.updated).toBe("2026/12/09");
  });
});
