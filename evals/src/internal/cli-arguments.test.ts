import { describe, expect, it } from "vitest";
import { cliArguments } from "./cli-arguments.js";

describe("cliArguments", () => {
  it.each([
    {
      name: "arguments as typed (`pnpm eval --json x.json`)",
      argv: ["--json", "x.json"],
      expected: ["--json", "x.json"],
    },
    {
      name: "a leading -- (`pnpm eval -- --json x.json`)",
      argv: ["--", "--json", "x.json"],
      expected: ["--json", "x.json"],
    },
    { name: "a later -- kept for parseArgs", argv: ["a", "--", "b"], expected: ["a", "--", "b"] },
    { name: "nothing", argv: [], expected: [] },
  ])("keeps $name", ({ argv, expected }) => {
    expect(cliArguments(argv)).toEqual(expected);
  });
});
