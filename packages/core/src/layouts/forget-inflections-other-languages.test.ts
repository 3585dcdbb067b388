import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findForgotten, makeTombstone } from "../guards/tombstones.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { forgetQueryText } from "../write/forget-request.js";
import { forget } from "./forget.js";

// A forget query names a fact in the user's language, inflected as they say it: "vergiss, dass
// ich in Berlin wohne" forgets "Der Nutzer wohnt in Berlin" (the line's language by its stop
// words, its Snowball stem: `sameWord`, decision 0089). A word that only shares letters, or a
// derivation that names another thing, is no hit: the near-misses keep their line.

type Row = { language: string; query: string; line: string; hit: boolean };

const ROWS: Row[] = [
  // Hits: the same word, inflected.
  {
    language: "German, a verb's person",
    query: "vergiss, dass ich in Berlin wohne",
    line: "Der Nutzer wohnt in Berlin.",
    hit: true,
  },
  {
    language: "German, a verb in -et",
    query: "vergiss, dass ich bei Siemens arbeite",
    line: "Der Nutzer arbeitet bei Siemens.",
    hit: true,
  },
  {
    language: "German, a plural in -en",
    query: "vergiss die Katze",
    line: "Der Nutzer hat zwei Katzen.",
    hit: true,
  },
  {
    language: "German, a plural with umlaut",
    query: "vergiss die Fahrräder",
    line: "Der Nutzer hat ein Fahrrad.",
    hit: true,
  },
  {
    language: "French, a verb",
    query: "oublie que Marie habitait à Lyon",
    line: "Marie habite à Lyon avec sa sœur.",
    hit: true,
  },
  {
    language: "Spanish, a verb",
    query: "olvida que trabajo en Madrid",
    line: "El usuario trabaja en Madrid.",
    hit: true,
  },
  {
    language: "Portuguese, a verb",
    query: "esquece que eu moro em Lisboa",
    line: "O utilizador mora em Lisboa.",
    hit: true,
  },
  // Near-misses: other words, kept.
  {
    language: "German, a word one letter longer",
    query: "vergiss die Mark",
    line: "Der Nutzer kauft auf dem Markt ein.",
    hit: false,
  },
  {
    language: "German, a shorter word inside a longer one",
    query: "vergiss den Arm",
    line: "Der Nutzer spendet gegen die Armut.",
    hit: false,
  },
  {
    language: "Spanish, a derivation",
    query: "olvida el trabajo",
    line: "El usuario es trabajador en Madrid.",
    hit: false,
  },
  {
    language: "French, an adverb of the adjective",
    query: "oublie le rapide",
    line: "Elle conduit rapidement avec sa fille.",
    hit: false,
  },
  {
    language: "French, a derivation",
    query: "oublie l'organe",
    line: "L'utilisateur achète du pain organique.",
    hit: false,
  },
  {
    language: "German, another number",
    query: "vergiss, dass ich 900 Euro Miete zahle",
    line: "Der Nutzer zahlt 650 Euro Miete.",
    hit: false,
  },
];

const SUBJECT_HEADER =
  "---\nname: life\ndescription: What the user stated about life.\nupdated: 2026/01/01\n---\n";
const factFile = (body: string) =>
  `---\nname: Life\ndescription: A fact of the user's life.\ntype: user\n---\n${body}\n`;
const OTHER = "The user drinks green tea.";

const FOLDERS: Array<[layout: StoreLayout, files: (line: string) => Record<string, string>]> = [
  [
    "subject",
    (line) => ({
      "topics/life.md": `${SUBJECT_HEADER}[stated 2026/01/01] ${line}\n[stated 2026/01/01] ${OTHER}\n`,
    }),
  ],
  ["fact", (line) => ({ "life.md": factFile(line), "tea.md": factFile(OTHER) })],
];

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

describe("forget matches a fact inflected in the user's language, and nothing else", () => {
  const cases = ROWS.flatMap((row) =>
    FOLDERS.map(([layout, files]) => ({ ...row, layout, files })),
  );
  it.each(cases)(
    "$language, $layout layout: $query",
    async ({ layout, files, query, line, hit }) => {
      const root = await mkdtemp(join(tmpdir(), "memfiles-forget-inflection-"));
      roots.push(root);
      for (const [path, text] of Object.entries(files(line))) {
        await mkdir(join(root, path, ".."), { recursive: true });
        await writeFile(join(root, path), text);
      }
      const result = await forget({ store: new MemoryStore({ root, layout }), query });
      expect(
        result.removed.map((removed) => removed.line.replace(/^\[stated [\d/]+\] /, "")),
      ).toEqual(hit ? [line] : []);
    },
  );
});

// The write pass's tombstones drop the stop words of the fact's language too (decision 0089), so
// a German restatement is caught by its content words, and a fact sharing only stop words with
// the removed line ("der", "mit", "dem", "zur") is not hidden.
describe("a tombstone compares a fact's content words in its language", () => {
  it.each([
    {
      name: "a restatement of the removed line",
      removed: "Der Nutzer fährt mit dem Fahrrad zur Arbeit.",
      proposed: "Nutzer fährt Fahrrad zur Arbeit.",
      hidden: true,
    },
    {
      name: "another fact sharing its stop words and two content words",
      removed: "Der Nutzer fährt mit dem Fahrrad zur Arbeit.",
      proposed: "Der Nutzer fährt mit dem Hund zur Ärztin.",
      hidden: false,
    },
    {
      name: "a French fact sharing its stop words and one content word",
      removed: "Elle va au travail à vélo avec sa fille.",
      proposed: "Elle va au marché avec sa fille Léa.",
      hidden: false,
    },
  ])("$name", ({ removed, proposed, hidden }) => {
    const tombstone = makeTombstone(forgetQueryText("vergiss das"), [removed], "2026/01/02");
    expect(findForgotten(proposed, [tombstone]) !== undefined).toBe(hidden);
  });
});
