import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { forgottenCheckOf, shownWithoutForgotten } from "../guards/forgotten-shown.js";
import { parseTombstones } from "../guards/tombstones.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { findForgottenLines } from "./find-forgotten-lines.js";
import { forget } from "./forget.js";

// A line stated on the forget's own day (decision 0095, amended): one that was in memory when the
// forget ran and that it left is kept, one typed after it that day is the forgotten fact again and
// is hidden as a later day's is. The tombstone says which lines it saw and left (`kept`); the
// order of the two on that day no longer decides by chance of the calendar.
const NOW = new Date("2026-12-07T09:00:00Z");
const TODAY = "2026/12/07";

const fileOf = (layout: StoreLayout, name: string, fact: string, stated: string) =>
  layout === "fact"
    ? {
        path: `${name}.md`,
        text: `---\nname: ${name}\ndescription: About ${name}.\ntype: user\nupdated: ${stated}\n---\n${fact}\n`,
      }
    : {
        path: `people/${name}.md`,
        text: `---\nname: ${name}\ndescription: About ${name}.\n---\n[stated ${stated}] ${fact}\n`,
      };

async function put(store: MemoryStore, file: { path: string; text: string }) {
  await mkdir(dirname(join(store.root, file.path)), { recursive: true });
  await writeFile(join(store.root, file.path), file.text);
}

type Case = {
  name: string;
  /** Put in before the forget (and left by it), or after it. */
  when: "before" | "after";
  stated: string;
  fact: string;
  shown: boolean;
};

// "forget Anna's sister" removes her line; each row is another line about Madrid.
const CASES: Case[] = [
  {
    name: "the brother's line, stated that day, in memory at the forget",
    when: "before",
    stated: TODAY,
    fact: "Anna's brother lives in Madrid",
    shown: true,
  },
  {
    name: "the sister's line typed back that day, after the forget",
    when: "after",
    stated: TODAY,
    fact: "Anna's sister lives in Madrid now",
    shown: false,
  },
  {
    name: "the sister's line typed back dated the next day",
    when: "after",
    stated: "2026/12/08",
    fact: "Anna's sister lives in Madrid now",
    shown: false,
  },
  {
    name: "the sister's line typed back dated the day before",
    when: "after",
    stated: "2026/12/06",
    fact: "Anna's sister lives in Madrid now",
    shown: true,
  },
];

describe.each(["subject", "fact"] as const)(
  "a line of the forget's own day, %s layout",
  (layout) => {
    it.each(CASES)("$name", async ({ when, stated, fact, shown }) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-same-day-")), "memory");
      await mkdir(root, { recursive: true });
      const store = new MemoryStore({ root, layout });
      await put(store, fileOf(layout, "sister", "Anna's sister lives in Madrid", TODAY));
      const line = fileOf(layout, "other", fact, stated);
      if (when === "before") await put(store, line);
      expect((await forget({ store, query: "Anna's sister", now: NOW })).code).toBe("removed");
      if (when === "after") await put(store, line);
      const forgotten = await forgottenCheckOf(
        await store.readInternal("tombstones.json"),
        parseTombstones,
      );
      const read = await store.read(line.path);
      const content = read.exists ? read.content : "";
      const body = shownWithoutForgotten(content, layout, forgotten).content.includes(fact);
      const check = (await findForgottenLines(store)).some((found) => found.path === line.path);
      expect({ shown: body, check }).toEqual({ shown, check: !shown });
    });
  },
);
