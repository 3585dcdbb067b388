/**
 * What the conformance kit needs to know of a layout besides its `Layout`: how its files look and
 * how its tool phrases a proposal. One object per layout, given to `testLayout`.
 */
export type LayoutFixture = {
  /** The file a fact about `slug` is kept in, e.g. `topics/deploy-host.md` or `deploy-host.md`. */
  path(slug: string): string;
  /**
   * A stored file holding `fact` about `slug`, dated `date` (`YYYY/MM/DD`); `description` is the
   * raw text after `description:` (default ` About <slug>.`), `type` a fact type (default project).
   */
  file(given: {
    slug: string;
    fact: string;
    date: string;
    description?: string;
    type?: string;
  }): string;
  /** A proposal in the layout's tool shape. */
  proposal(given: ProposalGiven): Record<string, unknown>;
  /**
   * A proposal that adds `fact` to the file of `slug`, whose items are `items`, keeping them
   * (subject: a new line; fact: the body with the fact added).
   */
  addTo(given: { slug: string; items: readonly string[]; fact: string; evidence: string }): unknown;
  /** What `replaces` says to name the stored fact `fact` about `slug`. */
  replacesOf(slug: string, fact: string): string;
  /** How a refusal names the proposal of `fact` about `slug`, e.g. `"deploys on Fly.io"`. */
  what(slug: string, fact: string): string;
  /** Where only the user's own facts go, and the advice a `not_first_person` refusal gives. */
  own: { where: string; advice: string };
  /** The tool of the layout's consolidation request. */
  consolidationTool: string;
  /** The line `forget` reports for the stored `deploys on Fly.io` file, its 1-based line, what is left. */
  forgotten: { removed: string; line: number; left: string | undefined };
  memoryTool: MemoryToolFixture;
};

/** A proposal as the kit's cases give it, before the layout's tool shape. */
export type ProposalGiven = {
  slug: string;
  fact: string;
  evidence: string;
  replaces?: string | null;
  /** Where only the user's own facts go (`own`), or where facts about others may (`others`). */
  kind?: "own" | "others";
  /** A file proposed by path, for layouts whose proposals name one. */
  file?: string;
  /** A fact type proposed, for layouts whose proposals carry one. */
  type?: string;
};

/** The memory tool's files in a layout: the edited one, and where a new file may and may not go. */
export type MemoryToolFixture = {
  /** The file every case edits, and its text (two facts: uses Neovim, deploys on Heroku). */
  edited: string;
  content: string;
  /** How the edited file writes the two facts, e.g. `uses Neovim` or `Uses Neovim.`. */
  neovim: string;
  heroku: string;
  /** A file the model may create, and one it may not. */
  created: string;
  notAllowed: string;
  /** The file that holds "uses Neovim" as a fact of its own. */
  held: string;
  /** The line of the home file forgotten in setup, as the file has it. */
  home: string;
  /** Other files the memory holds first, by path (the `home.md` forgotten in setup among them). */
  seeded: Record<string, string>;
  /** The layout's length cap of one line the model writes, and what its refusal adds. */
  maxLine: number;
  shapeNote: string;
  /** The problem of a created file of two 700-char lines. */
  twoLongLines: string;
  /** A line as the memory tool writes it on `day` (`YYYY/MM/DD`). */
  dated(text: string, day: string): string;
  /** The refusal of a create whose front matter `name` is a list. */
  nameList(what: string, path: string, error: string): string;
  /** A created file's text for a body `deploys on Fly.io` at `path`, on 2026/09/12. */
  createdFile: { path: string; text: string };
  /** The fact a create of "uses neovim" duplicates, in the layout's case. */
  neovimAgain: string;
};
