// consolidateFacts applies only merges that still hold when applied: one file in one merge, and
// every file as the model saw it.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  EDITOR_MERGE,
  factFileText,
  mergeFolder,
} from "../../../test/fixtures/fact-merge-folder.js";
import {
  mockMessages,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "../../../test/messages-api.js";
import type { MemoryStore } from "../../store/index.js";
import { consolidateFacts, type FactMerge } from "./consolidate-facts.js";

const server = useMessagesApi();

const NOW = new Date("2026-10-01T12:00:00Z");

const HOST: FactMerge = {
  files: ["host.md", "host-new.md"],
  keep: "host.md",
  name: "host",
  description: "About host.",
  body: "Deploys on Fly.io.",
  dropped: [{ file: "host-new.md", reason: "superseded" }],
};

function merging(merges: FactMerge[], during?: () => Promise<void>) {
  return {
    content: [toolUseBlock({ name: "merge_facts", input: { merges } })],
    ...(during === undefined ? {} : { during }),
  };
}

const run = (store: MemoryStore) =>
  consolidateFacts({ store, client: testClient(), model: "claude-haiku-4-5", now: NOW });

describe("consolidateFacts refuses a merge that no longer holds when applied", () => {
  it("a second merge naming a file the first one took: unknown_file, the file left to the first", async () => {
    const store = await mergeFolder();
    // Takes editor-again.md again, after EDITOR_MERGE dropped it.
    const again: FactMerge = {
      files: ["tea.md", "editor-again.md"],
      keep: "tea.md",
      name: "tea",
      description: "About tea.",
      body: "Likes tea a lot.",
      dropped: [{ file: "editor-again.md", reason: "duplicate" }],
    };
    mockMessages(server, [merging([EDITOR_MERGE, again])]);
    const result = await run(store);
    if (!result.ran) throw new Error(`did not run: ${result.reason}`);
    expect(result.merged.map((merge) => merge.keep)).toEqual(["editor.md"]);
    expect(result.refused.map((refusal) => [refusal.code, refusal.merge.keep])).toEqual([
      ["unknown_file", "tea.md"],
    ]);
    expect(await readFile(join(store.root, "tea.md"), "utf8")).toBe(
      factFileText("tea", "Likes tea a lot."),
    );
  });

  it("a file edited by hand between the call and the apply: version_conflict, the edit kept", async () => {
    const store = await mergeFolder();
    const edited = factFileText("host new", "Deploys on Fly.io, and the staging box on Hetzner.");
    mockMessages(server, [
      merging([HOST], () => writeFile(join(store.root, "host-new.md"), edited)),
    ]);
    const result = await run(store);
    if (!result.ran) throw new Error(`did not run: ${result.reason}`);
    expect(result.merged).toEqual([]);
    expect(result.refused.map((refusal) => refusal.code)).toEqual(["version_conflict"]);
    expect(await readFile(join(store.root, "host-new.md"), "utf8")).toBe(edited);
    expect(await readFile(join(store.root, "host.md"), "utf8")).toBe(
      factFileText("host", "Deploys on Heroku."),
    );
  });
});
