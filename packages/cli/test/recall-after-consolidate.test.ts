// The recall index after `memfiles consolidate` (core's table of write kinds), run in this process,
// which holds the index warm, with the Messages API mocked: the subject layout's rewrite of a file
// over the threshold, dropping a line the file holds twice. Its own file: the mocked API refuses
// every other request, such as the memory page's.
import {
  expectRecallAfterWrite,
  mockMessages,
  recallFolder,
  toolUseBlock,
  useMessagesApi,
} from "@memfiles/core/test";
import { describe, expect, it } from "vitest";
import { runMemfiles } from "../src/run-memfiles.js";
import { contextIn } from "./command-context.js";

const server = useMessagesApi();

const PATH = "topics/tools.md";
const OLDER = "[stated 2026/08/01] uses Neovim";
const NEWER = "[stated 2026/09/01] uses Neovim";

describe("the recall index after memfiles consolidate", () => {
  it("subject: a file rewritten without a line it held twice", { timeout: 60_000 }, async () => {
    const store = await recallFolder("subject");
    const before = await store.read(PATH);
    if (!before.exists) throw new Error(`the table's memory has no ${PATH}`);
    const twice = before.content.replace(`${NEWER}\n`, `${OLDER}\n${NEWER}\n`);
    expect((await store.write(PATH, twice, before.version)).ok).toBe(true);
    await expectRecallAfterWrite(store, {
      act: async () => {
        mockMessages(server, [
          {
            content: [
              toolUseBlock({
                name: "save_consolidated_file",
                input: {
                  content: before.content,
                  dropped: [{ line: OLDER, reason: "duplicate", by: NEWER }],
                },
              }),
            ],
          },
        ]);
        const { context, output } = contextIn(store.root);
        context.env = { ANTHROPIC_API_KEY: "test-key" };
        // Past the threshold: tools.md alone (the other files are shorter).
        const code = await runMemfiles(
          ["consolidate", store.root, "--threshold", String(twice.length - 1)],
          context,
        );
        expect({ code, stdout: output.stdout }).toMatchObject({
          code: 0,
          stdout: expect.stringContaining(`${PATH}: `),
        });
        expect(await store.read(PATH)).toMatchObject({ content: before.content });
      },
      // No shows / hides: the fact stays (its newer line), and an index that missed the rewrite
      // ranks a unit more than reading every file does.
    });
  });
});
