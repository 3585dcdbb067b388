import { describe, expect, it, vi } from "vitest";
import { tempStore } from "../../test/index.js";
import { boundaryStore } from "../boundary/boundary-store.js";
import { renderMemoryBlock } from "./memory-block.js";
import * as prefilter from "./prefilter.js";
import { forgetOpenRecallIndexes } from "./recall-index.js";

vi.mock("./prefilter.js", async (original) => {
  const actual = await original<typeof import("./prefilter.js")>();
  return { ...actual, prefilterRows: vi.fn(actual.prefilterRows) };
});

const fact = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: ${name}.\ntype: user\nupdated: 2026-09-01\n---\n${body}\n`;

describe("the memory block over a request's view", () => {
  // `list()` hands out copies a caller may edit; the block reads the index's own rows, so the
  // pre-filter is given the same objects while no file changes and need not compare them.
  it("gives the pre-filter the recall index's rows, the same objects from request to request", async () => {
    const store = await tempStore("fact");
    for (const name of ["deploy", "editor", "boats"])
      await store.write(`${name}.md`, fact(name, `About ${name}.`), "new");
    const given = vi.mocked(prefilter.prefilterRows);
    given.mockClear();
    for (let request = 0; request < 2; request++) {
      const view = await boundaryStore(store).forRequest("deploy");
      await renderMemoryBlock({ store: view, query: "deploy", prefilterAbove: 0 });
    }
    const [first, second] = given.mock.calls.map(([rows]) => rows);
    expect(first?.map((row) => row.path)).toEqual(["boats.md", "deploy.md", "editor.md"]);
    expect(second?.every((row, at) => row === first?.[at] && Object.isFrozen(row))).toBe(true);
    forgetOpenRecallIndexes();
  });
});
