import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { describe, expect, it } from "vitest";
import { forget } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";
import { refuse } from "../write/write-checks.js";
import { memfilesMemoryTool } from "./memory-tool.js";

// The memory tool on the fact layout (one fact per file), through the SDK's helper.
const NOW = new Date("2026-09-12T09:00:00Z");
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const fakeAnthropicKey = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");

type Command = Anthropic.Beta.BetaMemoryTool20250818Command;

// A fact file as a person keeps it: an unknown key (`scope:`), a comment, an old `updated:`.
const DEPLOY_HOST = [
  "---",
  "name: deploy host",
  "description: Where the user deploys services. Read for deployment questions.",
  "type: project",
  "updated: 2026/08/01",
  "scope: billing-api # set by hand",
  "---",
  "Deploys on Fly.io.",
  "",
].join("\n");

async function setup() {
  const base = await mkdtemp(join(tmpdir(), "memfiles-memory-tool-fact-"));
  const root = join(base, "memory");
  await mkdir(root, { recursive: true });
  const store = new MemoryStore({ root, layout: "fact" });
  // No `layout` option: the handlers take the store's.
  const tool = memfilesMemoryTool({ store, now: NOW });
  const run = async (command: Command) => {
    const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
    const outcome = await runRunnableTool(tool, command, {
      toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
      toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
    });
    return { text: outcome.content as string, isError: outcome.isError };
  };
  const read = (path: string) => readFile(join(root, path), "utf8");
  // The memory's files, not `.memfiles/` (internal state a refused command's lock makes, with its
  // `.gitignore`: docs/decisions/0089).
  const snapshot = async () => {
    const files: Record<string, string> = {};
    for (const entry of await readdir(base, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !entry.parentPath.split(sep).includes(".memfiles")) {
        const path = join(entry.parentPath, entry.name);
        files[path.slice(base.length + 1)] = await readFile(path, "utf8");
      }
    }
    return files;
  };
  return { root, store, run, read, snapshot };
}

