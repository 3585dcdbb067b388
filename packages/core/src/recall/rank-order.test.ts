import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { estimateTokens } from "../cost/cache-minimum.js";
import { compareCodeUnits } from "../text/compare-code-units.js";
import { fillRecallBudget, type RecallUnit } from "./budgeted-recall.js";
import {
  dateWords,
  type FileDocument,
  fileIndexOptions,
  type IndexedUnit,
  NAMED_DAY_SHARE,
  namedDays,
  rankFoundUnits,
  rankScoredUnits,
  SAME_DAY_SHARE,
  type ScoredUnit,
  searchUnitHits,
  searchUnits,
  TOKEN_COST_POWER,
  type UnitSearch,
  unitIndexOptions,
} from "./rank-units.js";

// The order as it was defined before ranking stopped sorting every matched unit: a full sort of
// one object per unit. The ranking kept must give exactly this order and these scores.
function referenceRank<T extends ScoredUnit>(
  units: T[],
  query = "",
  byStructureOnly?: ReadonlySet<T>,
): T[] {
  const named = namedDays(query);
  if (named.length > 0) {
    let best = 0;
    for (const unit of units) best = Math.max(best, unit.score);
    for (const unit of units) {
      const date = unit.date;
      if (unit.score > 0 && date !== undefined && named.some((day) => date.startsWith(day))) {
        unit.score += NAMED_DAY_SHARE * best;
      }
    }
  }
  const bestOfDay = new Map<string, number>();
  for (const unit of units) {
    if (unit.date === undefined) continue;
    bestOfDay.set(unit.date, Math.max(bestOfDay.get(unit.date) ?? 0, unit.score));
  }
  for (const unit of units) {
    if (unit.date !== undefined && unit.score > 0) {
      unit.score += SAME_DAY_SHARE * (bestOfDay.get(unit.date) ?? 0);
    }
  }
  for (const unit of units) {
    if (unit.score > 0) unit.score /= estimateTokens(`${unit.text}\n`) ** TOKEN_COST_POWER;
  }
  const order = (a: T, b: T) =>
    b.score - a.score ||
    compareCodeUnits(b.date ?? "", a.date ?? "") ||
    compareCodeUnits(a.path, b.path);
  if (byStructureOnly === undefined || byStructureOnly.size === 0) return units.sort(order);
  const own: T[] = [];
  const structural: T[] = [];
  const unmatched: T[] = [];
  for (const unit of units) {
    if (unit.score <= 0) unmatched.push(unit);
    else if (byStructureOnly.has(unit)) structural.push(unit);
    else own.push(unit);
  }
  return [...own.sort(order), ...structural.sort(order), ...unmatched.sort(order)];
}

type Unit = { path: string; text: string; date?: string; kind: "line" | "body" };
type Folder = {
  search: UnitSearch;
  units: Unit[];
  /** Files whose units lift their day but are not returned (the memory block holds them). */
  skip: string[];
};
type FolderFile = { path: string; file: string; entities: string; units: Unit[] };

function folderOf(files: readonly FolderFile[], skip: string[]): Folder {
  const search = new MiniSearch<IndexedUnit>(unitIndexOptions());
  const fileSearch = new MiniSearch<FileDocument>(fileIndexOptions());
  const held: number[][] = [];
  const units: Unit[] = [];
  for (const file of files) {
    const ids = file.units.map((unit) => units.push(unit) - 1);
    if (ids.length === 0) continue;
    fileSearch.add({ id: held.length, file: file.file, entities: file.entities });
    held.push(ids);
    for (const id of ids) {
      const unit = units[id] as Unit;
      search.add({ id, text: unit.text, date: dateWords(unit.date) });
    }
  }
  return { search: { units: search, files: fileSearch, unitsOf: (id) => held[id] }, units, skip };
}

const SUBJECTS = ["hosting", "editor", "database", "testing", "travel", "cooking", "garden"];
const DETAILS = ["what the user uses and prefers", "decisions so far and why", "budget and paid"];

// The recall benchmark's subject folder, smaller: dated lines of one pattern, so many units tie
// on score, date and path (lines of one file and day), and a profile the memory block holds.
function benchSubjectFolder(count: number): Folder {
  const files: FolderFile[] = [
    {
      path: "profile.md",
      file: "profile Who the user is: work, location, family.",
      entities: "",
      units: Array.from({ length: 6 }, (_, line) => ({
        path: "profile.md",
        text: `profile fact ${line}: works on hosting and the database`,
        date: "2026/09/12",
        kind: "line" as const,
      })),
    },
  ];
  for (let index = 0; index < count; index++) {
    const subject = SUBJECTS[index % SUBJECTS.length] as string;
    const day = String(1 + (index % 28)).padStart(2, "0");
    const path = `${["topics", "projects", "people"][index % 3]}/${subject}-${index}.md`;
    files.push({
      path,
      file: `${subject}-${index} Notes on ${subject} #${index}: ${DETAILS[index % DETAILS.length]}.`,
      entities: index % 3 === 2 ? `${subject}-${index}` : "",
      units: Array.from({ length: 4 + (index % 8) }, (_, line) => ({
        path,
        text: `fact ${line} about ${subject} number ${index}: prefers option ${(index * 7 + line) % 13}`,
        date: `2026/${String(1 + (line % 9)).padStart(2, "0")}/${day}`,
        kind: "line" as const,
      })),
    });
  }
  return folderOf(files, ["profile.md"]);
}

