import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import {
  mockMessages,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "../../../test/messages-api.js";
import { MemoryStore } from "../../store/index.js";
import { writePass } from "../index.js";

// Issue 19, item 3: the write request's memory index has a token budget.
const server = useMessagesApi();

const SAID = "My billing service now retries invoices twice. See topics/subject-17.md too.";

async function requestIndex(maxIndexTokens: number | undefined): Promise<string[]> {
  const store = new MemoryStore({
    root: join(await mkdtemp(join(tmpdir(), "memfiles-index-budget-")), "memory"),
  });
  await mkdir(join(store.root, "topics"), { recursive: true });
  const files: Record<string, string> = { "topics/billing-service.md": "Invoices and Stripe." };
  for (let index = 0; index < 40; index++) {
    files[`topics/subject-${index}.md`] = `Notes on subject ${index}: what the user prefers.`;
  }
  for (const [path, description] of Object.entries(files)) {
    await writeFile(
      join(store.root, path),
      `---\nname: ${path.slice(7, -3)}\ndescription: ${description}\n---\n[stated 2026/09/12] a fact\n`,
    );
  }
  let sent = "";
  mockMessages(server, [
    {
      content: (body: Anthropic.MessageCreateParams) => {
        sent = String(body.messages[0]?.content);
        return [toolUseBlock({ name: "propose_memories", input: { memories: [] } })];
      },
    },
  ]);
  await writePass({
    store,
    transcript: { date: "2026-11-29", turns: [{ role: "user", content: SAID }] },
    client: testClient(),
    model: "claude-haiku-4-5",
    ...(maxIndexTokens === undefined ? {} : { maxIndexTokens }),
  });
  const index = sent.slice(sent.indexOf("<memory_index>"), sent.indexOf("</memory_index>"));
  return index.split("\n").filter((line) => line.startsWith("- ") || line.startsWith("(Partial"));
}

describe("writePass fits the memory index to maxIndexTokens", () => {
  it("sends every file, with no note, when the index fits the default budget", async () => {
    const lines = await requestIndex(undefined);
    expect({
      files: lines.length,
      partial: lines.some((line) => line.startsWith("(Partial")),
    }).toEqual({
      files: 41,
      partial: false,
    });
  });

  it("past the budget sends a partial index, says so, and keeps the files the transcript names", async () => {
    const lines = await requestIndex(60);
    expect(lines).toEqual([
      "(Partial index: 3 of 41 files, those this transcript names or whose descriptions match its words best. The 38 other files exist but are not listed: reuse one only by its exact path.)",
      "- topics/billing-service.md: Invoices and Stripe.",
      expect.stringMatching(/^- topics\/subject-\d+\.md: /),
      "- topics/subject-17.md: Notes on subject 17: what the user prefers.",
    ]);
  });
});
