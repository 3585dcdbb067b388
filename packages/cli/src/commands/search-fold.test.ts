import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// `memfiles search` folds as recall does (`foldSearchText`): accents and "ß" as "ss".
const LINE = "[stated 2026/05/08] fährt im Sommer nach Köln zur Großmutter";

describe("memfiles search folds accents and ß", () => {
  it.each(["koln", "grossmutter", "Großmutter", "fahrt"])("%s finds the line", async (word) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-search-fold-"));
    await mkdir(join(cwd, "memory", "topics"), { recursive: true });
    await writeFile(
      join(cwd, "memory", "topics", "travel.md"),
      `---\nname: travel\ndescription: Trips.\nupdated: 2026/05/08\n---\n${LINE}\n`,
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["search", "memory", word, "--json"], context)).toBe(0);
    const matches = JSON.parse(output.stdout) as Array<{ text: string }>;
    expect(matches.map((match) => match.text)).toEqual([LINE]);
  });
});
