import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  OTHER_PERSON_FACTS,
  otherPersonFile,
  SAME_PERSON_FACT,
  writePassSave,
} from "../../test/index.js";
import { memfilesMemoryTool } from "../memory-tool/index.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { LAYOUT_NAMES } from "../store/layout-names.js";
import { remember } from "./index.js";

// Another person's fact is not a duplicate (decision 0118): "Anna lives in Madrid" beside
// "Anna's sister lives in Madrid", in every language of the relation words, through every
// surface of this package that refuses duplicates, on both layouts; the same person's fact again
// is still refused. MCP and the CLI run the same rows (mcp/src/other-person.test.ts,
// cli/src/commands/other-person.test.ts).
const NOW = new Date("2026-12-01T12:00:00Z");

async function storeWith(layout: StoreLayout, held: string) {
  const root = await mkdtemp(join(tmpdir(), "memfiles-other-person-"));
  const { path, content } = otherPersonFile(layout, held);
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
  const read = () => readFile(join(root, path), "utf8");
  // Every memory file's text, where a fact saved to a new file is found too.
  const readAll = async () => {
    const names = (await readdir(root, { recursive: true })).map(String);
    const files = names.filter((name) => name.endsWith(".md") && !name.startsWith("."));
    return (await Promise.all(files.map((name) => readFile(join(root, name), "utf8")))).join("\n");
  };
  return { store: new MemoryStore({ root, layout }), path, content, read, readAll };
}

type Surface = (
  store: MemoryStore,
  layout: StoreLayout,
  path: string,
  fact: string,
) => Promise<string>;

const SURFACES: [string, Surface][] = [
  [
    "library remember",
    async (store, _layout, path, fact) => (await remember({ store, path, fact, now: NOW })).code,
  ],
  [
    "memory tool insert",
    async (store, layout, path, fact) => {
      const line = layout === "subject" ? `[stated 2026/12/01] ${fact}` : fact;
      const tool = memfilesMemoryTool({ store });
      // After the header: five lines in the subject layout, six with the fact layout's `type`.
      const after = layout === "subject" ? 5 : 6;
      const command = { command: "insert", path: `/memories/${path}`, insert_line: after } as const;
      return Promise.resolve(tool.run({ ...command, insert_text: `${line}\n` })).then(
        () => "applied",
        (error: Error) =>
          /already (?:holds|states)/.test(error.message) ? "duplicate" : error.message,
      );
    },
  ],
  [
    "the write pass",
    async (store, layout, path, fact) => {
      // A new fact is a new fact file: saving under the held file's name would update that
      // file's one fact (decision 0068).
      const result = await writePassSave(store, layout, {
        file: path,
        name: "Anna's home",
        description: "Where Anna lives.",
        fact,
        said: fact,
        now: NOW,
      });
      return result.rejected[0]?.code ?? "applied";
    },
  ],
];

describe.each(LAYOUT_NAMES)("another person's fact, %s layout", (layout) => {
  describe.each(SURFACES)("%s", (_surface, write) => {
    it.each(OTHER_PERSON_FACTS)("saves $name: $fact beside $held", async ({ held, fact }) => {
      const { store, path, read, readAll } = await storeWith(layout, held);
      expect(await write(store, layout, path, fact)).toBe("applied");
      expect(await read()).toContain(held);
      expect(await readAll()).toContain(fact);
    });

    it("refuses the same person's fact again as a duplicate", async () => {
      const { store, path, content, read } = await storeWith(layout, SAME_PERSON_FACT.held);
      expect(await write(store, layout, path, SAME_PERSON_FACT.fact)).toBe("duplicate");
      expect(await read()).toBe(content);
    });
  });
});
