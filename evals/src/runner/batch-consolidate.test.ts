import { MODELS } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { DEFAULT_RECORDINGS_DIR, DEFAULT_SCENARIOS_DIR } from "../ab/folders.js";
import { runScenario } from "./run-scenario.js";

const run = (writeBatch: boolean, scenarioId = "consolidate-race") =>
  runScenario({
    scenarioId,
    model: MODELS.haiku,
    extractionPrompt: "extraction@1",
    mode: "replay",
    recordingsDir: DEFAULT_RECORDINGS_DIR,
    scenariosDir: DEFAULT_SCENARIOS_DIR,
    writeBatch,
  });

// Runs a whole recorded scenario twice (the real SDK, MSW, graders): ~1 s alone; 30 s leaves room
// for a busy 2-core machine.
describe("pnpm eval --batch and consolidations", { timeout: 30_000 }, () => {
  it("sends the consolidate stage as batches: the race is resubmitted, the new fact kept, batch-priced", async () => {
    const sync = await run(false);
    const batched = await run(true);
    expect(batched.error).toBeUndefined();
    expect(batched.pass).toBe(true);
    expect(batched.files["topics/tools.md"]).toContain("Ghostty");
    // The same requests as the synchronous run's (the rewrite made again on the new text)...
    const stages = (result: typeof sync) =>
      result.calls.map((call) => [call.stage, call.usage.input, call.usage.output]);
    expect(stages(batched)).toEqual(stages(sync));
    expect(stages(batched)).toEqual([
      ["consolidate", expect.any(Number), expect.any(Number)],
      ["consolidate", expect.any(Number), expect.any(Number)],
    ]);
    // ...each priced at the batch rate (half of input and output), so the stage costs less.
    for (const [index, call] of batched.calls.entries()) {
      expect(call.usd).toBeLessThan(sync.calls[index]?.usd ?? 0);
    }
    const [stage] = batched.stages;
    expect(
      stage?.stage === "consolidate" && stage.result.results.map((result) => result.code),
    ).toEqual(["consolidated"]);
  });

  it("runs a layout that does not consolidate by rewriting directly, the race kept (fact layout)", async () => {
    const sync = await run(false, "consolidate-race@fact");
    const batched = await run(true, "consolidate-race@fact");
    expect(batched.error).toBeUndefined();
    expect(batched.pass).toBe(true);
    expect(batched.calls.map((call) => [call.stage, call.usd])).toEqual(
      sync.calls.map((call) => [call.stage, call.usd]),
    );
    expect(batched.stages.map((stage) => stage.stage)).toEqual(["consolidate-facts"]);
  });
});
