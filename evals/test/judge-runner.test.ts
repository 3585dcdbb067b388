import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runScenario } from "../src/runner/index.js";
import { startFakeAnthropicApi } from "./fake-anthropic-api.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

const SCENARIO = `id: judged
title: A dinner idea graded by keywords and by a judge
source: test
seedFiles:
  preferences.md: |
    ---
    name: preferences
    description: Food and diet. Read for any food question.
    updated: 2026/08/20
    ---
    [stated 2026/08/20] is vegetarian
sessions:
  - date: 2026-09-12
    turns:
      - user: hi
      - assistant: Hi!
    after: []
question:
  date: 2026-09-18
  text: Give me one dinner idea for tonight, something quick.
expect:
  answer:
    mentionsAny: [lentil]
    judge:
      rubric: One quick meatless dinner idea, with no remark about the user's diet.
`;

/** Authored replies: the answer, then the judge's reply as given. */
function authored(answer: string, judgeInput: unknown): string {
  return `scenario: judged
replies:
  - step: "question: chat"
    content:
      - type: text
        text: ${JSON.stringify(answer)}
  - step: "question: judge"
    content:
      - type: tool_use
        name: submit_verdict
        input: ${JSON.stringify(judgeInput)}
`;
}

async function scenarioDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "memfiles-judge-"));
  await writeFile(join(dir, "judged.yaml"), SCENARIO, "utf8");
  return dir;
}

async function run(answer: string, judgeInput: unknown) {
  const dir = await scenarioDir();
  const authoredDir = join(dir, "authored");
  await mkdir(authoredDir);
  await writeFile(join(authoredDir, "judged.yaml"), authored(answer, judgeInput), "utf8");
  return runScenario({
    scenarioId: "judged",
    model: "claude-haiku-5-5",
    extractionPrompt: "extraction@1",
    mode: "author",
    authoredDir,
    recordingsDir: join(dir, "recordings"),
    scenariosDir: dir,
    saveRecording: false,
  });
}

// Two whole scenario runs through the real SDK and msw: well under a second each alone, so the
// default limit stands.
describe("the judge grader in a scenario run", () => {
  it("fails a bad answer the keyword check passes, priced under judging", async () => {
    const result = await run("Given your diet, here is a lentil curry.", {
      pass: false,
      reason: 'It remarks on the diet: "Given your diet".',
    });
    expect(result.error).toBeUndefined();
    expect(result.pass).toBe(false);
    expect(
      result.checks
        .filter((check) => check.name !== "checks_ran")
        .map((check) => [check.name, check.pass, check.reason]),
    ).toEqual([
      ['mentions_any("lentil")', true, expect.any(String)],
      ["judge(claude-haiku-5-5)", false, 'It remarks on the diet: "Given your diet".'],
    ]);
    expect(result.checks.find((check) => check.name === "checks_ran")?.pass).toBe(true);
    expect(result.calls.map((call) => [call.stage, call.step, call.model])).toEqual([
      ["chat", "question: chat", "claude-haiku-5-5"],
      ["judging", "question: judge", "claude-haiku-5-5"],
    ]);
  });

  it("refuses a malformed judge reply as a broken run, not a pass", async () => {
    const result = await run("Lentil soup with bread.", { pass: "yes" });
    expect(result.pass).toBe(false);
    expect(result.error?.name).toBe("JudgeReplyError");
    expect(result.error?.message).toContain("is not { pass: boolean, reason: string }");
    expect(result.error?.message).toContain("Re-record the judge call");
  });

  it("while recording, advises on the host, not on recording again", async () => {
    // The host answers the chat and then the judge with text only: no verdict tool call.
    const api = await startFakeAnthropicApi(() => [{ type: "text", text: "Lentil soup." }]);
    const dir = await scenarioDir();
    vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
    const result = await runScenario({
      scenarioId: "judged",
      model: "claude-haiku-5-5",
      extractionPrompt: "extraction@1",
      mode: "record",
      recordingsDir: join(dir, "recordings"),
      scenariosDir: dir,
      saveRecording: false,
    }).finally(() => api.close());
    expect(result.error?.name).toBe("JudgeReplyError");
    expect(result.error?.message).toContain("recording again asks the same way");
    expect(result.error?.message).not.toContain("Re-record");
  });
});
