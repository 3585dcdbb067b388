import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import {
  mockMessages,
  testClient,
  textBlock,
  toolUseBlock,
  useMessagesApi,
} from "../../test/messages-api.js";
import { chat } from "../chat/index.js";
import { writePass } from "../layouts/index.js";
import { consolidate } from "../layouts/subject/consolidate/index.js";
import { MemoryStore } from "../store/index.js";
import { MODEL_TABLE, type ModelInfo, modelInfo } from "./index.js";

// Builds the real request of every model-calling stage for every model in the table (and an id no
// table knows, the next release) and checks it against that model's documented constraints. The
// constraints come from the table rows, each of which names its source page.

const server = useMessagesApi();

const NOW = new Date("2026-11-30T12:00:00Z");
const EFFORTS = ["low", "medium", "high", "xhigh", "max"];
const UNKNOWN: ModelInfo = {
  id: "claude-opus-6",
  name: "a model released after this table",
  released: "2027-01-01",
  status: "current",
  tokenizer: "claude-4-7",
  minCacheableTokens: 512,
  // Assume the strictest model: nothing optional is accepted.
  forcedToolChoice: "rejected",
  disableThinking: false,
  samplingParameters: false,
  prefill: false,
  defaultEffort: "medium",
  thinkingBoundToPrefix: true,
  source: "none",
};

/** Every way a request body breaks one of the row's documented constraints. */
function violations(row: ModelInfo, body: Anthropic.MessageCreateParamsNonStreaming): string[] {
  const found: string[] = [];
  const choice = body.tool_choice?.type;
  if ((choice === "any" || choice === "tool") && row.forcedToolChoice === "rejected") {
    found.push(`forced tool_choice ${choice} (400 on ${row.name})`);
  }
  if (choice === "tool" && row.forcedToolChoice === "accepted_without_thinking") {
    found.push(`forced tool_choice skips ${row.name}'s thinking`);
  }
  for (const key of ["temperature", "top_p", "top_k"] as const) {
    const sampling = (body as unknown as Record<string, unknown>)[key];
    if (sampling !== undefined && !row.samplingParameters)
      found.push(`${key} (400 on ${row.name})`);
  }
  if (body.thinking?.type === "disabled" && !row.disableThinking) {
    found.push(`thinking disabled (400 on ${row.name})`);
  }
  if (body.messages.at(-1)?.role === "assistant" && !row.prefill) {
    found.push(`prefill (400 on ${row.name})`);
  }
  const effort = body.output_config?.effort;
  if (effort !== undefined && row.defaultEffort === null) {
    found.push(`output_config.effort on ${row.name}, which has no effort parameter`);
  }
  if (effort === undefined && row.defaultEffort !== null) {
    found.push(`no explicit effort: ${row.name} would use its default (${row.defaultEffort})`);
  }
  if (effort !== undefined && effort !== null && !EFFORTS.includes(effort)) {
    found.push(`unknown effort ${effort}`);
  }
  return found;
}

async function storeWithFile(): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-shapes-")), "memory");
  const store = new MemoryStore({ root });
  await store.write(
    "topics/tools.md",
    "---\nname: tools\ndescription: Editor and hosting.\nupdated: 2026/09/12\n---\n[stated 2026/09/12] uses Neovim\n",
    "new",
  );
  return store;
}

/** The request bodies of a write pass, a consolidation and a chat turn on `model`. */
async function requestsOf(model: string): Promise<Anthropic.MessageCreateParamsNonStreaming[]> {
  const store = await storeWithFile();
  const client = testClient();
  const requests = mockMessages(server, [
    { content: [toolUseBlock({ name: "propose_memories", input: { memories: [] } })] },
    {
      content: [
        toolUseBlock({
          name: "save_consolidated_file",
          input: {
            content:
              "---\nname: tools\ndescription: Editor and hosting.\nupdated: 2026/09/12\n---\n[stated 2026/09/12] uses Neovim\n",
            dropped: [],
          },
        }),
      ],
    },
    { content: [textBlock("Use Fly.io.")] },
  ]);
  await writePass({
    store,
    client,
    model,
    now: NOW,
    onTooLong: false,
    transcript: { date: "2026-11-30", turns: [{ role: "user", content: "I deploy on Fly.io." }] },
  });
  await consolidate({ store, client, model, path: "topics/tools.md", now: NOW });
  await chat({
    store,
    client,
    model,
    now: NOW,
    basePrompt: "You are a helpful assistant.",
    messages: [{ role: "user", content: "How should I deploy?" }],
  });
  return requests;
}

describe("request shapes every model accepts", () => {
  it.each([...MODEL_TABLE.map((row) => ({ id: row.id, row })), { id: UNKNOWN.id, row: UNKNOWN }])(
    "write, consolidate and chat requests on $id break none of its documented constraints",
    async ({ id, row }) => {
      const requests = await requestsOf(id);
      expect(requests.map((body) => body.model)).toEqual([id, id, id]);
      expect(requests.flatMap((body) => violations(row, body))).toEqual([]);
    },
  );

  it.each([
    { model: "claude-opus-5-5", efforts: ["medium", "high", "medium"] },
    { model: "claude-sonnet-5-5", efforts: ["medium", "high", "medium"] },
    // Haiku 4.5 has no effort parameter: none is sent
    { model: "claude-haiku-4-5", efforts: [undefined, undefined, undefined] },
  ])(
    "sends each stage's default effort explicitly on $model (write, consolidate, chat)",
    async ({ model, efforts }) => {
      const requests = await requestsOf(model);
      expect(requests.map((body) => body.output_config?.effort)).toEqual(efforts);
    },
  );

  it("the checker itself flags a forced tool_choice on Claude Sonnet 5.5", () => {
    const sonnet = modelInfo("claude-sonnet-5-5") as ModelInfo;
    expect(
      violations(sonnet, {
        model: sonnet.id,
        max_tokens: 10,
        messages: [{ role: "user", content: "hi" }],
        tool_choice: { type: "tool", name: "propose_memories" },
        output_config: { effort: "medium" },
      }),
    ).toEqual(["forced tool_choice tool (400 on Claude Sonnet 5.5)"]);
  });
});
