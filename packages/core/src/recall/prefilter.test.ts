import MiniSearch from "minisearch";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MemoryRow } from "../store/types.js";
import { matchRows, prefilterRows, rankRows } from "./prefilter.js";

function row(path: string, description: string, updated?: string): MemoryRow {
  const name = path.replace(/^.*\//, "").replace(/\.md$/, "");
  return { path, name, description, chars: 100, ...(updated === undefined ? {} : { updated }) };
}

const ROWS = Array.from({ length: 40 }, (_, index) =>
  row(
    `topics/subject-${index}.md`,
    `Notes on subject number ${index}.`,
    `2026/09/${10 + (index % 9)}`,
  ),
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("prefilterRows", () => {
  it("keeps the matching rows, sorted by path", () => {
    const rows = [...ROWS, row("topics/hosting.md", "Where the user deploys: Fly.io, Railway.")];
    expect(prefilterRows(rows, "where do I deploy?", 1).map((kept) => kept.path)).toEqual([
      "topics/hosting.md",
    ]);
  });

  it.each(["🎸", "★"])("finds a row by an emoji or symbol alone (%s)", (query) => {
    const rows = [...ROWS, row("topics/music.md", `Plays ${query} on weekends.`)];
    expect(prefilterRows(rows, query, 1).map((kept) => kept.path)).toEqual(["topics/music.md"]);
  });

  it("ranks matches first, then the most recently updated", () => {
    const rows = [...ROWS, row("topics/hosting.md", "Where the user deploys.", "2020/01/01")];
    expect(rankRows(rows, "deploys", 3).map((kept) => kept.path)).toEqual([
      "topics/hosting.md",
      "topics/subject-17.md",
      "topics/subject-26.md",
    ]);
  });
});

// A session's start has no query: the most recent rows, and no search index built for nothing.
describe("prefilterRows without a query", () => {
  it.each([
    ["no query", undefined],
    ["an empty query", ""],
    ["a blank query", " \n "],
  ])("%s: the most recently updated, sorted by path; nothing indexed", (name, query) => {
    // A row no other test has: indexing it would add or replace it.
    const rows = [...ROWS, row("topics/hosting.md", `Deploys, ${name}.`, "2020/01/01")];
    const spies = (["addAll", "add", "replace"] as const).map((method) =>
      vi.spyOn(MiniSearch.prototype, method),
    );
    expect(prefilterRows(rows, query, 3).map((kept) => kept.path)).toEqual([
      "topics/subject-17.md",
      "topics/subject-26.md",
      "topics/subject-35.md",
    ]);
    expect(spies.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
  });
});

// Another tool may write `updated:` as an ISO date or time: the order is by the day it names
// (parseMemoryFile's rule), not by how the value is written ("/" sorts after "-").
describe("the most recently updated, by the day `updated:` names", () => {
  it("orders ISO dates and times with memfiles' own days", () => {
    const rows = [
      row("topics/a.md", "A.", "2026/04/30"),
      row("topics/b.md", "B.", "2026-05-01T10:00:00Z"),
      row("topics/c.md", "C.", "2026-04-29"),
      row("topics/d.md", "D.", "2026/05/02"),
      row("topics/e.md", "E.", "2026-05-01"),
    ];
    expect(rankRows(rows, undefined).map((kept) => kept.path)).toEqual([
      "topics/d.md",
      "topics/b.md",
      "topics/e.md",
      "topics/a.md",
      "topics/c.md",
    ]);
  });
});

describe("the search index is updated row by row, not rebuilt", () => {
  it.each([
    ["a changed description", "replace"],
    ["a new file", "add"],
    ["a removed file", "discard"],
  ] as const)("%s: one %s, no rebuild", (_name, method) => {
    const rows = ROWS.map((given) => ({ ...given }));
    prefilterRows(rows, "subject", 5);
    const addAll = vi.spyOn(MiniSearch.prototype, "addAll");
    const update = vi.spyOn(MiniSearch.prototype, method);
    let next = rows;
    if (method === "replace") {
      next = rows.map((given, index) =>
        index === 7
          ? { ...given, description: "Where the user deploys the billing service." }
          : given,
      );
    } else if (method === "add") {
      next = [...rows, row("topics/hosting.md", "Where the user deploys the billing service.")];
    } else {
      next = rows.filter((given) => given.path !== "topics/subject-7.md");
    }
    const kept = prefilterRows(next, "billing service", 1).map((given) => given.path);
    expect({ kept, addAll: addAll.mock.calls.length, update: update.mock.calls.length }).toEqual({
      kept:
        method === "replace"
          ? ["topics/subject-7.md"]
          : method === "add"
            ? ["topics/hosting.md"]
            : [kept[0]],
      addAll: 0,
      update: 1,
    });
    if (method === "discard") {
      expect(prefilterRows(next, "subject 7", 40).map((given) => given.path)).not.toContain(
        "topics/subject-7.md",
      );
    }
  });
});

describe("the pre-filter over frozen rows (a recall index's listing)", () => {
  it("searches the same frozen rows without comparing them, and sees a changed row", () => {
    const frozen = (rows: MemoryRow[]) => rows.map((kept) => Object.freeze({ ...kept }));
    const first = frozen([...ROWS, row("topics/hosting.md", "Where the user deploys.")]);
    expect(prefilterRows([...first], "deploys", 1).map((kept) => kept.path)).toEqual([
      "topics/hosting.md",
    ]);
    expect(prefilterRows([...first], "deploys", 1).map((kept) => kept.path)).toEqual([
      "topics/hosting.md",
    ]);
    // A change gives new frozen rows: the changed one must be searched with its new words.
    const second = [...first.slice(0, -1), Object.freeze(row("topics/hosting.md", "Boats."))];
    expect(matchRows(second, "deploys", 1)).toEqual([]);
    expect(matchRows([...second], "boats", 1).map((kept) => kept.path)).toEqual([
      "topics/hosting.md",
    ]);
  });
});

describe("the pre-filter after one row of a frozen listing changes", () => {
  // Frozen rows sorted by path whose descriptions count their reads: an unchanged row must not be
  // looked at again.
  let reads = 0;
  const counted = (given: MemoryRow): MemoryRow => {
    const { description, ...rest } = given;
    return Object.freeze(
      Object.defineProperty({ ...rest }, "description", {
        enumerable: true,
        get: () => {
          reads++;
          return description;
        },
      }) as MemoryRow,
    );
  };
  const byPath = (a: MemoryRow, b: MemoryRow) => (a.path < b.path ? -1 : 1);
  const changed = "topics/subject-7.md";
  const after = (name: string, rows: MemoryRow[], make: (given: MemoryRow) => MemoryRow) =>
    name === "a changed description"
      ? rows.map((given) =>
          given.path === changed
            ? make({ ...given, description: "Deploys the billing service." })
            : given,
        )
      : name === "a new file"
        ? [...rows, make(row("topics/hosting.md", "Deploys the billing service."))].sort(byPath)
        : rows.filter((given) => given.path !== changed);
  // What the pre-filter gives for `before` then `next`, from a search index made anew.
  const results = (before: MemoryRow[], next: MemoryRow[]) => {
    rankRows([row("other.md", "Other.")], "other");
    prefilterRows([...before], "subject", 5);
    reads = 0;
    return {
      kept: prefilterRows(next, "billing service", 1).map((given) => given.path),
      matched: matchRows(next, "subject number", 40).map((given) => given.path),
    };
  };
  it.each([
    ["a changed description", changed],
    ["a new file", "topics/hosting.md"],
    ["a removed file", undefined],
  ] as const)("%s: only that row is read again, the same results", (name, path) => {
    const first = [...ROWS].sort(byPath).map(counted);
    const found = results(first, after(name, first, counted));
    // A new row's description is read twice (compared with what was indexed, then indexed); the
    // unchanged rows' not at all.
    expect(reads).toBe(path === undefined ? 0 : 2);
    if (path !== undefined) expect(found.kept).toEqual([path]);
    // The same rows in the same order as the pre-filter over plain rows (compared by content).
    const plain = first.map((given) => ({ ...given }));
    expect(found).toEqual(
      results(
        plain,
        after(name, plain, (given) => given),
      ),
    );
  });
});
