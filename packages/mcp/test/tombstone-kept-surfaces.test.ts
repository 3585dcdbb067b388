import { execFile } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  forget,
  MemoryStore,
  memfilesMemoryTool,
  remember,
  type StoreLayout,
} from "@memfiles/core";
import { findForgottenLines } from "@memfiles/core/internal";
import { killedAtFileWrite } from "@memfiles/core/test";
import { openTenantMemory } from "@memfiles/pg";
import { describe, expect, it } from "vitest";
import { startMemoryPage } from "../../cli/src/page/memory-page-server.js";
import { startInProcess } from "./in-process.js";

// Every path that forgets writes its tombstone with `kept`, the lines of its day it saw and left
// (decision 0112: one function, `addTombstone` / `keepLinesLeft`). Before, the memory tool, the
// write pass and a killed forget finished from its journal wrote none, and their same-day tie fell
// back to "every line of the day is kept": a forgotten fact typed back that day was shown. Each
// row forgets "Anna's sister lives in Madrid" beside "Anna's brother lives in Madrid", both stated
// today, then the sister's fact is typed back today: the brother's line is kept, the typed-back
// one is named by `check`, on every surface the same.

const TODAY = new Date().toISOString().slice(0, 10).replace(/-/g, "/");
const SISTER = "Anna's sister lives in Madrid";
const BROTHER = "Anna's brother lives in Madrid";
const AGAIN = "Anna's sister lives in Madrid now";

const pathOf = (layout: StoreLayout, name: string) =>
  layout === "fact" ? `${name}.md` : `people/${name}.md`;
const textOf = (layout: StoreLayout, name: string, fact: string) =>
  layout === "fact"
    ? `---\nname: ${name}\ndescription: About ${name}.\ntype: user\nupdated: ${TODAY}\n---\n${fact}\n`
    : `---\nname: ${name}\ndescription: About ${name}.\n---\n[stated ${TODAY}] ${fact}\n`;

type Store = Pick<
  MemoryStore,
  "list" | "read" | "write" | "readInternal" | "layout" | "readIndex" | "withLock" | "writeInternal"
> &
  Partial<MemoryStore>;
type Memory = {
  root: string;
  store: Store;
  layout: StoreLayout;
  pglite: boolean;
  close: () => Promise<void>;
};

const REPOSITORY = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
const CLI = join(REPOSITORY, "packages/cli/bin/memfiles.js");

function memfiles(args: string[]): Promise<number> {
  const { ANTHROPIC_API_KEY: _key, NODE_PATH: _path, ...env } = process.env;
  return new Promise((done) => {
    execFile(process.execPath, ["--conditions=memfiles-dist", CLI, ...args], { env }, (error) =>
      done(typeof error?.code === "number" ? error.code : 0),
    );
  });
}

async function mcpCall(memory: Memory, name: string, args: Record<string, unknown>) {
  const session = await startInProcess(["--root", memory.root, "--layout", memory.layout]);
  try {
    const result = await session.client.callTool({ name, arguments: args });
    return (result.content as Array<{ type: string; text: string }>)[0]?.text ?? "";
  } finally {
    await session.close();
  }
}

type Surface = {
  name: string;
  layouts: StoreLayout[];
  pglite?: true;
  forget: (memory: Memory) => Promise<unknown>;
};

const BOTH: StoreLayout[] = ["subject", "fact"];

