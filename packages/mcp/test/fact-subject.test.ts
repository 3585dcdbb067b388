// A named path keeps the one-subject rule of a new fact file (decision 0126) through the MCP
// server's `remember`: the rows core runs on the library and the memory tool (`FACT_SUBJECT_CASES`).

import {
  expectFactSubjectWrite,
  FACT_SUBJECT_CASES,
  type FactSubjectWrite,
  tempStore,
} from "@memfiles/core/test";
import { describe, it } from "vitest";
import { startInProcess } from "./in-process.js";

const mcpRemember: FactSubjectWrite = async (store, { path, fact }) => {
  const { client, close } = await startInProcess(["--root", store.root, "--layout", "fact"]);
  try {
    const reply = await client.callTool({ name: "remember", arguments: { file: path, fact } });
    const text = (reply.content as [{ text: string }])[0].text;
    if (reply.isError !== true)
      return { code: (JSON.parse(text) as { code: string }).code, message: "" };
    // A refusal is its message, ending "(code <code>)".
    return { code: /\(code (\w+)\)$/.exec(text)?.[1] ?? text, message: text };
  } finally {
    await close();
  }
};

describe.each(FACT_SUBJECT_CASES)("MCP remember, $name", (row) => {
  it("keeps one subject in one file", async () => {
    await expectFactSubjectWrite(await tempStore("fact"), mcpRemember, row);
  });
});
