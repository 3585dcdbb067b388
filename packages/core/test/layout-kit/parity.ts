import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { getPrompt } from "@memfiles/prompts";
import type { SetupServerApi } from "msw/node";
import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../src/cost/index.js";
import {
  consolidateAll,
  type Layout,
  layoutNamed,
  remember,
  WritePromptLayoutError,
  writePass,
} from "../../src/layouts/index.js";
import { LAYOUT_NAMES, type MemoryStore } from "../../src/store/index.js";
import type { Transcript } from "../../src/transcript/index.js";
import { CountingStore } from "../counting-store.js";
import { mockMessages, testClient, toolUseBlock } from "../messages-api.js";
import { FAKE_KEY, MODEL, seed, session, storeIn } from "./common.js";
import type { LayoutFixture } from "./fixture.js";

// Every guarantee of the write stage: a layout that skips one fails here.

function reply(layout: Layout, memories: unknown[]) {
  return { content: [toolUseBlock({ name: layout.write.tool.name, input: { memories } })] };
}

// A layout whose prompts this one must refuse.
function otherLayout(layout: Layout): Layout {
  const name = LAYOUT_NAMES.find((candidate) => candidate !== layout.name);
  if (name === undefined) throw new Error("the kit needs a second layout to check prompts against");
  return layoutNamed(name);
}

