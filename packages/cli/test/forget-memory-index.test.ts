import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkFileEdit } from "@memfiles/claude-code";
import { forget, MemoryStore, remember, type StoreLayout } from "@memfiles/core";
import { findForgottenLines } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { runMemfiles } from "../src/run-memfiles.js";
import { contextIn } from "./command-context.js";

// Claude Code loads MEMORY.md into every session, so a line a person (or Claude Code) wrote in it
// is memory: every forget surface takes it out, and every check of a forgotten fact sees it. The
// MCP server's forget runs the same rows in packages/mcp/test/forget-memory-index.test.ts.

const HAND_LINE = "- Remember: the user banks with Monzo.";
const NOW = new Date("2026-12-06T12:00:00Z");

async function memory(layout: StoreLayout): Promise<{ root: string; store: MemoryStore }> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-index-")), "memory");
  const store = new MemoryStore({ root, layout });
  await remember({
    store,
    path: layout === "fact" ? "bank" : "topics/money.md",
    fact: "banks with Monzo",
    now: NOW,
  });
  await remember({
    store,
    path: layout === "fact" ? "editor" : "topics/tools.md",
    fact: "uses Helix",
    now: NOW,
  });
  const index = await readFile(join(root, "MEMORY.md"), "utf8");
  await writeFile(join(root, "MEMORY.md"), index.replace(/\n/, `\n${HAND_LINE}\n`));
  return { root, store };
}

type Forget = (root: string, store: MemoryStore, query: string) => Promise<unknown>;

const FORGET_SURFACES: Array<[string, Forget]> = [
  ["library forget", (_root, store, query) => forget({ store, query, now: NOW })],
  [
    "memfiles forget --yes",
    async (root, _store, query) => {
      const { context, output } = contextIn(root);
      const code = await runMemfiles(["forget", query, "--yes", "-m", root], context);
      expect({ code, stderr: output.stderr }).toEqual({ code: 0, stderr: "" });
    },
  ],
];

describe.each(["fact", "subject"] as const)("MEMORY.md's own lines, %s layout", (layout) => {
  it.each(FORGET_SURFACES)("%s takes a matching hand line out of it", async (_name, run) => {
    const { root, store } = await memory(layout);
    await run(root, store, "Monzo");
    const index = await readFile(join(root, "MEMORY.md"), "utf8");
    expect(index).not.toContain("Monzo");
    expect(index).toMatch(/editor\.md|tools\.md/);
  });

  it("the PreToolUse check denies writing the forgotten fact back into it", async () => {
    const { root, store } = await memory(layout);
    await forget({ store, query: "Monzo", now: NOW });
    const index = await readFile(join(root, "MEMORY.md"), "utf8");
    const edit = (newString: string) =>
      checkFileEdit({
        root,
        layout,
        now: NOW,
        edit: {
          tool: "Edit",
          filePath: join(root, "MEMORY.md"),
          oldString: index.split("\n")[0] ?? "",
          newString,
        },
      });
    const head = index.split("\n")[0];
    expect(await edit(`${head}\n- The user banks with Monzo.`)).toMatchObject({
      decision: "deny",
      code: "forgotten",
    });
    expect(await edit(`${head}\n- The user cycles to work.`)).toEqual({ decision: "allow" });
  });

  it("check reports the forgotten fact restored in it (git checkout, a backup)", async () => {
    const { root, store } = await memory(layout);
    const before = await readFile(join(root, "MEMORY.md"), "utf8");
    await forget({ store, query: "Monzo", now: NOW });
    await writeFile(join(root, "MEMORY.md"), before);
    const found = await findForgottenLines(store);
    expect(found.filter((line) => line.path === "MEMORY.md").map((line) => line.line)).toEqual([
      before.split("\n").indexOf(HAND_LINE) + 1,
    ]);
  });
});
