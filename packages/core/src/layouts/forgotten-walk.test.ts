import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { itemWalkOf } from "../format/file-items.js";
import { forgottenCheckOf, shownWithoutForgotten } from "../guards/forgotten-shown.js";
import { parseTombstones } from "../guards/tombstones.js";
import { LAYOUT_NAMES, MemoryStore, type StoreLayout } from "../store/index.js";
import { findForgottenLines } from "./find-forgotten-lines.js";
import { forget } from "./forget.js";
import { layoutNamed } from "./layout-of.js";

// What `check` reports of a file and what every surface that shows it to a model leaves out are
// one walk (`forgottenItems`): a line hidden from the model and not named to the person could
// never be deleted, and a line named but shown was never forgotten.
const NOW = new Date("2026-12-07T09:00:00Z");

type Case = {
  name: string;
  layout: StoreLayout;
  path: string;
  /** The file before the forget. */
  before: string;
  query: string;
  /** The file put back after it (an undo, a backup, a person's edit). */
  after: string;
  /** 1-based lines `check` names and the lines a model is not shown. */
  check: number[];
  hidden: number[];
};

const SUBJECT_HEADER =
  "---\nname: home\ndescription: Where the user lives.\nupdated: 2026/12/01\n---\n";
const FACT_HEADER = (description: string) =>
  `---\nname: Editor\ndescription: ${description}\ntype: user\nupdated: 2026/12/01\n---\n`;

const CASES: Case[] = [
  {
    name: "a subject line put back as it was",
    layout: "subject",
    path: "profile.md",
    before: `${SUBJECT_HEADER}[stated 2026/12/01] lives at 12 Elm Street\n[stated 2026/12/01] has a cat\n`,
    query: "12 Elm Street",
    after: `${SUBJECT_HEADER}[stated 2026/12/01] lives at 12 Elm Street\n[stated 2026/12/01] has a cat\n`,
    check: [6],
    hidden: [6],
  },
  {
    name: "a description that restates the forgotten line",
    layout: "subject",
    path: "profile.md",
    before: `${SUBJECT_HEADER}[stated 2026/12/01] lives at 12 Elm Street\n[stated 2026/12/01] has a cat\n`,
    query: "12 Elm Street",
    after: SUBJECT_HEADER.replace("Where the user lives.", "lives at 12 Elm Street").concat(
      "[stated 2026/12/01] has a cat\n",
    ),
    check: [3],
    hidden: [3],
  },
  {
    name: "one fact of a fact file's body put back",
    layout: "fact",
    path: "editor.md",
    before: `${FACT_HEADER("The user's editor.")}- Uses Neovim at work\n- Edits with Helix keybindings on the laptop at home\n- Writes Rust\n`,
    query: "Helix",
    after: `${FACT_HEADER("The user's editor.")}- Uses Neovim at work\n- Edits with Helix keybindings on the laptop at home\n- Writes Rust\n`,
    check: [8],
    hidden: [8],
  },
];

async function storeOf(layout: StoreLayout, path: string, content: string) {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-walk-")), "memory");
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
  return new MemoryStore({ root, layout });
}

describe("check names every line a model is not shown, and no other", () => {
  it.each(CASES)("$layout: $name", async (row) => {
    const store = await storeOf(row.layout, row.path, row.before);
    const result = await forget({ store, query: row.query, now: NOW });
    expect(result.code).toBe("removed");
    await writeFile(join(store.root, row.path), row.after);
    const forgotten = await forgottenCheckOf(
      await store.readInternal("tombstones.json"),
      parseTombstones,
    );
    const content = await readFile(join(store.root, row.path), "utf8");
    const reported = (await findForgottenLines(store)).filter((line) => line.path === row.path);
    expect({
      check: reported.map((line) => line.line),
      hidden: shownWithoutForgotten(content, row.layout, forgotten).hidden,
    }).toEqual({ check: row.check, hidden: row.hidden });
  });
});

// Code below the layouts (recall, the tombstones' `kept`) has only the store's layout name; the
// walk it gets by name must be the walk the layout's own interface holds.
describe.each(LAYOUT_NAMES)("the %s layout's item walk", (name) => {
  it("is the one the store's layout name gives", () => {
    const { walk } = layoutNamed(name).items;
    expect({ layout: walk.layout, same: itemWalkOf(name) === walk }).toEqual({
      layout: name,
      same: true,
    });
  });
});
