import { MemoryPathError, UnknownModelError } from "@memfiles/core";
import { PromptNotFoundError } from "@memfiles/prompts";
import { describe, expect, it } from "vitest";
import { UsageLogError } from "../cost-report/usage-log-error.js";
import { RecordingRequestError } from "../recordings/recording-request-error.js";
import { cliArguments, runCli, userErrorMessage } from "./command-line.js";

const missingFile = Object.assign(new Error("ENOENT: no such file, open 'x.yaml'"), {
  code: "ENOENT",
});

describe("userErrorMessage", () => {
  it.each([
    [
      "a user-fixable evals error",
      new UsageLogError({ code: "missing_log", file: "u", message: "No log u." }),
      "No log u.",
    ],
    [
      "a user-fixable prompts error",
      new PromptNotFoundError("nope", 1, ["base@1"]),
      expect.stringContaining("No prompt file"),
    ],
    [
      "a user-fixable core error",
      new UnknownModelError({ model: "m", knownModels: [], table: "t", hint: "h" }),
      expect.stringContaining('"m"'),
    ],
    [
      "a refused memory path",
      new MemoryPathError({ path: "../x.md", reason: 'it contains ".."' }),
      expect.stringContaining("../x.md"),
    ],
    ["a missing file", missingFile, "ENOENT: no such file, open 'x.yaml'"],
    ["a memfiles bug", new RecordingRequestError({ step: "s", problem: "p" }), undefined],
    ["a plain Error", new Error("bug"), undefined],
    ["not an error", "text", undefined],
  ])("%s", (_name, error, expected) => {
    expect(userErrorMessage(error)).toEqual(expected);
  });
});

describe("runCli", () => {
  it("prints a user error and exits 2, and rethrows a bug", async () => {
    const written: string[] = [];
    const write = (text: string) => written.push(text);
    await expect(
      runCli(
        "pnpm cost",
        async () => {
          throw new UsageLogError({ code: "missing_log", file: "u", message: "No log u." });
        },
        write,
      ),
    ).resolves.toEqual({ exitCode: 2 });
    expect(written).toEqual(["pnpm cost: No log u.\n"]);
    await expect(
      runCli("pnpm cost", async () => Promise.reject(new Error("bug")), write),
    ).rejects.toThrow("bug");
  });
});

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
