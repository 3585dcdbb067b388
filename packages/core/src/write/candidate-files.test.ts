import { describe, expect, it } from "vitest";
import { filesOf, indexedAndWhole } from "../../test/fixtures/indexed-and-whole.js";
import { boundaryStore } from "../boundary/index.js";
import { remember } from "../layouts/index.js";
import { forgetOpenRecallIndexes } from "../recall/index.js";
import { MemoryStore } from "../store/index.js";
import { splitSearchTerms, statedFactWords, stemmedSearchTerm } from "../text/index.js";
import { recallAnswersFor, recallFindsWord } from "./candidate-files.js";

const NOW = new Date("2026-12-01T12:00:00Z");

function subjectFile(name: string, lines: string[]): string {
  return `---\nname: ${name}\ndescription: "Notes on ${name}."\nupdated: 2026/09/01\n---\n${lines.join("\n")}\n`;
}

// A folder whose lines each check can match from another file than the one a write names.
const FOLDER: Record<string, string> = {
  "profile.md": subjectFile("profile", [
    "[stated 2026/09/01] takes 50 mg of sertraline every morning",
    "[stated 2026/09/02] used to live in Berlin",
  ]),
  "topics/hosting.md": subjectFile("hosting", ["[stated 2026/09/03] deploys on Fly.io"]),
  "topics/editor.md": subjectFile("editor", ["[stated 2026/09/04] uses Neovim as the main editor"]),
  "topics/garden.md": subjectFile("garden", ["[stated 2026/09/05] grows tomatoes on the balcony"]),
  "people/sister.md": subjectFile("sister", ["[stated 2026/09/06] my sister runs a bakery"]),
  "topics/music.md": subjectFile("music", ["[stated 2026/09/08] doesn't like the way"]),
  "topics/café.md": subjectFile("café", ["[stated 2026/09/07] orders a flat white at Café Olé"]),
  // Files a new file's subject lands in: by a name in the description, by a description head
  // under an empty name, by a name MEMORY.md still lists under the old path.
  "people/bob.md": `---\nname: bob\ndescription: "Bob (Robert Chen), the user's manager."\nupdated: 2026/09/01\n---\n[stated 2026/09/09] runs the Monday review\n`,
  "topics/notes-7.md": `---\nname: ""\ndescription: "Climbing: where and when."\nupdated: 2026/09/01\n---\n[stated 2026/09/10] climbs at the quarry\n`,
  "topics/walks.md": subjectFile("hiking", ["[stated 2026/09/11] hikes the ridge in autumn"]),
  "topics/bob_chen.md": `---\nname: ""\ndescription: "Notes."\nupdated: 2026/09/01\n---\n[stated 2026/09/12] keeps the receipts\n`,
  "MEMORY.md":
    "# Memory index\n\n- [hiking](topics/hiking.md) — Hikes.\n- [](topics/sketching.md) — Sketches.\n- [bob](people/bob.md) — Bob.\n",
};

// Written by a person after the recall index was stored: only a refreshed index knows them.
const LATER: Record<string, string> = {
  "people/rob.md": `---\nname: rob\ndescription: "Rob (Robin Hart), the user's neighbour."\nupdated: 2026/11/20\n---\n[stated 2026/11/20] waters the plants in August\n`,
  "topics/dog.md": subjectFile("dog", ["- [stated 2026-11-20] walks the dog at seven"]),
  "topics/hosting.md": subjectFile("hosting", [
    "[stated 2026/09/03] deploys on Fly.io",
    "[stated 2026/11/21] pays for the Hetzner box yearly",
  ]),
};

type Case = {
  name: string;
  path: string;
  fact: string;
  replaces?: string;
  /**
   * Whether the recall index answers it (else every file is read, as without an index);
   * `unscoped`: a new file in a folder, whose same-subject rule reads a project's view's
   * MEMORY.md as that view renders it, from every row in its scope.
   */
  indexed: boolean | "unscoped";
};

