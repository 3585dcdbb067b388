import { describe, expect, it } from "vitest";
import { contextIn } from "../test/command-context.js";
import { memoryFixture } from "../test/memory-fixture.js";
import { runMemfiles } from "./run-memfiles.js";

// A pasted key as one word: the secret guard's PEM rule flags it (`private_key`).
const KEY = `-----BEGIN OPENSSH PRIVATE KEY-----b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ-----END OPENSSH PRIVATE KEY-----`;
const TOKEN = "sk-ant-api03-Xk9mQ4zT7vB2nL8pR5wY3cF6hJ1dS0aE";
// A space inside every 100 chars: one run past 1,000 chars is a long token, shown as [redacted]
// whole (decision 0125), where these cases are about the cap on a shown word's length.
const LONG = `-${Array.from({ length: 5000 }, (_, at) => (at % 100 === 50 ? " " : "a")).join("")}`;

describe("an argument error never echoes a secret or a long paste", () => {
  it.each([
    ["remember: a key as the fact", ["remember", "memory", "profile.md", KEY], KEY],
    ["search: a key as a word", ["search", "memory", KEY], KEY],
    ["forget: a token after a dash", ["forget", "memory", `-${TOKEN}`], TOKEN],
    ["show: a token as an option's value", ["show", `--path=${TOKEN}`], TOKEN],
    ["ls: a token as the command", [TOKEN, "memory"], TOKEN],
    ["claude-code status: a key", ["claude-code", "status", KEY], KEY],
    ["search: a 5,001-char word", ["search", "memory", LONG], LONG.slice(0, 200)],
    ["a 5,000-char word as the command", [LONG.slice(1), "memory"], LONG.slice(1, 200)],
  ])("%s", async (_name, argv, hidden) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(argv, context)).toBe(2);
    expect(output.stderr).toMatch(/^error: /);
    expect(output.stderr).not.toContain(hidden);
    expect(output.stderr.length).toBeLessThan(600);
  });

  it("a key given to remember is shown [redacted], with how to give text that starts with -", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["remember", "memory", "profile.md", KEY], context)).toBe(2);
    expect(output.stderr).toBe(
      `error: unknown option '[redacted]'\nTo give text that starts with "-", put -- before it: memfiles remember ... -- <the text>\n`,
    );
  });

  it("a long word is cut by core's one cap, with its length", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["search", "memory", LONG], context)).toBe(2);
    expect(output.stderr.split("\n")[0]).toBe(
      `error: unknown option '${LONG.slice(0, 160)}… (5001 chars)'`,
    );
  });
});
