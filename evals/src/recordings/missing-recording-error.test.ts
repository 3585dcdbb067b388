import { describe, expect, it } from "vitest";
import { MissingRecordingError } from "./missing-recording-error.js";

const PROMPT_HINT =
  "If you edited a released prompt (packages/prompts/prompts/*.md), add a new version instead";

describe("MissingRecordingError", () => {
  it.each([
    {
      name: "a system prompt edit",
      difference: ['system[0].text: recorded "…on Fly.io…", request "…on Railway…"'],
      promptHint: true,
    },
    {
      name: "a tool description edit",
      difference: ['tools[0].description: recorded "Save…", request "Store…"'],
      promptHint: true,
    },
    {
      name: "a changed message",
      difference: ['messages[0].content: recorded "hi", request "hello"'],
      promptHint: false,
    },
    { name: "no nearest request", difference: [], promptHint: false },
  ])("keeps scenario, step, file and diff, and names released prompts on $name", (row) => {
    const error = new MissingRecordingError({
      scenarioId: "remember",
      step: "session 1: write",
      file: "recordings/x.json",
      problem: "no recorded request has this body (key abc).",
      difference: row.difference,
      nearestStep: "session 1: write",
    });
    const lines = error.message.split("\n");
    expect(lines[0]).toBe(
      'No recording for scenario "remember" at step "session 1: write": no recorded request has this body (key abc).',
    );
    expect(lines[1]).toBe("  recording file: recordings/x.json");
    for (const line of row.difference) expect(error.message).toContain(`    ${line}`);
    expect(error.message.includes(PROMPT_HINT)).toBe(row.promptHint);
    expect(error.message).toContain(
      "regenerate the recordings: `pnpm eval --record` with ANTHROPIC_API_KEY set",
    );
  });
});
