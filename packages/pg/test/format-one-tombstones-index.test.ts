import { createHash } from "node:crypto";
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore, type StoreLayout } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { pgMemoryStore } from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";

// A tombstone file an older memfiles wrote (format 1: 64-hex sha256 hashes) hid nothing in
// MEMORY.md: the store read format 2 alone there, so a file whose description states the
// forgotten fact got its line back, and Claude Code loads MEMORY.md into every session. Decision
// 0107: one reader of formats 1 and 2 for every surface; the file is upgraded in memory, never
// rewritten by a read.

const FACT = "Drives a blue Saab 900.";
// The format-1 hashes of the removed line "drives a blue saab 900" (its fact key; sha256, hex).
const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const FORMAT_ONE = `${JSON.stringify(
  {
    version: 1,
    tombstones: [
      {
        date: "2026/11/20",
        facts: [
          {
            hash: sha("drives a blue saab 900"),
            words: ["drive", "blue", "saab", "900"].map(sha),
          },
        ],
        query: ["saab"].map(sha),
      },
    ],
  },
  null,
  2,
)}\n`;
// The same tombstone as memfiles writes it now (format 2: the hashes cut to 8 and 6 bytes).
const cut = (hex: string, bytes: number) =>
  Buffer.from(hex.slice(0, bytes * 2), "hex").toString("base64url");
const FORMAT_TWO = `{"version":2,"tombstones":[\n${JSON.stringify({
  date: "2026/11/20",
  facts: [
    [
      cut(sha("drives a blue saab 900"), 8),
      ["drive", "blue", "saab", "900"].map((word) => cut(sha(word), 6)).join(" "),
    ],
  ],
  query: cut(sha("saab"), 6),
})}\n]}\n`;

const fileOf = (layout: StoreLayout): [string, string] =>
  layout === "subject"
    ? [
        "topics/car.md",
        `---\nname: car\ndescription: ${FACT}\nupdated: 2026/12/01\n---\n[stated 2026/12/01] parks in the garage\n`,
      ]
    : [
        "car.md",
        `---\nname: car\ndescription: ${FACT}\ntype: user\nupdated: 2026/12/01\n---\nParks in the garage.\n`,
      ];
const other = (layout: StoreLayout): [string, string] =>
  layout === "subject"
    ? [
        "topics/editor.md",
        "---\nname: editor\ndescription: Uses Neovim.\n---\n[stated 2026/12/01] uses Neovim\n",
      ]
    : [
        "editor.md",
        "---\nname: editor\ndescription: Uses Neovim.\ntype: user\n---\nUses Neovim.\n",
      ];

const BACKENDS: Array<[string, (layout: StoreLayout) => Promise<MemoryStore>]> = [
  [
    "folder",
    async (layout) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-format-one-")), "memory");
      await mkdir(root, { recursive: true });
      return new MemoryStore({ root, layout });
    },
  ],
  [
    "PGlite",
    async (layout) =>
      pgMemoryStore(await sharedPglite(), `format-one-${layout}-${Date.now()}`, { layout }),
  ],
];

describe.each(BACKENDS)("MEMORY.md and format-1 tombstones, %s", (_backend, open) => {
  it.each([
    ["subject", "format 1"],
    ["subject", "format 2"],
    ["fact", "format 1"],
    ["fact", "format 2"],
  ] as const)("%s layout, %s", async (layout, format) => {
    const store = await open(layout);
    const [path, text] = fileOf(layout);
    const [otherPath, otherText] = other(layout);
    await store.write(otherPath, otherText, "new");
    const tombstones = format === "format 1" ? FORMAT_ONE : FORMAT_TWO;
    await store.writeInternal("tombstones.json", tombstones);
    // The file put in as a backup would bring it (its line patched into MEMORY.md), then the
    // index rebuilt whole (`check --fix`).
    await store.write(path, text, "new");
    const indexText = async () => {
      const read = await store.readIndex();
      return read.exists ? read.content : "";
    };
    const patched = await indexText();
    await store.rebuildIndex();
    const index = await indexText();
    const report = await store.check();
    expect({
      patched: patched.includes(FACT),
      listed: index.includes(FACT),
      other: index.includes(otherPath),
      missing: report.missingFromIndex,
      // A read never rewrites the person's file.
      kept: (await store.readInternal("tombstones.json")) === tombstones,
    }).toEqual({ patched: false, listed: false, other: true, missing: [], kept: true });
  });
});
