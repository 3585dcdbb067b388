// Where a fact lands when `memfiles remember` names the file (decision 0083): the rows core runs
// on the library, the memory tool and the write pass (`NAMED_FILE_CASES`), through the command.

import { expectNamedFileLanding, NAMED_FILE_CASES, type NamedFileWrite } from "@memfiles/core/test";
import { describe, expect, it } from "vitest";
import { runMemfiles } from "../src/run-memfiles.js";
import { contextIn } from "./command-context.js";

const cliRemember: NamedFileWrite = async (store, { path, fact }) => {
  if (path === null) throw new Error("memfiles remember always names a file");
  const { context, output } = contextIn(store.root);
  const code = await runMemfiles(
    ["remember", store.root, path, fact, "--layout", store.layout],
    context,
  );
  expect(code, output.stderr).toBe(0);
};

describe.each(NAMED_FILE_CASES.filter((row) => row.path !== null))(
  "memfiles remember, $name ($layout layout)",
  (row) => {
    it("lands in the named file; no other file's fact is replaced", async () => {
      await expectNamedFileLanding(cliRemember, row);
    });
  },
);
