// `pnpm eval --record` against a local fake Messages API, then `pnpm eval` on what it recorded: the
// suite must pass on recordings a model made, not only on the authored ones. The fake answers each
// request with the content the repository's recordings hold for it (found by the request's
// recording key), and with its own token counts, as a real model would: so the recordings are
// `recorded`, their usage is not the authored estimate, and only cost budgets apply to them.
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_RECORDINGS_DIR, DEFAULT_SCENARIOS_DIR, evalMain } from "../src/cli/eval.js";
import { type JsonValue, readRecordingFile, recordingKey } from "../src/recordings/index.js";
import { loadScenarios } from "../src/scenarios/index.js";
import { capture } from "./capture-output.js";
import { type FakeBlock, startFakeAnthropicApi } from "./fake-anthropic-api.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

const PROMPT = "extraction@1";
const MODELS = ["claude-haiku-4-5", "claude-opus-5-5", "claude-haiku-5-5"];

/** Whether a recording file is one of the scenario's (its own, a variant, an epoch). */
function ofScenario(name: string, scenarioId: string): boolean {
  return (
    name === `${scenarioId}.json` ||
    (name.endsWith(".json") &&
      (name.startsWith(`${scenarioId}@`) || name.startsWith(`${scenarioId}.epoch-`)))
  );
}

/** Where a recording file comes in the lookup: a scenario's own file, then variants, then epochs. */
function rank(name: string): number {
  return (name.includes(".epoch-") ? 2 : 0) + (name.includes("@") ? 1 : 0);
}

/**
 * Every reply the repository's recordings of one scenario and prompt hold, by request key, in
 * occurrence order: a request two files share (tool_use ids differ between runs) takes the reply
 * of the scenario's own file, so the next request of the run quotes ids the lookup knows.
 */
async function recordedReplies(
  prompt: string,
  scenarioId: string,
): Promise<Map<string, FakeBlock[][]>> {
  const replies = new Map<string, FakeBlock[][]>();
  for (const model of await readdir(DEFAULT_RECORDINGS_DIR)) {
    const folder = join(DEFAULT_RECORDINGS_DIR, model, prompt);
    // A request two recordings share (a chat turn of a scenario and of its side-query variant)
    // takes the reply of the scenario's own file, first epoch: its tool_use ids are the ones the
    // next request of that run quotes.
    const names = (await readdir(folder).catch(() => [] as string[]))
      .filter((name) => ofScenario(name, scenarioId))
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    for (const name of names) {
      const recording = await readRecordingFile(join(folder, name));
      for (const entry of recording?.entries ?? []) {
        const content = (entry.response.body as { content?: FakeBlock[] } | null)?.content;
        if (content === undefined) continue;
        const list = replies.get(entry.key) ?? [];
        list[entry.occurrence - 1] ??= content;
        replies.set(entry.key, list);
      }
    }
  }
  return replies;
}

// Every scenario of the suite, each recorded then replayed on three models through the runner, the
// SDK and a local HTTP server: ~2 s a scenario alone (46 in 87 s wall, 25 s CPU, measured), many
// times that while the whole of `pnpm test` shares 2 cores.
const SCENARIO_IDS = (await loadScenarios(DEFAULT_SCENARIOS_DIR)).map((scenario) => scenario.id);

describe("recordings a model made pass the suite", { timeout: 300_000 }, () => {
  it.each(SCENARIO_IDS)(
    "%s: pnpm eval --record against the fake API, then pnpm eval on those recordings passes",
    async (scenarioId) => {
      const replies = await recordedReplies(PROMPT, scenarioId);
      const seen = new Map<string, number>();
      const unknown: string[] = [];
      const api = await startFakeAnthropicApi((body) => {
        const key = recordingKey(body as JsonValue);
        const occurrence = seen.get(key) ?? 0;
        seen.set(key, occurrence + 1);
        const list = replies.get(key);
        const reply = list?.[occurrence] ?? list?.at(-1);
        if (reply === undefined) {
          unknown.push(key);
          return [{ type: "text", text: "no recorded reply for this request" }];
        }
        return reply;
      });
      const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-fake-recordings-"));
      const select = [
        "--prompt",
        PROMPT,
        ...MODELS.flatMap((model) => ["--model", model]),
        "--scenario",
        scenarioId,
        "--recordings",
        recordingsDir,
      ];
      vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
      vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
      const recording = capture();
      const recorded = await evalMain([...select, "--record"], recording.sink);
      await api.close();
      vi.unstubAllEnvs();
      expect(unknown).toEqual([]);
      expect(recording.output.error).toBe("");
      expect(recorded.exitCode).toBe(0);

      const replay = capture();
      const replayed = await evalMain(select, replay.sink);
      expect(replay.output.out).toContain("PASS");
      expect(replayed.exitCode).toBe(0);
      // The recordings are the fake's, with its usage: only the budgets were graded on cost.
      const checks = replayed.report?.results.flatMap((result) => result.checks) ?? [];
      const costChecks = checks.filter((check) => check.name.startsWith("cost_per_session"));
      expect(costChecks.every((check) => check.name.includes("<= $") && check.pass)).toBe(true);
      if (scenarioId === "remember") expect(costChecks).toHaveLength(6);
    },
  );
});
