import { describe, expect, it } from "vitest";
import { MemoryPathError, type MemoryStore } from "../../store/index.js";
import type { Command } from "../memory-tool-context.js";
import { MemoryToolError } from "../memory-tool-error.js";
import { createMemoryToolHandlers } from "../memory-tool-handlers.js";
import { MEMORY_TOOL_COMMANDS } from "./index.js";

// One valid input a command, and the path its refusals name: a command without a row here fails
// the type check, and `MEMORY_TOOL_COMMANDS` is compared with these rows below.
const INPUTS: {
  [Name in keyof typeof MEMORY_TOOL_COMMANDS]: { input: Command<Name>; shown: string };
} = {
  view: { input: { command: "view", path: "/memories/topics" }, shown: "/memories/topics" },
  create: {
    input: { command: "create", path: "/memories/topics/tea.md", file_text: "- Green tea.\n" },
    shown: "/memories/topics/tea.md",
  },
  str_replace: {
    input: {
      command: "str_replace",
      path: "/memories/topics/tea.md",
      old_str: "Green",
      new_str: "White",
    },
    shown: "/memories/topics/tea.md",
  },
  insert: {
    input: {
      command: "insert",
      path: "/memories/topics/tea.md",
      insert_line: 0,
      insert_text: "- Oolong.\n",
    },
    shown: "/memories/topics/tea.md",
  },
  delete: {
    input: { command: "delete", path: "/memories/topics/tea.md" },
    shown: "/memories/topics/tea.md",
  },
  rename: {
    input: {
      command: "rename",
      old_path: "/memories/topics/tea.md",
      new_path: "/memories/topics/coffee.md",
    },
    shown: "/memories/topics/tea.md -> /memories/topics/coffee.md",
  },
};

// A store whose every access is refused as a path, as a folder store refuses a link out of it.
const refusing = new Proxy({ maxChars: 10_000, layout: "subject" } as unknown as MemoryStore, {
  get(target, key) {
    if (key in target) return target[key as keyof MemoryStore];
    return () => {
      throw new MemoryPathError({ path: "topics/tea.md", reason: "it leaves the memory folder" });
    };
  },
});

const refusal = async (run: () => Promise<string>) => {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MemoryToolError);
  return { code: (error as MemoryToolError).code, message: (error as MemoryToolError).message };
};

describe("MEMORY_TOOL_COMMANDS", () => {
  it("maps each of the memory tool's six commands to its module, each with a row here", () => {
    expect(Object.keys(MEMORY_TOOL_COMMANDS).sort()).toEqual(Object.keys(INPUTS).sort());
    expect(Object.keys(MEMORY_TOOL_COMMANDS).sort()).toEqual([
      "create",
      "delete",
      "insert",
      "rename",
      "str_replace",
      "view",
    ]);
  });
});

// What every command does by the one skeleton (`runCommand`): its input checked first, a path
// the store refuses answered as the tool's `path_refused` naming the command's path.
describe.each(Object.entries(INPUTS))("the skeleton of %s", (name, { input, shown }) => {
  const handlers = createMemoryToolHandlers({ store: refusing });
  const handler = handlers[name as keyof typeof handlers] as (command: unknown) => Promise<string>;

  it("refuses a field that is not a string before any other work", async () => {
    const [field] = MEMORY_TOOL_COMMANDS[name as keyof typeof MEMORY_TOOL_COMMANDS].fields;
    const broken = { ...input, [field as string]: 42 };
    expect(await refusal(() => handler(broken))).toEqual({
      code: "invalid_input",
      message: `Refused the ${name} command: \`${field}\` must be a string, got number. Nothing was written; send the text as a string.`,
    });
  });

  it("answers a path the store refuses as path_refused, naming the command's path", async () => {
    const { code, message } = await refusal(() => handler(input));
    expect(code).toBe("path_refused");
    expect(message).toMatch(
      new RegExp(`^The path ${shown.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is refused: `),
    );
  });
});
