// consolidateFacts applies only merges that still hold when applied: one file in one merge, and
// every file as the model saw it.
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  mockMessages,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "../../../test/messages-api.js";
import { MemoryStore } from "../../store/index.js";
import { consolidateFacts, type FactMerge } from "./consolidate-facts.js";

const server = useMessagesApi();

const NOW = new Date("2026-10-01T12:00:00Z");

function fact(name: string, body: string): string {
  return `---\nname: ${name}\ndescription: About ${name}.\ntype: user\nupdated: 2026/09/01\n---\n${body}\n`;
}

async function folder(): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-merge-edges-")), "memory");
  await mkdir(root, { recursive: true });
  const files: Record<string, string> = {
    "editor.md": fact("editor", "Uses Neovim as the main editor."),
    "editor-again.md": fact("editor again", "Main editor is Neovim."),
    "host.md": fact("host", "Deploys on Heroku."),
    "host-new.md": fact("host new", "Deploys on Fly.io."),
  };
  for (const name of ["tea", "cats", "shell", "music", "books", "city"]) {
    files[`${name}.md`] = fact(name, `Likes ${name} a lot.`);
  }
  for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text);
  return new MemoryStore({ root, layout: "fact" });
}

const EDITOR: FactMerge = {
  files: ["editor.md", "editor-again.md"],
  keep: "editor.md",
  name: "editor",
  description: "About editor.",
  body: "Uses Neovim as the main editor.",
  dropped: [{ file: "editor-again.md", reason: "duplicate" }],
};

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
    const store = await folder();
    // Takes editor-again.md again, after EDITOR dropped it.
    const again: FactMerge = {
      files: ["tea.md", "editor-again.md"],
      keep: "tea.md",
      name: "tea",
      description: "About tea.",
      body: "Likes tea a lot.",
      dropped: [{ file: "editor-again.md", reason: "duplicate" }],
    };
    mockMessages(server, [merging([EDITOR, again])]);
    const result = await run(store);
    if (!result.ran) throw new Error(`did not run: ${result.reason}`);
    expect(result.merged.map((merge) => merge.keep)).toEqual(["editor.md"]);
    expect(result.refused.map((refusal) => [refusal.code, refusal.merge.keep])).toEqual([
      ["unknown_file", "tea.md"],
    ]);
    expect(await readFile(join(store.root, "tea.md"), "utf8")).toBe(
      fact("tea", "Likes tea a lot."),
    );
  });

  it("a file edited by hand between the call and the apply: version_conflict, the edit kept", async () => {
    const store = await folder();
    const edited = fact("host new", "Deploys on Fly.io, and the staging box on Hetzner.");
    mockMessages(server, [
      merging([HOST], () => writeFile(join(store.root, "host-new.md"), edited)),
    ]);
    const result = await run(store);
    if (!result.ran) throw new Error(`did not run: ${result.reason}`);
    expect(result.merged).toEqual([]);
    expect(result.refused.map((refusal) => refusal.code)).toEqual(["version_conflict"]);
    expect(await readFile(join(store.root, "host-new.md"), "utf8")).toBe(edited);
    expect(await readFile(join(store.root, "host.md"), "utf8")).toBe(
      fact("host", "Deploys on Heroku."),
    );
  });
});
