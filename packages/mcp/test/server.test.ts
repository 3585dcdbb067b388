import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterEach, describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

const TOOLS_FILE = [
  "---",
  "name: tools",
  "description: Editor, hosting and dev tools. Read for any coding or deploy question.",
  "updated: 2026/09/01",
  "---",
  "[stated 2026/09/01] uses Neovim",
  "[stated 2026/09/01] deploys on Heroku",
  "",
].join("\n");

const sessions: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((close) => close()));
});

async function connect(args: string[] = []) {
  const base = await mkdtemp(join(tmpdir(), "memfiles-mcp-"));
  const root = join(base, "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await mkdir(join(root, "projects"), { recursive: true });
  await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
  await writeFile(
    join(root, "projects/other-app.md"),
    "---\nname: other-app\ndescription: The other app.\n---\n[stated 2026/09/01] ships on Fridays\n",
  );
  const { client, close } = await startInProcess(["--root", root, ...args]);
  sessions.push(close);
  const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
    (result.content as Array<{ type: string; text: string }>)[0]?.text ?? "";
  const snapshot = async () => {
    const files: Record<string, string> = {};
    for (const entry of await readdir(base, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        const path = join(entry.parentPath, entry.name);
        files[path.slice(base.length + 1)] = await readFile(path, "utf8");
      }
    }
    return files;
  };
  return { client, root, textOf, snapshot };
}

describe("memfiles-mcp, driven by the SDK's Client", () => {
  it("lists its tools and the memory files as resources", async () => {
    const { client } = await connect();
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(tools).toEqual(["forget", "list", "propose", "read", "remember", "search"]);
    const resources = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(resources.sort()).toEqual([
      "memfiles://memory/projects/other-app.md",
      "memfiles://memory/topics/tools.md",
    ]);
    const read = await client.readResource({ uri: "memfiles://memory/topics/tools.md" });
    expect(read.contents).toEqual([
      { uri: "memfiles://memory/topics/tools.md", mimeType: "text/markdown", text: TOOLS_FILE },
    ]);
  });

  it("lists, reads, searches, remembers and forgets", async () => {
    const { client, root, textOf } = await connect();
    const list = JSON.parse(textOf(await client.callTool({ name: "list", arguments: {} })));
    expect(list.map((row: { path: string }) => row.path).sort()).toEqual([
      "projects/other-app.md",
      "topics/tools.md",
    ]);
    const read = JSON.parse(
      textOf(await client.callTool({ name: "read", arguments: { path: "topics/tools.md" } })),
    );
    expect(read.content).toBe(TOOLS_FILE);
    expect(read.version).toMatch(/^[0-9a-f]{12}$/);
    const search = JSON.parse(
      textOf(await client.callTool({ name: "search", arguments: { words: "HEROKU deploys" } })),
    );
    expect(search).toEqual([
      { path: "topics/tools.md", line: 7, text: "[stated 2026/09/01] deploys on Heroku" },
    ]);
    const remembered = await client.callTool({
      name: "remember",
      arguments: {
        file: "topics/tools.md",
        fact: "deploys on Fly.io",
        replaces: "deploys on Heroku",
      },
    });
    expect(remembered.isError).toBeFalsy();
    const file = await readFile(join(root, "topics/tools.md"), "utf8");
    expect(file).toContain("] deploys on Fly.io\n");
    expect(file).not.toContain("Heroku");
    expect(await readFile(join(root, "MEMORY.md"), "utf8")).toContain("topics/tools.md");
    const forgotten = await client.callTool({
      name: "forget",
      arguments: { query: "where I deploy" },
    });
    expect(forgotten.isError).toBeFalsy();
    expect(JSON.parse(textOf(forgotten)).code).toBe("removed");
    expect(await readFile(join(root, "topics/tools.md"), "utf8")).not.toContain("deploys");
    // A client's own write pass cannot bring the forgotten fact back.
    const proposed = JSON.parse(
      textOf(
        await client.callTool({
          name: "propose",
          arguments: {
            transcript: {
              date: "2026-09-20",
              turns: [{ role: "user", content: "I deploy everything on Fly.io these days" }],
            },
            proposals: [
              {
                file: "topics/tools.md",
                fact: "deploys on Fly.io",
                evidence: "I deploy everything on Fly.io these days",
              },
            ],
          },
        }),
      ),
    );
    expect(proposed.applied).toEqual([]);
    expect(proposed.rejected.map((rejection: { code: string }) => rejection.code)).toEqual([
      "forgotten",
    ]);
  });

  it("propose applies a proposal with evidence and rejects one without", async () => {
    const { client, root, textOf } = await connect();
    const result = JSON.parse(
      textOf(
        await client.callTool({
          name: "propose",
          arguments: {
            transcript: {
              date: "2026-09-20",
              turns: [
                { role: "user", content: "I am vegetarian, so no meat in any recipe please" },
              ],
            },
            proposals: [
              {
                file: "preferences.md",
                fact: "is vegetarian",
                evidence: "I am vegetarian, so no meat in any recipe please",
              },
              { file: "profile.md", fact: "lives in Lisbon", evidence: "I live in Lisbon" },
            ],
          },
        }),
      ),
    );
    expect(result.applied.map((applied: { path: string }) => applied.path)).toEqual([
      "preferences.md",
    ]);
    expect(result.rejected.map((rejection: { code: string }) => rejection.code)).toEqual([
      "evidence_not_found",
    ]);
    expect(await readFile(join(root, "preferences.md"), "utf8")).toContain(
      "[stated 2026/09/20] is vegetarian",
    );
  });

  it("reads the index MEMORY.md as stored; writing it stays refused", async () => {
    const { client, root, textOf } = await connect();
    const index = "# Memory index\n\n- [tools](topics/tools.md) — tools\n\nRead tools first.\n";
    await writeFile(join(root, "MEMORY.md"), index);
    const read = await client.callTool({ name: "read", arguments: { path: "MEMORY.md" } });
    expect({ isError: read.isError, ...JSON.parse(textOf(read)) }).toEqual({
      isError: undefined,
      path: "MEMORY.md",
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
      content: index,
    });
    const write = await client.callTool({
      name: "remember",
      arguments: { file: "MEMORY.md", fact: "likes tea" },
    });
    expect(write.isError).toBe(true);
    expect(await readFile(join(root, "MEMORY.md"), "utf8")).toBe(index);
  });

  // Grown by hand over 16 times the cap: not read, as no memory file that large is, and said so.
  it("refuses to read a MEMORY.md over 16 times the cap, saying why", async () => {
    const { client, root, textOf } = await connect();
    const index = `# Memory index\n\n${"- [tools](topics/tools.md) — tools\n".repeat(6_000)}`;
    await writeFile(join(root, "MEMORY.md"), index);
    const read = await client.callTool({ name: "read", arguments: { path: "MEMORY.md" } });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toBe(
      `Not shown: MEMORY.md: it is ${Buffer.byteLength(index)} bytes, over 16 times the 12000-char cap, so it was not read: split it by hand or move it out of the memory folder.`,
    );
  });

  it("reads MEMORY.md with a project as the index of the files in scope only", async () => {
    const { client, textOf } = await connect(["--project", "my-app"]);
    const read = await client.callTool({ name: "read", arguments: { path: "memory.md" } });
    const { content } = JSON.parse(textOf(read));
    expect(content).toContain("(topics/tools.md)");
    expect(content).not.toContain("other-app");
  });

  it("refuses traversal, a pasted key and another project's file with an MCP error, writing nothing", async () => {
    const { client, textOf, snapshot } = await connect(["--project", "my-app"]);
    const before = await snapshot();
    const traversal = await client.callTool({
      name: "remember",
      arguments: { file: "../outside.md", fact: "uses Neovim" },
    });
    expect(traversal.isError).toBe(true);
    expect(textOf(traversal)).toContain("../outside.md");
    const readOut = await client.callTool({
      name: "read",
      arguments: { path: "../../etc/passwd.md" },
    });
    expect(readOut.isError).toBe(true);
    expect(textOf(readOut)).toContain('Refused memory path "../../etc/passwd.md"');
    const key = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");
    const secret = await client.callTool({
      name: "remember",
      arguments: { file: "topics/keys.md", fact: `anthropic key is ${key}` },
    });
    expect(secret.isError).toBe(true);
    expect(textOf(secret)).toContain("holds a secret");
    const other = await client.callTool({
      name: "read",
      arguments: { path: "projects/other-app.md" },
    });
    expect(other.isError).toBe(true);
    expect(textOf(other)).toContain("scoped to that project");
    // The trial read another project's file by changing the case of its folder.
    const otherCase = await client.callTool({
      name: "read",
      arguments: { path: "Projects/other-app.md" },
    });
    expect(otherCase.isError).toBe(true);
    await expect(client.readResource({ uri: "memfiles://memory/../outside.md" })).rejects.toThrow(
      /MCP error -32602/,
    );
    await expect(
      client.readResource({ uri: "memfiles://memory/projects/other-app.md" }),
    ).rejects.toThrow(/another project/);
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual([
      "memfiles://memory/topics/tools.md",
    ]);
    expect(await snapshot()).toEqual(before);
    // A forget scoped to my-app never touches another project's lines (it used to remove them;
    // it still leaves its query tombstone).
    const forgotten = await client.callTool({
      name: "forget",
      arguments: { query: "ships on Fridays" },
    });
    expect(textOf(forgotten)).not.toContain("ships on Fridays");
    const after = await snapshot();
    expect(after["memory/projects/other-app.md"]).toBe(before["memory/projects/other-app.md"]);
  });
});
