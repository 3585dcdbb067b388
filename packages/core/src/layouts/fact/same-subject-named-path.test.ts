import { describe, it } from "vitest";
import {
  expectFactSubjectWrite,
  FACT_SUBJECT_CASES,
  type FactSubjectWrite,
} from "../../../test/fact-subject-writes.js";
import { tempStore } from "../../../test/temp-store.js";
import { createMemoryToolHandlers, MemoryToolError } from "../../memory-tool/index.js";
import { remember } from "../index.js";

// A named path keeps the one-subject rule of a new fact file (decision 0126), on core's surfaces;
// the CLI, the MCP server and a PGlite tenant run the same rows (`FACT_SUBJECT_CASES`).
const NOW = new Date("2026-12-01T12:00:00Z");

const SURFACES: Record<string, { write: FactSubjectWrite; createsOnly: boolean }> = {
  "library remember": {
    createsOnly: false,
    write: async (store, { path, fact }) => {
      const result = await remember({ store, path, fact, now: NOW });
      return { code: result.code, message: result.ok ? "" : result.message };
    },
  },
  "memory tool create": {
    createsOnly: true,
    write: async (store, { path, fact }) => {
      const handlers = createMemoryToolHandlers({ store, now: NOW });
      try {
        await handlers.create({ command: "create", path: `/memories/${path}`, file_text: fact });
        return { code: "applied", message: "" };
      } catch (error) {
        if (!(error instanceof MemoryToolError)) throw error;
        return { code: error.code, message: error.message };
      }
    },
  },
};

const rows = Object.entries(SURFACES).flatMap(([surface, { write, createsOnly }]) =>
  FACT_SUBJECT_CASES.filter((row) => row.creates || !createsOnly).map((row) => ({
    surface,
    write,
    row,
    name: row.name,
  })),
);

describe.each(rows)("$surface, $name", ({ write, row }) => {
  it("keeps one subject in one file", async () => {
    await expectFactSubjectWrite(await tempStore("fact"), write, row);
  });
});
