import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addLine } from "../../test/add-line.js";
import { RESTATEMENT_CASES, REVERSAL_CASES } from "../../test/restatement-cases.js";
import { MemoryStore } from "../store/index.js";
import { factKey, restatesFact, reversesFact } from "../text/index.js";
import { type IndexedLine, LineIndex } from "./line-index.js";
import { type MemoryFileState, memoryFileState } from "./memory-files.js";

const TAG = /^\[stated [^\]]*\]\s*/;

function fileState(path: string, lines: readonly string[]): MemoryFileState {
  const body = lines.map((line) => `[stated 2026/09/12] ${line.replace(TAG, "")}\n`).join("");
  return memoryFileState(path, `---\nname: x\ndescription: X.\n---\n${body}`, `v-${path}`);
}

// Files that match none of the cases, around the one that holds the case's line.
function snapshotWith(line: string): Map<string, MemoryFileState> {
  const files = new Map<string, MemoryFileState>();
  for (let index = 0; index < 40; index++) {
    files.set(
      `topics/other-${index}.md`,
      fileState(`topics/other-${index}.md`, [
        `fact ${index} about subject ${index}: option ${index % 13}`,
      ]),
    );
    if (index === 20) files.set("topics/case.md", fileState("topics/case.md", [line]));
  }
  return files;
}

const found = (entry: IndexedLine | undefined) =>
  entry === undefined ? undefined : { path: entry.path, text: entry.line.text };

describe("LineIndex gives the answers of restatesFact and reversesFact over a folder", () => {
  it.each(RESTATEMENT_CASES)("%j restates %j: %s", (fact, line, expected) => {
    const index = LineIndex.of(snapshotWith(line));
    expect(found(index.firstRestated(fact, "topics/other-3.md", undefined))).toEqual(
      expected ? { path: "topics/case.md", text: line.replace(TAG, "") } : undefined,
    );
  });

  it.each(REVERSAL_CASES)("%j reverses %j: %s", (fact, line, expected) => {
    const index = LineIndex.of(snapshotWith(line));
    expect(found(index.firstReversed(fact, "topics/other-3.md"))).toEqual(
      expected ? { path: "topics/case.md", text: line.replace(TAG, "") } : undefined,
    );
  });
});

// What the checks found before the index: a scan of every line, the target file first.
function scan(
  files: Map<string, MemoryFileState>,
  first: string,
  match: (text: string) => boolean,
): { path: string; text: string } | undefined {
  const ordered = [first, ...[...files.keys()].filter((path) => path !== first)];
  for (const path of ordered) {
    const state = files.get(path);
    if (state === undefined || "unparsable" in state) continue;
    for (const line of state.lines) {
      if (line.kind === "dated" && match(line.text)) return { path, text: line.text };
    }
  }
  return undefined;
}

const SUBJECTS = ["coffee", "tea", "Berlin", "Neovim", "pork", "Vim", "Fly.io", "tmux"];
const FORMS = [
  (subject: string) => `drinks ${subject}`,
  (subject: string) => `stopped drinking ${subject}`,
  (subject: string) => `lives in ${subject}`,
  (subject: string) => `used to live in ${subject}`,
  (subject: string) => `uses ${subject} daily`,
  (subject: string) => `doesn't use ${subject} anymore`,
  (subject: string) => `uses ${subject}`,
];
const sentence = (seed: number) =>
  (FORMS[seed % FORMS.length] as (subject: string) => string)(
    SUBJECTS[Math.floor(seed / FORMS.length) % SUBJECTS.length] as string,
  );

function generated(files: number): Map<string, MemoryFileState> {
  const snapshot = new Map<string, MemoryFileState>();
  for (let index = 0; index < files; index++) {
    const path = `topics/file-${(index * 7) % files}.md`;
    snapshot.set(path, fileState(path, [sentence(index * 3), sentence(index * 5 + 1)]));
  }
  return snapshot;
}

function expectSameAsScan(snapshot: Map<string, MemoryFileState>): void {
  const index = LineIndex.of(snapshot);
  for (let seed = 0; seed < FORMS.length * SUBJECTS.length; seed++) {
    const fact = sentence(seed);
    const first = `topics/file-${seed % 30}.md`;
    const key = factKey(fact);
    expect(found(index.firstRestated(fact, first, undefined))).toEqual(
      scan(snapshot, first, (text) => restatesFact(fact, text)),
    );
    expect(found(index.firstReversed(fact, first))).toEqual(
      scan(snapshot, first, (text) => reversesFact(fact, text)),
    );
    expect(found(index.firstWithKey(key, first))).toEqual(
      scan(snapshot, first, (text) => factKey(text) === key),
    );
  }
}

describe("LineIndex finds the line a scan of every line finds first", () => {
  it("on a folder, and after files are replaced, removed and added", () => {
    const snapshot = generated(60);
    expectSameAsScan(snapshot);
    snapshot.set("topics/file-3.md", fileState("topics/file-3.md", ["stopped drinking tea"]));
    snapshot.set("topics/file-8.md", { unparsable: "Refused to edit topics/file-8.md: bad." });
    snapshot.delete("topics/file-5.md");
    snapshot.set("topics/new.md", fileState("topics/new.md", ["drinks tea", "uses tmux daily"]));
    expectSameAsScan(snapshot);
  });
});

describe("addLine at a large folder", () => {
  it("still finds a restatement (and a reversal) among 5,000 files", async () => {
    const store = new MemoryStore({
      root: join(await mkdtemp(join(tmpdir(), "memfiles-line-index-")), "memory"),
    });
    const snapshot = new Map<string, MemoryFileState>();
    // Built as the parser would give them (without the parsed file, which only an edit needs):
    // parsing 5,000 headers would be most of this test's time.
    for (let index = 0; index < 5_000; index++) {
      const path = `topics/subject-${index}.md`;
      const lines = [
        `fact ${index} about subject ${index}: prefers option ${index % 13}`,
        `uses tool ${index} for project ${index % 97}`,
      ].map((text) => ({ kind: "dated" as const, stated: "2026/09/12", text }));
      snapshot.set(path, {
        read: { path, exists: true, version: "v", content: "" },
        lines,
        header: {},
      });
    }
    snapshot.set("people/me.md", fileState("people/me.md", ["used to live in Berlin"]));
    snapshot.set(
      "topics/editor.md",
      fileState("topics/editor.md", ["uses Neovim as the main editor"]),
    );
    const base = {
      store,
      snapshot,
      replaces: null,
      stated: "2026/10/01",
      updated: "2026/10/01",
      checkTombstones: false,
    };
    expect(
      await addLine({ ...base, path: "topics/tools.md", fact: "main editor is Neovim" }),
    ).toEqual({
      code: "duplicate",
      path: "topics/tools.md",
      message:
        'Not added "main editor is Neovim": topics/editor.md already states it as "[stated 2026/09/12] uses Neovim as the main editor" (every content word is in that line). If the fact changes that line, name it in replaces.',
    });
    // A reversal updates its line: the index finds it as a scan would.
    const reversed = LineIndex.of(snapshot).firstReversed("lives in Berlin", "topics/home.md");
    expect(found(reversed)).toEqual({ path: "people/me.md", text: "used to live in Berlin" });
  });
});
