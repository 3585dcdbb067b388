import { describe, expect, it } from "vitest";
import {
  HOSTING_BEFORE,
  HOSTING_GOOD,
  hostingWith,
} from "../../../../test/fixtures/memory-files.js";
import { checkRewrite } from "./check-rewrite.js";

const POSTGRES = "[stated 2026/06/10] uses Postgres for the main database";
const FLY =
  "[stated 2026/09/20] deploys every service on Fly.io (previously Heroku) with GitHub Actions";

describe("checkRewrite", () => {
  it("accepts a shorter rewrite that merges, resolves to the newest line and keeps dates", () => {
    expect(
      checkRewrite({ path: "topics/hosting.md", before: HOSTING_BEFORE, after: HOSTING_GOOD }),
    ).toEqual([]);
  });

  it.each([
    { name: "grows", after: `${HOSTING_BEFORE}\n`, codes: ["grew"] },
    {
      name: "invents a fact",
      after: hostingWith(POSTGRES, "[stated 2026/09/20] deploys on Fly.io in the Paris region"),
      codes: ["invented_fact"],
    },
    {
      name: "invents a number",
      after: hostingWith(POSTGRES, "[stated 2026/09/20] deploys 12 services on Fly.io"),
      codes: ["invented_fact", "value_changed"],
    },
    {
      name: "drops a date tag",
      after: hostingWith(
        POSTGRES,
        "deploys every service on Fly.io (previously Heroku) with GitHub Actions",
      ),
      codes: ["undated_line", "dropped_date"],
    },
    {
      name: "changes a date",
      after: hostingWith(POSTGRES, FLY.replace("2026/09/20", "2026/09/21")),
      codes: ["dropped_date", "dropped_date"],
    },
    {
      name: "keeps only the old line of a contradiction",
      after: hostingWith(POSTGRES, "[stated 2026/03/02] deploys on Heroku"),
      codes: ["dropped_date"],
    },
    {
      name: "elides with [rest unchanged]",
      after: hostingWith(FLY, "[rest unchanged]"),
      codes: ["elided", "undated_line"],
    },
    {
      name: "elides with a dated (same as before)",
      after: hostingWith(FLY, "[stated 2026/06/10] (same as before)"),
      codes: ["elided"],
    },
    {
      name: "elides with a trailing ...",
      after: hostingWith(POSTGRES, "[stated 2026/09/20] deploys on Fly.io, ..."),
      codes: ["elided"],
    },
    {
      name: "elides with an ellipsis line",
      after: hostingWith(FLY, "…"),
      codes: ["elided", "undated_line"],
    },
    {
      name: "elides with a comment",
      after: hostingWith(FLY, "<!-- other lines unchanged -->"),
      codes: ["elided"],
    },
    { name: "no longer parses", after: `---\nname: [hosting\n---\n${FLY}`, codes: ["unparsable"] },
    {
      name: "refused front matter language",
      after: `---js\n{}\n---\n${FLY}`,
      codes: ["unparsable"],
    },
    {
      name: "invents words in the description",
      after: HOSTING_GOOD.replace(
        "deploys services.",
        "deploys services on Kubernetes in Frankfurt.",
      ),
      codes: ["invented_fact"],
    },
    {
      name: "drops the description",
      after: HOSTING_GOOD.replace(/^description: .*\n/m, ""),
      codes: ["unparsable"],
    },
    {
      name: "puts a placeholder in the description",
      after: HOSTING_GOOD.replace("deploys services.", "deploys services (same as before)."),
      codes: ["elided", "invented_fact"],
    },
    {
      name: "writes a date that is no date",
      after: hostingWith(POSTGRES.replace("2026/06/10", "2026/13/45"), FLY),
      codes: ["dropped_date"],
    },
    { name: "loses its header", after: `${POSTGRES}\n${FLY}\n`, codes: ["unparsable"] },
  ])("refuses a rewrite that $name", ({ after, codes }) => {
    const problems = checkRewrite({ path: "topics/hosting.md", before: HOSTING_BEFORE, after });
    expect(problems.map((problem) => problem.code)).toEqual(codes);
  });

  it("does not call a placeholder-looking line elided when the input already had it", () => {
    const before = hostingWith(
      POSTGRES,
      "[stated 2026/09/20] wrote the tool in Node (unchanged since 2020) ...",
      FLY,
    );
    const after = hostingWith(
      "[stated 2026/09/20] wrote the tool in Node (unchanged since 2020) ...",
      FLY,
    );
    expect(checkRewrite({ path: "topics/hosting.md", before, after })).toEqual([]);
  });

  it("says by how much a rewrite grew", () => {
    expect(
      checkRewrite({ path: "topics/hosting.md", before: HOSTING_GOOD, after: `${HOSTING_GOOD}\n` }),
    ).toEqual([
      {
        code: "grew",
        message: `The rewrite of topics/hosting.md is ${HOSTING_GOOD.length + 1} chars, longer than the ${HOSTING_GOOD.length} chars it replaces. Consolidation must shrink a file or leave it the same size.`,
      },
    ]);
  });

  it("names the line and the new words", () => {
    const after = hostingWith(
      POSTGRES,
      "[stated 2026/09/20] deploys on Fly.io in the Paris region",
    );
    expect(checkRewrite({ path: "topics/hosting.md", before: HOSTING_BEFORE, after })).toEqual([
      {
        code: "invented_fact",
        line: 7,
        message:
          'Line 7 of the rewrite of topics/hosting.md uses words no input fact has ("paris", "region"). Consolidation merges and drops facts; it never adds one.',
      },
    ]);
  });

  it.each([
    [
      "an identifier cut short",
      "deploys to AWS region eu-west-3",
      "deploys to AWS region eu-west",
      ["eu-west"],
    ],
    ["a version rounded", "database runs on Postgres 16.2", "database runs on Postgres 16", ["16"]],
    [
      "a date moved",
      "dentist appointment on 2026/11/30",
      "dentist appointment on 2026/11/03",
      ["2026/11/03"],
    ],
  ])(
    "refuses %s as value_changed, whatever the accounting says",
    (_name, line, rewritten, values) => {
      const before = hostingWith(`[stated 2026/09/20] ${line}`, "[stated 2026/09/20] uses tmux");
      const after = hostingWith(
        `[stated 2026/09/20] ${rewritten}`,
        "[stated 2026/09/20] uses tmux",
      );
      const problems = checkRewrite({ path: "topics/hosting.md", before, after });
      const changed = problems.find((problem) => problem.code === "value_changed");
      for (const value of values) expect(changed?.message).toContain(`"${value}"`);
    },
  );

  it("accepts values copied exactly into a merged line", () => {
    const before = hostingWith(
      "[stated 2026/09/20] deploys to AWS region eu-west-3",
      "[stated 2026/09/20] database runs on Postgres 16.2",
    );
    const after = hostingWith(
      "[stated 2026/09/20] deploys to AWS region eu-west-3; database runs on Postgres 16.2",
    );
    expect(checkRewrite({ path: "topics/hosting.md", before, after })).toEqual([]);
  });
});

