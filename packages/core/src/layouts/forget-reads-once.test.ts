import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseTombstones } from "../guards/tombstones.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { forget, previewForget } from "./forget.js";

// A forget records what it left (`kept`) from the texts its own walk read (decision 0112): a file
// the forget does not change is read once, not once by the walk and again for `kept`. Both
// layouts, a whole forget and one of a confirmed preview (whose walk reads the files outside the
// preview for lines it cannot remove).
const NOW = new Date("2026-12-07T09:00:00Z");
const TODAY = "2026/12/07";

const fileOf = (layout: StoreLayout, name: string, fact: string) =>
  layout === "fact"
    ? {
        path: `${name}.md`,
        text: `---\nname: ${name}\ndescription: About ${name}.\ntype: user\nupdated: ${TODAY}\n---\n${fact}\n`,
      }
    : {
        path: `people/${name}.md`,
        text: `---\nname: ${name}\ndescription: About ${name}.\n---\n[stated ${TODAY}] ${fact}\n`,
      };

const FILES = [
  ["sister", "Anna's sister lives in Madrid"],
  ["brother", "Anna's brother lives in Madrid"],
  ["garden", "Grows tomatoes on the balcony"],
  ["editor", "Writes code in Helix"],
] as const;

describe.each(["subject", "fact"] as const)(
  "a forget reads each file once, %s layout",
  (layout) => {
    it.each([{ preview: false }, { preview: true }])(
      "files it leaves as they are (preview: $preview)",
      async ({ preview }) => {
        const root = join(await mkdtemp(join(tmpdir(), "memfiles-reads-once-")), "memory");
        const store = new MemoryStore({ root, layout });
        for (const [name, fact] of FILES) {
          const file = fileOf(layout, name, fact);
          await mkdir(dirname(join(root, file.path)), { recursive: true });
          await writeFile(join(root, file.path), file.text);
        }
        const only = preview
          ? (await previewForget({ store, query: "Anna's sister" })).files
          : undefined;
        const reads = new Map<string, number>();
        const read = store.read.bind(store);
        store.read = (path) => {
          reads.set(path, (reads.get(path) ?? 0) + 1);
          return read(path);
        };
        const result = await forget({
          store,
          query: "Anna's sister",
          now: NOW,
          ...(only === undefined ? {} : { only }),
        });
        expect(result.code).toBe("removed");
        const untouched = FILES.slice(1).map(([name]) => fileOf(layout, name, "").path);
        expect(untouched.map((path) => [path, reads.get(path)])).toEqual(
          untouched.map((path) => [path, 1]),
        );
        // What the walk read is what `kept` was asked of: the brother's line, left that day.
        const [tombstone] = parseTombstones((await store.readInternal("tombstones.json")) ?? "");
        expect(tombstone?.kept?.length).toBe(1);
      },
    );
  },
);
