// Guards of the write pipeline at their edges, each through a public or internal entry point (not
// the pipeline's own lines), so a change that breaks one fails here whatever file holds the step.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { applyFactProposals, forget, remember, writePass } from "../layouts/index.js";
import { memfilesMemoryTool } from "../memory-tool/index.js";
import { MemoryStore, type StorageBackend, versionToken } from "../store/index.js";

const server = useMessagesApi();

const NOW = new Date("2026-11-30T12:00:00Z");
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const keyId = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");

describe("the forgotten check covers every line a write adds", () => {
  it("refuses a memory-tool create whose second line was forgotten, and creates nothing", async () => {
    const store = await tempStore();
    await remember({ store, path: "topics/hosting.md", fact: "deploys on Heroku", now: NOW });
    await forget({ store, query: "deploys on Heroku", now: NOW });
    const tool = memfilesMemoryTool({ store, now: NOW });
    const command = {
      command: "create",
      path: "/memories/topics/cloud.md",
      file_text: [
        "---",
        "name: cloud",
        "description: Hosting. Read for deploy questions.",
        "updated: 2026/11/30",
        "---",
        "[stated 2026/11/30] uses Neovim",
        "[stated 2026/11/30] deploys on Heroku",
        "",
      ].join("\n"),
    } as Anthropic.Beta.BetaMemoryTool20250818Command;
    const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
    const outcome = await runRunnableTool(tool, command, {
      toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
      toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
    });
    expect(String(outcome.content)).toMatch(/forgotten|forget/i);
    expect((await store.list()).map((row) => row.path)).not.toContain("topics/cloud.md");
  });
});

describe("the shape of a fact is checked before where it goes", () => {
  it("N/A into hardware.md (a path the subject layout does not allow) is invalid_fact", async () => {
    const store = await tempStore();
    const result = await remember({ store, path: "hardware.md", fact: "N/A", now: NOW });
    expect(result).toMatchObject({ ok: false, code: "invalid_fact" });
  });
});

/**
 * A memory kept on a file system with short names, as eCryptfs keeps them (143 bytes): the path
 * rules allow the name, the write throws ENAMETOOLONG. Everything else is a map in memory.
 */
function shortNameBackend(): StorageBackend {
  const files = new Map<string, string>();
  const internal = new Map<string, string>();
  let index: string | undefined;
  const stored = (path: string) => {
    const content = files.get(path);
    return content === undefined ? undefined : { path, content, version: versionToken(content) };
  };
  return {
    label: "short-names:test",
    listVersions: async () =>
      [...files].map(([path, content]) => ({ path, version: versionToken(content) })),
    readMany: async (paths) => paths.flatMap((path) => stored(path) ?? []),
    read: async (path) => stored(path),
    writeIfVersion: async (path, content, ifVersion) => {
      const name = path.split("/").at(-1) ?? path;
      if (Buffer.byteLength(name) > 143) {
        throw Object.assign(new Error(`ENAMETOOLONG: name too long, open '${path}'`), {
          code: "ENAMETOOLONG",
        });
      }
      const current = stored(path);
      if ((current?.version ?? "new") !== ifVersion) return { ok: false, current };
      files.set(path, content);
      return { ok: true, version: versionToken(content) };
    },
    deleteIfVersion: async (path) => {
      files.delete(path);
      return { ok: true, version: "" };
    },
    readInternal: async (name) => internal.get(name),
    writeInternal: async (name, text) => {
      internal.set(name, text);
    },
    deleteInternal: async (name) => {
      internal.delete(name);
    },
    appendInternal: async (name, text) => {
      internal.set(name, (internal.get(name) ?? "") + text);
    },
    readIndex: async () => index,
    writeIndex: async (text) => {
      index = text;
    },
    withLock: (fn) => fn(),
  };
}

describe("a name the file system cannot hold is refused, not thrown", () => {
  it("a 150-byte name on a 143-byte file system: path_not_allowed, nothing written", async () => {
    const store = new MemoryStore({ backend: shortNameBackend() });
    const path = `topics/${"a".repeat(147)}.md`;
    const result = await remember({ store, path, fact: "uses Neovim", now: NOW });
    expect(result).toMatchObject({ ok: false, code: "path_not_allowed" });
    expect(result.ok ? "" : result.message).toContain("the file system cannot hold its path");
    expect(await store.list()).toEqual([]);
  });
});

describe("a key split across the facts of one pass", () => {
  it("refuses both halves, the first as well: neither is saved", async () => {
    const store = await tempStore();
    const { root } = store;
    const halves = [`aws key ${keyId.slice(0, 9)}`, keyId.slice(9)];
    const memories = halves.map((fact) => ({
      file: "topics/aws.md",
      fact,
      evidence: fact,
      replaces: null,
      description: null,
    }));
    mockMessages(server, [
      { content: [toolUseBlock({ name: "propose_memories", input: { memories } })] },
    ]);
    const result = await writePass({
      store,
      transcript: { date: "2026-11-30", turns: [{ role: "user", content: halves.join(". ") }] },
      client: testClient(),
      model: "claude-haiku-4-5",
      now: NOW,
    });
    expect(result.applied).toEqual([]);
    expect(
      result.rejected.map((item) => [item.code, item.message.includes("another fact")]),
    ).toEqual([
      ["secret", true],
      ["secret", true],
    ]);
    await expect(readFile(join(root, "topics/aws.md"), "utf8")).rejects.toThrow();
  });
});

describe("the length caps hold at their edges", () => {
  // A space every 100 chars: one run past 1,000 chars would be a long token, refused as a
  // secret before its length is checked (decision 0125).
  const words = (length: number) =>
    `uses ${Array.from({ length: length - 5 }, (_, at) => (at % 100 === 99 ? " " : "x")).join("")}`;

  it.each([
    [300, "applied"],
    [301, "invalid_fact"],
  ])("subject line of %i chars: %s", async (length, code) => {
    const store = await tempStore();
    const fact = words(length);
    expect(fact).toHaveLength(length);
    const result = await remember({ store, path: "topics/tools.md", fact, now: NOW });
    expect(result.code).toBe(code);
  });

  it.each([
    [1_200, "applied"],
    [1_201, "invalid_fact"],
  ])("fact body of %i chars: %s", async (length, code) => {
    const store = await tempStore("fact");
    const body = words(length);
    const result = await applyFactProposals({
      store,
      transcript: { date: "2026-11-30", turns: [{ role: "user", content: body }] },
      proposals: [
        {
          action: "save",
          name: "tools",
          type: "user",
          description: "Tools the user uses.",
          body,
          evidence: body,
          replaces: null,
        },
      ],
      now: NOW,
    });
    expect([
      ...result.applied.map(() => "applied"),
      ...result.rejected.map((item) => item.code),
    ]).toEqual([code]);
  });
});
