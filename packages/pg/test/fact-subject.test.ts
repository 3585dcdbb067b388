// A named path keeps the one-subject rule of a new fact file (decision 0126) in a PGlite tenant:
// the rows core runs on a memory folder (`FACT_SUBJECT_CASES`), through the library's `remember`.

import { remember } from "@memfiles/core";
import {
  expectFactSubjectWrite,
  FACT_SUBJECT_CASES,
  type FactSubjectWrite,
} from "@memfiles/core/test";
import { describe, it } from "vitest";
import { pgMemoryStore } from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";

const NOW = new Date("2026-12-01T12:00:00Z");

const libraryRemember: FactSubjectWrite = async (store, { path, fact }) => {
  const result = await remember({ store, path, fact, now: NOW });
  return { code: result.code, message: result.ok ? "" : result.message };
};

describe.each(FACT_SUBJECT_CASES)("a PGlite tenant, $name", (row) => {
  it("keeps one subject in one file", async () => {
    const tenant = `fact-subject-${row.path}-${Date.now()}`;
    const store = pgMemoryStore(await sharedPglite(), tenant, { layout: "fact" });
    await expectFactSubjectWrite(store, libraryRemember, row);
  });
});
