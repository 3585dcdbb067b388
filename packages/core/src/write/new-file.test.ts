import { describe, expect, it } from "vitest";
import { filesOf, indexedAndWhole } from "../../test/fixtures/indexed-and-whole.js";
import {
  expectNewFileWrite,
  type NewFileWrite,
  newFileRows,
  newFileSession,
} from "../../test/new-file-writes.js";
import { factFile } from "../../test/recall-writes.js";
import { layoutOf, remember } from "../layouts/index.js";
import { createMemoryToolHandlers, MemoryToolError } from "../memory-tool/index.js";
import { forgetOpenRecallIndexes } from "../recall/index.js";
import { MemoryStore } from "../store/index.js";

// A new file's name is free when no file is on it, whatever the recall index holds (decision
// 0114), on core's surfaces that pick the name; the CLI and the MCP server run the same rows
// (`NEW_FILE_CASES`) in their packages.
const NOW = new Date("2026-12-01T12:00:00Z");

const SURFACES: Record<string, NewFileWrite> = {
  "library remember": async (store, { path, fact }) => {
    const result = await remember({ store, path, fact, now: NOW });
    return result.ok ? undefined : result.message;
  },
  "write pass": async (store, write) => {
    const result = await layoutOf(store).propose.apply({
      store,
      ...newFileSession(write),
      now: NOW,
    });
    return result.rejected[0]?.message;
  },
};

describe.each(newFileRows(SURFACES))("$surface, $name", ({ write, row }) => {
  it("takes the next free path, every file kept (listed: as before)", async () => {
    await expectNewFileWrite(write, row);
  });
});

// The memory tool's create names its own path: a file on it refuses the create, index or not.
describe("memory tool create on the path of a file too large to index", () => {
  it("is refused as already_exists, nothing written", async () => {
    const { indexed, whole } = await indexedAndWhole({
      files: { "chess.md": factFile("board games", "Games.", "x".repeat(200_000)) },
      later: {},
      layout: "fact",
    });
    const before = await filesOf(whole);
    for (const root of [indexed, whole]) {
      forgetOpenRecallIndexes();
      const store = new MemoryStore({ root, layout: "fact" });
      const handlers = createMemoryToolHandlers({ store, now: NOW });
      const refused = await Promise.resolve(
        handlers.create({
          command: "create",
          path: "/memories/chess.md",
          file_text: "plays chess\n",
        }),
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(MemoryToolError);
      expect((refused as MemoryToolError).code).toBe("already_exists");
      expect(await filesOf(root)).toEqual(before);
    }
  });
});