const THINGS = ["Fly.io", "Neovim", "PostgreSQL", "a rail pass", "sourdough", "Hetzner", "SQLite"];
const VERBS = ["prefers", "switched to", "stopped using", "recommends", "pays for"];

// The recall benchmark's fact folder, smaller: one fact per file.
function benchFactFolder(count: number): Folder {
  const files: FolderFile[] = [];
  for (let index = 0; index < count; index++) {
    const subject = SUBJECTS[index % SUBJECTS.length] as string;
    const month = String(1 + (index % 12)).padStart(2, "0");
    const path = `fact-${index}.md`;
    files.push({
      path,
      file: `${subject} ${index} The user's ${subject} choice #${index}: what and why.`,
      entities: "",
      units: [
        {
          path,
          text: `The user ${VERBS[index % VERBS.length]} ${THINGS[(index * 3) % THINGS.length]} for ${subject} (note ${index}); asked again in ${month}/2025.`,
          date: `2025/${month}/${String(1 + (index % 28)).padStart(2, "0")}`,
          kind: "body",
        },
      ],
    });
  }
  return folderOf(files, []);
}

const PEOPLE = ["Caroline", "Melanie", "Jon", "Gina"];
const DOINGS = [
  "went to a support group meeting",
  "painted a sunrise over the lake",
  "signed up for a pottery class",
  "took the kids camping in the mountains",
  "started a dance studio downtown",
  "lost her job at the bank",
  "ran a charity race for mental health",
  "adopted a puppy named Oscar",
];

// LoCoMo-style memory: a person file per speaker (entities: their name), each line a session's
// statement dated by the session, several lines a day, some undated.
function locomoFolder(sessions: number): Folder {
  const files: FolderFile[] = PEOPLE.map((person, at) => {
    const path = `people/${person.toLowerCase()}.md`;
    const units: Unit[] = [];
    for (let session = 0; session < sessions; session++) {
      const date = `2023/${String(1 + ((session + at) % 9)).padStart(2, "0")}/${String(1 + ((session * 5) % 28)).padStart(2, "0")}`;
      for (let line = 0; line < 3; line++) {
        const doing = DOINGS[(session * 3 + line + at) % DOINGS.length] as string;
        units.push({
          path,
          text: `${line === 0 ? person : "She"} ${doing}${line === 2 ? " with a friend, mounted on a mount" : ""}`,
          ...(session % 11 === 10 ? {} : { date }),
          kind: "line",
        });
      }
    }
    return { path, file: `${person} What ${person} said`, entities: person, units };
  });
  files.push({
    path: "topics/events.md",
    file: "events Support group, charity race and camping: who went",
    entities: "",
    units: DOINGS.map((doing, at) => ({
      path: "topics/events.md",
      text: `someone ${doing}`,
      date: `2023/0${1 + (at % 9)}/0${1 + (at % 9)}`,
      kind: "line",
    })),
  });
  return folderOf(files, []);
}

const BENCH_QUERIES = [
  "Which hosting option does the user prefer for the database?",
  "What did we decide about the garden on 12 September, 2026?",
  "Who owns the testing budget, and who should I ask about it?",
  "Does the user still use Hetzner or Fly.io for hosting?",
  "Which editor did the user switch to, Neovim or Helix?",
  "What did the user confirm in March 2025?",
  "prefers option 7",
  "fact",
  "nothing matches zyxw",
];
const LOCOMO_QUERIES = [
  "When did Caroline go to the support group?",
  "What did Melanie paint?",
  "What did Jon do on 6 March, 2023?",
  "What happened in May 2023?",
  "Who adopted a puppy?",
  "Which charity race did Gina run, and when?",
  "camping",
  "mount",
  "Was it in 2023?",
];

const FOLDERS: Array<[string, () => Folder, readonly string[]]> = [
  ["bench subject folder", () => benchSubjectFolder(900), BENCH_QUERIES],
  ["bench fact folder", () => benchFactFolder(2_500), BENCH_QUERIES],
  ["LoCoMo-style folder", () => locomoFolder(40), LOCOMO_QUERIES],
];

// The search's hits as minisearch's own `search` scores the units' own fields, best first (ties
// by unit id), as `searchUnits` gave them before it scored from the postings.
function referenceHits(folder: Folder, query: string) {
  const found = searchUnitHits(folder.search, query, undefined, true);
  return Array.from({ length: found.count }, (_, at) => ({
    id: found.ids[at] as number,
    score: found.scores[at] as number,
    ownWords: found.structural[at] === 0,
  })).sort((a, b) => b.score - a.score || a.id - b.id);
}

