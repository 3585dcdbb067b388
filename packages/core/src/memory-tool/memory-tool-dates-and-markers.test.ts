import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it, onTestFinished } from "vitest";
import { MemoryStore } from "../store/index.js";
import { createMemoryToolHandlers } from "./memory-tool-handlers.js";

// Every line the model writes is stated today (decision 0022): a line whose words an edit changes
// is re-dated, and a date tag the model sends is replaced by today's, so no edit sets its own
// date. In a list file the new lines take the list's marker, as `remember` adds it (0101).
const NOW = new Date("2026-12-08T09:00:00Z");
const TODAY = "2026/12/08";
const PATH = "topics/misc.md";
const FILE = `---\nname: misc\ndescription: "Misc."\nupdated: 2026/12/01\n---\n- [stated 2026/12/02] likes oolong tea\n- [stated 2026/12/01] plays chess\n`;

type Command = Anthropic.Beta.BetaMemoryTool20250818Command;
const memories = `/memories/${PATH}`;

const CASES: Array<{ name: string; command: Command; lines: string[]; fresh?: boolean }> = [
  {
    name: "str_replace changing a line's words",
    command: { command: "str_replace", path: memories, old_str: "oolong", new_str: "green" },
    lines: [`- [stated ${TODAY}] likes green tea`, "- [stated 2026/12/01] plays chess"],
  },
  {
    name: "str_replace setting a future date tag",
    command: {
      command: "str_replace",
      path: memories,
      old_str: "[stated 2026/12/01] plays",
      new_str: "[stated 2026/12/20] plays",
    },
    lines: ["- [stated 2026/12/02] likes oolong tea", `- [stated ${TODAY}] plays chess`],
  },
  {
    name: "str_replace adding a line without a marker",
    command: {
      command: "str_replace",
      path: memories,
      old_str: "plays chess",
      new_str: "plays chess\nplays poker",
    },
    lines: [
      "- [stated 2026/12/02] likes oolong tea",
      // Sent as it was: a person's line is kept byte for byte.
      "- [stated 2026/12/01] plays chess",
      `- [stated ${TODAY}] plays poker`,
    ],
  },
  {
    name: "insert of dated lines without markers",
    command: {
      command: "insert",
      path: memories,
      insert_line: 7,
      insert_text: "[stated 2030/01/01] likes go\nlikes shogi",
    },
    lines: [
      "- [stated 2026/12/02] likes oolong tea",
      "- [stated 2026/12/01] plays chess",
      `- [stated ${TODAY}] likes go`,
      `- [stated ${TODAY}] likes shogi`,
    ],
  },
  {
    name: "create with a date tag of its own",
    command: {
      command: "create",
      path: "/memories/topics/games.md",
      file_text: "[stated 2030/01/01] likes go\n",
    },
    lines: [`[stated ${TODAY}] likes go`],
    fresh: true,
  },
];

describe("the memory tool dates every line it writes today and keeps a list's marker", () => {
  it.each(CASES)("$name", async ({ command, lines, fresh }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-tool-dates-"));
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    await mkdir(join(root, "topics"));
    await writeFile(join(root, PATH), FILE);
    const handlers = createMemoryToolHandlers({ store: new MemoryStore({ root }), now: NOW });
    await handlers[command.command](command as never);
    const written = await readFile(join(root, fresh ? "topics/games.md" : PATH), "utf8");
    const body = written
      .slice(written.lastIndexOf("---\n") + 4)
      .trimEnd()
      .split("\n");
    expect(body).toEqual(lines);
  });
});
