import type { SearchMatch } from "../src/format/index.js";

/** A memory file and what a search for `words` must return from it, on every surface. */
export type SearchCase = {
  name: string;
  /** The file's memory path. */
  path: string;
  /** The file's bytes as a person may have saved them. */
  content: string;
  words: string;
  matches: SearchMatch[];
};

const HEADER = "---\nname: food\ndescription: What the user eats; food notes.\n---\n";

/**
 * Search cases every surface runs (`memfiles search`, the MCP `search` tool): front matter is
 * never a match, the description is at its `description:` line, CRLF, a BOM and a file without front matter number
 * lines as an editor does.
 */
export const SEARCH_CASES: SearchCase[] = [
  {
    name: "front matter",
    path: "topics/food.md",
    content: `${HEADER}[stated 2026/01/02] likes food from Kerala\n\n# food\nplain food note\n`,
    words: "food",
    matches: [
      { line: 3, text: "description: What the user eats; food notes." },
      { line: 5, text: "[stated 2026/01/02] likes food from Kerala" },
      { line: 8, text: "plain food note" },
    ],
  },
  {
    name: "CRLF line ends",
    path: "topics/food.md",
    content:
      `${HEADER}[stated 2026/01/02] likes matcha\n[stated 2026/01/03] food: no peanuts\n`.replace(
        /\n/g,
        "\r\n",
      ),
    words: "FOOD",
    matches: [
      { line: 3, text: "description: What the user eats; food notes." },
      { line: 6, text: "[stated 2026/01/03] food: no peanuts" },
    ],
  },
  {
    name: "a BOM",
    path: "topics/food.md",
    content: `\uFEFF${HEADER}[stated 2026/01/02] likes food from Köln\n`,
    words: "food",
    matches: [
      { line: 3, text: "description: What the user eats; food notes." },
      { line: 5, text: "[stated 2026/01/02] likes food from Köln" },
    ],
  },
  {
    name: "no front matter",
    path: "topics/food.md",
    content: "likes food from Kerala\n\nmore food\n",
    words: "food",
    matches: [
      { line: 1, text: "likes food from Kerala" },
      { line: 3, text: "more food" },
    ],
  },
  {
    // The file's text holds `caf\u00e9`, not the word: the description is matched as `list()`
    // reads it, though the text alone could match no line.
    name: "a description escaped in YAML",
    path: "topics/food.md",
    content:
      '---\nname: food\ndescription: "caf\\u00e9 notes"\n---\n[stated 2026/01/02] likes tea\n',
    words: "café",
    matches: [{ line: 3, text: "description: café notes" }],
  },
  {
    name: "a description after other keys, with a BOM and CRLF",
    path: "topics/food.md",
    content:
      "\uFEFF---\r\nname: food\r\ntype: user\r\ndescription: Food notes\r\n---\r\n[stated 2026/01/02] likes tea\r\n",
    words: "notes",
    matches: [{ line: 4, text: "description: Food notes" }],
  },
  {
    name: "accents, case and spaces written otherwise",
    path: "topics/food.md",
    content: `${HEADER}[stated 2026/01/02]\tlikes  CRÈME   Brûlée\n`,
    words: "creme brulee",
    matches: [{ line: 5, text: "[stated 2026/01/02] likes CRÈME Brûlée" }],
  },
];