// Values are bound to their line: a number with its unit moved from one fact to another is a
// changed value though the file still holds it.
describe("checkRewrite, values bound to their line", () => {
  const SERTRALINE = "[stated 2026/09/20] takes 50 mg of sertraline every morning";
  const LEVOTHYROXINE = "[stated 2026/09/20] takes 50 mcg of levothyroxine before breakfast";
  const SALARY = "[stated 2026/09/20] the gym membership costs 45 euros";
  const RENT = "[stated 2026/09/20] pays 1200 euros a month for the flat in Porto";
  const before = hostingWith(SERTRALINE, LEVOTHYROXINE, SALARY, RENT);

  it.each([
    [
      "a unit moved to another drug",
      hostingWith(SERTRALINE, "[stated 2026/09/20] takes 50 mg of levothyroxine", SALARY, RENT),
      ['"50 mg"'],
    ],
    [
      "units swapped inside a merged line",
      hostingWith(
        "[stated 2026/09/20] takes 50 mcg of sertraline, and 50 mg of levothyroxine",
        SALARY,
        RENT,
      ),
      ['"50 mcg"', '"50 mg"'],
    ],
    [
      "an amount moved to another fact",
      hostingWith(
        SERTRALINE,
        LEVOTHYROXINE,
        "[stated 2026/09/20] the gym membership costs 1200 euros",
        "[stated 2026/09/20] pays 45 euros a month for the flat in Porto",
      ),
      ['"1200 euros"', '"45 euros"'],
    ],
  ])("refuses %s as value_changed", (_name, after, written) => {
    const changed = checkRewrite({ path: "profile.md", before, after }).filter(
      (problem) => problem.code === "value_changed",
    );
    const messages = changed.map((problem) => problem.message).join("\n");
    for (const value of written) expect(messages).toContain(value);
  });

  it.each([
    ["the lines kept", before],
    [
      "two doses merged, each with its drug",
      hostingWith(
        "[stated 2026/09/20] takes 50 mg of sertraline every morning and 50 mcg of levothyroxine before breakfast",
        SALARY,
        RENT,
      ),
    ],
    ["a line dropped", hostingWith(SERTRALINE, LEVOTHYROXINE, SALARY)],
  ])("accepts %s", (_name, after) => {
    expect(
      checkRewrite({ path: "profile.md", before, after }).filter(
        (problem) => problem.code === "value_changed",
      ),
    ).toEqual([]);
  });
});
