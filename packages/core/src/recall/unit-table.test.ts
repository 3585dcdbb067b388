import { describe, expect, it } from "vitest";
import { compareCodeUnits } from "../text/compare-code-units.js";
import { rankFoundUnits, type UnitHits } from "./rank-units.js";
import type { FileUnit } from "./recall-units.js";
import { UnitTable } from "./unit-table.js";

const unit = (path: string, text: string, date?: string): FileUnit =>
  date === undefined ? { path, text, kind: "line" } : { path, text, date, kind: "line" };

// What the kept columns say of every id up to `last`, and what the map itself says.
function seen(table: UnitTable, last: number) {
  const columns = table.rankColumns();
  if (columns?.days === undefined) throw new Error("no columns");
  const days = columns.days;
  const ranks = days.ranks();
  const fromColumns = [];
  const fromMap = [];
  for (let id = 0; id <= last; id++) {
    const held = table.get(id);
    fromMap.push(
      held === undefined
        ? { id, has: false }
        : { id, has: true, path: held.path, date: held.date, chars: held.text.length },
    );
    if (!columns.has(id)) {
      fromColumns.push({ id, has: false });
      continue;
    }
    const day = days.day(id);
    fromColumns.push({
      id,
      has: true,
      path: columns.path(id),
      date: day < 0 ? undefined : days.dates[day],
      chars: columns.chars(id),
    });
    expect(columns.date(id)).toBe(day < 0 ? undefined : days.dates[day]);
  }
  // Each day's place is its date's among all the dates, in code-unit order.
  const sorted = [...days.dates].sort(compareCodeUnits);
  const places = days.dates.map((date) => sorted.indexOf(date));
  return { fromColumns, fromMap, ranks: [...ranks], places };
}

// Steps a long-lived index takes on its units after its columns were made.
const CHANGES: Record<string, (table: UnitTable) => void> = {
  "units added at new ids": (table) => {
    table.set(5, unit("topics/new.md", "a new line", "2026/03/01"));
    table.set(9, unit("topics/new.md", "another", "2026/03/02"));
  },
  "units deleted": (table) => {
    table.delete(1);
    table.delete(3);
  },
  "a unit replaced at its id": (table) => {
    table.set(2, unit("people/ann.md", "a much longer line than before", undefined));
  },
  "a date earlier than every other, and an empty one": (table) => {
    table.set(6, unit("topics/old.md", "old", "1999/01/01"));
    table.set(7, unit("topics/odd.md", "odd", ""));
  },
  "cleared, then filled again": (table) => {
    table.clear();
    table.set(0, unit("profile.md", "zero", "2020/01/01"));
    table.rankColumns();
  },
};

function filled(): UnitTable {
  const table = new UnitTable();
  table.set(0, unit("topics/a.md", "first", "2026/01/02"));
  table.set(1, unit("topics/a.md", "second line", "2025/12/31"));
  table.set(2, unit("people/ann.md", "ann", "2026/01/02"));
  table.set(3, unit("projects/x.md", "no date"));
  return table;
}

describe("a unit table's columns stay in step with its units", () => {
  it("gives no columns at the first ask, then columns", () => {
    const table = filled();
    expect(table.rankColumns()).toBeUndefined();
    expect(table.rankColumns()).toBeDefined();
  });

  it.each(Object.entries(CHANGES))("%s", (_name, change) => {
    const table = filled();
    table.rankColumns();
    seen(table, 3);
    change(table);
    const after = seen(table, 12);
    expect(after.fromColumns).toEqual(after.fromMap);
    expect(after.ranks).toEqual(after.places);
  });
});

// Hits over a table's units: every third has no unit (dropped), scores with ties.
function hitsOf(ids: readonly number[]): UnitHits {
  const count = ids.length;
  const found: UnitHits = {
    count,
    ids: Int32Array.from(ids),
    scores: new Float64Array(count),
    structural: new Uint8Array(count),
  };
  ids.forEach((_id, at) => {
    found.scores[at] = at % 4 === 0 ? 0 : 1 + (at % 3);
    found.structural[at] = at % 5 === 0 ? 1 : 0;
  });
  return found;
}

describe("ranking from a table's kept columns equals ranking from its units", () => {
  const table = new UnitTable();
  const dates = ["2026/09/12", "2026/09/13", "2025/01/01", "", undefined, "2026/09/12"];
  for (let id = 0; id < 60; id++) {
    if (id % 7 === 3) continue;
    table.set(
      id,
      unit(
        id % 9 === 0 ? "profile.md" : `topics/t${id % 4}.md`,
        "x".repeat(5 + ((id * 13) % 40)),
        dates[id % dates.length],
      ),
    );
  }
  const ids = Array.from({ length: 60 }, (_, id) => (id * 11) % 62);
  it.each([
    ["a plain request", "what about the garden?"],
    ["a request naming a day", "What happened on 12 September, 2026?"],
    ["a request naming a month", "Anything from September 2026?"],
  ])("%s", (_name, query) => {
    const rank = (columns: boolean) => {
      table.rankColumns();
      const ranked = rankFoundUnits(
        hitsOf(ids),
        (id) => table.get(id),
        query,
        ["profile.md"],
        (held, score) => ({ ...held, score }),
        columns ? table.rankColumns() : undefined,
      );
      return Array.from({ length: ranked.length }, (_, rank) => ranked.at(rank));
    };
    const fromUnits = rank(false);
    expect(fromUnits.length).toBeGreaterThan(20);
    expect(rank(true)).toEqual(fromUnits);
  });
});

describe('a unit of no date ranks as one dated "", from the columns and from the units', () => {
  const table = new UnitTable();
  table.set(0, unit("topics/b.md", "same", ""));
  table.set(1, unit("topics/a.md", "same"));
  table.set(2, unit("topics/c.md", "same", "2026/01/01"));
  it.each([
    ["from the units", false],
    ["from the columns", true],
  ])("%s", (_name, columns) => {
    table.rankColumns();
    const found: UnitHits = {
      count: 3,
      ids: Int32Array.from([0, 1, 2]),
      // The dated "" one gains a fifth of its own score as its day's best (SAME_DAY_SHARE): 1.2,
      // as the one of no date.
      scores: Float64Array.from([1, 1.2, 2]),
      structural: new Uint8Array(3),
    };
    const ranked = rankFoundUnits(
      found,
      (id) => table.get(id),
      "same",
      [],
      (held) => held.path,
      columns ? table.rankColumns() : undefined,
    );
    // The best first, then a.md and b.md tied on score and date: by path.
    expect([0, 1, 2].map((rank) => ranked.at(rank))).toEqual([
      "topics/c.md",
      "topics/a.md",
      "topics/b.md",
    ]);
  });
});
