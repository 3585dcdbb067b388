import { mkdir, mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// core's lone-surrogate table covers the library and the memory tool; this is the CLI row.
describe("memfiles remember with a lone surrogate", () => {
  it("is refused as invalid_fact, nothing written", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-surrogate-"));
    await mkdir(join(cwd, "memory"));
    const { context, output } = contextIn(cwd);
    const code = await runMemfiles(
      ["remember", "memory", "topics/food.md", "likes \udc80 matcha"],
      context,
    );
    expect(output.stderr).toContain("it contains U+DC80 (half of a character");
    expect(code).not.toBe(0);
    expect(await readdir(join(cwd, "memory"))).toEqual([]);
  });
});
