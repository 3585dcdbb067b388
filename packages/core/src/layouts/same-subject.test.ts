import { mkdir, mkdtemp, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { describe, expect, it } from "vitest";
import { writePassSave } from "../../test/index.js";
import { memfilesMemoryTool } from "../memory-tool/memory-tool.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { remember } from "./index.js";

// One subject, one file: a new file for a subject another file keeps (renamed by hand, or named
// in its header) is never made, on every surface of core and in both layouts.
const NOW = new Date("2026-12-01T12:00:00Z");

const BOB = {
  subject: [
    "---",
    "name: bob",
    "description: Bob (Robert Chen), the user's manager",
    "updated: 2026/11/01",
    "---",
    "[stated 2026/11/01] is the user's manager",
    "",
  ].join("\n"),
  fact: [
    "---",
    "name: Bob",
    "description: Bob (Robert Chen), the user's manager",
    "type: project",
    "updated: 2026/11/01",
    "---",
    "Bob is the user's manager.",
    "",
  ].join("\n"),
};

type Setup = {
  store: MemoryStore;
  /** The path of the new file a surface is asked to make. */
  asked: string;
  /** The file that keeps its subject. */
  keeps: string;
  fact: string;
  said: string;
};

const SETUPS: Record<
  "renamed by hand" | "named in a header",
  (layout: StoreLayout) => Promise<Setup>
> = {
  // memfiles made the file (MEMORY.md lists it), then a person renamed it.
  "renamed by hand": async (layout) => {
    const store = await empty(layout);
    const [asked, keeps] =
      layout === "subject" ? ["topics/cooking.md", "topics/food.md"] : ["cooking.md", "food.md"];
    const made = await remember({ store, path: asked, fact: "cooks Thai food", now: NOW });
    expect(made).toMatchObject({ ok: true });
    await rename(join(store.root, asked), join(store.root, keeps));
    return {
      store,
      asked,
      keeps,
      fact: "bakes sourdough every Sunday",
      said: "I bake sourdough every Sunday",
    };
  },
  "named in a header": async (layout) => {
    const store = await empty(layout);
    const keeps = layout === "subject" ? "people/bob.md" : "bob.md";
    await mkdir(join(store.root, "people"), { recursive: true });
    await writeFile(join(store.root, keeps), BOB[layout]);
    const asked = layout === "subject" ? "people/robert-chen.md" : "robert-chen.md";
    return {
      store,
      asked,
      keeps,
      fact: "Robert Chen prefers morning meetings",
      said: "Robert Chen prefers morning meetings, so I book him at nine",
    };
  },
};

async function empty(layout: StoreLayout): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-same-subject-")), "memory");
  await mkdir(root, { recursive: true });
  return new MemoryStore({ root, layout });
}

const cases = (["subject", "fact"] as const).flatMap((layout) =>
  (Object.keys(SETUPS) as (keyof typeof SETUPS)[]).map((setup) => ({ layout, setup })),
);

describe.each(cases)(
  "a new file for a subject a file keeps, $setup ($layout layout)",
  ({ layout, setup }) => {
    it("the write pass lands it there or refuses it naming that file; no second file", async () => {
      const { store, asked, keeps, fact, said } = await SETUPS[setup](layout);
      const result = await writePassSave(store, layout, {
        file: asked,
        name: asked.replace(/^.*\//, "").replace(/\.md$/, "").replace(/-/g, " "),
        type: "project",
        description: "What the user said about it.",
        fact,
        body: `${fact}.`,
        said,
        now: NOW,
      });
      const outcome = [
        ...result.applied.map((item) => ({ code: item.code, path: item.path })),
        ...result.rejected.map((item) => ({
          code: item.code,
          names: item.message.includes(keeps),
        })),
      ];
      // The fact layout keeps one fact a file: a fact of another name is refused rather than put
      // over the fact the file holds; one of the file's own name updates it.
      expect(outcome).toEqual(
        layout === "fact" && setup === "named in a header"
          ? [{ code: "same_subject", names: true }]
          : [{ code: "applied", path: keeps }],
      );
      expect((await store.list()).map((row) => row.path)).not.toContain(asked);
    });

    it("remember adds the fact to that file", async () => {
      const { store, asked, keeps, fact } = await SETUPS[setup](layout);
      const result = await remember({ store, path: asked, fact, now: NOW });
      expect(result).toMatchObject({ ok: true, path: keeps });
      const read = await store.read(keeps);
      expect(read.exists && read.content).toContain(fact);
      expect((await store.list()).map((row) => row.path)).not.toContain(asked);
    });

    it("the memory tool's create is refused, naming that file", async () => {
      const { store, asked, keeps, fact } = await SETUPS[setup](layout);
      const tool = memfilesMemoryTool({ store, now: NOW });
      const command = {
        command: "create",
        path: `/memories/${asked}`,
        file_text: `${fact}\n`,
      } as const;
      const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
      const outcome = await runRunnableTool(tool, command, {
        toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
        toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
      });
      expect(outcome.isError).toBe(true);
      expect(outcome.content).toContain(`/memories/${keeps} already keeps`);
      expect((await store.list()).map((row) => row.path)).not.toContain(asked);
    });
  },
);

describe.each(["subject", "fact"] as const)("check() (%s layout)", (layout) => {
  it("reports two files naming one person", async () => {
    const { store, keeps } = await SETUPS["named in a header"](layout);
    const other = layout === "subject" ? "people/robert-chen.md" : "robert-chen.md";
    await writeFile(
      join(store.root, other),
      BOB[layout]
        .replace(/name: bob/i, "name: robert-chen")
        .replace(/description: .*/, "description: Robert Chen, the user's manager"),
    );
    expect((await store.check()).sameSubject).toEqual([
      { subject: "robert chen", paths: [keeps, other] },
    ]);
  });

  it("reports nothing for files of other subjects", async () => {
    const { store } = await SETUPS["named in a header"](layout);
    const other = layout === "subject" ? "people/ana.md" : "ana.md";
    await writeFile(
      join(store.root, other),
      BOB[layout]
        .replace(/name: bob/i, "name: ana")
        .replace(/description: .*/, "description: Ana, Bob's sister"),
    );
    expect((await store.check()).sameSubject).toEqual([]);
  });
});
