import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { MemoryStore } from "../store/memory-store.js";
import type { StoreLayout } from "../store/types.js";
import {
  budgetedRecall,
  fillRecallBudget,
  type RecallUnit,
  rankPooledRecallUnits,
} from "./budgeted-recall.js";
import { recallFiles } from "./recall-files.js";

// A folder like a new user's auto memory: many generated reference files whose descriptions share
// function words ("about", "über", "について", "关于"), beside one line on climbing. Written straight to
// disk: building 240 files through the write pass would be most of the test's time.
type Memory = { description: string; text: string };

function memories(): Memory[] {
  const made: Memory[] = [];
  for (let index = 0; index < 60; index++) {
    made.push(
      {
        description: "Where to find docs about Zig.",
        text: `Docs for Zig tool ${index} are kept in the wiki page W${index}.`,
      },
      {
        description: "Where to find docs about Go.",
        text: `Docs for Go tool ${index} are kept in the wiki page G${index}.`,
      },
      {
        description: "Notizen über die Zig-Werkzeuge.",
        text: `Die Doku für Zig-Werkzeug ${index} liegt im Wiki auf Seite Z${index}.`,
      },
      {
        description: "Zigのドキュメントについて。",
        text: `Zigツール${index}のドキュメントはウィキのページY${index}にあります。`,
      },
      {
        description: "关于我的Zig工具的文档。",
        text: `我的Zig工具${index}的文档在维基页面C${index}上。`,
      },
    );
  }
  made.push({
    description: "Where the user trains.",
    text: "The user climbs at the Boulderhaus gym on Tuesdays.",
  });
  return made;
}

async function generatedFolder(layout: StoreLayout): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), `memfiles-off-topic-${layout}-`)), "memory");
  const folder = layout === "subject" ? join(root, "topics") : root;
  mkdirSync(folder, { recursive: true });
  memories().forEach((memory, index) => {
    const name = `note-${index}`;
    const text =
      layout === "subject"
        ? `---\nname: ${name}\ndescription: ${memory.description}\n---\n[stated 2026/11/${String(1 + (index % 28)).padStart(2, "0")}] ${memory.text}\n`
        : `---\nname: ${name}\ndescription: ${memory.description}\ntype: reference\nupdated: 2026/11/${String(1 + (index % 28)).padStart(2, "0")}\n---\n${memory.text}\n`;
    writeFileSync(join(folder, `${name}.md`), text);
  });
  return new MemoryStore({ root, layout });
}

const NO_MODEL = {
  messages: {
    create: async () => {
      throw new Anthropic.APIConnectionError({ message: "no model in this test" });
    },
  },
} as unknown as Anthropic;

const BUDGET = 1_500;

// Every budgeted recall a surface makes, as the lines it would put in the prompt.
const SURFACES: Record<string, (store: MemoryStore, query: string) => Promise<string[]>> = {
  budgetedRecall: async (store, query) =>
    (await budgetedRecall({ store, query, maxTokens: BUDGET })).units.map((unit) => unit.text),
  "recallForPrompt (prompt hook)": async (store, query) =>
    (await recallForPrompt({ store, query, budgetTokens: BUDGET })).units.map((unit) => unit.text),
  "recallFiles budget strategy (chat)": async (store, query) =>
    lines(
      (await recallFiles({ store, client: NO_MODEL, query, strategy: "budget", maxTokens: BUDGET }))
        .note,
    ),
  "side query with a budget": async (store, query) =>
    lines(
      (
        await recallFiles({
          store,
          client: NO_MODEL,
          query,
          strategy: "side-query",
          maxTokens: BUDGET,
        })
      ).note,
    ),
  "pooled memories": async (store, query) =>
    fillRecallBudget(
      await rankPooledRecallUnits({ memories: [{ label: "a", store }], query, skipPaths: [] }),
      BUDGET,
    ).units.map((unit: RecallUnit) => unit.text),
};

// The memory lines of a note: between the wrapper's two opening lines and its closing tag.
function lines(note: string): string[] {
  return note
    .split("\n")
    .slice(2, -1)
    .filter((line) => !/^\[\d{4}\/\d{2}\/\d{2}\]$/.test(line) && !line.startsWith("Lines from: "));
}

describe.each(["subject", "fact"] as const)(
  "budgeted recall of a prompt no memory answers (%s layout)",
  (layout) => {
    const store = generatedFolder(layout);

    it.each(Object.keys(SURFACES))("%s: an off-topic prompt recalls nothing", async (surface) => {
      const recall = SURFACES[surface] as (typeof SURFACES)[string];
      for (const query of [
        "tell me about my pelican",
        "Erzähl mir etwas über meinen Pelikan",
        "私のペリカンについて教えて 🐦",
        "告诉我关于我的鹈鹕",
      ]) {
        expect({ query, lines: await recall(await store, query) }).toEqual({ query, lines: [] });
      }
    });

    it.each(Object.keys(SURFACES))(
      "%s: the folder's own words still recall its lines",
      async (surface) => {
        const recall = SURFACES[surface] as (typeof SURFACES)[string];
        for (const query of [
          "Where are the Zig docs?",
          "Wo liegt die Doku für Zig-Werkzeug 7?",
          "Zigツール7のドキュメント",
          "Zig工具7的文档",
        ]) {
          expect((await recall(await store, query)).length, query).toBeGreaterThan(0);
        }
      },
    );
  },
);
