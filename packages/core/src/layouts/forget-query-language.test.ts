import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { forget } from "./forget.js";

// A forget query in another language loses that language's stop words, as a recall query does
// (decisions 0061, 0063): "vergiss das mit dem Rad zur Arbeit" forgets the bike, not every line holding "das",
// "mit" and "dem", and misses nothing for lack of them. Each case: the fact to forget, another
// fact beside it, the query.
const CASES: Array<[language: string, fact: string, other: string, query: string]> = [
  [
    "German",
    "Der Nutzer fährt im Sommer Rad zur Arbeit.",
    "Der Nutzer trinkt keinen Kaffee.",
    "vergiss das mit dem Rad zur Arbeit",
  ],
  [
    "German, a place",
    "Wohnt in Berlin.",
    "Der Nutzer arbeitet in Potsdam bei einer Bank.",
    "vergiss das mit Berlin",
  ],
  [
    "French",
    "L'utilisateur va au travail à vélo.",
    "L'utilisateur boit du thé vert.",
    "oublie pour le travail à vélo",
  ],
  [
    "Spanish",
    "La usuaria va en bici al trabajo.",
    "La usuaria bebe té verde.",
    "olvida lo de la bici al trabajo",
  ],
  ["Japanese", "自転車で通勤している。", "緑茶が好き。", "自転車のことを忘れて"],
  [
    "English keeps its own",
    "The user cycles to work in summer.",
    "The user drinks green tea.",
    "forget that I cycle to work",
  ],
];

const SUBJECT_HEADER =
  "---\nname: habits\ndescription: What the user stated about habits.\nupdated: 2026/01/01\n---\n";
const factFile = (body: string) =>
  `---\nname: Habit\ndescription: A habit of the user.\ntype: user\n---\n${body}\n`;

// The same two facts as each layout keeps them: one subject file of dated lines, one fact file
// each, and one fact file holding both.
const FOLDERS: Array<
  [
    name: string,
    layout: StoreLayout,
    files: (fact: string, other: string) => Record<string, string>,
  ]
> = [
  [
    "subject",
    "subject",
    (fact, other) => ({
      "topics/habits.md": `${SUBJECT_HEADER}[stated 2026/01/01] ${fact}\n[stated 2026/01/01] ${other}\n`,
    }),
  ],
  [
    "fact, one fact a file",
    "fact",
    (fact, other) => ({ "habit.md": factFile(fact), "drink.md": factFile(other) }),
  ],
  [
    "fact, both in one file",
    "fact",
    (fact, other) => ({ "habits.md": factFile(`${fact}\n${other}`) }),
  ],
];

const ROWS = CASES.flatMap(([language, fact, other, query]) =>
  FOLDERS.map(([folder, layout, files]) => ({
    language,
    folder,
    layout,
    files: files(fact, other),
    fact,
    query,
  })),
);

describe("forget by a query in the user's language", () => {
  it.each(ROWS)("$language, $folder: $query", async ({ layout, files, fact, query }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-forget-language-"));
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(root, path, ".."), { recursive: true });
      await writeFile(join(root, path), text);
    }
    const result = await forget({ store: new MemoryStore({ root, layout }), query });
    expect({
      removed: result.removed.map((line) => line.line.replace(/^\[stated [\d/]+\] /, "")),
      notRemoved: result.notRemoved ?? [],
    }).toEqual({ removed: [fact], notRemoved: [] });
  });
});
