import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

const NOTE =
  "It is shown decoded for display only: some characters may be wrong or missing, and edits to it are refused until it is saved as text.";
const LATIN1 = Buffer.from(
  "---\nname: cafe\ndescription: Caf\xe9.\n---\n[stated 2026/01/01] Caf\xe9 au lait\n",
  "latin1",
);

// `memfiles show`'s row of core's not-text table (packages/core/src/store/not-shown.test.ts): the
// text on stdout, the note every reader adds on stderr, the file left as it is.
describe("memfiles show says a file that is not text is shown leniently", () => {
  it.each([
    ["topics/cafe.md", []],
    ["topics/cafe.md", ["--json"]],
    ["MEMORY.md", []],
    ["MEMORY.md", ["--json"]],
  ])("%s %s", async (path, flags) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-show-not-text-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    await writeFile(join(cwd, "memory", path), LATIN1);
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["show", "memory", path, ...flags], context)).toBe(0);
    expect(output.stdout).toContain("au lait");
    expect(output.stderr).toBe(
      `Not text: ${path}: it is not valid UTF-8 text. Save it as UTF-8 (or UTF-16 with a byte order mark) in your editor. ${NOTE}\n`,
    );
    expect(await readFile(join(cwd, "memory", path))).toEqual(LATIN1);
  });

  it("adds no note to a file read as text", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-show-text-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    await writeFile(join(cwd, "memory/topics/cafe.md"), LATIN1.toString("latin1"));
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["show", "memory", "topics/cafe.md"], context)).toBe(0);
    expect(output.stdout).toContain("Café au lait");
    expect(output.stderr).toBe("");
  });
});
