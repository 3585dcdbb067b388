import { testLayout } from "../../../test/layout-kit/index.js";
import { factLayout } from "./fact-layout.js";

// The conformance kit on the fact layout: one fact per file with front matter.
testLayout(factLayout, {
  path: (slug) => `${slug}.md`,
  file: ({ slug, fact, date, description = ` About ${slug}.`, type = "project" }) =>
    `---\nname: ${slug.replace(/-/g, " ")}\ndescription:${description}\ntype: ${type}\nupdated: ${date}\n---\n${fact}\n`,
  proposal: (given) => ({
    action: "save",
    name: given.slug.replace(/-/g, " "),
    type: given.type ?? (given.kind === "own" ? "user" : "project"),
    description: `About ${given.slug}.`,
    body: given.fact,
    evidence: given.evidence,
    replaces: given.replaces ?? null,
  }),
  addTo: ({ slug, items, fact, evidence }) => ({
    action: "save",
    name: slug.replace(/-/g, " "),
    type: "user",
    description: `About ${slug}.`,
    body: [...items, fact].join("\n"),
    evidence,
    replaces: `${slug}.md`,
  }),
  replacesOf: (slug) => `${slug}.md`,
  what: (slug) => JSON.stringify(slug.replace(/-/g, " ")),
  own: {
    where: "a fact of type user",
    advice:
      "Leave it out, or, if it matters to the work, save it as a project fact that names that person.",
  },
  consolidationTool: "merge_facts",
  forgotten: { removed: "deploys on Fly.io", line: 7, left: undefined },
  memoryTool: {
    edited: "tools.md",
    content: [
      "---",
      "name: tools",
      "description: Editor and dev tools. Read for any coding question.",
      "type: user",
      "updated: 2026/09/01",
      "---",
      "Uses Neovim.",
      "Deploys on Heroku.",
      "",
    ].join("\n"),
    neovim: "Uses Neovim.",
    heroku: "Deploys on Heroku.",
    created: "keys.md",
    notAllowed: "topics/keys.md",
    held: "editor.md",
    home: "Home address is 12 Elm Street.",
    seeded: {
      "home.md":
        "---\nname: home\ndescription: Where the user lives.\ntype: user\n---\nHome address is 12 Elm Street.\n",
      "editor.md":
        "---\nname: editor\ndescription: The user's editor.\ntype: user\nupdated: 2026/09/01\n---\nUses Neovim.\n",
    },
    maxLine: 1_200,
    shapeNote: " (one fact per file)",
    twoLongLines: "one of its lines: it is 1401 chars, over 1200 (one fact per file)",
    dated: (text) => text,
    nameList: (what, path, error) =>
      `${what}: its front matter is not plain "key: value" YAML (Cannot read the front matter of ${path}: ${error}); start the file with "---", "name: ...", "description: ...", "---", then the fact.`,
    createdFile: {
      path: "deploy-host.md",
      text: "---\nname: deploy host\ndescription: deploy host.\nupdated: 2026/09/12\n---\ndeploys on Fly.io\n",
    },
    neovimAgain: "Uses Neovim",
  },
});
