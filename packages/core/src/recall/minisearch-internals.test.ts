import MiniSearch from "minisearch";
import { describe, expect, it, vi } from "vitest";
import {
  RECALL_QUERY,
  recallFolder,
  seenUnits,
  settleWrittenFiles,
} from "../../test/recall-writes.js";
import { MemoryStore } from "../store/index.js";
import { rankRecallUnits } from "./budgeted-recall.js";
import { flushRecallIndexes, forgetOpenRecallIndexes } from "./recall-index.js";

// A stored index is loaded by giving minisearch 7.2's internals its maps (recall-index.ts,
// `loadedSearch`). Another minisearch, whose loaded search keeps no such maps, must give the same
// ranking through its public `loadJS`, without rebuilding the index from the memory files.
describe("a minisearch without 7.2's internals", () => {
  it.each(["subject", "fact"] as const)(
    "%s layout: ranks as 7.2 does, from the stored index",
    async (layout) => {
      const store = await recallFolder(layout);
      settleWrittenFiles();
      try {
        await rankRecallUnits({ store, query: RECALL_QUERY });
        await flushRecallIndexes();
        const cold = async () => {
          forgetOpenRecallIndexes();
          const reads: string[] = [];
          const plain = new MemoryStore({ root: store.root, layout });
          const read = plain.read.bind(plain);
          plain.read = (path) => {
            reads.push(path);
            return read(path);
          };
          const units = seenUnits(await rankRecallUnits({ store: plain, query: RECALL_QUERY }));
          await flushRecallIndexes();
          return { units, reads };
        };
        const expected = await cold();
        const load = MiniSearch.loadJS.bind(MiniSearch);
        let hidden = 0;
        const spy = vi.spyOn(MiniSearch, "loadJS").mockImplementation((json, options) => {
          const loaded = load(json, options);
          // A search loaded of no documents: hide the map 7.2 keeps, as a version without it would.
          if (Object.keys(json.documentIds).length === 0) {
            (loaded as unknown as { _idToShortId?: unknown })._idToShortId = undefined;
            hidden++;
          }
          return loaded;
        });
        try {
          const other = await cold();
          expect(hidden).toBeGreaterThan(0);
          expect(other.units).toEqual(expected.units);
          expect(other.reads).toEqual(expected.reads);
        } finally {
          spy.mockRestore();
        }
      } finally {
        vi.useRealTimers();
        forgetOpenRecallIndexes();
      }
    },
  );
});
