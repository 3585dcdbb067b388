import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseScenario } from "../scenarios/load-scenario.js";
import type { Scenario } from "../scenarios/schema.js";
import { checksPass, checksRan, NOTHING_CHECKED, plannedChecks } from "./checks-ran.js";
import { gradeScenario, gradeSessionFiles } from "./grade-scenario.js";
import type { GradeResult } from "./types.js";

// Every field that names a check, so a grader added to gradeScenario without a count here fails.
const SCENARIO_YAML = `
id: forget
title: Forget
source: seed
seedFiles:
  profile.md: "---\\nname: profile\\ndescription: Who the user is.\\n---\\n[stated 2026/09/01] backend developer\\n"
sessions:
  - date: 2026-10-14
    live: true
    turns: [{ user: forget where I deploy }]
    expect:
      files:
        - { path: topics/tools.md, contains: [Neovim], lacks: [Fly.io, Heroku] }
      appendOnly: true
  - date: 2026-10-15
    turns: [{ user: thanks }]
question: { date: 2026-10-20, text: How should I deploy? }
expect:
  files:
    - path: topics/tools.md
      exists: true
      contains: [Neovim]
      lacks: [Fly.io]
      everyLineDated: true
      underCap: true
      linesMatching: { text: Neovim, count: 1 }
      onlyAsPrevious: [Heroku]
  noNewFiles: true
  seedFilesUnchanged: true
  folderLacks: [sk-ant-api03-, hunter2]
  modelInputLacks: [hunter2]
  answer:
    mentionsAny: [railway]
    mentionsNone: [fly deploy]
    noNarration: true
    noQuestionBack: true
    unrelatedMemory: [backend developer]
`;

function scenario(): Scenario {
  const parsed = parseScenario(SCENARIO_YAML, "scenarios/forget.yaml");
  if (!parsed.success) throw parsed.error;
  return parsed.value;
}

let root = "";
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "memfiles-checks-ran-"));
  await mkdir(path.join(root, "topics"));
  await writeFile(path.join(root, "topics/tools.md"), "[stated 2026/10/14] uses Neovim\n");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every check of the fixture, graded as the runner grades them. */
async function gradeAll(): Promise<{ session: GradeResult[]; end: GradeResult[] }> {
  const [first, second] = scenario().sessions;
  if (first === undefined || second === undefined) throw new Error("fixture has two sessions");
  return {
    session: [
      ...(await gradeSessionFiles(first, { root, sessionNumber: 1 })),
      ...(await gradeSessionFiles(second, { root, sessionNumber: 2 })),
    ],
    end: await gradeScenario(scenario(), { root, answer: "Run railway up." }),
  };
}

describe("plannedChecks", () => {
  it("counts what the graders produce, per session and at the end", async () => {
    const { session, end } = await gradeAll();
    expect(plannedChecks(scenario())).toEqual({ sessions: [session.length, 0], end: end.length });
    expect(plannedChecks(scenario())).toEqual({ sessions: [4, 0], end: 17 });
  });
});

describe("checksRan", () => {
  it("passes when every named check ran, passed or not", async () => {
    const { session, end } = await gradeAll();
    expect(checksRan(scenario(), [...session, ...end])).toEqual({
      name: "checks_ran",
      pass: true,
      score: 1,
      reason: "21 check(s) ran",
    });
  });

  it.each([
    ["a session's own checks", "session", "session 1: 0 of 4 ran"],
    ["the end-of-scenario checks", "end", "end of scenario: 0 of 17 ran"],
  ] as const)("fails when %s did not run", async (_, skipped, reason) => {
    const graded = await gradeAll();
    const checks = skipped === "session" ? graded.end : graded.session;
    expect(checksRan(scenario(), checks)).toEqual({
      name: "checks_ran",
      pass: false,
      score: 0,
      reason: `expected checks did not run: ${reason}`,
    });
  });
});

describe("checksRan on a scenario that names no check", () => {
  const empty = parseScenario(
    `
id: empty
title: Checks nothing
source: test
sessions:
  - date: 2026-10-14
    turns: [{ user: hi }]
expect: { files: [] }
`,
    "scenarios/empty.yaml",
  );
  if (!empty.success) throw empty.error;

  it("fails: a scenario that checked nothing is never a pass", () => {
    expect(plannedChecks(empty.value)).toEqual({ sessions: [0], end: 0 });
    expect(checksRan(empty.value, [])).toEqual({
      name: "checks_ran",
      pass: false,
      score: 0,
      reason: NOTHING_CHECKED,
    });
  });

  it.each([
    ["no check at all", [], false],
    ["only checks_ran, passed", [{ name: "checks_ran", pass: true }], false],
    ["one graded check, passed", [{ name: "no_narration", pass: true }], true],
    ["one graded check, failed", [{ name: "no_narration", pass: false }], false],
  ])("checksPass: %s", (_, checks, pass) => {
    expect(checksPass(checks)).toBe(pass);
  });
});

describe("plannedChecks on a sparse scenario", () => {
  const sparse = parseScenario(
    `
id: sparse
title: Sparse
source: test
sessions:
  - date: 2026-10-14
    turns: [{ user: hi }]
  - date: 2026-10-15
    turns: [{ user: hi }]
    expect: { files: [{ path: profile.md, lacks: [Elm] }] }
question: { date: 2026-10-20, text: Hi? }
expect:
  answer: { noNarration: true }
  costPerSession:
    - { model: claude-opus-5-5, session: question, maxUsd: 0.01, computed: a budget }
    - { model: claude-opus-5-5, prompt: extraction@2, session: 1, maxUsd: 0.01, computed: a budget }
`,
    "scenarios/sparse.yaml",
  );
  if (!sparse.success) throw sparse.error;

  it.each([
    ["without a run: no cost check", undefined, 1],
    [
      "on a run that one cost expectation fits",
      { model: "claude-opus-5-5", extractionPrompt: "extraction@1" },
      2,
    ],
    ["on a run both fit", { model: "claude-opus-5-5", extractionPrompt: "extraction@2" }, 3],
    ["on another model", { model: "claude-haiku-4-5", extractionPrompt: "extraction@2" }, 1],
  ])("counts only what the answer and the run name, %s", (_, run, end) => {
    expect(plannedChecks(sparse.value, run)).toEqual({ sessions: [0, 1], end });
  });

  it("does not count its own row, and counts session rows apart", () => {
    const row = (name: string) => ({ name, pass: true, score: 1, reason: "" });
    const checks = [
      row('session 2: file_lacks(profile.md, "Elm")'),
      row("no_narration"),
      row("checks_ran"),
    ];
    expect(checksRan(sparse.value, checks).pass).toBe(true);
    expect(checksRan(sparse.value, [row("no_narration"), row("checks_ran")])).toMatchObject({
      pass: false,
      reason: "expected checks did not run: session 2: 0 of 1 ran",
    });
    expect(checksRan(sparse.value, [row("session 12: x"), row("no_narration")])).toMatchObject({
      pass: false,
      // A session row of any number is no end row.
      reason: "expected checks did not run: session 2: 0 of 1 ran",
    });
  });
});