// The units in the reference order: the search's hits best first, one object each, ranked by the
// full sort, then the skipped files' units left out.
function referenceOrder(folder: Folder, query: string): RecallUnit[] {
  const scored: RecallUnit[] = [];
  const byStructureOnly = new Set<RecallUnit>();
  for (const hit of referenceHits(folder, query)) {
    const unit = { ...(folder.units[hit.id] as Unit), score: hit.score };
    scored.push(unit);
    if (!hit.ownWords) byStructureOnly.add(unit);
  }
  const skip = new Set(folder.skip);
  return referenceRank(scored, query, byStructureOnly).filter((unit) => !skip.has(unit.path));
}

function rankedOrder(folder: Folder, query: string) {
  return rankFoundUnits(
    searchUnitHits(folder.search, query),
    (id) => folder.units[id],
    query,
    folder.skip,
    (unit, score): RecallUnit => ({ ...unit, score }),
  );
}

describe("the ranking read as far as a budget needs", () => {
  it.each(FOLDERS)(
    "scores own words from the postings as minisearch's search (%s)",
    (_name, make, queries) => {
      const folder = make();
      // 33 words that match nothing first: the words that match are past the first 32 of a mask.
      const unmatched = Array.from(
        { length: 33 },
        (_, at) =>
          `qx${String.fromCharCode(97 + (at % 26))}${String.fromCharCode(97 + Math.floor(at / 26))}`,
      );
      const long = [...unmatched, ...queries].join(" ");
      for (const query of [...queries, long]) {
        expect(searchUnits(folder.search, query), query).toEqual(referenceHits(folder, query));
        const scoped = (id: number) => id % 3 !== 1;
        const inScope = referenceHits(folder, query).filter((hit) => scoped(hit.id));
        expect(searchUnits(folder.search, query, scoped), query).toEqual(inScope);
      }
    },
  );

  it.each(FOLDERS)("orders and scores as the full sort (%s)", (_name, make, queries) => {
    const folder = make();
    for (const query of queries) {
      const want = referenceOrder(folder, query);
      const ranked = rankedOrder(folder, query);
      const got = Array.from({ length: ranked.length }, (_, rank) => ranked.at(rank));
      expect(got, query).toEqual(want);
      // Read in part: the first units alone, sorted past the first chunk only when read.
      const first = rankedOrder(folder, query);
      const some = Math.min(first.length, 40);
      expect(
        Array.from({ length: some }, (_, rank) => first.at(rank)),
        query,
      ).toEqual(want.slice(0, some));
    }
  });

  it.each(FOLDERS)("fills a budget as from the full sort (%s)", (_name, make, queries) => {
    const folder = make();
    for (const query of queries) {
      const want = referenceOrder(folder, query);
      for (const budget of [300, 1_000, 2_000, 4_000, 16_000]) {
        expect(fillRecallBudget(rankedOrder(folder, query), budget), query).toEqual(
          fillRecallBudget(want, budget),
        );
      }
    }
  });

  it.each(FOLDERS)("ranks units, matched or not, as the full sort (%s)", (_name, make, queries) => {
    const folder = make();
    for (const query of queries) {
      const scored = new Map<number, { score: number; ownWords: boolean }>();
      for (const hit of searchUnits(folder.search, query)) scored.set(hit.id, hit);
      const units = () => {
        const made = folder.units.map((unit, id) => ({
          ...unit,
          score: scored.get(id)?.score ?? 0,
        }));
        const structural = new Set(made.filter((_unit, id) => scored.get(id)?.ownWords === false));
        return { made, structural };
      };
      const want = units();
      const got = units();
      expect(rankScoredUnits(got.made, query, got.structural), query).toEqual(
        referenceRank(want.made, query, want.structural),
      );
    }
  });

  it("reaches a short unit past the sorted part when only it still fits", () => {
    // 700 long units (more than the first sorted chunk), then the worst one: short.
    const units: Unit[] = Array.from({ length: 701 }, (_, id) => ({
      path: `u-${String(id).padStart(3, "0")}.md`,
      text: id === 700 ? "short" : `long ${"x".repeat(95)} ${id}`,
      kind: "body",
    }));
    const found = () => ({
      count: units.length,
      ids: Int32Array.from(units, (_unit, id) => id),
      scores: Float64Array.from(units, (_unit, id) => (id === 700 ? 1 : 1_000 - id)),
      structural: new Uint8Array(units.length),
    });
    const ranked = () =>
      rankFoundUnits(
        found(),
        (id) => units[id],
        "",
        [],
        (unit, score) => ({ ...unit, score }),
      );
    const all = ranked();
    const want = Array.from({ length: all.length }, (_, rank) => all.at(rank));
    expect(want.at(-1)?.text).toBe("short");
    // Five long units, then room for the short one (2 tokens) and not for a long one (~35).
    const budget = fillRecallBudget(want.slice(0, 5), 100_000).tokens + 10;
    const filled = fillRecallBudget(ranked(), budget);
    expect(filled).toEqual(fillRecallBudget(want, budget));
    expect(filled.units.at(-1)?.text).toBe("short");
  });
});
