import { describe, expect, it } from "vitest";
import { hostingWith } from "../../../../test/fixtures/memory-files.js";
import { accountForLines } from "./account-for-lines.js";
import type { DroppedLine } from "./save-tool.js";

const PATH = "topics/hosting.md";

describe("accountForLines", () => {
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
    const result = accountForLines({
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
      accountForLines({
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

  const REGION = "[stated 2026/09/20] deploys to AWS region eu-west-3";
  const DATABASE = "[stated 2026/09/20] database runs on Postgres 16.2 in AWS";
  it.each([
    {
      name: "a duplicate whose by line lacks the region",
      before: [REGION, DATABASE],
      after: [DATABASE],
      dropped: [{ line: REGION, reason: "duplicate", by: DATABASE }],
      lost: [REGION],
    },
    {
      name: "a superseded line whose by line is about something else",
      before: [REGION, DATABASE],
      after: [DATABASE],
      dropped: [{ line: REGION, reason: "superseded", by: DATABASE }],
      lost: [REGION],
    },
    {
      name: "a duplicate whose by line holds every value",
      before: [REGION, "[stated 2026/09/21] deploys everything to AWS region eu-west-3"],
      after: ["[stated 2026/09/21] deploys everything to AWS region eu-west-3"],
      dropped: [
        {
          line: REGION,
          reason: "duplicate",
          by: "[stated 2026/09/21] deploys everything to AWS region eu-west-3",
        },
      ],
      lost: [],
    },
    {
      name: "a superseded line contradicted by a newer line on the same subject",
      before: ["[stated 2026/03/02] uses Postgres 15", "[stated 2026/09/20] uses SQLite"],
      after: ["[stated 2026/09/20] uses SQLite"],
      dropped: [
        {
          line: "[stated 2026/03/02] uses Postgres 15",
          reason: "superseded",
          by: "[stated 2026/09/20] uses SQLite",
        },
      ],
      lost: [],
    },
    {
      name: "an expired line with nothing to show it ended",
      before: ["[stated 2026/04/01] pages on-call via Opsgenie", DATABASE],
      after: [DATABASE],
      dropped: [
        { line: "[stated 2026/04/01] pages on-call via Opsgenie", reason: "expired", by: null },
      ],
      lost: ["[stated 2026/04/01] pages on-call via Opsgenie"],
    },
    {
      name: "an expired line with a date in the past",
      before: ["[stated 2026/04/01] is on call until 2026/05/01", DATABASE],
      after: [DATABASE],
      dropped: [
        { line: "[stated 2026/04/01] is on call until 2026/05/01", reason: "expired", by: null },
      ],
      lost: [],
    },
    {
      name: "an expired line with a date still to come",
      before: ["[stated 2026/04/01] is on call until 2027/05/01", DATABASE],
      after: [DATABASE],
      dropped: [
        { line: "[stated 2026/04/01] is on call until 2027/05/01", reason: "expired", by: null },
      ],
      lost: ["[stated 2026/04/01] is on call until 2027/05/01"],
    },
    {
      name: "an expired line a later line ends",
      before: [
        "[stated 2026/04/01] pages on-call via Opsgenie",
        "[stated 2026/06/01] stopped paging on-call via Opsgenie",
      ],
      after: ["[stated 2026/06/01] stopped paging on-call via Opsgenie"],
      dropped: [
        { line: "[stated 2026/04/01] pages on-call via Opsgenie", reason: "expired", by: null },
      ],
      lost: [],
    },
  ] satisfies {
    name: string;
    before: string[];
    after: string[];
    dropped: DroppedLine[];
    lost: string[];
  }[])("$name", ({ before, after, dropped, lost }) => {
    const result = accountForLines({
      path: PATH,
      before: hostingWith(...before),
      after: hostingWith(...after),
      dropped,
      today: "2026/12/01",
    });
    expect(result.problems.flatMap((problem) => problem.facts ?? [])).toEqual(lost);
  });
});