export function describeWriteParity(
  layout: Layout,
  fixture: LayoutFixture,
  server: SetupServerApi,
): void {
  async function run(store: MemoryStore, transcript: Transcript, memories: unknown[]) {
    const requests = mockMessages(server, [reply(layout, memories)]);
    const result = await writePass({
      store,
      transcript,
      client: testClient(),
      model: MODEL,
      onTooLong: false,
    });
    return { result, requests };
  }

  describe("the write stage", () => {
    it("an older session never replaces a newer fact (replaces_newer), the stored one is kept", async () => {
      const store = await storeIn(layout, {}, CountingStore);
      const path = await seed(store, fixture, {
        slug: "deploy-host",
        fact: "deploys on Fly.io",
        date: "2026/09/20",
      });
      const before = await readFile(join(store.root, path), "utf8");
      const { result } = await run(store, session("2026-09-01", "I deploy everything on Heroku."), [
        fixture.proposal({
          slug: "deploy-host",
          fact: "deploys on Heroku",
          evidence: "I deploy everything on Heroku",
          replaces: fixture.replacesOf("deploy-host", "deploys on Fly.io"),
        }),
      ]);
      expect(result.applied).toEqual([]);
      expect(result.rejected.map((item) => item.code)).toEqual(["replaces_newer"]);
      expect(await readFile(join(store.root, path), "utf8")).toBe(before);
    });

    it.each([
      ["undefined", "undefined"],
      ["N/A", "N/A"],
      ["---", "---"],
      ["a 425-char fact", `uses ${"the long word ".repeat(30)}`.slice(0, 425)],
    ])("remember refuses %s (invalid_fact) and writes nothing", async (_name, fact) => {
      const store = await storeIn(layout, {}, CountingStore);
      const result = await remember({ store, path: "topics/editor.md", fact });
      expect(result).toEqual(expect.objectContaining({ ok: false, code: "invalid_fact" }));
      expect(await store.list()).toEqual([]);
    });

    const SAID = `I deploy on Fly.io. My key is ${FAKE_KEY}. I went to the shop on Monday morning.`;
    it.each([
      [
        "a secret in the evidence",
        { fact: "deploys on Fly.io", evidence: `My key is ${FAKE_KEY}` },
        "secret",
      ],
      [
        "a secret in replaces",
        { fact: "deploys on Fly.io", evidence: "I deploy on Fly.io", replaces: FAKE_KEY },
        "secret",
      ],
      [
        "evidence that does not back the fact",
        { fact: "deploys on Fly.io", evidence: "I went to the shop on Monday morning" },
        "evidence_unrelated",
      ],
      ["a placeholder", { fact: "...", evidence: "I deploy on Fly.io" }, "invalid_fact"],
      [
        "a fact over every cap (1,300 chars)",
        {
          fact: `deploys on Fly.io ${"and more ".repeat(160)}`.slice(0, 1300),
          evidence: "I deploy on Fly.io",
        },
        "invalid_fact",
      ],
    ])("the write pass refuses %s (%s)", async (_name, given, code) => {
      const store = await storeIn(layout, {}, CountingStore);
      const { result } = await run(store, session("2026-09-12", SAID), [
        fixture.proposal({ slug: "deploy-host", ...given }),
      ]);
      expect(result.applied).toEqual([]);
      expect(result.rejected.map((item) => item.code)).toEqual([code]);
      expect(await store.list()).toEqual([]);
    });

    it("a prompt written for the other layout is refused before any request, naming both", async () => {
      const store = await storeIn(layout, {}, CountingStore);
      const other = otherLayout(layout);
      const requests = mockMessages(server, []);
      const pass = writePass({
        store,
        transcript: session("2026-09-12", "hi"),
        client: testClient(),
        model: MODEL,
        prompt: getPrompt(other.write.promptId, 1),
      });
      await expect(pass).rejects.toThrow(WritePromptLayoutError);
      await expect(pass).rejects.toThrow(
        new RegExp(
          `written for the ${other.name} layout, and this store is in the ${layout.name} layout`,
        ),
      );
      expect(requests).toEqual([]);
    });

    it("20 proposals over 40 files: every file is read at most once, besides the ones written", async () => {
      const store = await storeIn(layout, {}, CountingStore);
      const FILES = 40;
      for (let index = 0; index < FILES; index++) {
        await seed(store, fixture, {
          slug: `subject-${index}`,
          fact: `likes thing ${index}`,
          date: "2026/09/01",
        });
      }
      const words =
        "rose tulip lily daisy orchid iris poppy violet aster dahlia peony lotus jasmine lilac magnolia camellia begonia azalea zinnia marigold".split(
          " ",
        );
      const said = words.map((word) => `I grow the ${word} flower`).join(". ");
      store.reads = 0;
      store.readPaths.clear();
      const { result } = await run(
        store,
        session("2026-09-12", said),
        words.map((word) =>
          fixture.proposal({
            slug: `garden-${word}`,
            fact: `grows the ${word} flower`,
            evidence: `I grow the ${word} flower`,
          }),
        ),
      );
      expect(result.rejected).toEqual([]);
      expect(result.applied).toHaveLength(20);
      const seeded = [...store.readPaths].filter(([path]) => path.includes("subject-"));
      expect(seeded).toHaveLength(FILES);
      expect(seeded.every(([, reads]) => reads === 1)).toBe(true);
      // One read per stored file, and the one each write makes of its own file's version token.
      expect(store.reads).toBeLessThanOrEqual(FILES + result.applied.length + 2);
    });

    it("the write request lists a 300-file folder within the index budget, and says it is partial", async () => {
      const store = await storeIn(layout, {}, CountingStore);
      for (let index = 0; index < 300; index++) {
        await seed(store, fixture, {
          slug: `subject-${index}`,
          fact: `likes thing ${index}`,
          date: "2026/09/01",
        });
      }
      const requests = mockMessages(server, [reply(layout, [])]);
      await writePass({
        store,
        transcript: session("2026-09-12", "I like subject-7 a lot."),
        client: testClient(),
        model: MODEL,
        maxIndexTokens: 400,
      });
      const content = String(requests[0]?.messages[0]?.content);
      const listed = content.match(/subject-\d+\.md/g) ?? [];
      expect(new Set(listed).size).toBeLessThan(300);
      expect(content).toContain("subject-7.md");
      expect(content).toMatch(/of (the )?300( memory)? files/);
      // The index lines, in the layout's own format, within the budget.
      const index = content.slice(
        content.indexOf("<memory_index>"),
        content.indexOf("</memory_index>"),
      );
      const lines = index.split("\n").filter((line) => line.startsWith("- "));
      expect(estimateTokens(lines.join("\n"), MODEL)).toBeLessThanOrEqual(400);
    });

    it("consolidateAll sends the layout's own consolidation (subject: rewrite; fact: merge)", async () => {
      const store = await storeIn(layout, {}, CountingStore);
      for (let index = 0; index < 10; index++) {
        await seed(store, fixture, {
          slug: `subject-${index}`,
          fact: `likes thing ${index}`,
          date: "2026/09/01",
        });
      }
      const requests = mockMessages(server, []);
      await consolidateAll({ store, client: testClient(), model: MODEL, threshold: 0 }).catch(
        () => undefined,
      );
      const tools = requests[0]?.tools?.map((tool) => ("name" in tool ? tool.name : "")) ?? [];
      expect(tools).toEqual([fixture.consolidationTool]);
    });
  });
}
