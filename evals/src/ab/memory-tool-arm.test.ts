import { ZERO_USAGE } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { type MemoryToolArmRun, memoryToolArm } from "./memory-tool-arm.js";
import type { SessionCost } from "./session-costs.js";

function session(usd: number, input: number): SessionCost {
  return {
    session: 1,
    usd,
    write: 0,
    consolidate: 0,
    chat: usd,
    usage: { ...ZERO_USAGE, input },
    calls: 1,
  };
}

function run(scenarioId: string, passed: boolean, sessions: SessionCost[]): MemoryToolArmRun {
  return { prompt: "extraction@1", model: "claude-haiku-5-5", scenarioId, passed, sessions };
}

describe("memoryToolArm", () => {
  it("compares twin scenarios only: pass rate, tokens and USD per session per arm", () => {
    const rows = memoryToolArm([
      run("remember", true, [session(0.002, 100), session(0.004, 300)]),
      run("forget", true, [session(0.003, 200)]),
      run("small-talk", true, [session(0.5, 9_999)]),
      run("memory-tool-remember", true, [session(0.001, 50)]),
      run("memory-tool-forget", false, [session(0.002, 150), session(0.003, 250)]),
      run("memory-tool-hostile", true, [session(0.9, 9_999)]),
    ]);
    expect(rows.map(({ usage, ...row }) => ({ ...row, input: usage.input }))).toEqual([
      {
        prompt: "extraction@1",
        model: "claude-haiku-5-5",
        arm: "memfiles",
        scenarios: 2,
        passed: 2,
        sessions: 3,
        usdPerSession: 0.003,
        input: 600,
      },
      {
        prompt: "extraction@1",
        model: "claude-haiku-5-5",
        arm: "memory-tool",
        scenarios: 2,
        passed: 1,
        sessions: 3,
        usdPerSession: 0.002,
        input: 450,
      },
    ]);
  });

  it("is empty when no scenario has a memory-tool twin", () => {
    expect(
      memoryToolArm([run("remember", true, []), run("memory-tool-hostile", true, [])]),
    ).toEqual([]);
  });
});
