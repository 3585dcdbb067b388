import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// A line a person typed with a date in another form is found by `remember --replaces` exactly as
// `forget` finds it (the library's rule, readTypedLine, through the command).
const TYPED = [
  "[stated 2026-11-20] works at Globex",
  "[stated 12/03/2026] works at Globex",
  "12/03/2026 works at Globex",
];
const OTHER = "[stated 2026/11/01] lives in Lisbon";

async function folderWith(line: string): Promise<{ cwd: string; profile: () => Promise<string> }> {
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-typed-"));
  await mkdir(join(cwd, "memory"));
  const path = join(cwd, "memory", "profile.md");
  await writeFile(
    path,
    `---\nname: profile\ndescription: Who the user is.\nupdated: 2026/11/20\n---\n${line}\n${OTHER}\n`,
  );
  return { cwd, profile: () => readFile(path, "utf8") };
}

describe.each(TYPED)("memfiles on the typed line %j", (line) => {
  it("remember --replaces replaces it", async () => {
    const { cwd, profile } = await folderWith(line);
    const { context, output } = contextIn(cwd);
    const argv = [
      "remember",
      "memory",
      "profile.md",
      "works at Initech",
      "--replaces",
      "works at Globex",
      "--json",
    ];
    expect(await runMemfiles(argv, context)).toBe(0);
    expect(JSON.parse(output.stdout)).toMatchObject({ ok: true, replaced: [line] });
    const text = await profile();
    expect([
      text.includes("works at Initech"),
      text.includes("Globex"),
      text.includes(OTHER),
    ]).toEqual([true, false, true]);
  });

  it("forget --yes removes it", async () => {
    const { cwd, profile } = await folderWith(line);
    const { context } = contextIn(cwd);
    expect(await runMemfiles(["forget", "memory", "works at Globex", "--yes"], context)).toBe(0);
    expect(await profile()).not.toContain("Globex");
  });
});
