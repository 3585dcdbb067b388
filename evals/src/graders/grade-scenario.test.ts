import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseScenario } from "../scenarios/load-scenario.js";
import type { Scenario } from "../scenarios/schema.js";
import { gradeScenario, gradeSessionFiles } from "./grade-scenario.js";

const SCENARIO_YAML = `
id: update
title: Update
source: seed
seedFiles:
  profile.md: "---\\nname: profile\\ndescription: Who the user is.\\n---\\n[stated 2026/09/01] backend developer\\n"
sessions:
  - date: 2026-10-14
    live: true
    turns:
      - user: forget where I deploy
    expect:
      files:
        - path: topics/tools.md
          lacks: [Heroku]
question:
  date: 2026-10-20
  text: How should I deploy this new service?
expect:
  files:
    - path: topics/tools.md
      exists: true
      contains: [Railway]
      everyLineDated: true
      underCap: true
      linesMatching: { text: Railway, count: 1 }
      onlyAsPrevious: [Fly.io]
  noNewFiles: false
  seedFilesUnchanged: true
  folderLacks: [sk-ant-api03-]
  answer:
    mentionsAny: [railway]
    mentionsNone: [fly deploy]
    noNarration: true
    noQuestionBack: true
    unrelatedMemory: [backend developer]
`;

const GOOD_TOOLS =
  "---\nname: tools\ndescription: Hosting.\n---\n[stated 2026/10/14] deploys everything on Railway (previously Fly.io)\n";
const BAD_TOOLS =
  "---\nname: tools\ndescription: Hosting.\n---\n[stated 2026/09/12] deploys everything on Fly.io\ndeploys on Railway sk-ant-api03-abc\n";

function scenario(): Scenario {
  const parsed = parseScenario(SCENARIO_YAML, "scenarios/update.yaml");
  if (!parsed.success) throw parsed.error;
  return parsed.value;
}

let root = "";
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "memfiles-grade-"));
  await mkdir(path.join(root, "topics"));
  await writeFile(path.join(root, "profile.md"), scenario().seedFiles["profile.md"] ?? "");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("gradeScenario", () => {
  it("passes every check on a good run, in expectation order", async () => {
    await writeFile(path.join(root, "topics/tools.md"), GOOD_TOOLS);
    const checks = await gradeScenario(scenario(), {
      root,
      answer: "Add a `railway.json` and run `railway up`; it builds from the Dockerfile.",
    });
    expect(checks.map((check) => [check.name, check.pass])).toEqual([
      ["file_exists(topics/tools.md)", true],
      ['file_contains(topics/tools.md, "Railway")', true],
      ["every_line_dated(topics/tools.md)", true],
      ["under_cap(topics/tools.md, 12000)", true],
      ['lines_matching(topics/tools.md, "Railway", 1)', true],
      ['only_as_previous(topics/tools.md, "Fly.io")', true],
      ["seed_files_unchanged", true],
      ['folder_lacks("sk-ant-api03-")', true],
      ['mentions_any("railway")', true],
      ['mentions_none("fly deploy")', true],
      ["no_narration", true],
      ["no_question_back", true],
      ['no_unrelated_memory("backend developer")', true],
    ]);
  });

  it("fails each check on a bad run without throwing", async () => {
    await writeFile(path.join(root, "topics/tools.md"), BAD_TOOLS);
    await writeFile(path.join(root, "profile.md"), "changed\n");
    const checks = await gradeScenario(scenario(), {
      root,
      answer:
        "As you mentioned, you're a backend developer on Fly.io: run fly deploy. Which region do you want?",
    });
    expect(checks.filter((check) => check.pass).map((check) => check.name)).toEqual([
      "file_exists(topics/tools.md)",
      'file_contains(topics/tools.md, "Railway")',
      "under_cap(topics/tools.md, 12000)",
      'lines_matching(topics/tools.md, "Railway", 1)',
    ]);
    expect(checks.filter((check) => !check.pass)).toHaveLength(9);
  });
});

describe("gradeSessionFiles", () => {
  it("prefixes the session number and grades the session's expect", async () => {
    await writeFile(path.join(root, "topics/tools.md"), GOOD_TOOLS.replace("Railway", "Heroku"));
    const session = scenario().sessions[0];
    if (session === undefined) throw new Error("fixture has a session");
    expect(await gradeSessionFiles(session, { root, sessionNumber: 1 })).toEqual([
      {
        name: 'session 1: file_lacks(topics/tools.md, "Heroku")',
        pass: false,
        score: 0,
        reason:
          "topics/tools.md still has: [stated 2026/10/14] deploys everything on Heroku (previously Fly.io)",
      },
    ]);
  });

  it("grades the session's appendOnly over the requests it is given, after its files", async () => {
    await writeFile(path.join(root, "topics/tools.md"), GOOD_TOOLS);
    const session = scenario().sessions[0];
    if (session === undefined) throw new Error("fixture has a session");
    const asked = { ...session, expect: { files: [], appendOnly: true } };
    const system = [{ type: "text", text: "base" }];
    const first = { system, messages: [{ role: "user", content: "first" }] };
    const rebuilt = { ...first, system: [{ type: "text", text: "base, memory changed" }] };
    const grade = (requests: unknown[]) =>
      gradeSessionFiles(asked, { root, sessionNumber: 2, requests });
    expect((await grade([first, first])).map((check) => [check.name, check.pass])).toEqual([
      ["session 2: append_only", true],
    ]);
    expect((await grade([first, rebuilt])).map((check) => [check.name, check.pass])).toEqual([
      ["session 2: append_only", false],
    ]);
  });
});
