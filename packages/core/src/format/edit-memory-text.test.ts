import { describe, expect, it } from "vitest";
import { editMemoryText, type MemoryTextEdit } from "./edit-memory-text.js";
import { parseMemoryFile } from "./memory-file.js";

const edit = (text: string, change: MemoryTextEdit) =>
  editMemoryText(text, parseMemoryFile(text), change);

const ADD = { insert: { line: "[stated 2026/11/29] uses tmux" }, updated: "2026/11/29" };

describe("editMemoryText keeps a hand-written header byte for byte (issue 10, item 3)", () => {
  it.each([
    [
      "a # in the description (YAML would read a comment)",
      "---\nname: billing\ndescription: Billing rewrite, tracked in PR #532 and issue #540; read for invoices\nupdated: 2026/11/01\n---\n",
      "---\nname: billing\ndescription: Billing rewrite, tracked in PR #532 and issue #540; read for invoices\nupdated: 2026/11/29\n---\n[stated 2026/11/29] uses tmux\n",
    ],
    [
      "a description starting with #",
      "---\ndescription: #41 infra migration notes; read for the move\n---\n[stated 2026/11/01] moved to k8s\n",
      "---\ndescription: #41 infra migration notes; read for the move\nupdated: 2026/11/29\n---\n[stated 2026/11/01] moved to k8s\n[stated 2026/11/29] uses tmux\n",
    ],
    [
      "an unquoted colon (not YAML): the header is left exactly as it is",
      "---\ndescription: Dev setup: editor, shell and hosting. Read for coding questions.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] deploys on Fly.io\n",
      "---\ndescription: Dev setup: editor, shell and hosting. Read for coding questions.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] deploys on Fly.io\n[stated 2026/11/29] uses tmux\n",
    ],
    [
      "a line of prose between the --- lines",
      "---\nABOUT ME (edited by hand)\n---\n[stated 2026/11/01] lives in Lisbon\n",
      "---\nABOUT ME (edited by hand)\n---\n[stated 2026/11/01] lives in Lisbon\n[stated 2026/11/29] uses tmux\n",
    ],
    [
      "comments, odd spacing, quotes and field order",
      "---\n# my notes\ntype:   user\ndescription: 'Who I am' # set by me\nname: me\n---\n",
      "---\n# my notes\ntype:   user\ndescription: 'Who I am' # set by me\nname: me\nupdated: 2026/11/29\n---\n[stated 2026/11/29] uses tmux\n",
    ],
    [
      "the seed's unfenced header, CRLF, no final line break",
      "name: tools\r\ndescription: Dev tools: editor.\r\nupdated: 2026/11/01\r\n[stated 2026/11/01] uses Neovim",
      "name: tools\r\ndescription: Dev tools: editor.\r\nupdated: 2026/11/29\r\n[stated 2026/11/01] uses Neovim\r\n[stated 2026/11/29] uses tmux\r\n",
    ],
  ])("%s", (_name, text, expected) => {
    expect(edit(text, ADD)).toBe(expected);
  });
});

describe("editMemoryText", () => {
  const FILE =
    "\uFEFF---\r\nname: tools\r\ndescription: Dev tools.\r\n---\r\n# Editors\r\n[stated 2026/09/01] uses Vim\r\n[stated 2026/09/02] uses tmux\r\n";
  it("removes and inserts lines in place, keeping the BOM and CRLF", () => {
    expect(
      edit(FILE, {
        remove: new Set([6]),
        insert: { line: "[stated 2026/11/29] uses Neovim", before: 6 },
        updated: "2026/11/29",
      }),
    ).toBe(
      "\uFEFF---\r\nname: tools\r\ndescription: Dev tools.\r\nupdated: 2026/11/29\r\n---\r\n# Editors\r\n[stated 2026/11/29] uses Neovim\r\n[stated 2026/09/02] uses tmux\r\n",
    );
  });

  it.each([
    [
      "no header: front matter with the missing fields",
      "[stated 2026/09/01] drinks oolong\n",
      "---\nname: tea\ndescription: About tea.\nupdated: 2026/11/29\n---\n[stated 2026/09/01] drinks oolong\n",
    ],
    [
      "a header without a description: only the description is added",
      "---\nname: my tea\n---\n[stated 2026/09/01] drinks oolong\n",
      "---\nname: my tea\ndescription: About tea.\nupdated: 2026/11/29\n---\n[stated 2026/09/01] drinks oolong\n",
    ],
    [
      "a description a person wrote is never replaced",
      "---\ndescription: Tea, by me\n---\n",
      "---\ndescription: Tea, by me\nupdated: 2026/11/29\n---\n",
    ],
    [
      "a value that needs quotes is quoted",
      "[stated 2026/09/01] x\n",
      "---\nname: tea\ndescription: About tea.\nupdated: 2026/11/29\n---\n[stated 2026/09/01] x\n",
    ],
  ])("%s", (_name, text, expected) => {
    expect(
      edit(text, { updated: "2026/11/29", missing: { name: "tea", description: "About tea." } }),
    ).toBe(expected);
  });

  it("quotes an added description YAML would misread", () => {
    expect(edit("---\nname: x\n---\n", { missing: { description: "Setup: #1 tools" } })).toBe(
      '---\nname: x\ndescription: "Setup: #1 tools"\n---\n',
    );
  });
});
