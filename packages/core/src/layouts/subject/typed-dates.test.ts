import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../store/index.js";
import { forget } from "../forget.js";
import { remember } from "../remember.js";
import { applyProposals } from "./apply-proposals.js";

// A line a person typed with a date in another form is found by `replaces` exactly when `forget`
// finds it: both read the line's words through readTypedLine.
const NOW = new Date("2026-12-01T12:00:00Z");
const TYPED = [
  "[stated 2026-11-20] works at Globex",
  "[stated 12/03/2026] works at Globex",
  "12/03/2026 works at Globex",
  "- [stated 2026/11/20] works at Globex",
  "* 2026.11.20: works at Globex",
  "works at Globex",
];
const OTHER = "[stated 2026/11/01] lives in Lisbon";

async function storeWith(line: string): Promise<MemoryStore> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-typed-dates-"));
  const text = `---\nname: profile\ndescription: Who the user is.\nupdated: 2026/11/20\n---\n${line}\n${OTHER}\n`;
  await writeFile(join(root, "profile.md"), text);
  return new MemoryStore({ root, layout: "subject" });
}

const AFTER = `---\nname: profile\ndescription: Who the user is.\nupdated: 2026/12/01\n---\n[stated 2026/12/01] works at Initech\n${OTHER}\n`;
// A dated line written as a list item is replaced by one in the same shape (decision 0101).
const afterReplacing = (line: string): string =>
  line.startsWith("- [stated 2026/11/20]")
    ? AFTER.replace("\n[stated 2026/12/01]", "\n- [stated 2026/12/01]")
    : AFTER;

describe.each(TYPED)("the typed line %j", (line) => {
  it("remember replaces it", async () => {
    const store = await storeWith(line);
    const result = await remember({
      store,
      path: "profile.md",
      fact: "works at Initech",
      replaces: "works at Globex",
      now: NOW,
    });
    expect(result).toMatchObject({ ok: true, replaced: [line.trim()] });
    expect(await readFile(join(store.root, "profile.md"), "utf8")).toBe(afterReplacing(line));
  });

  it("the write pass replaces it", async () => {
    const store = await storeWith(line);
    const said = "I work at Initech now";
    const result = await applyProposals({
      store,
      transcript: { date: "2026-12-01", turns: [{ role: "user", content: said }] },
      now: NOW,
      proposals: [
        {
          file: "profile.md",
          fact: "works at Initech",
          evidence: said,
          replaces: "works at Globex",
          description: null,
        },
      ],
    });
    expect(result.rejected).toEqual([]);
    expect(await readFile(join(store.root, "profile.md"), "utf8")).toBe(afterReplacing(line));
  });

  it("forget removes it", async () => {
    const store = await storeWith(line);
    const result = await forget({ store, query: "works at Globex", now: NOW });
    expect(result).toMatchObject({ ok: true, code: "removed", removed: [{ line: line.trim() }] });
  });
});

// `replaces` with a date typed in front of the words ("2026-11-20 works at Globex"), as a person
// copies a line they saw with its date: found as `forget` finds it.
describe.each(["2026-11-20 works at Globex", "12/03/2026 works at Globex"])(
  "replaces typed as %j",
  (replaces) => {
    it("remember replaces the stored line", async () => {
      const store = await storeWith("[stated 2026/11/20] works at Globex");
      const result = await remember({
        store,
        path: "profile.md",
        fact: "works at Initech",
        replaces,
        now: NOW,
      });
      expect(result).toMatchObject({ ok: true, replaced: ["[stated 2026/11/20] works at Globex"] });
      expect(await readFile(join(store.root, "profile.md"), "utf8")).toBe(AFTER);
    });
  },
);
