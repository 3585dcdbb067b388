import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { LOCAL_TENANT } from "@memfiles/errors";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterEach, describe, expect, it } from "vitest";
import { McpOptionsError } from "../src/options-error.js";
import { openServerMemory } from "../src/server-options.js";
import { startInProcess } from "./in-process.js";

// memfiles-mcp on the fact layout and on PGlite, started from its arguments.
// PGlite loads its WASM for each server: a ceiling against a hang on a busy 2-core machine.
const PGLITE_LIMIT_MS = 120_000;

const fact = (name: string, description: string, body: string, extra = "") =>
  `---\nname: ${name}\ndescription: ${description}\ntype: project\nupdated: 2026/09/01\n${extra}---\n${body}\n`;

// Each client's session: closing it ends the session and closes the memory (PGlite's files).
const sessions = new Map<Client, () => Promise<void>>();
afterEach(async () => {
  await Promise.all([...sessions.values()].map((close) => close()));
  sessions.clear();
});

async function start(args: string[]) {
  const { client, close } = await startInProcess(args);
  sessions.set(client, close);
  return client;
}

/** Ends a client's session before the test does, so another server can open the same database. */
async function stop(client: Client) {
  await sessions.get(client)?.();
  sessions.delete(client);
}

const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as Array<{ type: string; text: string }>)[0]?.text ?? "";

