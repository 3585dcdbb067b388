import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { memoryFixture } from "../../test/memory-fixture.js";
import { runMemfiles } from "../run-memfiles.js";

async function run(argv: string[]) {
  const { folder } = await memoryFixture();
  const { context, output } = contextIn(folder);
  const code = await runMemfiles(argv, context);
  return { code, ...output, folder };
}

describe("the memory folder as the first positional argument, as for ls and check", () => {
  it.each([
    ["show with the folder first", ["show", "memory", "profile.md"]],
    ["show with -m", ["show", "-m", "memory", "profile.md"]],
    ["search with the folder first", ["search", "memory", "lives", "lyon"]],
    ["search with -m", ["search", "lives", "lyon", "-m", "memory"]],
    ["search with the folder before --", ["search", "memory", "--", "lives", "lyon"]],
  ])("%s finds the fact", async (_name, argv) => {
    const result = await run(argv);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    expect(result.stdout).toContain("lives in Lyon");
  });

  it.each([
    ["the folder first", ["remember", "memory", "topics/tools.md", "uses tmux"]],
    ["-m", ["remember", "-m", "memory", "topics/tools.md", "uses tmux"]],
  ])("remember with %s saves into that folder", async (_name, argv) => {
    const result = await run(argv);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    expect(await readFile(join(result.folder, "memory/topics/tools.md"), "utf8")).toContain(
      "] uses tmux\n",
    );
  });

  it("remember refuses a missing folder (a typo would start a second memory), naming --create", async () => {
    const result = await run(["remember", "memroy", "topics/tools.md", "uses tmux"]);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: "" });
    expect(result.stderr).toContain("No memory folder at ");
    expect(result.stderr).toContain(
      "add --create (`memfiles remember --create <folder> <file> <fact>`)",
    );
    expect(existsSync(join(result.folder, "memroy"))).toBe(false);
  });

  it("remember --create under a missing parent says the parent is missing, not to add --create", async () => {
    const result = await run(["remember", "--create", "no/such", "topics/tools.md", "uses tmux"]);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: "" });
    expect(result.stderr).toContain(
      `No folder at ${join(result.folder, "no")} to start the memory`,
    );
    expect(result.stderr).not.toContain("add --create");
    expect(existsSync(join(result.folder, "no"))).toBe(false);
  });

  it("remember --create makes the missing folder and saves into it", async () => {
    const result = await run(["remember", "--create", "fresh", "topics/tools.md", "uses tmux"]);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    expect(await readFile(join(result.folder, "fresh/topics/tools.md"), "utf8")).toContain(
      "] uses tmux\n",
    );
  });

  it.each([
    ["the folder first", ["forget", "memory", "lives", "Lyon", "--yes"]],
    ["-m", ["forget", "lives", "Lyon", "-m", "memory", "--yes"]],
  ])("forget with %s removes the line", async (_name, argv) => {
    const result = await run(argv);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    // Its only line went, so the file did too; never written back with the line.
    expect(
      await readFile(join(result.folder, "memory/profile.md"), "utf8").catch(() => ""),
    ).not.toContain("lives in Lyon");
  });

  it.each([
    // one word: it is the query, even though a folder of that name exists
    ["search memory", ["search", "memory"], 'Nothing in /memory holds "memory"'],
    // after --, a folder's name is a word
    ["search -- memory lyon", ["search", "--", "memory", "lyon"], 'holds "memory lyon"'],
    // with -m, every argument is a word
    [
      "search -m memory memory lyon",
      ["search", "-m", "memory", "memory", "lyon"],
      'holds "memory lyon"',
    ],
  ])("%s takes the folder's name as a word", async (_name, argv, said) => {
    const { context, output } = contextIn((await memoryFixture()).folder, {});
    context.env = { MEMFILES_DIR: "memory" };
    expect(await runMemfiles(argv, context)).toBe(1);
    expect(
      output.stdout.replace(/^Nothing in .*\/memory holds/, "Nothing in /memory holds"),
    ).toContain(said);
  });

  it.each([
    ["show", ["show"], "Missing <path>: give memfiles show [folder] <path>"],
    ["remember", ["remember", "memory", "topics/a.md", "one", "two"], "too many arguments"],
    [
      "remember with -m and a folder",
      ["remember", "-m", "memory", "memory", "topics/a.md", "one"],
      "Too many arguments (3): give memfiles remember [folder] <file> <fact> without -m",
    ],
    ["remember with one argument", ["remember", "topics/a.md"], "Missing <fact>"],
    [
      "remember with the folder and a file but no fact",
      ["remember", "./memory", "profile.md"],
      "Missing <fact>: give memfiles remember [folder] <file> <fact>",
    ],
    [
      "remember with the folder and a fact but no file",
      ["remember", "./memory", "my dog is named Rex"],
      "Missing <file>: give memfiles remember [folder] <file> <fact>",
    ],
    [
      "remember with -m and a fact but no file",
      ["remember", "-m", "./memory", "my dog is named Rex"],
      "Missing <file>: give memfiles remember [folder] <file> <fact>",
    ],
    [
      "show with the folder but no path",
      ["show", "memory"],
      "Missing <path>: give memfiles show [folder] <path>",
    ],
  ])(
    "%s with a wrong count of arguments is a usage error naming the form",
    async (_name, argv, said) => {
      const result = await run(argv);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(said);
    },
  );

  it.each(["show", "search", "remember", "forget"])("%s --help shows [folder]", async (command) => {
    const { context, output } = contextIn(process.cwd());
    expect(await runMemfiles([command, "--help"], context)).toBe(0);
    expect(output.stdout).toMatch(
      new RegExp(`^Usage: memfiles ${command} \\[options\\] \\[folder\\] <`),
    );
  });
});

describe("text that starts with a dash", () => {
  it.each([
    ["remember", ["remember", "memory", "profile.md", "- likes tea"], "- likes tea"],
    ["search", ["search", "memory", "-x"], "-x"],
  ])("%s says to put -- before it, exit 2", async (command, argv, option) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(argv, context)).toBe(2);
    expect(output.stderr).toBe(
      `error: unknown option '${option}'\nTo give text that starts with "-", put -- before it: memfiles ${command} ... -- ${JSON.stringify(option)}\n`,
    );
  });

  it("ls -x gets commander's line only", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["ls", "-x"], context)).toBe(2);
    expect(output.stderr).toBe("error: unknown option '-x'\n");
  });
});
