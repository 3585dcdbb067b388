import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  expectNamedFileLanding,
  NAMED_FILE_CASES,
  type NamedFileWrite,
} from "../../test/named-file-writes.js";
import { factFile } from "../../test/recall-writes.js";
import { tempStore } from "../../test/temp-store.js";
import { writePassSave } from "../../test/write-pass-save.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { remember } from "./index.js";

// Where a fact lands when its caller names the file (decision 0083), on core's surfaces; the CLI
// and the MCP server run the same rows (`NAMED_FILE_CASES`) in their packages.
const NOW = new Date("2026-12-01T12:00:00Z");

const stem = (path: string) => (path.split("/").pop() ?? path).replace(/\.md$/, "");

const SURFACES: Record<string, NamedFileWrite> = {
  "library remember": async (store, { path, fact }) => {
    if (path === null) throw new Error("remember always names a file");
    const result = await remember({ store, path, fact, now: NOW });
    if (!result.ok) throw new Error(result.message);
  },
  // A create of the named file when it is new, else a str_replace of the line the fact updates.
  "memory tool": async (store, { path, fact }) => {
    if (path === null) throw new Error("the memory tool always names a file");
    const handlers = createMemoryToolHandlers({ store, now: NOW });
    const read = await store.read(path);
    if (!read.exists) {
      await handlers.create({
        command: "create",
        path: `/memories/${path}`,
        file_text: `${fact}\n`,
      });
      return;
    }
    const old = fact.replace(/\d+/, (number) => (number === "650" ? "600" : number));
    await handlers.str_replace({
      command: "str_replace",
      path: `/memories/${path}`,
      old_str: old,
      new_str: fact,
    });
  },
  // A proposal of a session the day after the stored facts: the file names it (subject), or its
  // name is the named file's stem (fact); with no file named, a name that is no file's.
  "write pass": async (store, { path, fact, said }) => {
    const result = await writePassSave(store, store.layout, {
      file: path ?? undefined,
      name: path === null ? "current figure" : stem(path).replace(/-/g, " "),
      fact,
      said,
      now: NOW,
    });
    if (result.rejected.length > 0) throw new Error(JSON.stringify(result.rejected));
  },
};

const rows = Object.entries(SURFACES).flatMap(([surface, write]) =>
  NAMED_FILE_CASES.filter((row) => row.path !== null || surface === "write pass").map((row) => ({
    surface,
    write,
    row,
    name: row.name,
    layout: row.layout,
  })),
);

describe.each(rows)("$surface, $name ($layout layout)", ({ write, row }) => {
  it("lands in the named file; no other file's fact is replaced", async () => {
    await expectNamedFileLanding(write, row);
  });
});

// A proposal whose name is the subject another file keeps (`findSameSubject`) names that file: a
// number in a third file is not its to replace.
describe("a proposal named by the subject a file keeps", () => {
  it("updates no number in another file; it is refused same_subject, nothing written", async () => {
    const store = await tempStore("fact");
    const memory = {
      "bob.md": factFile(
        "Bob",
        "Bob (Robert Chen), the user's manager.",
        "Leads the platform team.",
      ),
      "car-insurance.md": factFile(
        "car insurance",
        "The user's car insurance.",
        "pays 600 EUR per year",
      ),
    };
    for (const [path, content] of Object.entries(memory)) await store.write(path, content, "new");
    const said = "He pays 80 EUR per year for it.";
    const result = await writePassSave(store, "fact", {
      name: "Robert Chen",
      type: "project",
      description: "The user's manager.",
      fact: "pays 80 EUR per year",
      said,
      now: NOW,
    });
    const texts: Record<string, string> = {};
    for (const { path } of await store.list()) {
      texts[path] = await readFile(join(store.root, path), "utf8");
    }
    expect({ codes: result.rejected.map((item) => item.code), texts }).toEqual({
      codes: ["same_subject"],
      texts: memory,
    });
  });
});
