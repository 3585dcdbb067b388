import { describe, expect, it } from "vitest";
import { FORGET_REQUEST_QUOTES } from "../../test/forget-request-quotes.js";
import { proposeOne } from "../../test/propose-one.js";
import { tempStore } from "../../test/temp-store.js";

// A proposal quoting the user's request to forget is refused in both layouts (the check
// pipeline every surface runs: the write pass, MCP `propose`, Claude Code's SessionEnd), and
// nothing is written; "don't forget" asks to keep, and is saved.
describe("a quote that asks to forget is not the evidence that saves it", () => {
  for (const layout of ["subject", "fact"] as const) {
    it.each(FORGET_REQUEST_QUOTES)(`${layout}: "$said" → $code`, async ({ said, fact, code }) => {
      const store = await tempStore(layout);
      const result = await proposeOne(store, { date: "2026-12-08", fact, said });
      expect(result.rejected.map((item) => item.code)).toEqual(code === "applied" ? [] : [code]);
      expect(result.applied).toHaveLength(code === "applied" ? 1 : 0);
      const paths = (await store.list()).map((entry) => entry.path);
      expect(paths.filter((path) => path !== "MEMORY.md")).toHaveLength(code === "applied" ? 1 : 0);
    });
  }
});
