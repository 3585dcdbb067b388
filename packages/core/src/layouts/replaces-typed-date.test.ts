import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { remember } from "./index.js";

// `remember --replaces` finds a line a person typed with a date in another form, or names a line
// with a date typed in front, in both layouts: one reading (`replacesKeys`, `isLineNamed`), as
// `forget` reads a line.
const NOW = new Date("2026-12-01T12:00:00Z");
const CASES = [
  ["[stated 2026-11-20] works at Globex", "works at Globex"],
  ["12/03/2026 works at Globex", "works at Globex"],
  ["- 2026.11.20: works at Globex", "works at Globex"],
  ["works at Globex", "2026-11-20 works at Globex"],
  ["works at Globex", "12/03/2026 works at Globex"],
] as const;

const FILE: Record<StoreLayout, { path: string; text: (line: string) => string }> = {
  subject: {
    path: "profile.md",
    text: (line) =>
      `---\nname: profile\ndescription: Who the user is.\nupdated: 2026/11/20\n---\n${line}\n[stated 2026/11/01] lives in Lisbon\n`,
  },
  fact: {
    path: "employer.md",
    text: (line) =>
      `---\nname: employer\ndescription: Where the user works.\ntype: user\nupdated: 2026/11/20\n---\n${line}\nLives in Lisbon.\n`,
  },
};

describe.each(
  (["subject", "fact"] as const).flatMap((layout) =>
    CASES.map(([line, replaces]) => ({ layout, line, replaces })),
  ),
)("$layout layout: the line $line, replaces $replaces", ({ layout, line, replaces }) => {
  it("remember replaces that line", async () => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-replaces-typed-"));
    const path = join(root, FILE[layout].path);
    await writeFile(path, FILE[layout].text(line));
    const result = await remember({
      store: new MemoryStore({ root, layout }),
      path: FILE[layout].path,
      fact: "works at Initech",
      replaces,
      now: NOW,
    });
    expect(result).toMatchObject({ ok: true });
    const text = await readFile(path, "utf8");
    expect(text).toContain("works at Initech");
    expect(text).not.toContain("Globex");
    expect(text).toContain("Lisbon");
  });
});
