import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { memoryFixture } from "../../test/memory-fixture.js";
import { runMemfiles } from "../run-memfiles.js";

// A pasted page as the words: the "nothing found" line quotes its start, not all of it.
const PASTED = "zebra ".repeat(20_000).trim();

describe("a long query is quoted cut, on one short line", () => {
  it.each([
    ["search", ["search", "-m", "memory", PASTED]],
    ["forget", ["forget", "--dry-run", "-m", "memory", PASTED]],
  ])("%s", async (_, argv) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(argv, context)).toBe(1);
    expect(output.stdout.length).toBeLessThan(600);
    // core's quoteText: its 160-char head, then the length.
    expect(output.stdout).toContain(`"${PASTED.slice(0, 160)}…" (${PASTED.length} chars)`);
  });
});
