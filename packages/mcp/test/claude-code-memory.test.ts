import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MemoryStore } from "@memfiles/core";
import { autoMemoryFolder } from "@memfiles/core/internal";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "../src/server.js";
import { openServerMemory } from "../src/server-options.js";

describe("--claude-code-memory: the auto memory of the project the server starts in", () => {
  it("serves each project's own folder, found by the hooks' rule", async () => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-mcp-cc-"));
    const env = { CLAUDE_CONFIG_DIR: join(base, "config") };
    for (const project of ["shop", "blog"]) {
      const cwd = join(base, project);
      await mkdir(cwd, { recursive: true });
      const opened = await openServerMemory(["--claude-code-memory", "--create"], env, cwd);
      if (opened.code !== "opened") throw new Error(opened.code);
      const store = opened.serverOptions.store as MemoryStore;
      expect(store.root).toBe(autoMemoryFolder({ cwd, env }));
      // An empty auto memory is the fact layout, as Claude Code, the hooks and import write it.
      expect(store.layout).toBe("fact");
      expect(store.root).toBe(
        join(
          base,
          "config",
          "projects",
          `${join(base, project).replace(/[^a-zA-Z0-9]/g, "-")}`,
          "memory",
        ),
      );
      await opened.close();
    }
  });

  it.each([
    { name: "--claude-code-memory", args: ["--claude-code-memory"] },
    { name: "--root <auto memory>", args: ["--root", "AUTO"] },
  ])("$name --create --layout auto: a new auto memory is the fact layout", async ({ args }) => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-mcp-cc-"));
    const env = { CLAUDE_CONFIG_DIR: join(base, "config") };
    const cwd = join(base, "shop");
    await mkdir(cwd, { recursive: true });
    const auto = autoMemoryFolder({ cwd, env });
    const given = args.map((arg) => (arg === "AUTO" ? auto : arg));
    const opened = await openServerMemory([...given, "--create", "--layout", "auto"], env, cwd);
    if (opened.code !== "opened") throw new Error(opened.code);
    expect((opened.serverOptions.store as MemoryStore).layout).toBe("fact");
    await opened.close();
  });

  it.each([
    {
      name: "--claude-code-memory with --root",
      args: ["--claude-code-memory", "--root", "memory"],
    },
    {
      name: "--cwd-project with --project",
      args: ["--root", "m", "--cwd-project", "--project", "x"],
    },
  ])("$name is refused", async ({ args }) => {
    await expect(openServerMemory(args, {}, tmpdir())).rejects.toMatchObject({
      code: "invalid_server_options",
    });
  });

  // A server wired for every project (`install --user`) starts in each session's folder: it is
  // scoped to that project as the hooks are (core's projectNameOf), unless told otherwise.
  it.each([
    { name: "--claude-code-memory", args: [], folder: "shop", project: "shop" },
    {
      name: "a folder name in other case and words",
      args: [],
      folder: "Billing API",
      project: "billing-api",
    },
    {
      name: "a subfolder of a git checkout",
      args: [],
      folder: "repo/src",
      project: "repo",
    },
    { name: "--project given", args: ["--project", "blog"], folder: "shop", project: "blog" },
    { name: "a folder name in any script", args: [], folder: "café", project: "café" },
    { name: "a folder name that gives no project", args: [], folder: "🎉", project: null },
    {
      name: "--root (any folder, no project)",
      args: ["--root", "AUTO"],
      folder: "shop",
      project: undefined,
    },
    // A hooks' --root folder (`install --root`), scoped as the hooks are.
    {
      name: "--root with --cwd-project",
      args: ["--root", "AUTO", "--cwd-project"],
      folder: "shop",
      project: "shop",
    },
    {
      name: "--root with --cwd-project in a folder named in any script",
      args: ["--root", "AUTO", "--cwd-project"],
      folder: "café",
      project: "café",
    },
    {
      name: "--root with --cwd-project in a folder that gives no project",
      args: ["--root", "AUTO", "--cwd-project"],
      folder: "🎉",
      project: null,
    },
  ])("$name: scoped to $project", async ({ args, folder, project }) => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-mcp-cc-"));
    const env = { CLAUDE_CONFIG_DIR: join(base, "config") };
    const cwd = join(base, folder);
    await mkdir(cwd, { recursive: true });
    if (folder === "repo/src") await mkdir(join(base, "repo", ".git"));
    const auto = autoMemoryFolder({ cwd, env });
    const given = args.map((arg) => (arg === "AUTO" ? auto : arg));
    const memory = given.includes("--root") ? given : ["--claude-code-memory", ...given];
    const opened = await openServerMemory([...memory, "--create"], env, cwd);
    if (opened.code !== "opened") throw new Error(opened.code);
    expect(opened.serverOptions.project).toBe(project);
    expect(opened.projectWarning !== undefined).toBe(folder === "🎉");
    // What the server shows: global memories and its project's, never another project's (in no
    // project, `null`: global memories only, as the hooks recall there).
    const names = [...new Set(["blog", "other", project ?? "shop"])];
    for (const name of names) {
      const text = `---\nname: ${name} notes\ndescription: About ${name}.\nscope: ${name}\n---\nNotes of ${name}.\n`;
      await writeFile(join(auto, `${name}-notes.md`), text);
    }
    await writeFile(
      join(auto, "editor.md"),
      "---\nname: editor\ndescription: Editor.\n---\nUses Neovim.\n",
    );
    const server = createMemfilesMcpServer(opened.serverOptions);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "memfiles-test", version: "0.0.0" });
    await client.connect(clientSide);
    const listed = await client.callTool({ name: "list", arguments: {} });
    const text = (listed.content as Array<{ text: string }>)[0]?.text ?? "";
    const paths = (JSON.parse(text) as Array<{ path: string }>).map((row) => row.path).sort();
    expect(paths).toEqual(
      project === undefined
        ? [...names.map((name) => `${name}-notes.md`), "editor.md"].sort()
        : project === null
          ? ["editor.md"]
          : [`${project}-notes.md`, "editor.md"].sort(),
    );
    await client.close();
    await server.close();
    await opened.close();
  });
});