const CASES: Case[] = [
  {
    name: "duplicate in another file",
    path: "topics/deploys.md",
    fact: "deploys on fly.io",
    indexed: "unscoped",
  },
  {
    name: "duplicate of an existing file's line",
    path: "topics/editor.md",
    fact: "deploys on Fly.io.",
    indexed: true,
  },
  {
    name: "restatement in another file",
    path: "topics/editor.md",
    fact: "Deploys to Fly.io",
    indexed: true,
  },
  {
    name: "the same words about another subject",
    path: "topics/garden.md",
    fact: "runs a bakery",
    indexed: true,
  },
  {
    name: "number update of the named file",
    path: "profile.md",
    fact: "takes 100 mg of sertraline every morning",
    indexed: true,
  },
  {
    name: "contradiction in another file",
    path: "topics/editor.md",
    fact: "lives in Berlin",
    indexed: true,
  },
  {
    name: "replaces a line of another file",
    path: "topics/editor.md",
    fact: "uses Helix as the main editor",
    replaces: "deploys on Fly.io",
    indexed: true,
  },
  {
    name: "replaces no stored line",
    path: "topics/editor.md",
    fact: "uses Helix",
    replaces: "uses Emacs daily",
    indexed: true,
  },
  {
    name: "a line a person typed later, duplicated",
    path: "topics/garden.md",
    fact: "walks the dog at seven",
    indexed: true,
  },
  {
    name: "a line a person added later, restated",
    path: "topics/garden.md",
    fact: "pays for the Hetzner box yearly",
    indexed: true,
  },
  {
    name: "words search folds (accents)",
    path: "topics/garden.md",
    fact: "Café Olé’s crème brûlée",
    indexed: false,
  },
  {
    name: "some words search folds",
    path: "topics/garden.md",
    fact: "orders a flat white at Café Olé",
    indexed: true,
  },
  {
    name: "a reversal of its unsearched words only",
    path: "topics/garden.md",
    fact: "likes the way Marta sings",
    indexed: false,
  },
  { name: "a fact of stop words", path: "topics/garden.md", fact: "likes it", indexed: false },
  {
    name: "clean write to an existing file",
    path: "topics/garden.md",
    fact: "grows basil in the kitchen",
    indexed: true,
  },
  {
    name: "clean write to a new file of its own",
    path: "topics/chess.md",
    fact: "plays chess on Sundays",
    indexed: "unscoped",
  },
  {
    name: "a new file whose subject another file names",
    path: "people/robert-chen.md",
    fact: "prefers short meetings",
    indexed: "unscoped",
  },
  {
    name: "a new file whose subject a description head under an empty name names",
    path: "topics/climbing.md",
    fact: "buys chalk in bulk",
    indexed: "unscoped",
  },
  {
    name: "a new file under a name MEMORY.md lists for a renamed file",
    path: "topics/hiking.md",
    fact: "carries a paper map",
    indexed: "unscoped",
  },
  {
    name: "a new file whose subject a file a person added later names",
    path: "people/robin-hart.md",
    fact: "borrows the ladder often",
    indexed: "unscoped",
  },
  {
    name: "a new file MEMORY.md lists under an empty name",
    path: "topics/sketching.md",
    fact: "sketches herons at dusk",
    indexed: "unscoped",
  },
  {
    name: "a new file whose stem another file's path alone has",
    path: "topics/bob-chen.md",
    fact: "files the receipts monthly",
    indexed: "unscoped",
  },
  {
    name: "a new file whose fact search cannot answer",
    path: "topics/chess.md",
    fact: "likes it",
    indexed: false,
  },
];

// Counts the reads of every file (`list()` of a fresh store reads each one, as `readAll()` does).
class WholeReadCount extends MemoryStore {
  wholeReads = 0;
  override list() {
    this.wholeReads += 1;
    return super.list();
  }
  override readAll() {
    this.wholeReads += 1;
    return super.readAll();
  }
}

