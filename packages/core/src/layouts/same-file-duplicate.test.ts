import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { LAYOUT_NAMES, MemoryStore, type StoreLayout } from "../store/index.js";
import { remember } from "./index.js";

// The duplicate rule holds inside the file being written too, in both layouts and on every
// surface that adds a line to a file: a line the file already says is refused as `duplicate`.
const NOW = new Date("2026-09-12T10:00:00Z");
const FILES = {
  subject: {
    path: "topics/tools.md",
    content:
      "---\nname: tools\ndescription: Dev tools.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] uses Neovim\n[stated 2026/09/01] deploys on Heroku\n",
    again: "uses Neovim",
    last: "[stated 2026/09/01] deploys on Heroku",
  },
  fact: {
    path: "tools.md",
    content:
      "---\nname: tools\ndescription: Dev tools.\ntype: user\nupdated: 2026/09/01\n---\nUses Neovim.\nDeploys on Heroku.\n",
    again: "Uses Neovim.",
    last: "Deploys on Heroku.",
  },
} as const;

async function code(run: () => unknown): Promise<string> {
  try {
    const result = await run();
    return typeof result === "object" && result !== null && "code" in result
      ? String(result.code)
      : "applied";
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

const SURFACES: [string, (store: MemoryStore, layout: StoreLayout) => Promise<string>][] = [
  [
    "remember",
    (store, layout) =>
      code(() =>
        remember({ store, path: FILES[layout].path, fact: FILES[layout].again, now: NOW }),
      ),
  ],
  [
    "the memory tool's insert",
    (store, layout) =>
      code(() =>
        createMemoryToolHandlers({ store, layout, now: NOW }).insert({
          command: "insert",
          path: `/memories/${FILES[layout].path}`,
          insert_line: FILES[layout].content.split("\n").length - 1,
          insert_text: FILES[layout].again,
        }),
      ),
  ],
  [
    "the memory tool's str_replace",
    (store, layout) =>
      code(() =>
        createMemoryToolHandlers({ store, layout, now: NOW }).str_replace({
          command: "str_replace",
          path: `/memories/${FILES[layout].path}`,
          old_str: FILES[layout].last,
          new_str: `${FILES[layout].last}\n${FILES[layout].again}`,
        }),
      ),
  ],
];

describe.each(LAYOUT_NAMES)("a line its own file already says, %s layout", (layout) => {
  it.each(SURFACES)("%s refuses it as a duplicate, nothing written", async (_name, write) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-same-file-")), "memory");
    const { path, content } = FILES[layout];
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
    const refused = await write(new MemoryStore({ root, layout }), layout);
    expect({ refused, file: await readFile(join(root, path), "utf8") }).toEqual({
      refused: "duplicate",
      file: content,
    });
  });
});
