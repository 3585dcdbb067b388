import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { writePassSave } from "../../test/index.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { remember } from "./remember.js";

const NOW = new Date("2026-12-07T10:00:00Z");
const SAID = "I drink coffee at Café Central now.";

// A file a person saved in Latin-1 (or with a stray Latin-1 byte), in each layout's shape: read
// leniently for recall, never written back, so an edit names the fix, as forget does.
const FILES: Record<StoreLayout, { path: string; text: string }> = {
  subject: {
    path: "topics/drinks.md",
    text: "---\nname: drinks\ndescription: what the user drinks\n---\n[stated 2026/01/01] drinks coffee at Café Müller\n[stated 2026/01/02] drinks green tea\n",
  },
  fact: {
    path: "drinks.md",
    text: "---\nname: drinks\ndescription: What the user drinks.\ntype: user\n---\nThe user drinks coffee at Café Müller.\nThe user drinks green tea.\n",
  },
};

const ENCODINGS: Record<string, (text: string) => Buffer> = {
  "Latin-1": (text) => Buffer.from(text, "latin1"),
  "UTF-8 with a Latin-1 byte": (text) =>
    Buffer.concat([Buffer.from(text.replace("green tea", "green")), Buffer.from([0xe9])]),
};

type Surface = (store: MemoryStore, layout: StoreLayout, path: string) => Promise<string[]>;

const SURFACES: Record<string, Surface> = {
  remember: async (store, _layout, path) => {
    const result = await remember({ store, path, fact: "drinks coffee at Café Central", now: NOW });
    return result.ok ? [] : [result.message];
  },
  "the write pass": async (store, layout, path) => {
    const result = await writePassSave(store, layout, {
      file: path,
      name: "drinks",
      description: "What the user drinks.",
      fact: "drinks coffee at Café Central",
      body: "The user drinks coffee at Café Central.",
      said: SAID,
      evidence: "I drink coffee at Café Central now",
      replaces: path,
      now: NOW,
    });
    return result.rejected.map((rejected) => rejected.message);
  },
};

// Every edit of a file that is not text is refused with the store's reason, which names the fix
// (the same text forget's refusal carries before "then forget again"); nothing is written.
describe("an edit of a file that is not text names the fix", () => {
  it.each(
    Object.keys(SURFACES).flatMap((surface) =>
      Object.keys(ENCODINGS).flatMap((encoding) =>
        (["subject", "fact"] as const).map((layout) => ({ surface, encoding, layout })),
      ),
    ),
  )("$surface, $encoding, $layout layout", async ({ surface, encoding, layout }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-write-not-text-"));
    const { path, text } = FILES[layout];
    const bytes = (ENCODINGS[encoding] as (text: string) => Buffer)(text);
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), bytes);
    const store = new MemoryStore({ root, layout });
    const messages = await (SURFACES[surface] as Surface)(store, layout, path);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Save it as UTF-8");
    expect(await readFile(join(root, path))).toEqual(bytes);
  });
});