type Surface = [name: string, view: (store: MemoryStore) => MemoryStore];

// The library and the CLI pass the store itself; the MCP server passes its boundary view.
const SURFACES: Surface[] = [
  ["library and CLI (the store)", (store) => store],
  [
    "MCP server (the boundary view)",
    (store) => boundaryStore(store, { allProjects: true }) as never,
  ],
  ["a project's view", (store) => boundaryStore(store, { project: "billing" }) as never],
];

describe("a write reads the files the recall index names, with the answer of a whole read", () => {
  it.each(
    SURFACES.flatMap(([surface, view]) =>
      CASES.map((row) => ({ ...row, surface, view, label: `${surface}: ${row.name}` })),
    ),
  )("$label", async ({ path, fact, replaces, indexed: answers, surface, view }) => {
    const answersFromIndex = answers === "unscoped" ? surface !== "a project's view" : answers;
    const { indexed, whole } = await indexedAndWhole({
      files: FOLDER,
      later: LATER,
      layout: "subject",
    });
    const outcome = async (root: string) => {
      forgetOpenRecallIndexes();
      const store = new WholeReadCount({ root, layout: "subject" });
      const result = await remember({
        store: view(store),
        path,
        fact,
        ...(replaces === undefined ? {} : { replaces }),
        now: NOW,
      });
      return { result, files: await filesOf(root), wholeReads: store.wholeReads };
    };
    const fromIndex = await outcome(indexed);
    const fromWholeRead = await outcome(whole);
    expect(fromIndex.result).toEqual(fromWholeRead.result);
    expect(fromIndex.files).toEqual(fromWholeRead.files);
    // Without a stored index every file is read; with one, only the files it names.
    expect(fromWholeRead.wholeReads).toBeGreaterThan(0);
    expect(fromIndex.wholeReads === 0).toBe(answersFromIndex);
  });
});

describe("recallFindsWord: a word it accepts is a search term of every line that has it", () => {
  // Lines of every kind the recall index holds: scripts, accents, curly quotes, dashes, widths,
  // symbols, negations and ended phrases, typed dates.
  const LINES = [
    "the user’s dog is called Rex",
    "doesn’t eat pork anymore",
    "uses e‐mail daily – not Slack",
    "ＦＵＬＬ width Ｔｅｓｔ notes",
    "naïve café owner in Zürich",
    "codes in C++ and C# at AT&T",
    "standup at 10:30, v2.0 release",
    "l’hôpital visit on Straße 5",
    "İstanbul trip in İzmir",
    "likes the ★ star and 🎸 guitar",
    "東京に住んでいる",
    "서울에 살아요",
    "the co-op fee is 50€ a month",
    "it's a U.S. thing, I'm OK",
    "likes rock'n'roll and hip-hop",
    "used to live in Berlin",
    "stopped drinking coffee in 2024",
    "- [stated 2026-11-20] works at Globex",
    "12/03/2026 moved to Lisbon",
    "runs 5 km every morning",
    "Ist früher nach München gezogen",
    "больше не курит",
    "finds a way out, only just",
    "came before the others since May",
  ];
  it.each(LINES)("%s", (line) => {
    const terms = new Set(splitSearchTerms(line).flatMap((term) => stemmedSearchTerm(term) ?? []));
    const missed = [...statedFactWords(line).words].filter(
      (word) => recallFindsWord(word) && !terms.has(word),
    );
    expect(missed).toEqual([]);
  });

  it.each([
    ["deploys on Fly.io", true],
    ["likes it", false],
    ["Café Olé’s crème brûlée", false],
    ["orders a flat white at Café Olé", true],
    ["runs 5 km", true],
    ["the", false],
  ] as const)("recallAnswersFor(%j) is %s", (text, answers) => {
    expect(recallAnswersFor(text)).toBe(answers);
  });
});
