import { describe, expect, it } from "vitest";
import { rowFromText } from "./memory-row.js";

describe("rowFromText", () => {
  it.each([
    ["a date", "2026/09/26", { updated: "2026/09/26" }],
    ["an ISO date", "2026-09-26", { updated: "2026-09-26" }],
    ["a word (recall would sort it after every date)", "yes", { problems: ["invalid_updated"] }],
  ])("gives the row updated: only for %s", (_name, updated, expected) => {
    const row = rowFromText("topics/x.md", `---\ndescription: X.\nupdated: ${updated}\n---\n`);
    const { updated: rowUpdated, problems } = row;
    expect({
      ...(rowUpdated === undefined ? {} : { updated: rowUpdated }),
      ...(problems === undefined ? {} : { problems: problems.map((problem) => problem.code) }),
    }).toEqual(expected);
  });
});
