import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runScenario } from "../src/runner/index.js";

const NO_CONSOLIDATION = `id: idle-race
title: duringCall without a consolidation request
source: test
seedFiles:
  topics/tools.md: |
    ---
    name: tools
    description: Tools.
    ---
    [stated 2026/08/20] uses Neovim
sessions:
  - date: 2026-10-01
    turns:
      - user: remember that I use Ghostty
    after:
      - consolidate:
          threshold: 100000
          duringCall:
            remember: { path: topics/tools.md, fact: uses Ghostty }
expect:
  files: []
`;

// The same on the fact layout: one fact file, under the merge's trigger of 2 files.
const NO_FACT_MERGE = `id: idle-race
title: duringCall without a merge request
source: test
layout: fact
seedFiles:
  terminal.md: |
    ---
    name: terminal
    description: The user's terminal.
    type: user
    ---
    Uses tmux.
sessions:
  - date: 2026-10-01
    turns:
      - user: remember that I use Ghostty
    after:
      - consolidate:
          files: 2
          duringCall:
            remember: { path: terminal.md, fact: uses Ghostty }
expect:
  files: []
`;

async function run(yaml: string, extractionPrompt = "extraction@1") {
  const scenariosDir = await mkdtemp(join(tmpdir(), "memfiles-scenarios-"));
  await writeFile(join(scenariosDir, "idle-race.yaml"), yaml);
  const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
  return runScenario({
    scenarioId: "idle-race",
    model: "claude-haiku-4-5",
    extractionPrompt,
    mode: "replay",
    recordingsDir,
    scenariosDir,
  });
}

describe("runScenario setup errors", () => {
  it.each([
    [
      "a duringCall remember that no consolidation request runs",
      "extraction@1",
      "consolidate.duringCall was given but no consolidation request was made (no file over 100000 chars)",
    ],
    [
      "an extraction prompt id without a version",
      "extraction",
      'Extraction prompt "extraction" is not "<id>@<version>"',
    ],
    [
      "a fact-layout duringCall remember that no merge request runs",
      "extraction@1",
      "consolidate.duringCall was given but no consolidation request was made (fewer than 2 fact files)",
      NO_FACT_MERGE,
    ],
  ])("reports %s as a broken run", async (_name, prompt, message, yaml = NO_CONSOLIDATION) => {
    const result = await run(yaml, prompt);
    expect(result.pass).toBe(false);
    expect(result.error?.name).toBe("EvalSetupError");
    expect(result.error?.message).toContain(message);
  });
});

describe("runScenario grading", () => {
  it("grades a session's own expect before its stages, and says every named check ran", async () => {
    const result = await runScenario({
      scenarioId: "forget",
      model: "claude-haiku-4-5",
      extractionPrompt: "extraction@1",
      mode: "replay",
      recordingsDir: fileURLToPath(new URL("../recordings", import.meta.url)),
      scenariosDir: fileURLToPath(new URL("../../scenarios", import.meta.url)),
    });
    expect(result.error).toBeUndefined();
    expect(
      result.checks
        .filter((check) => check.name.startsWith("session 1: ") || check.name === "checks_ran")
        .map((check) => [check.name, check.pass]),
    ).toEqual([
      ['session 1: file_contains(topics/tools.md, "Neovim")', true],
      ['session 1: file_lacks(topics/tools.md, "Fly.io")', true],
      ["checks_ran", true],
    ]);
  });
});

describe("runScenario keeps what the stages returned", () => {
  it("keeps the write pass's verdicts and the chat's memory tool calls of the remember scenario", async () => {
    const result = await runScenario({
      scenarioId: "remember",
      model: "claude-haiku-5-5",
      extractionPrompt: "extraction@1",
      mode: "replay",
      recordingsDir: fileURLToPath(new URL("../recordings", import.meta.url)),
      scenariosDir: fileURLToPath(new URL("../../scenarios", import.meta.url)),
    });
    expect(result.error).toBeUndefined();
    const write = result.stages.find((stage) => stage.stage === "write");
    expect(write?.stage === "write" && write.result.applied.map((applied) => applied.path)).toEqual(
      ["topics/tools.md"],
    );
    expect(
      result.toolCalls.map((reply) => [
        reply.session,
        reply.toolCalls.map((call) => [call.name, call.input]),
      ]),
    ).toEqual([["question", [["memory_read", { path: "topics/tools.md" }]]]]);
  });
});
