import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../store/index.js";
import { MAX_QUOTED_CHARS } from "../text/index.js";
import { MEMORY_TOOL_COMMANDS } from "./commands/index.js";
import { memfilesMemoryTool } from "./memory-tool.js";
import { MemoryToolError } from "./memory-tool-error.js";
import { createMemoryToolHandlers } from "./memory-tool-handlers.js";

const NOW = new Date("2026-09-12T09:00:00Z");
const TEA =
  "---\nname: tea\ndescription: Teas the user drinks.\n---\n[stated 2026/09/01] drinks green tea\n";

// Runs one input the way the SDK's tool runner does: a thrown error is the tool result
// `Error: <message>` with `is_error`, the text the model reads.
async function runner() {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-tool-input-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await writeFile(join(root, "topics/tea.md"), TEA);
  const tool = memfilesMemoryTool({ store: new MemoryStore({ root }), now: NOW });
  return async (input: unknown) => {
    const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input } as const;
    const outcome = await runRunnableTool(tool, input as never, {
      toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
      toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
    });
    return { text: outcome.content as string, isError: outcome.isError };
  };
}

// A valid input a command; each of its string fields is then sent huge.
const INPUTS: Record<keyof typeof MEMORY_TOOL_COMMANDS, Record<string, unknown>> = {
  view: { command: "view", path: "/memories/topics/tea.md" },
  create: { command: "create", path: "/memories/topics/coffee.md", file_text: "- Espresso.\n" },
  str_replace: {
    command: "str_replace",
    path: "/memories/topics/tea.md",
    old_str: "green",
    new_str: "white",
  },
  insert: {
    command: "insert",
    path: "/memories/topics/tea.md",
    insert_line: 5,
    insert_text: "- Oolong.\n",
  },
  delete: { command: "delete", path: "/memories/topics/tea.md" },
  rename: {
    command: "rename",
    old_path: "/memories/topics/tea.md",
    new_path: "/memories/topics/coffee.md",
  },
};

const HUGE = 1_000_000;
// Each field of each command sent as a huge plain text and as a huge path under /memories.
const HUGE_FIELDS = (
  Object.entries(INPUTS) as [keyof typeof INPUTS, Record<string, unknown>][]
).flatMap(([name, input]) =>
  Object.keys(input)
    .filter((field) => field !== "command" && typeof input[field] === "string")
    .flatMap((field) => [
      [name, field, "text", "q".repeat(HUGE)] as const,
      [name, field, "path", `/memories/topics/${"q".repeat(HUGE)}.md`] as const,
    ]),
);

describe("a refusal shows a huge value the model sent by its head and length", () => {
  it("has a row for every string field of every command", () => {
    const fields = new Set(HUGE_FIELDS.map(([name, field]) => `${name}.${field}`));
    for (const [name, module] of Object.entries(MEMORY_TOOL_COMMANDS)) {
      for (const field of module.fields) expect(fields).toContain(`${name}.${field}`);
    }
  });

  it.each(HUGE_FIELDS)("%s, %s as a %s", async (name, field, _kind, value) => {
    const run = await runner();
    const { text, isError } = await run({ ...INPUTS[name], [field]: value });
    expect(isError).toBe(true);
    // The message's words and at most the value's head: never more of it.
    expect(text.length).toBeLessThan(1_000);
    expect(text).not.toContain(value.slice(0, MAX_QUOTED_CHARS + 1));
  });

  it("names an unknown command by its head and length", async () => {
    const run = await runner();
    const { text } = await run({ command: "v".repeat(HUGE), path: "/memories" });
    expect(text.length).toBeLessThan(MAX_QUOTED_CHARS + 200);
  });
});

describe("a command that is missing or not the tool's is refused, with the commands", () => {
  const COMMANDS = "view, create, str_replace, insert, delete, rename";
  it.each([
    [
      "no command",
      { path: "/memories" },
      `The memory tool's input has no \`command\`: give one of ${COMMANDS}, e.g. {"command": "view", "path": "/memories"}. Nothing was read or written.`,
    ],
    [
      "an unknown name",
      { command: "open" },
      `Unknown memory command "open": use one of ${COMMANDS}.`,
    ],
    ["null", { command: null }, `Unknown memory command null: use one of ${COMMANDS}.`],
    ["a number", { command: 3 }, `Unknown memory command 3: use one of ${COMMANDS}.`],
    [
      "an object",
      { command: { name: "x".repeat(HUGE) } },
      `Unknown memory command a value of type object: use one of ${COMMANDS}.`,
    ],
  ])("%s", async (_name, input, message) => {
    const run = await runner();
    expect(await run(input)).toEqual({ isError: true, text: `Error: ${message}` });
  });
});