async function factFolder() {
  const base = await mkdtemp(join(tmpdir(), "memfiles-mcp-fact-"));
  const root = join(base, "memory");
  await mkdir(root, { recursive: true });
  await writeFile(
    join(root, "deploy-host.md"),
    fact("deploy host", "Where billing-api deploys.", "Deploys on Fly.io.", "scope: billing-api\n"),
  );
  await writeFile(
    join(root, "site-theme.md"),
    fact("site theme", "The website's colours.", "Dark theme only.", "scope: website\n"),
  );
  await writeFile(join(root, "editor.md"), fact("editor", "The user's editor.", "Uses Neovim."));
  await writeFile(
    join(root, "MEMORY.md"),
    "- [deploy host](deploy-host.md) — Where billing-api deploys.\n- [site theme](site-theme.md) — The website's colours.\n- [editor](editor.md) — The user's editor.\n",
  );
  const snapshot = async () => {
    const files: Record<string, string> = {};
    for (const entry of await readdir(base, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      // The memory's files; `.memfiles/` is internal state (a refused write's lock makes it, with
      // its `.gitignore`, docs/decisions/0089).
      if (entry.isFile() && !path.includes(`${sep}.memfiles${sep}`)) {
        files[path.slice(base.length + 1)] = await readFile(path, "utf8");
      }
    }
    return files;
  };
  return { root, snapshot };
}

describe("memfiles-mcp on a fact folder", () => {
  it("reads the layout from the folder: remember writes one fact file, propose goes through the fact write pass, forget deletes the file", async () => {
    const { root } = await factFolder();
    const client = await start(["--root", root]);
    const remembered = await client.callTool({
      name: "remember",
      arguments: { file: "coffee.md", fact: "Drinks oat flat whites." },
    });
    expect(remembered.isError, textOf(remembered)).toBeFalsy();
    const coffee = await readFile(join(root, "coffee.md"), "utf8");
    expect(coffee).toMatch(/^---\nname: coffee\n/);
    expect(coffee).toContain("\n---\nDrinks oat flat whites.\n");

    const proposed = JSON.parse(
      textOf(
        await client.callTool({
          name: "propose",
          arguments: {
            transcript: {
              date: "2026-09-12",
              turns: [{ role: "user", content: "We moved billing-api from Fly.io to Render." }],
            },
            proposals: [
              {
                name: "deploy host",
                type: "project",
                description: "Where billing-api deploys.",
                body: "Deploys on Render (moved from Fly.io).",
                evidence: "We moved billing-api from Fly.io to Render.",
                replaces: "deploy-host.md",
              },
              {
                name: "api key",
                type: "reference",
                description: "A key.",
                body: "Uses a key.",
                evidence: "I never said this",
              },
            ],
          },
        }),
      ),
    );
    // The write pass's one result shape, as the subject layout's propose answers it.
    expect(proposed.applied).toEqual([
      {
        code: "applied",
        proposal: {
          file: "deploy-host.md",
          fact: "Deploys on Render (moved from Fly.io).",
          evidence: "We moved billing-api from Fly.io to Render.",
          replaces: "deploy-host.md",
          description: "Where billing-api deploys.",
        },
        path: "deploy-host.md",
        line: "Deploys on Render (moved from Fly.io).",
        replaced: ["Deploys on Fly.io."],
        change: "updated",
      },
    ]);
    expect(proposed.rejected.map((r: { code: string }) => r.code)).toEqual(["evidence_not_found"]);
    const updated = await readFile(join(root, "deploy-host.md"), "utf8");
    expect(updated).toContain("updated: 2026/09/12\nscope: billing-api\n---\nDeploys on Render");

    const forgotten = await client.callTool({ name: "forget", arguments: { query: "neovim" } });
    expect(forgotten.isError, textOf(forgotten)).toBeFalsy();
    const list = JSON.parse(textOf(await client.callTool({ name: "list", arguments: {} })));
    expect(list.map((row: { path: string }) => row.path).sort()).toEqual([
      "coffee.md",
      "deploy-host.md",
      "site-theme.md",
    ]);
    expect(await readFile(join(root, "MEMORY.md"), "utf8")).not.toContain("editor.md");
  });

  it("--project hides and refuses files whose scope: names another project, with nothing written", async () => {
    const { root, snapshot } = await factFolder();
    const client = await start(["--root", root, "--layout", "fact", "--project", "billing-api"]);
    const before = await snapshot();
    const list = JSON.parse(textOf(await client.callTool({ name: "list", arguments: {} })));
    expect(list.map((row: { path: string }) => row.path).sort()).toEqual([
      "deploy-host.md",
      "editor.md",
    ]);
    const read = await client.callTool({ name: "read", arguments: { path: "site-theme.md" } });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toContain("belongs to another project");
    const remembered = await client.callTool({
      name: "remember",
      arguments: { file: "site-theme.md", fact: "Light theme too." },
    });
    expect(remembered.isError).toBe(true);
    const resources = (await client.listResources()).resources.map((r) => r.uri).sort();
    expect(resources).toEqual(["memfiles://memory/deploy-host.md", "memfiles://memory/editor.md"]);
    await expect(client.readResource({ uri: "memfiles://memory/site-theme.md" })).rejects.toThrow(
      /another project/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an unknown --layout with a clear message", async () => {
    const { root } = await factFolder();
    const refused = await openServerMemory(["--root", root, "--layout", "facts"], {}).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(McpOptionsError);
    expect((refused as Error).message).toContain('Refused --layout "facts"');
  });
});

describe("memfiles-mcp on PGlite", () => {
  it(
    `without --tenant opens the tenant ${LOCAL_TENANT}, the one the CLI opens too`,
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "memfiles-mcp-pglite-"));
      const first = await start(["--pglite", dataDir]);
      const remembered = await first.callTool({
        name: "remember",
        arguments: { file: "topics/hosting.md", fact: "deploys on Fly.io" },
      });
      expect(remembered.isError, textOf(remembered)).toBeFalsy();
      await stop(first);
      const local = await start(["--pglite", dataDir, "--tenant", LOCAL_TENANT]);
      const listed = JSON.parse(textOf(await local.callTool({ name: "list", arguments: {} })));
      expect(listed.map((row: { path: string }) => row.path)).toEqual(["topics/hosting.md"]);
    },
    PGLITE_LIMIT_MS,
  );

  it(
    "remembers, then lists, in a new server on the same database",
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "memfiles-mcp-pglite-"));
      const first = await start(["--pglite", dataDir, "--tenant", "user-42"]);
      const remembered = await first.callTool({
        name: "remember",
        arguments: { file: "topics/hosting.md", fact: "deploys on Fly.io" },
      });
      expect(remembered.isError, textOf(remembered)).toBeFalsy();
      const list = JSON.parse(textOf(await first.callTool({ name: "list", arguments: {} })));
      expect(list.map((row: { path: string }) => row.path)).toEqual(["topics/hosting.md"]);
      const read = JSON.parse(
        textOf(await first.callTool({ name: "read", arguments: { path: "topics/hosting.md" } })),
      );
      expect(read.content).toMatch(/\] deploys on Fly\.io\n$/);
      const traversal = await first.callTool({
        name: "remember",
        arguments: { file: "../outside.md", fact: "uses Neovim" },
      });
      expect(traversal.isError).toBe(true);
      await stop(first);

      // The database, not the process, holds the memory; another tenant sees none of it.
      const again = await start(["--pglite", dataDir, "--tenant", "user-42"]);
      const listed = JSON.parse(textOf(await again.callTool({ name: "list", arguments: {} })));
      expect(listed.map((row: { path: string }) => row.path)).toEqual(["topics/hosting.md"]);
      await stop(again);
      const other = await start(["--pglite", dataDir, "--tenant", "user-7"]);
      expect(JSON.parse(textOf(await other.callTool({ name: "list", arguments: {} })))).toEqual([]);
    },
    PGLITE_LIMIT_MS,
  );
});
