import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// `memfiles search` folds as recall does (`foldSearchText`): accents and "ß" as "ss".
const LINE = "[stated 2026/05/08] fährt im Sommer nach Köln zur Großmutter";

// `forget` folds by the same rule, so the word a person searched with forgets the line.
const COMMANDS = [
  ["search", (word: string) => ["search", "memory", word, "--json"]],
  ["forget", (word: string) => ["forget", "--dry-run", "memory", word]],
] as const;

describe("memfiles search and forget fold accents and ß alike", () => {
  it.each(
    ["koln", "grossmutter", "Großmutter", "fahrt"].flatMap((word) =>
      COMMANDS.map(([command, argv]) => ({ word, command, argv })),
    ),
  )("$command $word finds the line", async ({ word, argv }) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-search-fold-"));
    await mkdir(join(cwd, "memory", "topics"), { recursive: true });
    await writeFile(
      join(cwd, "memory", "topics", "travel.md"),
      `---\nname: travel\ndescription: Trips.\nupdated: 2026/05/08\n---\n${LINE}\n`,
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(argv(word), context)).toBe(0);
    expect(output.stdout).toContain(LINE.replace("[stated 2026/05/08] ", ""));
  });
});
