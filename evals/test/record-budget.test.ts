import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { evalMain } from "../src/cli/eval.js";
import { capture } from "./capture-output.js";
import { startFakeAnthropicApi } from "./fake-anthropic-api.js";
import { tinyModel, writeTinyScenario } from "./scenario-fixture.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

// Records the tiny scenario (six calls a run) three epochs on Opus 5.5 through a local HTTP
// server, twice, in-process: a few seconds alone, more on the shared 2 cores, so 60 s.
describe("pnpm eval --record with a preview, a budget cap and resume", { timeout: 60_000 }, () => {
  it("prints the preview, stops before the call that would pass --max-usd, and a second run resumes", async () => {
    // Every answer reports 1,000 input and 20 output tokens (Opus 5.5: about $0.0055 a call, $0.033 a run),
    // and the final answer names its request number, so the epochs differ. Each call is checked
    // before it is sent at its max_tokens as output (a consolidation's ~13,000: about $0.33 on Opus), so
    // --max-usd 0.36 lets the first run through and stops the second one at its consolidation.
    const api = await startFakeAnthropicApi(
      (body, index) =>
        tinyModel(body).map((block) =>
          block.type === "text" && block.text.startsWith("Run `fly launch`")
            ? { ...block, text: `${block.text} (sample ${index})` }
            : block,
        ),
      undefined,
      { inputTokens: () => 1_000 },
    );
    vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
    const scenariosDir = await writeTinyScenario();
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-budget-recordings-"));
    const out = await mkdtemp(join(tmpdir(), "memfiles-budget-out-"));
    const argv = [
      ...["--scenarios", scenariosDir, "--recordings", recordingsDir, "--out", out],
      ...["--record", "--model", "claude-opus-5-5", "--epochs", "3"],
    ];
    try {
      const first = capture();
      const stopped = await evalMain([...argv, "--max-usd", "0.36"], first.sink);
      expect(first.output.error).toBe("");
      expect(stopped.exitCode).toBe(1);
      const preview = first.output.out.indexOf(
        "Recording plan (extraction@1): 3 scenario run(s) to record.",
      );
      expect(preview).toBeGreaterThanOrEqual(0);
      expect(first.output.out).toContain("- claude-opus-5-5: 3 run(s), ~");
      expect(first.output.out).toContain(
        "Cap --max-usd 0.36: not checked against the expected cost above",
      );
      expect(first.output.out).toMatch(
        /Stopped before a call of "tiny" \(.+\): this call \(~\$[\d.]+\) would take the spend from \$[\d.]+ to ~\$[\d.]+, past --max-usd 0.36/,
      );
      expect(first.output.out).toMatch(/Recorded [12] of 3 scenario run\(s\) for \$0\.0\d+/);
      const afterFirst = (
        await readdir(join(recordingsDir, "claude-opus-5-5", "extraction@1"))
      ).sort();
      expect(afterFirst.length).toBeGreaterThanOrEqual(1);
      expect(afterFirst.length).toBeLessThan(3);
      const requestsFirst = api.requests.length;

      const second = capture();
      const resumed = await evalMain(
        [...argv, "--max-usd", "1", "--concurrency", "2"],
        second.sink,
      );
      expect(second.output.error).toBe("");
      expect(resumed.exitCode).toBe(0);
      expect(second.output.out).toContain(
        `Recording plan (extraction@1): ${3 - afterFirst.length} scenario run(s) to record, ${afterFirst.length} already recorded and skipped (--force records them again).`,
      );
      expect(
        (await readdir(join(recordingsDir, "claude-opus-5-5", "extraction@1"))).sort(),
      ).toEqual(["tiny.epoch-2.json", "tiny.epoch-3.json", "tiny.json"]);
      // The resumed run made only the missing epochs' calls (six a run).
      expect(api.requests.length - requestsFirst).toBe(6 * (3 - afterFirst.length));

      // Replay grades all three epochs, each with its own answer.
      const replay = capture();
      const replayed = await evalMain(
        [
          "--scenarios",
          scenariosDir,
          "--recordings",
          recordingsDir,
          "--out",
          out,
          "--model",
          "claude-opus-5-5",
        ],
        replay.sink,
      );
      expect(replayed.exitCode).toBe(0);
      expect(new Set(replayed.report?.results.map((result) => result.answer)).size).toBe(3);
      expect(replayed.report?.cells[0]).toMatchObject({ epochs: 3, passes: 3 });
    } finally {
      await api.close();
    }
  });
});
