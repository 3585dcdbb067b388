import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { afterEach, describe, expect, it } from "vitest";
import { testClient, toolUseMessage } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { applyWriteReply, forget, remember } from "../layouts/index.js";
import { memfilesMemoryTool } from "../memory-tool/memory-tool.js";
import type { MemoryStore, StoreLayout } from "./index.js";
import { LAYOUT_NAMES } from "./layout-names.js";
import { plannedWriteHook } from "./planned-write-hook.js";

// A person's editor saves the file (copy, append a line, rename over it: an atomic save) after a
// write was planned on the file's version and before that write's rename or unlink. The save is
// made at the store's seam (`plannedWriteHook`), once, not by a timed race.
const NOW = new Date("2026-12-01T12:00:00Z");
const HAND_LINE = "[stated 2026/11/30] keeps a sketchbook (added by hand)";
const SAID = "I play chess on Sundays now.";

const FILES = {
  subject: {
    path: "topics/log.md",
    text: "---\nname: log\ndescription: Things done\n---\n[stated 2026/11/01] likes tea\n[stated 2026/11/02] visited the museum\n",
  },
  fact: {
    path: "log.md",
    text: "---\nname: log\ndescription: Visits\ntype: user\n---\nThe user visited the museum and likes tea.\n",
  },
} as const;

type Outcome = "redone" | "refused";
type Kind = {
  /** Runs the write; true when it reports success. */
  run: (store: MemoryStore, layout: StoreLayout) => Promise<boolean>;
  /** What the write did once it is redone, seen in the file's text. */
  done: (text: string) => boolean;
  outcome: Record<StoreLayout, Outcome>;
};

async function runTool(store: MemoryStore, command: Anthropic.Beta.BetaMemoryTool20250818Command) {
  const tool = memfilesMemoryTool({ store, now: NOW });
  const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
  const outcome = await runRunnableTool(tool, command, {
    toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
    toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
  });
  return outcome.isError !== true;
}

const KINDS: Record<string, Kind> = {
  remember: {
    run: async (store, layout) =>
      (
        await remember({
          store,
          path: FILES[layout].path,
          fact: "plays chess on Sundays",
          now: NOW,
        })
      ).ok,
    done: (text) => text.includes("plays chess on Sundays"),
    outcome: { subject: "redone", fact: "redone" },
  },
  forget: {
    run: async (store) => (await forget({ store, query: "visited the museum", now: NOW })).ok,
    done: (text) => !text.includes("museum"),
    outcome: { subject: "redone", fact: "refused" },
  },
  "memory tool edit": {
    run: (store, layout) =>
      runTool(store, {
        command: "str_replace",
        path: `/memories/${FILES[layout].path}`,
        old_str: "likes tea",
        new_str: "likes green tea",
      }),
    done: (text) => text.includes("likes green tea"),
    outcome: { subject: "redone", fact: "redone" },
  },
  "write pass apply": {
    run: async (store, layout) => {
      const reply =
        layout === "subject"
          ? toolUseMessage("propose_memories", {
              memories: [
                {
                  file: FILES.subject.path,
                  fact: "plays chess on Sundays",
                  evidence: SAID,
                  replaces: null,
                  description: null,
                },
              ],
            })
          : toolUseMessage("propose_facts", {
              memories: [
                {
                  action: "save",
                  name: "log",
                  type: "user",
                  description: "Visits",
                  body: "The user visited the museum and likes tea. The user plays chess on Sundays.",
                  evidence: SAID,
                  replaces: FILES.fact.path,
                },
              ],
            });
      const result = await applyWriteReply(
        {
          store,
          transcript: { date: "2026-12-01", turns: [{ role: "user", content: SAID }] },
          client: testClient(),
          model: "claude-haiku-5-5",
          now: NOW,
        },
        reply,
      );
      return result.applied.length === 1;
    },
    done: (text) => text.includes("plays chess on Sundays"),
    outcome: { subject: "redone", fact: "redone" },
  },
};

afterEach(() => {
  delete plannedWriteHook.run;
});

describe.each(LAYOUT_NAMES)("a person's save while a write is under way (%s layout)", (layout) => {
  it.each(Object.keys(KINDS))("%s: the edit is kept, the write refused or redone", async (name) => {
    const kind = KINDS[name] as Kind;
    const store = await tempStore(layout);
    const { path, text } = FILES[layout];
    const file = join(store.root, path);
    await store.write(path, text, "new");
    let saves = 0;
    plannedWriteHook.run = async (target) => {
      if (target !== file || saves > 0) return;
      saves++;
      const saved = `${await readFile(file, "utf8")}${HAND_LINE}\n`;
      await writeFile(`${file}.editor-save`, saved);
      await rename(`${file}.editor-save`, file);
    };
    const ok = await kind.run(store, layout);
    const after = await readFile(file, "utf8").catch(() => "");
    expect({
      saves,
      handLineKept: after.includes(HAND_LINE),
      ok,
      done: kind.done(after),
    }).toEqual({
      saves: 1,
      handLineKept: true,
      ok: kind.outcome[layout] === "redone",
      done: kind.outcome[layout] === "redone",
    });
  });
});