const SURFACES: Surface[] = [
  {
    name: "library forget",
    layouts: BOTH,
    forget: ({ store }) => forget({ store: store as MemoryStore, query: "Anna's sister" }),
  },
  {
    name: "memfiles forget (CLI)",
    layouts: BOTH,
    forget: async ({ root }) =>
      expect(await memfiles(["forget", root, "Anna's", "sister", "--yes"])).toBe(0),
  },
  {
    name: "MCP forget",
    layouts: BOTH,
    forget: async (memory) =>
      expect(await mcpCall(memory, "forget", { query: "Anna's sister" })).toContain("removed"),
  },
  {
    name: "the memory page's delete",
    layouts: BOTH,
    forget: async ({ store, layout }) => {
      const page = await startMemoryPage({ store: store as MemoryStore });
      try {
        const path = pathOf(layout, "sister");
        const read = await store.read(path);
        const line = layout === "fact" ? SISTER : `[stated ${TODAY}] ${SISTER}`;
        const response = await fetch(
          `http://127.0.0.1:${page.port}/api/forget-line?token=${page.token}`,
          {
            method: "POST",
            headers: {
              origin: `http://127.0.0.1:${page.port}`,
              "content-type": "application/json",
            },
            body: JSON.stringify({ file: path, version: read.version, line }),
          },
        );
        expect(response.status).toBe(200);
      } finally {
        await page.close();
      }
    },
  },
  {
    name: "the memory tool's delete",
    layouts: BOTH,
    forget: async ({ store, layout }) =>
      expect(
        await memfilesMemoryTool({ store: store as MemoryStore }).run(
          { command: "delete", path: `/memories/${pathOf(layout, "sister")}` },
          undefined as never,
        ),
      ).toContain("Successfully"),
  },
  {
    name: "the memory tool's edit (str_replace)",
    layouts: ["subject"],
    forget: async ({ store, layout }) =>
      expect(
        await memfilesMemoryTool({ store: store as MemoryStore }).run(
          {
            command: "str_replace",
            path: `/memories/${pathOf(layout, "sister")}`,
            old_str: `[stated ${TODAY}] ${SISTER}\n`,
            new_str: "",
          },
          undefined as never,
        ),
      ).toContain("edited"),
  },
  {
    name: "the write pass (a proposal that forgets, MCP propose)",
    layouts: ["fact"],
    forget: async (memory) =>
      expect(
        await mcpCall(memory, "propose", {
          transcript: {
            date: TODAY.replace(/\//g, "-"),
            turns: [{ role: "user", content: "Please forget that Anna's sister lives in Madrid." }],
          },
          proposals: [
            {
              action: "forget",
              name: "sister",
              type: "user",
              description: "About sister.",
              body: SISTER,
              evidence: "forget that Anna's sister lives in Madrid",
              replaces: pathOf(memory.layout, "sister"),
            },
          ],
        }),
      ).toContain('"deleted"'),
  },
  {
    name: "a killed forget finished from its journal",
    layouts: ["subject"],
    forget: async ({ store }) => {
      await expect(
        forget({ store: killedAtFileWrite(store as MemoryStore), query: "Anna's sister" }),
      ).rejects.toThrow("killed");
      // The next call that changes memory finishes the forget first.
      await remember({
        store: store as MemoryStore,
        path: "topics/editor.md",
        fact: "writes code in Helix",
      });
    },
  },
  {
    name: "PGlite, library forget",
    layouts: BOTH,
    pglite: true,
    forget: ({ store }) => forget({ store: store as MemoryStore, query: "Anna's sister" }),
  },
];

async function open(layout: StoreLayout, pglite: boolean): Promise<Memory> {
  const base = await mkdtemp(join(tmpdir(), "memfiles-kept-surfaces-"));
  const root = join(base, "memory");
  if (pglite) {
    const opened = await openTenantMemory({
      dataDir: join(base, "memory.db"),
      tenant: "kept",
      layout,
    });
    return { root, store: opened.store, layout, pglite, close: opened.close };
  }
  await mkdir(root, { recursive: true });
  return {
    root,
    store: new MemoryStore({ root, layout }),
    layout,
    pglite,
    close: async () => {},
  };
}

async function put(memory: Memory, name: string, fact: string) {
  const path = pathOf(memory.layout, name);
  const text = textOf(memory.layout, name, fact);
  if (memory.pglite) {
    expect((await memory.store.write(path, text, "new")).ok).toBe(true);
    return;
  }
  await mkdir(dirname(join(memory.root, path)), { recursive: true });
  await writeFile(join(memory.root, path), text);
}

const ROWS = SURFACES.flatMap((surface) =>
  surface.layouts.map((layout) => ({ ...surface, layout, row: `${surface.name}, ${layout}` })),
);

describe("every path that forgets records what it left", () => {
  // A row runs the built CLI, an MCP server or PGlite (its WASM) once: seconds on a busy 2-core
  // machine, so 120 s.
  it.each(ROWS)("$row", { timeout: 120_000 }, async ({ layout, pglite, forget: forgetBy }) => {
    const memory = await open(layout, pglite === true);
    try {
      await put(memory, "sister", SISTER);
      await put(memory, "brother", BROTHER);
      await forgetBy(memory);
      // As stored: `kept` is a field of each tombstone written since format 3.
      const stored = JSON.parse((await memory.store.readInternal("tombstones.json")) ?? "{}") as {
        tombstones: Array<{ kept?: string }>;
      };
      const tombstones = stored.tombstones;
      await put(memory, "again", AGAIN);
      expect({
        kept: tombstones.map((tombstone) => tombstone.kept !== undefined),
        sisterGone:
          !(await memory.store.read(pathOf(layout, "sister"))).exists ||
          !(
            (await memory.store.read(pathOf(layout, "sister"))) as { content: string }
          ).content.includes(SISTER),
        named: [
          ...new Set(
            (await findForgottenLines(memory.store as MemoryStore)).map((line) => line.path),
          ),
        ],
      }).toEqual({
        kept: tombstones.map(() => true),
        sisterGone: true,
        named: [pathOf(layout, "again")],
      });
    } finally {
      await memory.close();
    }
  });
});
