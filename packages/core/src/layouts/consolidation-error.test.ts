import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  commonJsClient,
  mockMessages,
  overloaded,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "../../test/messages-api.js";
import { MemoryStore } from "../store/index.js";
import { writePass } from "./index.js";

// An API error of the consolidation a full file needs refuses only the proposals for that file.
const server = useMessagesApi();

const HOSTING = `---\nname: hosting\ndescription: Where the user deploys.\nupdated: 2026/09/01\n---\n${Array.from(
  { length: 5 },
  (_, index) => `[stated 2026/09/01] runs service number ${index} on the old cluster`,
).join("\n")}\n`;
const SAID = "I switched to Neovim. I deploy on Fly.io now. I drink oat milk.";
const PROPOSALS = [
  { file: "topics/editor.md", fact: "uses Neovim", evidence: "I switched to Neovim" },
  { file: "topics/hosting.md", fact: "deploys on Fly.io", evidence: "I deploy on Fly.io now" },
  { file: "topics/food.md", fact: "drinks oat milk", evidence: "I drink oat milk" },
].map((given) => ({ replaces: null, description: null, ...given }));

describe("writePass when a consolidation's API call fails", () => {
  // An application that loads the SDK with require() holds other error classes than core's import.
  it.each([
    ["the ESM import", testClient],
    ["require()", commonJsClient],
  ])(
    "refuses that proposal with consolidation_failed, applies the others and lists the error (a client from %s)",
    async (_name, client) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-consolidation-error-")), "memory");
      const store = new MemoryStore({ root, maxChars: HOSTING.length + 10 });
      expect((await store.write("topics/hosting.md", HOSTING, "new")).ok).toBe(true);
      const requests = mockMessages(server, [
        { content: [toolUseBlock({ name: "propose_memories", input: { memories: PROPOSALS } })] },
        overloaded({ body: true }),
      ]);
      const result = await writePass({
        store,
        transcript: { date: "2026-09-12", turns: [{ role: "user", content: SAID }] },
        client: client(),
        model: "claude-haiku-4-5",
      });
      expect(requests).toHaveLength(2);
      expect(result.applied.map((item) => item.path)).toEqual([
        "topics/editor.md",
        "topics/food.md",
      ]);
      expect(result.rejected).toEqual([
        {
          code: "consolidation_failed",
          proposal: PROPOSALS[1],
          message: expect.stringContaining(
            "topics/hosting.md is full and its consolidation failed",
          ),
        },
      ]);
      expect(result.errors).toEqual([
        {
          stage: "consolidate",
          path: "topics/hosting.md",
          name: "OverloadedError",
          status: 529,
          message: expect.stringContaining("Overloaded"),
        },
      ]);
      expect(await readFile(join(root, "topics/hosting.md"), "utf8")).toBe(HOSTING);
    },
  );
});
