import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { authorMain } from "../src/cli/author.js";
import { runCli, userErrorMessage } from "../src/cli/command-line.js";
import { evalMain } from "../src/cli/eval.js";
import { evalAbMain } from "../src/cli/eval-ab.js";
import { ScenarioFileError } from "../src/scenarios/index.js";
import { capture } from "./capture-output.js";
import { writeTinyScenario } from "./scenario-fixture.js";

/** The tiny scenario with one text replaced (a typo a user makes). */
async function scenarioWith(from: string, to: string): Promise<string> {
  const dir = await writeTinyScenario();
  const file = join(dir, "tiny.yaml");
  const text = await readFile(file, "utf8");
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
  return dir;
}

const TYPOS = [
  {
    name: "mentionAny",
    from: "mentionsAny:",
    to: "mentionAny:",
    issue:
      "  - expect.answer: unknown key `mentionAny` in expect.answer; did you mean `mentionsAny`?",
  },
  {
    name: "contain",
    from: "contains:",
    to: "contain:",
    issue: "  - expect.files.0: unknown key `contain` in expect.files.0; did you mean `contains`?",
  },
  {
    name: "sesions",
    from: "sessions:",
    to: "sesions:",
    issue: "  - (root): unknown key `sesions` at the top level; did you mean `sessions`?",
  },
  {
    name: "an impossible date",
    from: "date: 2026-09-12",
    to: "date: 2026-13-45",
    issue:
      "  - sessions.0.date: 2026-13-45 is not a real date (month 01-12, day within the month); write YYYY-MM-DD",
  },
];

const COMMANDS = [
  {
    command: "pnpm eval",
    run: (argv: string[], sink: ReturnType<typeof capture>["sink"]) => evalMain(argv, sink),
  },
  {
    command: "author",
    run: (argv: string[], sink: ReturnType<typeof capture>["sink"]) => authorMain(argv, sink),
  },
  {
    command: "pnpm eval:ab",
    run: (argv: string[], sink: ReturnType<typeof capture>["sink"]) => evalAbMain(argv, sink),
  },
];

describe("a typo in a scenario fixture", () => {
  it.each(COMMANDS.flatMap((command) => TYPOS.map((typo) => ({ ...command, ...typo }))))(
    "$command prints one clean message for $name and exits 2",
    async (row) => {
      const dir = await scenarioWith(row.from, row.to);
      const file = join(dir, "tiny.yaml");
      const recordings = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
      const { output, sink } = capture();
      const result = await row.run(["--scenarios", dir, "--recordings", recordings], sink);
      expect(result.exitCode).toBe(2);
      expect(output.out).toBe("");
      expect(output.error.startsWith(`${row.command}: Invalid fixture ${file}:\n`)).toBe(true);
      expect(output.error.split("\n")).toContain(row.issue);
      expect(output.error).not.toMatch(/\n\s+at |ZodError|"code":/);
      expect(output.error.split("\n").length).toBeLessThanOrEqual(6);
    },
  );
});

describe("runCli", () => {
  it.each([
    {
      name: "a user error",
      error: new ScenarioFileError({
        file: "x.yaml",
        issues: [{ field: "id", message: "bad" }],
      }),
      printed:
        "pnpm eval: Invalid fixture x.yaml:\n  - id: bad\nFix the field(s) above; the format is described in scenarios/README.md.\n",
    },
    {
      name: "a path the user gave that does not exist",
      error: Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), {
        code: "ENOENT",
      }),
      printed: "pnpm eval: ENOENT: no such file or directory, open 'x'\n",
    },
  ])("prints $name as one message and returns exit code 2", async ({ error, printed }) => {
    let text = "";
    const result = await runCli(
      "pnpm eval",
      () => Promise.reject(error),
      (line) => {
        text += line;
      },
    );
    expect({ result, text }).toEqual({ result: { exitCode: 2 }, text: printed });
  });

  it("rethrows a bug with its stack", async () => {
    const bug = new TypeError("cannot read properties of undefined");
    expect(userErrorMessage(bug)).toBeUndefined();
    await expect(
      runCli(
        "pnpm eval",
        () => Promise.reject(bug),
        () => {},
      ),
    ).rejects.toBe(bug);
  });
});

describe("pnpm eval with no scenario to run", () => {
  it("says nothing was checked and exits 2, never PASS (an empty fixtures folder)", async () => {
    const empty = await mkdtemp(join(tmpdir(), "memfiles-no-scenarios-"));
    const { output, sink } = capture();
    const result = await evalMain(["--scenarios", empty], sink);
    expect({ result, output }).toEqual({
      result: { exitCode: 2 },
      output: {
        out: "",
        error: `pnpm eval: no scenario to run: ${empty} holds no scenario fixture (*.yaml). Give --scenarios the folder of your fixtures (the format is in scenarios/README.md). Nothing was checked.\n`,
      },
    });
  });
});

describe("pnpm eval:ab checks before promptfoo starts", () => {
  it("refuses an unknown scenario with the known ones (exit 2)", async () => {
    const dir = await writeTinyScenario();
    const { output, sink } = capture();
    const result = await evalAbMain(["--scenarios", dir, "--scenario", "nope"], sink);
    expect({ result, output }).toEqual({
      result: { exitCode: 2 },
      output: { out: "", error: `pnpm eval:ab: unknown scenario "nope" in ${dir}. Known: tiny.\n` },
    });
  });
});