describe("insert_line that is not a whole number is refused as such", () => {
  const WHOLE = "It must be a whole number, the line to insert after (0 for the top)";
  it.each([
    ["a number as text", "2", `Invalid \`insert_line\` parameter: "2" (text). ${WHOLE}`],
    ["a fraction", 1.5, `Invalid \`insert_line\` parameter: 1.5. ${WHOLE}`],
    ["NaN", Number.NaN, `Invalid \`insert_line\` parameter: NaN. ${WHOLE}`],
    ["null", null, `Invalid \`insert_line\` parameter: null. ${WHOLE}`],
    ["an object", {}, `Invalid \`insert_line\` parameter: a value of type object. ${WHOLE}`],
    ["an array", [2], `Invalid \`insert_line\` parameter: [2]. ${WHOLE}`],
    [
      "a whole number out of range, in the docs' words",
      9,
      "Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 5]",
    ],
  ])("%s", async (_name, line, start) => {
    const run = await runner();
    const { text, isError } = await run({ ...INPUTS.insert, insert_line: line });
    expect({ isError, start: text.slice(7, 7 + start.length) }).toEqual({ isError: true, start });
  });
});

describe("view_range that is not [start, end] is refused, nothing read", () => {
  const RULE =
    "It must be [start, end]: whole numbers counted from 1, end at least start or -1 for the end, such as [1, 20] or [5, -1]. Nothing was read.";
  const FILE = INPUTS.view;
  const FOLDER = { command: "view", path: "/memories/topics" };
  it.each([
    ["a file, a list as text", FILE, "1,2", `"1,2" (text)`],
    ["a file, end before start", FILE, [5, 1], "[5, 1]"],
    ["a file, one number", FILE, [2], "[2]"],
    ["a file, three numbers", FILE, [1, 2, 3], "[1, 2, 3]"],
    ["a file, a fraction", FILE, [1.5, 3], "[1.5, 3]"],
    ["a file, numbers as text", FILE, ["1", "2"], `["1" (text), "2" (text)]`],
    ["a file, start 0", FILE, [0, 2], "[0, 2]"],
    ["a folder, end before start", FOLDER, [5, 1], "[5, 1]"],
  ])("%s", async (_name, input, range, shown) => {
    const run = await runner();
    const { text, isError } = await run({ ...input, view_range: range });
    expect({ isError, text }).toEqual({
      isError: true,
      text: `Error: Invalid \`view_range\` parameter: ${shown}. ${RULE}`,
    });
  });

  it.each([
    ["absent", undefined, 5],
    ["to the end", [2, -1], 4],
    ["one line", [5, 5], 1],
    ["past the end", [3, 99], 3],
  ])("shows a file's lines, range %s", async (_name, range, count) => {
    const run = await runner();
    const { text, isError } = await run({ ...FILE, view_range: range });
    expect({ isError, lines: text.split("\n").length - 1 }).toEqual({
      isError: false,
      lines: count,
    });
  });
});

describe("an input that is not an object is refused, nothing read or written", () => {
  const refusal = (got: string) =>
    `The memory tool's input must be an object such as {"command": "view", "path": "/memories"}, got ${got}. Nothing was read or written.`;
  const NOT_OBJECTS: [string, unknown, string][] = [
    ["null", null, "null"],
    ["a command name as text", "view", `"view" (text)`],
    ["a list", [INPUTS.view], "[a value of type object]"],
    ["a number", 42, "42"],
  ];

  it.each(NOT_OBJECTS)("by the tool: %s", async (_name, input, got) => {
    const run = await runner();
    expect(await run(input)).toEqual({ isError: true, text: `Error: ${refusal(got)}` });
  });

  // Every command's handler, called directly, refuses it through the skeleton.
  const HANDLER_ROWS = Object.keys(MEMORY_TOOL_COMMANDS).flatMap((name) =>
    NOT_OBJECTS.map(([kind, input, got]) => [name, kind, input, got] as const),
  );
  it.each(HANDLER_ROWS)("by the %s handler: %s", async (name, _kind, input, got) => {
    const store = new MemoryStore({ root: join(tmpdir(), "memfiles-never-created") });
    const handlers = createMemoryToolHandlers({ store });
    const handler = handlers[name as keyof typeof handlers] as (input: unknown) => Promise<string>;
    const error = await handler(input).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MemoryToolError);
    expect({ code: (error as MemoryToolError).code, message: (error as Error).message }).toEqual({
      code: "invalid_input",
      message: refusal(got),
    });
  });
});
