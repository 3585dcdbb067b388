import { cp, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_MAX_CHARS } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { memoryFixture } from "../../test/memory-fixture.js";
import { runMemfiles } from "../run-memfiles.js";

const NOTES =
  "---\nname: notes\ndescription: Café notes.\n---\n[stated 2026/09/01] likes café crème\n";

async function run(cwd: string, argv: string[]) {
  const { context, output } = contextIn(cwd);
  const code = await runMemfiles(argv, context);
  return { code, ...output };
}

describe("export then import keeps the text of a file that is not UTF-8, and says so", () => {
  it.each([
    [
      "Latin-1",
      Buffer.from(NOTES, "latin1"),
      "topics/notes.md: not valid UTF-8, read as Windows-1252 (Latin-1)",
      "converted  topics/notes.md: was Windows-1252 (Latin-1) when exported; its text is kept and written as UTF-8",
      NOTES,
    ],
    [
      "UTF-16LE with a byte order mark",
      Buffer.from(`\uFEFF${NOTES}`, "utf16le"),
      "topics/notes.md: UTF-16LE, into Unicode text",
      "converted  topics/notes.md: was UTF-16LE when exported; its text is kept and written as UTF-8",
      `\uFEFF${NOTES}`,
    ],
  ])("%s", async (_name, bytes, exportSays, importSays, written) => {
    const { folder } = await memoryFixture();
    await writeFile(join(folder, "memory/topics/notes.md"), bytes);
    const exported = await run(folder, ["export", "memory", "-o", "bundle.json"]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain(exportSays);
    const imported = await run(folder, ["import", "bundle.json", "copy"]);
    expect({ code: imported.code, stderr: imported.stderr }).toEqual({ code: 0, stderr: "" });
    expect(imported.stdout).toContain(importSays);
    const copy = await readFile(join(folder, "copy/topics/notes.md"), "utf8");
    expect(copy).toBe(written);
    expect(copy).not.toContain("\uFFFD");
  });

  it("refuses to export a file with NUL bytes, naming it, and writes no bundle", async () => {
    const { folder } = await memoryFixture();
    await writeFile(join(folder, "memory/topics/notes.md"), Buffer.from(NOTES, "utf16le"));
    const exported = await run(folder, ["export", "memory", "-o", "bundle.json"]);
    expect(exported.code).toBe(2);
    expect(exported.stderr).toContain("Cannot export topics/notes.md: it holds NUL bytes");
    expect(await readdir(folder)).not.toContain("bundle.json");
  });

  it("imports a bundle saved as UTF-16 (a Windows shell's `>`)", async () => {
    const { folder } = await memoryFixture();
    const exported = await run(folder, ["export", "memory"]);
    await writeFile(
      join(folder, "bundle.json"),
      Buffer.from(`\uFEFF${exported.stdout}`, "utf16le"),
    );
    const imported = await run(folder, ["import", "bundle.json", "copy"]);
    expect({ code: imported.code, stderr: imported.stderr }).toEqual({ code: 0, stderr: "" });
    expect(await readFile(join(folder, "copy/profile.md"), "utf8")).toContain("lives in Lyon");
  });
});

function bundleOf(files: Array<{ path: string; content: string }>): string {
  return JSON.stringify({
    format: "memfiles-bundle",
    version: 1,
    exportedAt: "2026-09-12T09:00:00.000Z",
    files: files.map((file) => ({ ...file, version: "x" })),
  });
}

const FILE = (name: string) =>
  `---\nname: ${name}\ndescription: About ${name}.\n---\n[stated 2026/09/01] a fact about ${name}\n`;
const FACT = (name: string) =>
  `---\nname: ${name}\ndescription: About ${name}.\ntype: project\nupdated: 2026/09/01\n---\nA fact about ${name}.\n`;

describe("import checks the whole bundle before writing anything", () => {
  it.each([
    [
      "two names that differ only in case",
      [
        { path: "topics/first.md", content: FILE("first") },
        { path: "topics/dup.md", content: FILE("dup") },
        { path: "topics/DUP.md", content: FILE("DUP") },
      ],
      "name_clash  topics/dup.md: the bundle also holds topics/DUP.md",
      "Nothing was imported: 2 files whose names clash in the bundle.",
    ],
    [
      "two names that differ only in Unicode normalization",
      [
        { path: "topics/first.md", content: FILE("first") },
        { path: "people/jos\u00e9.md", content: FILE("one") },
        { path: "people/jose\u0301.md", content: FILE("two") },
      ],
      "name_clash  people/jos\u00e9.md: the bundle also holds people/jose\u0301.md",
      "Nothing was imported: 2 files whose names clash in the bundle.",
    ],
    [
      "a file over the cap",
      [
        { path: "topics/first.md", content: FILE("first") },
        { path: "topics/big.md", content: FILE("big") + "x".repeat(DEFAULT_MAX_CHARS) },
      ],
      `too_long  topics/big.md: ${FILE("big").length + DEFAULT_MAX_CHARS} chars is over the ${DEFAULT_MAX_CHARS}-char cap`,
      "Nothing was imported: 1 file over the size cap.",
    ],
  ])("%s: exit 1, says why, writes nothing", async (_name, files, said, summary) => {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-import-"));
    await writeFile(join(folder, "bundle.json"), bundleOf(files));
    const imported = await run(folder, ["import", "bundle.json", "copy"]);
    expect(imported.code).toBe(1);
    expect(imported.stdout).toContain(said);
    expect(imported.stdout).toContain(summary);
    expect(await readdir(folder)).toEqual(["bundle.json"]);
  });
});

// A new user's trial: a bundle exported from a folder holding a hand-made `topics/ghp_….md` was
// imported into a new folder, names printed raw and files written, though `remember` refuses such
// a path and docs/security.md says import refuses a bundle holding a secret.
describe("import refuses a bundle whose file names hold a secret, printing them masked", () => {
  const TOKEN = `ghp_${"R8k2mQ7xV4pL9nT3wY6zB1cD5fH0jK2sA4uE"}`;
  const KEY_ID = "AKIAZ3MHQ6VW4PXLR7TN";
  it.each([
    ["a token as a subject file's name", `topics/${TOKEN}.md`, FILE("ci"), TOKEN],
    ["a key id as a fact file's name", `${KEY_ID}.md`, FACT("sandbox"), KEY_ID],
    ["a token as a folder's name", `${TOKEN}/notes.md`, FILE("notes"), TOKEN],
  ])("%s", async (_name, path, content, secret) => {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-import-name-"));
    const files = [
      { path: "topics/first.md", content: FILE("first") },
      { path, content },
    ];
    await writeFile(join(folder, "bundle.json"), bundleOf(files));
    for (const argv of [
      ["import", "bundle.json", "copy", "--dry-run"],
      ["import", "bundle.json", "copy"],
      ["import", "bundle.json", "copy", "--json"],
    ]) {
      const imported = await run(folder, argv);
      expect(imported.code).toBe(1);
      expect(imported.stdout).toContain("[redacted]");
      expect(imported.stdout).toContain("holds a secret");
      expect(`${imported.stdout}${imported.stderr}`).not.toContain(secret);
      expect(await readdir(folder)).toEqual(["bundle.json"]);
    }
  });

  it("prints a clean bundle's plan as before", async () => {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-import-name-"));
    const files = [{ path: "topics/ghp-migration.md", content: FILE("migration") }];
    await writeFile(join(folder, "bundle.json"), bundleOf(files));
    const imported = await run(folder, ["import", "bundle.json", "copy"]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("topics/ghp-migration.md");
  });
});

// A forgotten line put back by hand went into the bundle and, imported into a folder with no
// tombstones, came back on every surface; a damaged tombstone file was exported without a word.
// Export shows what every surface shows (`showWithoutForgotten`), and refuses what they refuse.
describe("export leaves out what a forget asked for, and refuses a damaged tombstone file", () => {
  const FORGOTTEN = "Anna's sister lives in Madrid";
  it.each(["subject", "fact"] as const)("%s layout", async (layout) => {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-export-forgotten-"));
    const path = layout === "subject" ? "topics/family.md" : "family.md";
    const create = ["remember", "--create", "--layout", layout, "memory", path];
    expect((await run(folder, [...create, FORGOTTEN])).code).toBe(0);
    expect(
      (await run(folder, ["remember", "memory", path, "Anna's brother lives in Berlin"])).code,
    ).toBe(0);
    expect((await run(folder, ["forget", "memory", "--yes", "sister"])).code).toBe(0);
    const file = join(folder, "memory", path);
    const putBack =
      layout === "subject" ? `[stated 2026/12/07] ${FORGOTTEN}\n` : `\n${FORGOTTEN}.\n`;
    await writeFile(file, `${await readFile(file, "utf8")}${putBack}`);
    const exported = await run(folder, ["export", "memory", "-o", "bundle.json"]);
    const bundle = await readFile(join(folder, "bundle.json"), "utf8");
    expect({
      code: exported.code,
      holds: bundle.includes("Madrid"),
      says: exported.stderr,
    }).toEqual({
      code: 0,
      holds: false,
      says: expect.stringContaining("Left out 1 line a tombstone matches"),
    });
    await writeFile(join(folder, "memory/.memfiles/tombstones.json"), "");
    const refused = await run(folder, ["export", "memory", "-o", "damaged.json"]);
    expect({
      code: refused.code,
      says: refused.stderr,
      written: (await readdir(folder)).includes("damaged.json"),
    }).toEqual({ code: 2, says: expect.stringContaining("tombstones.json:1"), written: false });
  });
});

// A bundle carries its source's tombstones (decision 0121): imported into a folder that still
// holds a fact the source forgot (a copy made before the forget), the fact is hidden there too,
// and `check` names its line. Before, the bundle left the line out and the folder kept showing it.
describe("import carries the source's tombstones", () => {
  const FORGOTTEN = "Anna's sister lives in Madrid";
  it.each(["subject", "fact"] as const)("%s layout", async (layout) => {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-import-tombstones-"));
    const path = layout === "subject" ? "topics/family.md" : "family.md";
    const older = layout === "subject" ? "people/anna.md" : "anna.md";
    const remember = (memory: string, file: string, fact: string) =>
      run(folder, ["remember", "--create", "--layout", layout, memory, file, fact]);
    expect((await remember("memory", path, FORGOTTEN)).code).toBe(0);
    expect((await remember("memory", path, "Anna's brother lives in Berlin")).code).toBe(0);
    expect((await remember("copy", older, FORGOTTEN)).code).toBe(0);
    expect((await run(folder, ["forget", "memory", "--yes", "sister"])).code).toBe(0);
    expect((await run(folder, ["export", "memory", "-o", "bundle.json"])).code).toBe(0);
    const bundle = JSON.parse(await readFile(join(folder, "bundle.json"), "utf8"));
    const imported = await run(folder, ["import", "bundle.json", "copy"]);
    const searched = await run(folder, ["search", "copy", "Madrid"]);
    const check = await run(folder, ["check", "copy", "--json"]);
    const findings = JSON.parse(check.stdout).findings as Array<{ code: string; path: string }>;
    expect({
      version: bundle.version,
      carried: typeof bundle.tombstones === "string" && !bundle.tombstones.includes("Madrid"),
      imported: imported.code,
      shown: searched.stdout.includes("sister lives"),
      // The fact layout names the file's description and its body line: one file either way.
      named: [
        ...new Set(
          findings.filter((finding) => finding.code === "forgotten_line").map((f) => f.path),
        ),
      ],
    }).toEqual({ version: 2, carried: true, imported: 0, shown: false, named: [older] });
  });
});

// A copy made before a forget that left other lines in the file: the file conflicts and is
// refused, and the bundle's tombstones are added all the same (they only hide): the forgotten
// line is no longer shown there (decision 0132, a new user's trial).
describe("import adds the bundle's tombstones even when a file is refused", () => {
  it("subject layout", async () => {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-import-tombstones-refused-"));
    const remember = (fact: string) =>
      run(folder, ["remember", "--create", "memory", "people/anna.md", fact]);
    expect((await remember("Anna is allergic to peanuts")).code).toBe(0);
    expect((await remember("Anna lives in Madrid")).code).toBe(0);
    await cp(join(folder, "memory"), join(folder, "copy"), { recursive: true });
    expect((await run(folder, ["forget", "memory", "--yes", "peanuts"])).code).toBe(0);
    expect((await run(folder, ["export", "memory", "-o", "bundle.json"])).code).toBe(0);
    const imported = await run(folder, ["import", "bundle.json", "copy"]);
    const searched = await run(folder, ["search", "copy", "peanuts"]);
    expect({
      refused: imported.code !== 0,
      says: imported.stdout.includes("The bundle's tombstones were added"),
      shown: searched.stdout.includes("allergic"),
      kept: (await readFile(join(folder, "copy/people/anna.md"), "utf8")).includes("Madrid"),
    }).toEqual({ refused: true, says: true, shown: false, kept: true });
  });
});
