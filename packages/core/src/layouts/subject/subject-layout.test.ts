import { testLayout } from "../../../test/layout-kit/index.js";
import { subjectLayout } from "./subject-layout.js";

// The conformance kit on the subject layout: subject files of dated lines.
testLayout(subjectLayout, {
  path: (slug) => `topics/${slug}.md`,
  file: ({ slug, fact, date, description = ` About ${slug}.` }) =>
    `---\nname: ${slug}\ndescription:${description}\nupdated: ${date}\n---\n[stated ${date}] ${fact}\n`,
  proposal: (given) => ({
    file:
      given.file ??
      (given.kind === "own"
        ? "preferences.md"
        : given.kind === "others"
          ? "people/tom.md"
          : `topics/${given.slug}.md`),
    fact: given.fact,
    evidence: given.evidence,
    replaces: given.replaces ?? null,
    description: null,
  }),
  addTo: ({ slug, fact, evidence }) => ({
    file: `topics/${slug}.md`,
    fact,
    evidence,
    replaces: null,
    description: null,
  }),
  replacesOf: (_slug, fact) => fact,
  what: (_slug, fact) => JSON.stringify(fact),
  own: {
    where: "preferences.md",
    advice: "Save it under people/<name>.md if it matters, or leave it out.",
  },
  consolidationTool: "save_consolidated_file",
  forgotten: {
    removed: "[stated 2026/09/01] deploys on Fly.io",
    line: 6,
    // A description memfiles did not write may be a person's: the file stays, its body empty.
    left: "---\nname: deploy-host\ndescription: Where the user deploys.\nupdated: 2026/09/12\n---\n",
  },
  memoryTool: {
    edited: "topics/tools.md",
    content: [
      "---",
      "name: tools",
      "description: Editor and dev tools. Read for any coding question.",
      "updated: 2026/09/01",
      "---",
      "[stated 2026/09/01] uses Neovim",
      "[stated 2026/09/01] deploys on Heroku",
      "",
    ].join("\n"),
    neovim: "uses Neovim",
    heroku: "deploys on Heroku",
    created: "topics/keys.md",
    notAllowed: "notes/today.md",
    held: "topics/tools.md",
    home: "[stated 2026/09/01] home address is 12 Elm Street",
    seeded: {
      "topics/home.md":
        "---\nname: home\ndescription: Where the user lives.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] home address is 12 Elm Street\n",
    },
    maxLine: 300,
    shapeNote: "; a memory line is one short fact",
    twoLongLines: "one of its lines: it is 700 chars, over 300; a memory line is one short fact",
    dated: (text, day) => `[stated ${day}] ${text}`,
    nameList: (what, _path, error) =>
      `${what}: Cannot read the front matter of the memory file: ${error}`,
    createdFile: {
      path: "topics/hosting.md",
      text: "---\nname: hosting\ndescription: What the user stated about hosting. Read for any question about hosting.\nupdated: 2026/09/12\n---\n[stated 2026/09/12] deploys on Fly.io\n",
    },
    neovimAgain: "uses neovim",
  },
});
