import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { contextIn } from "../test/command-context.js";
import { memoryFixture } from "../test/memory-fixture.js";
import { printChild, runMemfiles } from "./run-memfiles.js";
import { typedWordsOutput } from "./typed-words.js";

// A GitHub token shape the secret guard flags (`github_token`), and a paste over core's 160-char cap.
const TOKEN = "ghp_Zq8vR2mK9xLp4TnW7yB3cD6fH1jA5sE0uGiO";
// A space inside every 100 chars: one run past 1,000 chars is a long token, shown as [redacted]
// whole (decision 0125), where these cases are about the cap on a shown value's length.
const LONG = Array.from({ length: 5000 }, (_, at) => (at % 100 === 50 ? " " : "x")).join("");

// Each command's own check that quotes a folder, path, query or option value the user typed.
// `V` stands for the value. Each refuses it (exit 1 or 2) but those marked "runs": `import`
// starts the new folder, `claude-code status` reports it missing; both name it.
const COMMANDS: Array<[string, string[], "runs"?]> = [
  ["ls: a folder", ["ls", "V"]],
  ["ls: a folder under ./", ["ls", "./V/"]],
  ["ls --layout", ["--layout", "V", "ls", "memory"]],
  ["ls --layout=", ["--layout=V", "ls", "memory"]],
  ["ls --time-zone", ["--time-zone", "V", "ls", "memory"]],
  ["ls --time-zone=", ["--time-zone=V", "ls", "memory"]],
  ["show: a folder", ["show", "V", "profile.md"]],
  ["show: a file", ["show", "memory", "V.md"]],
  ["search: a word", ["search", "-m", "memory", "V"]],
  ["search: a folder", ["search", "-m", "V", "tea"]],
  ["remember: a folder", ["remember", "V", "profile.md", "likes tea"]],
  ["remember: a file", ["remember", "memory", "V.md", "likes tea"]],
  ["forget: a word", ["forget", "-m", "memory", "V", "--yes"]],
  ["check: a folder", ["check", "V"]],
  ["consolidate: a folder", ["consolidate", "V"]],
  ["export: a folder", ["export", "V"]],
  ["export --output", ["export", "memory", "--output", "missing/V/bundle.json"]],
  ["export --output=", ["export", "memory", "--output=missing/V/bundle.json"]],
  ["export -o<file>", ["export", "memory", "-omissing/V/bundle.json"]],
  ["search -m<folder>", ["search", "-mV", "tea"]],
  ["serve -p<port>", ["serve", "memory", "-pV"]],
  ["forget -y<word>: commander's rest", ["forget", "-m", "memory", "-yV"]],
  ["forget -yy<word>: commander's rest", ["forget", "-m", "memory", "-yyV"]],
  ["import: a bundle", ["import", "V.json", "memory"]],
  ["import: a folder", ["import", "bundle.json", "V"], "runs"],
  ["serve: a folder", ["serve", "V"]],
  ["cost: a folder", ["cost", "V"]],
  ["claude-code status --root", ["claude-code", "status", "--root", "V"], "runs"],
];

describe("a message quoting what the user typed never echoes a secret or a long paste", () => {
  it.each(
    COMMANDS.flatMap(([name, argv, runs]) => [
      [`${name}, a GitHub token`, argv, TOKEN, runs] as const,
      [`${name}, a 5,000-char value`, argv, LONG, runs] as const,
    ]),
  )("%s", async (_name, argv, value, runs) => {
    const { folder } = await memoryFixture();
    if (argv.includes("bundle.json")) {
      const exported = contextIn(folder);
      expect(
        await runMemfiles(["export", "memory", "--output", "bundle.json"], exported.context),
      ).toBe(0);
    }
    const { context, output } = contextIn(folder);
    const typed = argv.map((word) => word.replace("V", value));
    const exitCode = await runMemfiles(typed, context);
    if (runs === undefined) expect(exitCode).not.toBe(0);
    const printed = output.stdout + output.stderr;
    expect(printed).not.toBe("");
    expect(printed).not.toContain(value.slice(0, 200));
    expect(printed.length).toBeLessThan(1000);
  });

  it("a token in a path is shown [redacted], with the rest of the message", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["ls", TOKEN], context)).toBe(2);
    expect(output.stderr).toBe(
      `memfiles: No memory folder at ${folder}/[redacted]. Give the folder that holds MEMORY.md, e.g. \`memfiles ls ./memory\`.\n`,
    );
  });

  it("a long value is cut by core's one cap, with its length", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["--time-zone", LONG, "ls", "memory"], context)).toBe(2);
    expect(output.stderr).toBe(
      `memfiles: --time-zone "${LONG.slice(0, 160)}… (5000 chars)" is no time zone. Give an IANA name such as "Europe/Berlin", "Asia/Shanghai" or "UTC".\n`,
    );
  });

  it("a folder name too long for the file system is no memory folder (exit 2), not a bug", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["ls", LONG], context)).toBe(2);
    expect(output.stderr).toBe(
      `memfiles: No memory folder at ${folder}/${LONG.slice(0, 160)}… (5000 chars). Give the folder that holds MEMORY.md, e.g. \`memfiles ls ./memory\`.\n`,
    );
  });
});

describe("the printed order and a hook child's output", () => {
  const printed = () => {
    const texts: string[] = [];
    return { texts, to: { stdout: (text: string) => texts.push(text), stderr: () => {} } };
  };

  it("a text waiting for its words keeps its place: later texts come after it", async () => {
    const { texts, to } = printed();
    const output = typedWordsOutput(["ls", TOKEN], to);
    output.stdout(`No memory folder at /x/${TOKEN}.\n`);
    output.stdout("done\n");
    expect(texts).toEqual([]);
    await output.written();
    expect(texts).toEqual(["No memory folder at /x/[redacted].\n", "done\n"]);
  });

  it("a typed word a hook child writes in two parts is still replaced", async () => {
    const { texts, to } = printed();
    const output = typedWordsOutput(["hook", "session-start", "--root", TOKEN], to);
    const [head, tail] = [TOKEN.slice(0, 20), TOKEN.slice(20)];
    const child = spawn(
      process.execPath,
      [
        "-e",
        `process.stdout.write(${JSON.stringify(head)}); setTimeout(() => process.stdout.write(${JSON.stringify(tail)}), 200);`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(await printChild(child, output)).toBe(0);
    await output.written();
    expect(texts).toEqual(["[redacted]"]);
  });
});
