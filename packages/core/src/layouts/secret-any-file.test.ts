import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writePassSave } from "../../test/index.js";
import { LAYOUT_NAMES, MemoryStore, type StoreLayout } from "../store/index.js";
import { remember } from "./index.js";

// A secret's verdict never depends on where the fact goes: the same fact is refused in the
// user's own file and in a topic file whose name holds a credential word, in both layouts.
// Password-shaped strings are assembled at run time so the repository holds no literal secrets.
const TOKEN = ["Rv8k", "Tq2Wx"].join("");
const FACTS = [
  `uses ${TOKEN} as the password everywhere`,
  `the password's ${TOKEN}`,
  "card is 4111  1111  1111  1111",
];
const FILES: Record<StoreLayout, string[]> = {
  subject: ["profile.md", "preferences.md", "topics/cred-0.md", "topics/travel.md"],
  fact: ["user", "project"],
};
const NOW = new Date("2026-12-01T12:00:00Z");

const cases = LAYOUT_NAMES.flatMap((layout) =>
  FILES[layout].flatMap((file) => FACTS.map((fact) => ({ layout, file, fact }))),
);

async function empty(layout: StoreLayout): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-secret-any-file-")), "memory");
  return new MemoryStore({ root, layout });
}

describe.each(cases)("$fact into $file ($layout layout)", ({ layout, file, fact }) => {
  // `remember` takes a path in both layouts; in the fact layout the file's name varies instead.
  it("remember refuses it, nothing written, no raw secret in the result", async () => {
    const store = await empty(layout);
    const result = await remember({
      store,
      path: layout === "subject" ? file : `account-note-${file}.md`,
      fact,
      now: NOW,
    });
    expect(result).toMatchObject({ ok: false, code: "secret" });
    expect(JSON.stringify(result)).not.toMatch(/Tq2Wx|Rv8k|4111/);
    expect(await readdir(store.root).catch(() => [])).not.toContain("profile.md");
  });

  it("the write pass refuses it, nothing written, no raw secret in the result", async () => {
    const store = await empty(layout);
    const said = `My ${fact.replace(/^uses/, "I use")}`;
    const result = await writePassSave(store, layout, {
      file,
      name: "account note",
      type: file,
      description: "An account note.",
      fact,
      said,
      now: NOW,
    });
    expect(result.rejected.map((item) => item.code)).toEqual(["secret"]);
    expect(JSON.stringify(result)).not.toMatch(/Tq2Wx|Rv8k|4111/);
    expect(await store.list()).toEqual([]);
  });
});
