// A new file's name is free when no file is on it, whatever the recall index holds (decision
// 0114), through `memfiles remember`: the rows core runs on the library and the write pass
// (`NEW_FILE_CASES`).

import { expectNewFileWrite, NEW_FILE_CASES, type NewFileWrite } from "@memfiles/core/test";
import { describe, it } from "vitest";
import { runMemfiles } from "../src/run-memfiles.js";
import { contextIn } from "./command-context.js";

const cliRemember: NewFileWrite = async (store, { path, fact }) => {
  const { context, output } = contextIn(store.root);
  const code = await runMemfiles(["remember", store.root, path, fact, "--layout", "fact"], context);
  return code === 0 ? undefined : output.stderr;
};

describe.each(NEW_FILE_CASES)("memfiles remember, $name", (row) => {
  it("takes the next free path, every file kept (listed: as before)", async () => {
    await expectNewFileWrite(cliRemember, row);
  });
});
