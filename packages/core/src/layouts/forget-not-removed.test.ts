import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { forget, previewForget } from "./forget.js";

// A matching line forget keeps comes with why, and the why never names the file: `path` does, so
// every surface (the CLI, the MCP forget tool, the library's own message) shows `<path>: <reason>`
// without cutting a message apart.
type Case = [name: string, layout: StoreLayout, path: string, content: string | Buffer];

const CASES: Case[] = [
  [
    "a file that is not UTF-8",
    "subject",
    "topics/cafe.md",
    Buffer.from(
      "---\nname: cafe\ndescription: caf\xe9 notes\n---\n[stated 2026/01/01] likes caf\xe9 in Lisbon\n",
      "latin1",
    ),
  ],
  [
    "a file whose front matter is not YAML",
    "subject",
    "topics/trip.md",
    "---js\nname: trip\n---\n[stated 2026/01/01] flies to Lisbon\n",
  ],
  [
    "a fact file whose body only mentions the words",
    "fact",
    "trip.md",
    "---\nname: Trip\ndescription: The user's next trip.\ntype: user\n---\nFlies to Berlin, then takes the train on to Lisbon.\n",
  ],
];

const SURFACES = [
  ["previewForget", (store: MemoryStore) => previewForget({ store, query: "Lisbon" })],
  ["forget", (store: MemoryStore) => forget({ store, query: "Lisbon" })],
] as const;

describe.each(SURFACES)("%s names a kept line's file in its path only", (_surface, run) => {
  it.each(CASES)("%s", async (_name, layout, path, content) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-kept-")), "memory");
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
    const result = await run(new MemoryStore({ root, layout }));
    const kept = result.notRemoved ?? [];
    expect(kept.map((line) => line.path)).toEqual([path]);
    expect(
      kept.map((line) => ({ named: line.reason.includes(path), empty: line.reason === "" })),
    ).toEqual([{ named: false, empty: false }]);
  });
});
