import { describe, expect, it } from "vitest";
import { contextIn } from "../test/command-context.js";
import { memoryFixture } from "../test/memory-fixture.js";
import { runMemfiles } from "./run-memfiles.js";

// Secrets core's guard flags only with the words around them: a password after its label, and an
// AWS access key id typed as two arguments. Each word alone is clean.
const PASSWORD = "Xk9#mQ2vLp";
const PHRASE_PASSWORD = "Sommer2024!";
const [KEY_HEAD, KEY_TAIL] = ["AKIAZ7QW3RT5", "YU8IOPQA"];
// A GitHub token a space cut in two: the head alone is a random token, the tail alone is clean;
// core's check masks the head glued to the tail whole (decision 0088).
const [GITHUB_HEAD, GITHUB_TAIL] = [["ghp_R8fK2mQ9", "xL4vN7pT1wZ6yB3cH5j"].join(""), "D0sA2eG8k"];

// Each command that joins the typed words with spaces, and the line that suggests a command with
// them. `secret` lists the words that must not be printed; `shows` a part of what must be.
const CASES: Array<{ name: string; argv: string[]; secret: string[]; shows: string }> = [
  {
    name: "search: a phrase",
    argv: ["search", "my", "password", "is", PHRASE_PASSWORD, "-m", "memory"],
    secret: [PHRASE_PASSWORD],
    shows: 'holds "my password is [redacted]"',
  },
  {
    name: "search: label and value",
    argv: ["search", "password", PASSWORD, "-m", "memory"],
    secret: [PASSWORD],
    shows: 'holds "password [redacted]"',
  },
  {
    name: "search: an option between label and value",
    argv: ["search", "password", "-m", "memory", PASSWORD],
    secret: [PASSWORD],
    shows: 'holds "password [redacted]"',
  },
  {
    name: "search: a key over two arguments",
    argv: ["search", "-m", "memory", KEY_HEAD, KEY_TAIL],
    secret: [KEY_HEAD, KEY_TAIL],
    shows: "holds",
  },
  {
    name: "search: a key over two arguments, an option between",
    argv: ["search", KEY_HEAD, "-m", "memory", KEY_TAIL],
    secret: [KEY_HEAD, KEY_TAIL],
    shows: "holds",
  },
  {
    name: "search: words after --, one of them starting with -",
    argv: ["search", "-m", "memory", "--", "password", `-${PASSWORD}`],
    secret: [PASSWORD],
    shows: "holds",
  },
  {
    name: "search: a GitHub token over two arguments",
    argv: ["search", "memory", GITHUB_HEAD, GITHUB_TAIL],
    secret: [GITHUB_HEAD, GITHUB_TAIL],
    shows: "holds",
  },
  {
    name: "forget: a GitHub token over two arguments",
    argv: ["forget", "-m", "memory", "--dry-run", GITHUB_HEAD, GITHUB_TAIL],
    secret: [GITHUB_HEAD, GITHUB_TAIL],
    shows: "Nothing matches",
  },
  {
    name: "search --json: a key over two arguments",
    argv: ["search", "--json", "memory", KEY_HEAD, KEY_TAIL],
    secret: [KEY_HEAD, KEY_TAIL],
    shows: "[]",
  },
  {
    name: "forget: label and value, and the suggested search",
    argv: ["forget", "password", PASSWORD, "-m", "memory", "--yes"],
    secret: [PASSWORD],
    shows: "See the candidates with memfiles search password [redacted].",
  },
  {
    name: "forget: a phrase after the folder, and the suggested search",
    argv: ["forget", "memory", "my", "password", "is", PHRASE_PASSWORD, "--dry-run"],
    secret: [PHRASE_PASSWORD],
    shows: "memfiles search password [redacted].",
  },
  {
    name: "forget: a key over two arguments",
    argv: ["forget", "-m", "memory", KEY_HEAD, KEY_TAIL, "--yes"],
    secret: [KEY_HEAD, KEY_TAIL],
    shows: "Nothing matches",
  },
  {
    name: "remember: the value after a path",
    argv: ["remember", "memory", "topics/password.md", PASSWORD],
    secret: [PASSWORD],
    shows: "[redacted]",
  },
  {
    name: "remember: a fact typed as two arguments",
    argv: ["remember", "memory", "profile.md", "password", PASSWORD],
    secret: [PASSWORD],
    shows: "too many arguments",
  },
  {
    name: "show: a key over folder and file",
    argv: ["show", KEY_HEAD, `${KEY_TAIL}.md`],
    secret: [KEY_HEAD, KEY_TAIL],
    shows: "No memory folder",
  },
  {
    name: "show: label and value as folder and file",
    argv: ["show", "memory", "password", `${PASSWORD}.md`],
    secret: [PASSWORD],
    shows: "error",
  },
];

describe("a secret typed over several words is not printed back", () => {
  it.each(CASES)("$name", async ({ argv, secret, shows }) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    await runMemfiles(argv, context);
    const printed = output.stdout + output.stderr;
    for (const word of secret) expect(printed).not.toContain(word);
    // Nor folded: a run of 4+ letters or digits of it, in any case.
    for (const part of secret
      .join(" ")
      .toLowerCase()
      .match(/[\p{L}\p{N}]{4,}/gu) ?? [])
      expect(printed.toLowerCase()).not.toContain(part);
    expect(printed).toContain(shows);
  });

  it("words that spell no secret together are printed as typed", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["search", "-m", "memory", "likes", "green", "tea"], context)).toBe(1);
    expect(output.stdout).toBe(`Nothing in ${folder}/memory holds "likes green tea".\n`);
  });
});
