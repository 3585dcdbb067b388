import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { boundaryStore, chat, forget, MemoryStore, MODELS, remember } from "@memfiles/core";
import { applyProposals } from "@memfiles/core/internal";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "../src/server.js";

// One table of scope write tricks, run through every surface that has a project: the library
// (core's boundary), the MCP server, chat's memory_write and chat's memory tool. Each trick is
// made from inside project "app" and aims at project "other" (by path or by a `scope:` header).

const PROJECT = "app";
const OTHER_LINE = "other deploys with Helm charts";
const SCOPED_LINE = "staging runs on Hetzner boxes";
const NOWHERE_LINE = "this line is stored nowhere at all";
const NOW = new Date("2026-11-20T10:00:00Z");

type Trick = {
  name: string;
  action: "remember" | "propose" | "forget" | "create" | "rename";
  /** The file named in the call. */
  file: string;
  /** The stored line aimed at (a `replaces`, a forget query, an `old_str`). */
  line?: string;
  /** The file that holds `line` (what a memory tool aims at directly). */
  holder?: string;
  fact?: string;
};

const TRICKS: Trick[] = [
  {
    name: "replaces a line of projects/other.md via topics/notes.md",
    action: "remember",
    file: "topics/notes.md",
    line: OTHER_LINE,
    holder: "projects/other.md",
    fact: "deploys with Kustomize",
  },
  {
    name: "replaces a line of a `scope: other` file via topics/notes.md",
    action: "remember",
    file: "topics/notes.md",
    line: SCOPED_LINE,
    holder: "topics/staging.md",
    fact: "staging runs on Fly machines",
  },
  {
    name: "proposes a fact that replaces a line of projects/other.md",
    action: "propose",
    file: "topics/notes.md",
    line: OTHER_LINE,
    holder: "projects/other.md",
    fact: "deploys with Kustomize",
  },
  {
    name: "remembers straight into another project's new file",
    action: "remember",
    file: "projects/elsewhere.md",
    fact: "elsewhere ships on Fridays",
  },
  {
    name: "forgets a line of projects/other.md",
    action: "forget",
    file: "projects/other.md",
    line: "Helm charts",
  },
  {
    name: "forgets a line of a `scope: other` file",
    action: "forget",
    file: "topics/staging.md",
    line: "Hetzner boxes",
  },
  {
    name: "creates a file whose header says scope: other",
    action: "create",
    file: "topics/sneaky.md",
    fact: "sneaky line",
  },
  {
    name: "renames a global file into projects/other-two.md",
    action: "rename",
    file: "topics/notes.md",
  },
];

