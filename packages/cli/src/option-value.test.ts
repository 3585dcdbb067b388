import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../test/command-context.js";
import { memoryFixture } from "../test/memory-fixture.js";
import { runMemfiles } from "./run-memfiles.js";

const refusal = (word: string, kind: string, next: string, flags: string, long = word) =>
  `memfiles: ${word} needs a value, but the next word is the ${kind} ${next}: give ${word} its value first (${flags}); a value that starts with "-" or names a command is written ${long}=<value>.\n`;

// Commander takes the word after an option that needs a value as its value, whatever it is.
describe("an option that needs a value never takes the next option or command", () => {
  it.each([
    [
      "--time-zone before hook",
      ["--time-zone", "hook", "session-start"],
      refusal("--time-zone", "command", "hook", "--time-zone <name>"),
    ],
    [
      "--time-zone before a command",
      ["--time-zone", "ls", "memory"],
      refusal("--time-zone", "command", "ls", "--time-zone <name>"),
    ],
    [
      "--pglite before --layout",
      ["--pglite", "--layout", "fact", "ls"],
      refusal("--pglite", "option", "--layout", "--pglite <folder>"),
    ],
    [
      "--tenant before a command",
      ["--pglite", "db", "--tenant", "search", "tea"],
      refusal("--tenant", "command", "search", "--tenant <name>"),
    ],
    [
      "claude-code status --root before --user",
      ["claude-code", "status", "--root", "--user"],
      refusal("--root", "option", "--user", "--root <folder>"),
    ],
    [
      "remember --replaces before --json",
      ["remember", "memory", "profile.md", "likes tea", "--replaces", "--json"],
      refusal("--replaces", "option", "--json", "--replaces <line>"),
    ],
    [
      "search -m before --json",
      ["search", "-m", "--json", "tea"],
      refusal("-m", "option", "--json", "-m, --memory <folder>", "--memory"),
    ],
  ])("%s: refused, exit 2, nothing made", async (_name, argv, stderr) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect({ code: await runMemfiles(argv, context), ...output }).toEqual({
      code: 2,
      stdout: "",
      stderr,
    });
    for (const made of ["db", "--layout", "--user", "hook"])
      expect(existsSync(join(folder, made))).toBe(false);
  });

  it.each([
    ["--time-zone=<zone>", ["--time-zone=UTC", "search", "memory", "lyon"]],
    ["-m with its folder", ["search", "-m", "memory", "lyon"]],
    ["a word after --", ["search", "memory", "--", "lyon"]],
  ])("%s runs", async (_name, argv) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect({ code: await runMemfiles(argv, context), stderr: output.stderr }).toEqual({
      code: 0,
      stderr: "",
    });
  });
});
