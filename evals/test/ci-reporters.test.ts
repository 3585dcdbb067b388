import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authorMain } from "../src/cli/author.js";
import { evalMain } from "../src/cli/eval.js";
import { NOTHING_CHECKED } from "../src/graders/index.js";
import { capture } from "./capture-output.js";
import { TINY_SCENARIO, writeTinyAuthored, writeTinyScenario } from "./scenario-fixture.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The tiny scenario with one more term its file must contain, which no run writes. */
const FAILING = TINY_SCENARIO.replace(
  "contains: [Fly.io, Neovim, tmux, Ghostty]",
  "contains: [Fly.io, Neovim, tmux, Ghostty, Heroku]",
);
const HEROKU_LINE = FAILING.split("\n").findIndex((line) => line.includes("Heroku")) + 1;

/** The tiny scenario expecting nothing: the same sessions and question, so the same recordings. */
const CHECKS_NOTHING = `${TINY_SCENARIO.slice(0, TINY_SCENARIO.indexOf("expect:"))}expect: { files: [] }\n`;

let recordingsDir = "";

// Each test runs the eval CLI in-process over the tiny scenario, several times (authoring first);
// measured ~1 s a run alone, several times that on a loaded 2-core machine: 60 s, not 5 s.
describe("CI reporters and the run's verdict", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    const scenariosDir = await writeTinyScenario();
    recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    const { sink } = capture();
    const authored = await authorMain(
      [
        ...["--scenarios", scenariosDir, "--recordings", recordingsDir],
        ...["--authored", await writeTinyAuthored(), "--prompt", "extraction@1"],
        ...["--model", "claude-haiku-4-5"],
      ],
      sink,
    );
    expect(authored.exitCode).toBe(0);
  }, 60_000);

  /** Runs `pnpm eval` on one scenario text, with its own out folder unless given. */
  async function run(
    scenario: string,
    flags: string[],
    folders?: { scenarios: string; out: string },
  ) {
    const scenarios = folders?.scenarios ?? (await mkdtemp(join(tmpdir(), "memfiles-scenarios-")));
    const out = folders?.out ?? (await mkdtemp(join(tmpdir(), "memfiles-out-")));
    await writeFile(join(scenarios, "tiny.yaml"), scenario, "utf8");
    const { output, sink } = capture();
    const result = await evalMain(
      [
        ...["--scenarios", scenarios, "--recordings", recordingsDir, "--out", out],
        ...["--history", join(out, "history.jsonl"), ...flags],
      ],
      sink,
    );
    return { ...result, output, folders: { scenarios, out } };
  }

  it("fails a run whose scenario checks nothing, saying why, and exits 1", async () => {
    const { exitCode, output } = await run(CHECKS_NOTHING, []);
    expect(exitCode).toBe(1);
    expect(output.out).toContain("memfiles eval: FAIL: 0 of 1 cells passed");
    expect(output.out).toContain(`FAIL tiny on claude-haiku-4-5, extraction@1: ${NOTHING_CHECKED}`);
  });

  it("writes JUnit XML and GitHub annotations on the failing expectation's line", async () => {
    const scenarios = await mkdtemp(join(tmpdir(), "memfiles-scenarios-"));
    vi.stubEnv("GITHUB_WORKSPACE", dirname(scenarios));
    const junit = join(await mkdtemp(join(tmpdir(), "memfiles-junit-")), "ci", "junit.xml");
    const { exitCode, output } = await run(FAILING, ["--junit", junit, "--reporter", "github"], {
      scenarios,
      out: await mkdtemp(join(tmpdir(), "memfiles-out-")),
    });
    expect(exitCode).toBe(1);
    const file = `${basename(scenarios)}/tiny.yaml`;
    expect(output.out).toContain(
      `::error file=${file},line=${HEROKU_LINE},title=tiny%3A file_contains(topics/tools.md%2C "Heroku")::`,
    );
    const xml = await readFile(junit, "utf8");
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
    expect(parsed.testsuites).toMatchObject({ tests: "1", failures: "1", errors: "0" });
    expect(parsed.testsuites.testsuite.testcase).toMatchObject({
      classname: "tiny",
      name: "tiny on claude-haiku-4-5, extraction@1, epoch 1 of 1",
      file,
      failure: { type: "check" },
    });
    expect(parsed.testsuites.testsuite.testcase.failure["#text"]).toContain(
      'file_contains(topics/tools.md, "Heroku")',
    );
  });

  it("re-runs only the last run's failed cells, then says there is nothing to re-run", async () => {
    const missing = await run(TINY_SCENARIO, ["--rerun-failed"]);
    expect(missing.exitCode).toBe(2);
    expect(missing.output.error).toContain("run `pnpm eval` first");

    const failed = await run(FAILING, []);
    expect(failed.exitCode).toBe(1);
    const lastRun = JSON.parse(await readFile(join(failed.folders.out, "last-run.json"), "utf8"));
    expect(lastRun.cells).toEqual([
      { scenarioId: "tiny", model: "claude-haiku-4-5", prompt: "extraction@1", pass: false },
    ]);
    // The scenario repaired: the re-run runs the one failed cell and passes.
    const rerun = await run(TINY_SCENARIO, ["--rerun-failed"], failed.folders);
    expect(rerun.output.out).toContain("Re-running the 1 cell(s) that failed in the last run");
    expect(rerun.output.out).toContain("memfiles eval: PASS: 1 of 1 cells passed");
    expect(rerun.exitCode).toBe(0);
    const again = await run(TINY_SCENARIO, ["--rerun-failed"], failed.folders);
    expect(again.exitCode).toBe(0);
    expect(again.output.out).toMatch(
      /^Nothing to re-run: every one of the 1 cells of the last run/,
    );
  });

  it("re-runs the failed cells from the folders the last run read, not the repository's", async () => {
    const failed = await run(FAILING, []);
    expect(failed.exitCode).toBe(1);
    const lastRun = JSON.parse(await readFile(join(failed.folders.out, "last-run.json"), "utf8"));
    expect(lastRun).toMatchObject({ scenariosDir: failed.folders.scenarios, recordingsDir });
    // No --scenarios or --recordings: the repository's scenarios hold no "tiny", so a re-run that
    // read them would run nothing of the failed cell.
    const { output, sink } = capture();
    const rerun = await evalMain(
      [
        ...["--out", failed.folders.out, "--history", join(failed.folders.out, "history.jsonl")],
        "--rerun-failed",
      ],
      sink,
    );
    expect(output.out).toContain("FAIL tiny on claude-haiku-4-5, extraction@1");
    expect(rerun.exitCode).toBe(1);
  });
});