describe("memory tool on the fact layout", () => {
  it("create: a fact file without a header gets name, description and updated: today; MEMORY.md lists it", async () => {
    const { run, read } = await setup();
    expect(
      await run({
        command: "create",
        path: "/memories/editor.md",
        file_text: "Uses Neovim with the LazyVim config.\n",
      }),
    ).toEqual({ text: "File created successfully at: /memories/editor.md", isError: false });
    expect(await read("editor.md")).toBe(
      "---\nname: editor\ndescription: editor.\nupdated: 2026/09/12\n---\nUses Neovim with the LazyVim config.\n",
    );
    expect(await read("MEMORY.md")).toContain("- [editor](editor.md) — editor.");
  });

  it("create: a header the model wrote is kept; its updated: is set to today", async () => {
    const { run, read } = await setup();
    const text = DEPLOY_HOST.replace("scope: billing-api # set by hand\n", "");
    expect(
      (await run({ command: "create", path: "/memories/deploy-host.md", file_text: text })).isError,
    ).toBe(false);
    expect(await read("deploy-host.md")).toBe(text.replace("2026/08/01", "2026/09/12"));
  });

  it("str_replace and insert: the body changes, updated: is today, every other header line stays byte for byte", async () => {
    const { run, read, root } = await setup();
    await writeFile(join(root, "deploy-host.md"), DEPLOY_HOST);
    const replaced = await run({
      command: "str_replace",
      path: "/memories/deploy-host.md",
      old_str: "Deploys on Fly.io.",
      new_str: "Deploys on Render (moved from Fly.io).",
    });
    expect(replaced).toEqual({
      text: [
        "The memory file has been edited. Here is the snippet showing the change (with line numbers):",
        "     6\tscope: billing-api # set by hand",
        "     7\t---",
        "     8\tDeploys on Render (moved from Fly.io).",
      ].join("\n"),
      isError: false,
    });
    const expected = DEPLOY_HOST.replace("2026/08/01", "2026/09/12").replace(
      "Deploys on Fly.io.",
      "Deploys on Render (moved from Fly.io).",
    );
    expect(await read("deploy-host.md")).toBe(expected);
    await run({
      command: "insert",
      path: "/memories/deploy-host.md",
      insert_line: 8,
      insert_text: "**Why:** Fly.io's free tier ended.",
    });
    expect(await read("deploy-host.md")).toBe(`${expected}**Why:** Fly.io's free tier ended.\n`);
  });

  it("create: only top-level <slug>.md fact files; MEMORY.md in any case is refused", async () => {
    const { run, snapshot } = await setup();
    const before = await snapshot();
    for (const path of [
      "/memories/topics/editor.md",
      "/memories/Editor.md",
      "/memories/deploy host.md",
      "/memories/memory.md",
    ]) {
      const result = await run({ command: "create", path, file_text: "Uses Neovim.\n" });
      expect(result.isError, path).toBe(true);
      expect(result.text).toMatch(/one fact per file|is refused/);
    }
    const renamed = await run({
      command: "rename",
      old_path: "/memories/editor.md",
      new_path: "/memories/people/editor.md",
    });
    expect(renamed.text).toContain("one fact per file");
    expect(renamed.text).toMatch(/^Error: Refused the rename of /);
    expect(await snapshot()).toEqual(before);
  });

  it("delete forgets: the deleted fact cannot be created again", async () => {
    const { run, root, snapshot } = await setup();
    await writeFile(join(root, "deploy-host.md"), DEPLOY_HOST);
    expect(await run({ command: "delete", path: "/memories/deploy-host.md" })).toEqual({
      text: "Successfully deleted /memories/deploy-host.md",
      isError: false,
    });
    const before = await snapshot();
    const again = await run({
      command: "create",
      path: "/memories/hosting.md",
      file_text: "Deploys on Fly.io.\n",
    });
    expect(again.isError).toBe(true);
    expect(again.text).toBe(
      `Error: ${refuse("forgotten", { what: '"Deploys on Fly.io." (the create of /memories/hosting.md)', date: "2026/09/12", rule: "same_fact" }).message}`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("str_replace that empties the body forgets it; one that rewrites it does not", async () => {
    const { run, root } = await setup();
    await writeFile(join(root, "deploy-host.md"), DEPLOY_HOST);
    await writeFile(
      join(root, "editor.md"),
      "---\nname: editor\ndescription: Editor.\n---\nUses Neovim.\n",
    );
    await run({
      command: "str_replace",
      path: "/memories/editor.md",
      old_str: "Neovim",
      new_str: "Helix",
    });
    expect(
      (
        await run({
          command: "create",
          path: "/memories/editor-old.md",
          file_text: "Uses Neovim.\n",
        })
      ).isError,
    ).toBe(false);
    await run({
      command: "str_replace",
      path: "/memories/deploy-host.md",
      old_str: "Deploys on Fly.io.\n",
      new_str: "",
    });
    const back = await run({
      command: "str_replace",
      path: "/memories/deploy-host.md",
      old_str: "---\n",
      new_str: "---\nDeploys on Fly.io.\n",
    });
    expect(back.isError).toBe(true);
  });

  it("an insert into the header is checked against tombstones too", async () => {
    const { run, root, store, snapshot } = await setup();
    await writeFile(
      join(root, "editor.md"),
      "---\nname: editor\ndescription: Editor.\n---\nUses Neovim.\n",
    );
    await writeFile(
      join(root, "address.md"),
      "---\nname: address\ndescription: The user's home address.\n---\nHome address is 12 Elm Street.\n",
    );
    expect((await forget({ store, query: "home address", now: NOW })).ok).toBe(true);
    const before = await snapshot();
    const result = await run({
      command: "insert",
      path: "/memories/editor.md",
      insert_line: 3,
      insert_text: "note: Home address is 12 Elm Street.",
    });
    expect(result.isError).toBe(true);
    expect(result.text).toBe(
      `Error: ${refuse("forgotten", { what: '"note: Home address is 12 Elm Street." (the insert of /memories/editor.md)', date: "2026/09/12", rule: "forget_query_words" }).message}`,
    );
    expect(await snapshot()).toEqual(before);
  });

  const hostile: Array<[string, Command, string]> = [
    [
      "traversal",
      { command: "create", path: "/memories/../outside.md", file_text: "x\n" },
      "Error: Path /memories/../outside.md would escape /memories directory.",
    ],
    [
      "a pasted key",
      {
        command: "create",
        path: "/memories/api-key.md",
        file_text: `The key is ${fakeAnthropicKey}\n`,
      },
      `Error: ${refuse("secret", { what: "the create of /memories/api-key.md", kinds: ["anthropic_api_key"], split: false }).message}`,
    ],
    [
      "a forgotten fact re-created",
      {
        command: "create",
        path: "/memories/address.md",
        file_text: "Home address is 12 Elm Street.\n",
      },
      `Error: ${refuse("forgotten", { what: '"Home address is 12 Elm Street." (the create of /memories/address.md)', date: "2026/09/12", rule: "same_fact" }).message}`,
    ],
    [
      "a 50,000-char create",
      { command: "create", path: "/memories/huge.md", file_text: "likes long notes ".repeat(2942) },
      `Error: ${refuse("too_long", { what: "the create of /memories/huge.md", reason: "`file_text` is 50014 chars, over the 12000-char cap of a memory file; keep one subject per file and add a few lines at a time." }).message}`,
    ],
  ];

  it.each(hostile)("refuses %s with nothing written", async (_name, command, expected) => {
    const { run, root, store, snapshot } = await setup();
    await writeFile(
      join(root, "address.md"),
      "---\nname: address\ndescription: The user's home address.\ntype: user\n---\nHome address is 12 Elm Street.\n",
    );
    const forgotten = await forget({ store, query: "home address", now: NOW });
    expect(forgotten.ok).toBe(true);
    const before = await snapshot();
    const result = await run(command);
    expect(result.isError).toBe(true);
    expect(result.text.startsWith(expected), result.text).toBe(true);
    expect(await snapshot()).toEqual(before);
  });
});
