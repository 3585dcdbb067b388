import { describe, expect, it } from "vitest";
import { hostingWith } from "../../test/fixtures/memory-files.js";
import { accountForFacts } from "./account-for-facts.js";
import type { DroppedLine } from "./save-tool.js";

const PATH = "topics/hosting.md";

describe("accountForFacts", () => {
  it.each([
    {
      name: "a line merged into a newer line that holds all its words is kept",
      before: ["[stated 2026/08/02] uses tmux", "[stated 2026/08/15] uses Neovim as the editor"],
      after: ["[stated 2026/08/15] uses Neovim as the editor, with tmux"],
      lost: [],
    },
    {
      name: "three of four content words in one line keep a line",
      before: ["[stated 2026/08/02] deploys everything on Fly.io"],
      after: ["[stated 2026/08/02] deploys on Fly.io"],
      lost: [],
    },
    {
      name: "one of two content words does not",
      before: ["[stated 2026/08/02] uses tmux", "[stated 2026/08/15] uses Zellij"],
      after: ["[stated 2026/08/15] uses Zellij"],
      lost: ["[stated 2026/08/02] uses tmux"],
    },
    {
      name: "the words spread over two output lines do not",
      before: ["[stated 2026/08/02] uses Neovim and tmux", "[stated 2026/08/15] likes tea"],
      after: ["[stated 2026/08/15] uses Neovim", "[stated 2026/08/15] likes tmux tea"],
      lost: ["[stated 2026/08/02] uses Neovim and tmux"],
    },
    {
      name: "an older output line does not keep a newer input line",
      before: ["[stated 2026/03/02] uses Neovim", "[stated 2026/09/20] uses Neovim"],
      after: ["[stated 2026/03/02] uses Neovim"],
      lost: ["[stated 2026/09/20] uses Neovim"],
    },
  ])("$name", ({ before, after, lost }) => {
    const result = accountForFacts({
      path: PATH,
      before: hostingWith(...before),
      after: hostingWith(...after),
    });
    expect(result.problems.flatMap((problem) => problem.facts ?? [])).toEqual(lost);
  });

  it("matches a dropped line without its date tag to every input line with that text", () => {
    const dropped: DroppedLine[] = [
      { line: "Uses  Postgres", reason: "superseded", by: "[stated 2026/09/20] uses SQLite" },
    ];
    expect(
      accountForFacts({
        path: PATH,
        before: hostingWith(
          "[stated 2026/03/02] uses Postgres",
          "[stated 2026/06/10] uses Postgres",
          "[stated 2026/09/20] uses SQLite",
        ),
        after: hostingWith("[stated 2026/09/20] uses SQLite"),
        dropped,
      }),
    ).toEqual({
      dropped: [
        {
          line: "[stated 2026/03/02] uses Postgres",
          reason: "superseded",
          by: "[stated 2026/09/20] uses SQLite",
        },
        {
          line: "[stated 2026/06/10] uses Postgres",
          reason: "superseded",
          by: "[stated 2026/09/20] uses SQLite",
        },
      ],
      problems: [],
    });
  });
});
