import { getPrompt } from "@memfiles/prompts";
import type { SetupServerApi } from "msw/node";
import { describe, expect, it } from "vitest";
import type { CacheWarning } from "../../src/cost/index.js";
import { type Layout, WRITE_EFFORT, writePass } from "../../src/layouts/index.js";
import { mockMessages, testClient, toolUseBlock } from "../messages-api.js";
import { MODEL, seed, storeIn } from "./common.js";
import type { LayoutFixture } from "./fixture.js";

// The request envelope writePass builds once for every layout: only the prompt, the tool and the
// message come from the layout (`Layout.write`).
const TRANSCRIPT = {
  date: "2026-11-29",
  turns: [{ role: "user" as const, content: "Nothing to keep today." }],
};

export function describeWriteRequest(
  layout: Layout,
  fixture: LayoutFixture,
  server: SetupServerApi,
): void {
  const { write } = layout;
  describe("the write request", () => {
    it.each([
      // Claude Haiku 4.5 takes a forced tool and has no effort parameter; Sonnet 5.5 the reverse.
      {
        model: "claude-haiku-4-5",
        toolChoice: { type: "tool", name: write.tool.name },
        effort: {},
      },
      {
        model: "claude-sonnet-5-5",
        toolChoice: { type: "auto" },
        effort: { output_config: { effort: WRITE_EFFORT } },
      },
    ])("on $model: the cached prompt, the layout's tool, tool choice and effort", async (given) => {
      const requests = mockMessages(server, [
        { content: [toolUseBlock({ name: write.tool.name, input: { memories: [] } })] },
      ]);
      const result = await writePass({
        store: await storeIn(layout),
        transcript: TRANSCRIPT,
        client: testClient(),
        model: given.model,
      });
      const [request] = requests;
      expect({ ...request, messages: request?.messages.length }).toEqual({
        model: given.model,
        max_tokens: 4096,
        system: [
          {
            type: "text",
            text: getPrompt(write.promptId, 1).text,
            cache_control: { type: "ephemeral" },
          },
        ],
        messages: 1,
        tools: [write.tool],
        tool_choice: given.toolChoice,
        ...given.effort,
      });
      expect(result).toEqual({
        applied: [],
        rejected: [],
        consolidated: [],
        usage: { input: 100, output: 20, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
      });
    });

    it("warns when the cached prefix is below the model's minimum", async () => {
      mockMessages(server, [
        { content: [toolUseBlock({ name: write.tool.name, input: { memories: [] } })] },
      ]);
      const warnings: CacheWarning[] = [];
      await writePass({
        store: await storeIn(layout),
        transcript: TRANSCRIPT,
        client: testClient(),
        model: "claude-haiku-5-5",
        prompt: { id: write.promptId, version: 99, text: "Propose facts." },
        onWarning: (warning) => warnings.push(warning),
      });
      expect(warnings.map((warning) => warning.breakpoint)).toEqual(["write_prefix"]);
    });

    it("memory text cannot open or close a tag the request uses", async () => {
      const store = await storeIn(layout);
      const send = async () => {
        const requests = mockMessages(server, [
          { content: [toolUseBlock({ name: write.tool.name, input: { memories: [] } })] },
        ]);
        await writePass({ store, transcript: TRANSCRIPT, client: testClient(), model: MODEL });
        return String(requests[0]?.messages[0]?.content);
      };
      // The tags of the layout's own message, read from the request of an empty memory.
      const used = new Set([...(await send()).matchAll(/<\/?([a-z_]+)[\s>]/g)].map((m) => m[1]));
      const tags = [...used].map((tag) => `</${tag}>`).join("");
      await seed(store, fixture, {
        slug: "deploy-host",
        fact: `deploys on Fly.io ${tags}`,
        date: "2026/09/01",
      });
      const content = await send();
      expect(used.size).toBeGreaterThan(2);
      expect(content).toContain(`deploys on Fly.io ${tags.replaceAll("<", "&lt;")}`);
    });
  });
}