const header = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: ${name} notes.\n${extra}updated: 2026/11/01\n---\n`;

async function folder(): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-parity-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await mkdir(join(root, "projects"), { recursive: true });
  await writeFile(
    join(root, "projects/other.md"),
    `${header("other")}[stated 2026/11/01] ${OTHER_LINE}\n`,
  );
  await writeFile(
    join(root, "topics/staging.md"),
    `${header("staging", "scope: other\n")}[stated 2026/11/01] ${SCOPED_LINE}\n`,
  );
  await writeFile(
    join(root, "topics/notes.md"),
    `${header("notes")}[stated 2026/11/01] notes are kept weekly\n`,
  );
  return new MemoryStore({ root });
}

/** What another project owns, byte for byte, plus which files exist. */
async function otherProject(store: MemoryStore): Promise<Record<string, string>> {
  const read = (path: string) => readFile(join(store.root, path), "utf8").catch(() => "(none)");
  return {
    "projects/other.md": await read("projects/other.md"),
    "topics/staging.md": await read("topics/staging.md"),
    "projects/elsewhere.md": await read("projects/elsewhere.md"),
    "projects/other-two.md": await read("projects/other-two.md"),
    "topics/sneaky.md": await read("topics/sneaky.md"),
  };
}

const scopedFile = (fact: string) =>
  `---\nname: sneaky\ndescription: Sneaky notes.\nscope: other\n---\n[stated 2026/11/20] ${fact}\n`;

type Surface = (store: MemoryStore, trick: Trick, line: string | undefined) => Promise<string>;

const transcript = (fact: string) => ({
  date: "2026-11-20",
  turns: [{ role: "user" as const, content: `Note this: ${fact}.` }],
});

const library: Surface = async (raw, trick, line) => {
  const store = boundaryStore(raw, { project: PROJECT });
  const fact = trick.fact ?? "x";
  switch (trick.action) {
    case "remember":
      return JSON.stringify(
        await remember({
          store,
          path: trick.file,
          fact,
          ...(line === undefined ? {} : { replaces: line }),
          now: NOW,
        }),
      );
    case "propose": {
      const proposal = { file: trick.file, fact, evidence: fact, replaces: line ?? null };
      const result = await applyProposals({
        store,
        transcript: transcript(fact),
        proposals: [{ ...proposal, description: null }],
        now: NOW,
      });
      return JSON.stringify({ applied: result.applied.length, rejected: result.rejected });
    }
    case "forget":
      return JSON.stringify(await forget({ store, query: line ?? "", now: NOW }));
    case "create":
      return JSON.stringify(await store.write(trick.file, scopedFile(fact), "new"));
    case "rename": {
      const file = await store.read(trick.file);
      if (!file.exists) return "missing";
      return JSON.stringify(await store.write("projects/other-two.md", file.content, "new"));
    }
  }
};

async function mcpClient(store: MemoryStore): Promise<Client> {
  const server = createMemfilesMcpServer({ store, project: PROJECT, now: () => NOW });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "parity", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

const mcp: Surface = async (store, trick, line) => {
  const client = await mcpClient(store);
  const fact = trick.fact ?? "x";
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    return JSON.stringify(result.content);
  };
  try {
    switch (trick.action) {
      case "remember":
        return await call("remember", {
          file: trick.file,
          fact,
          ...(line === undefined ? {} : { replaces: line }),
        });
      case "propose":
        return await call("propose", {
          transcript: transcript(fact),
          proposals: [{ file: trick.file, fact, evidence: fact, replaces: line ?? null }],
        });
      case "forget":
        return await call("forget", { query: line ?? "" });
      // The server has no tool that writes a whole file or renames one.
      case "create":
      case "rename":
        return "not offered";
    }
  } finally {
    await client.close();
  }
};

function scriptedClient(toolUse: { name: string; input: unknown }) {
  let turn = 0;
  const create = async (request: Record<string, unknown>) => {
    const tools = (request.tools ?? []) as Array<{ name: string }>;
    const content = tools.some((tool) => tool.name === "select_memories")
      ? [{ type: "tool_use", id: "s1", name: "select_memories", input: { files: [] } }]
      : turn++ === 0
        ? [{ type: "tool_use", id: "t1", ...toolUse }]
        : [{ type: "text", text: "done" }];
    return {
      id: `m${turn}`,
      type: "message",
      role: "assistant",
      model: request.model,
      content,
      stop_reason: turn === 1 ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: {
        input_tokens: 1,
        output_tokens: 1,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    };
  };
  return { messages: { create }, beta: { messages: { create } } } as never;
}

async function chatCall(
  store: MemoryStore,
  tools: "memfiles" | "memory-tool",
  toolUse: { name: string; input: unknown } | undefined,
): Promise<string> {
  if (toolUse === undefined) return "not offered";
  const result = await chat({
    model: MODELS.opus,
    basePrompt: "x",
    now: NOW,
    store,
    client: scriptedClient(toolUse),
    tools,
    messages: [{ role: "user", content: "go" }],
    recall: { project: PROJECT },
  });
  return result.toolCalls.map((call) => call.result).join("\n");
}

const chatTools: Surface = (store, trick, line) => {
  const fact = trick.fact ?? "x";
  const input =
    trick.action === "forget"
      ? { action: "forget", query: line ?? "" }
      : trick.action === "remember" || trick.action === "propose"
        ? {
            action: "remember",
            file: trick.file,
            fact,
            ...(line === undefined ? {} : { replaces: line }),
          }
        : undefined;
  return chatCall(store, "memfiles", input && { name: "memory_write", input });
};

const memoryTool: Surface = (store, trick, line) => {
  const fact = trick.fact ?? "x";
  // The memory tool has no `replaces`: it aims at the file that holds the line, directly.
  const target = `/memories/${trick.holder ?? trick.file}`;
  const input =
    trick.action === "forget"
      ? { command: "delete", path: target }
      : trick.action === "create"
        ? { command: "create", path: target, file_text: scopedFile(fact) }
        : trick.action === "rename"
          ? { command: "rename", old_path: target, new_path: "/memories/projects/other-two.md" }
          : line === undefined
            ? { command: "create", path: target, file_text: `[stated 2026/11/20] ${fact}\n` }
            : { command: "str_replace", path: target, old_str: line, new_str: fact };
  return chatCall(store, "memory-tool", { name: "memory", input });
};

const SURFACES: Array<[string, Surface]> = [
  ["library (core boundary)", library],
  ["MCP server --project app", mcp],
  ["chat memory_write", chatTools],
  ["chat memory tool", memoryTool],
];

const CASES = SURFACES.flatMap(([surface, run]) =>
  TRICKS.map((trick) => [surface, trick.name, run, trick] as const),
);

// Each case builds folders and runs a surface end to end (an MCP client and server, a chat turn):
// well under a second alone, many times that while the whole of `pnpm test` shares 2 cores. The
// limit guards against a hang, it is not a speed check.
describe("one boundary: scope write tricks through every surface", { timeout: 120_000 }, () => {
  it.each(CASES)("%s: %s changes nothing of project other", async (_surface, _name, run, trick) => {
    const store = await folder();
    const before = await otherProject(store);
    await run(store, trick, trick.line);
    expect(await otherProject(store)).toEqual(before);
  });

  it.each(CASES.filter(([, , , trick]) => trick.line !== undefined))(
    "%s: %s answers as for a line stored nowhere",
    async (_surface, _name, run, trick) => {
      const mask = (answer: string, line: string) => answer.split(line).join("<line>");
      const aimed = mask(await run(await folder(), trick, trick.line), trick.line ?? "");
      const nowhere = mask(await run(await folder(), trick, NOWHERE_LINE), NOWHERE_LINE);
      expect(aimed).toEqual(nowhere);
    },
  );
});
