// Where a fact lands when its caller names the file (decision 0083), through the MCP server's
// `remember` and `propose` tools: the rows core runs on the library, the memory tool and the
// write pass (`NAMED_FILE_CASES`).

import {
  expectNamedFileLanding,
  NAMED_FILE_CASES,
  type NamedFileWrite,
  writePassSession,
} from "@memfiles/core/test";
import { describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

const stem = (path: string) => (path.split("/").pop() ?? path).replace(/\.md$/, "");

async function call(
  store: Parameters<NamedFileWrite>[0],
  name: string,
  input: Record<string, unknown>,
) {
  const { client, close } = await startInProcess(["--root", store.root, "--layout", store.layout]);
  try {
    const result = await client.callTool({ name, arguments: input });
    expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
    return JSON.parse((result.content as [{ text: string }])[0].text) as Record<string, unknown>;
  } finally {
    await close();
  }
}

const SURFACES: Record<string, NamedFileWrite> = {
  "MCP remember": async (store, { path, fact }) => {
    if (path === null) throw new Error("remember always names a file");
    await call(store, "remember", { file: path, fact });
  },
  // A client's own write pass: a proposal from a session the day after the stored facts.
  "MCP propose": async (store, { path, fact, said }) => {
    const session = writePassSession(store.layout, {
      file: path ?? undefined,
      name: path === null ? "current figure" : stem(path).replace(/-/g, " "),
      fact,
      said,
    });
    const result = await call(store, "propose", session);
    expect(result.rejected).toEqual([]);
  },
};

const rows = Object.entries(SURFACES).flatMap(([surface, write]) =>
  NAMED_FILE_CASES.filter((row) => row.path !== null || surface === "MCP propose").map((row) => ({
    surface,
    write,
    row,
    name: row.name,
    layout: row.layout,
  })),
);

describe.each(rows)("$surface, $name ($layout layout)", ({ write, row }) => {
  it("lands in the named file; no other file's fact is replaced", async () => {
    await expectNamedFileLanding(write, row);
  });
});
