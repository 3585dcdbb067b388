// A named path keeps the one-subject rule of a new fact file (decision 0126) through
// `memfiles remember`: the rows core runs on the library and the memory tool (`FACT_SUBJECT_CASES`).

import {
  expectFactSubjectWrite,
  FACT_SUBJECT_CASES,
  type FactSubjectWrite,
  tempStore,
} from "@memfiles/core/test";
import { describe, it } from "vitest";
import { runMemfiles } from "../src/run-memfiles.js";
import { contextIn } from "./command-context.js";

const cliRemember: FactSubjectWrite = async (store, { path, fact }) => {
  const { context, output } = contextIn(store.root);
  await runMemfiles(["remember", store.root, path, fact, "--layout", "fact", "--json"], context);
  const result = JSON.parse(output.stdout) as { code: string; message?: string };
  return { code: result.code, message: result.message ?? "" };
};

describe.each(FACT_SUBJECT_CASES)("memfiles remember, $name", (row) => {
  it("keeps one subject in one file", async () => {
    await expectFactSubjectWrite(await tempStore("fact"), cliRemember, row);
  });
});
