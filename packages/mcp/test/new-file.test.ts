// A new file's name is free when no file is on it, whatever the recall index holds (decision
// 0114), through the MCP server's `remember` and `propose` tools: the rows core runs on the
// library and the write pass (`NEW_FILE_CASES`).

import {
  expectNewFileWrite,
  type NewFileWrite,
  newFileRows,
  newFileSession,
} from "@memfiles/core/test";
import { describe, it } from "vitest";
import { startInProcess } from "./in-process.js";

// The refusal's message, or `undefined` when the tool wrote.
async function call(
  store: Parameters<NewFileWrite>[0],
  name: string,
  input: Record<string, unknown>,
): Promise<string | undefined> {
  const { client, close } = await startInProcess(["--root", store.root, "--layout", "fact"]);
  try {
    const result = await client.callTool({ name, arguments: input });
    const text = (result.content as [{ text: string }])[0].text;
    if (result.isError === true) return text;
    const reply = JSON.parse(text) as {
      ok?: boolean;
      message?: string;
      rejected?: Array<{ message: string }>;
    };
    return reply.ok === false ? (reply.message ?? text) : reply.rejected?.[0]?.message;
  } finally {
    await close();
  }
}

const SURFACES: Record<string, NewFileWrite> = {
  "MCP remember": (store, { path, fact }) => call(store, "remember", { file: path, fact }),
  // A client's own write pass: a proposal of the session the fact was said in.
  "MCP propose": (store, write) => call(store, "propose", newFileSession(write)),
};

describe.each(newFileRows(SURFACES))("$surface, $name", ({ write, row }) => {
  it("takes the next free path, every file kept (listed: as before)", async () => {
    await expectNewFileWrite(write, row);
  });
});
