import { join } from "node:path";
import { costOf } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { runScenario } from "../src/runner/index.js";
import { loadScenario, ScenarioSchema } from "../src/scenarios/index.js";

const EVALS = join(import.meta.dirname, "..");
const SCENARIOS = join(EVALS, "..", "scenarios");
const SEED_TESTS = [
  "remember",
  "update",
  "ignore-noise",
  "forget",
  "dont-overapply-dinner",
  "dont-overapply-packaging",
];

// Six whole scenarios from recordings: ~3 s alone; 60 s leaves room for a busy 2-core machine.
describe("the seed tests with write passes sent as Message Batches", { timeout: 60_000 }, () => {
  it.each(SEED_TESTS)(
    "%s passes offline, every write pass priced at the batch rate",
    async (scenarioId) => {
      const options = {
        scenarioId,
        model: "claude-haiku-5-5",
        extractionPrompt: "extraction@1",
        mode: "replay" as const,
        recordingsDir: join(EVALS, "recordings"),
        scenariosDir: SCENARIOS,
      };
      const sync = await runScenario(options);
      const batch = await runScenario({ ...options, writeBatch: true });
      expect(batch.error).toBeUndefined();
      expect(batch.checks.filter((check) => !check.pass)).toEqual([]);
      expect(batch.pass).toBe(true);
      expect(batch.files).toEqual(sync.files);
      const writes = (result: typeof sync) => result.calls.filter((call) => call.stage === "write");
      expect(writes(batch).map((call) => call.usage)).toEqual(
        writes(sync).map((call) => call.usage),
      );
      for (const [index, call] of writes(batch).entries()) {
        expect(call.usd).toBeLessThan(writes(sync)[index]?.usd ?? 0);
      }
    },
  );
});

describe("the scenario option write: { batch: true }", { timeout: 30_000 }, () => {
  it("sends that session's write pass as a batch", async () => {
    const remember = await loadScenario(SCENARIOS, "remember");
    const scenario = ScenarioSchema.parse({
      ...remember,
      sessions: remember.sessions.map((session) => ({
        ...session,
        after: [{ write: { batch: true } }],
      })),
    });
    const options = {
      scenarioId: "remember",
      model: "claude-haiku-5-5",
      extractionPrompt: "extraction@1",
      mode: "replay" as const,
      recordingsDir: join(EVALS, "recordings"),
      scenariosDir: SCENARIOS,
    };
    const batch = await runScenario({ ...options, scenario });
    const sync = await runScenario(options);
    expect(batch.pass).toBe(true);
    const write = (result: typeof sync) => result.calls.find((call) => call.stage === "write");
    const call = write(sync);
    expect(call).toBeDefined();
    if (call === undefined) return;
    // Every part at half price, the cached prefix's cache write too: the pricing page's caching
    // multipliers stack with the Batch API discount.
    const cost = costOf(call.usage, call.model);
    // Each part is rounded to 1e-9 USD apart, so the halves agree to 1e-8.
    expect(write(batch)?.usd).toBeCloseTo(cost.usd / 2, 8);
  });
});
