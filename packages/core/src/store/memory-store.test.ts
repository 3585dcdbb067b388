import {
  access,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatMemoryIndex, MEMORY_INDEX_HEADER } from "./memory-index.js";
import { MemoryPathError } from "./memory-path-error.js";
import { MemoryStore } from "./memory-store.js";
import { versionToken } from "./version-token.js";

const TOOLS = `---
name: tools
description: Editor, languages, hosting and dev tools. Read for any coding or setup question.
updated: 2026/09/26
---
[stated 2026/09/12] uses Neovim, not VS Code
`;
const PROFILE =
  "---\nname: profile\ndescription: Who the user is.\n---\n[stated 2026/09/01] is a backend developer\n";

let sandbox: string;
let root: string;
let store: MemoryStore;

beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "memfiles-store-"));
  root = join(sandbox, "memory");
  store = new MemoryStore({ root });
});

afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

describe("read and write", () => {
  it("reads a missing file as version new, writes it, and reads it back", async () => {
    expect(await store.read("topics/tools.md")).toEqual({
      path: "topics/tools.md",
      exists: false,
      version: "new",
    });
    expect(await store.write("topics/tools.md", TOOLS, "new")).toEqual({
      ok: true,
      code: "written",
      version: versionToken(TOOLS),
    });
    expect(await store.read("topics/tools.md")).toEqual({
      path: "topics/tools.md",
      exists: true,
      version: versionToken(TOOLS),
      content: TOOLS,
    });
  });

  it("computes the version token as the first 12 hex chars of sha1 of the text", () => {
    expect(versionToken("")).toBe("da39a3ee5e6b");
    expect(versionToken("abc")).toBe("a9993e364706");
    expect(versionToken(undefined)).toBe("new");
  });

  it("refuses a stale token with version_conflict and the current file, leaving it as it was", async () => {
    const first = await store.write("topics/tools.md", TOOLS, "new");
    const edited = `${TOOLS}[stated 2026/09/20] deploys on Fly.io\n`;
    expect(await store.write("topics/tools.md", edited, "new")).toEqual({
      ok: false,
      code: "version_conflict",
      message: `Refused to change topics/tools.md: it was read at version new but is now ${versionToken(TOOLS)}. Read it again, re-apply the change to the current text, and write with the new version token.`,
      reason: `it was read at version new but is now ${versionToken(TOOLS)}. Read it again, re-apply the change to the current text, and write with the new version token.`,
      current: {
        path: "topics/tools.md",
        exists: true,
        version: versionToken(TOOLS),
        content: TOOLS,
      },
    });
    expect(first.ok && (await store.write("topics/tools.md", edited, first.version))).toEqual({
      ok: true,
      code: "written",
      version: versionToken(edited),
    });
    expect(await readFile(join(root, "topics/tools.md"), "utf8")).toBe(edited);
  });

  it("refuses creating over an existing file and writing a token to a missing one", async () => {
    await store.write("profile.md", PROFILE, "new");
    expect(await store.write("profile.md", PROFILE, "new")).toMatchObject({
      ok: false,
      code: "version_conflict",
    });
    expect(await store.write("other.md", PROFILE, versionToken(PROFILE))).toEqual({
      ok: false,
      code: "version_conflict",
      message: `Refused to change other.md: it was read at version ${versionToken(PROFILE)} but is now new. Read it again, re-apply the change to the current text, and write with the new version token.`,
      reason: `it was read at version ${versionToken(PROFILE)} but is now new. Read it again, re-apply the change to the current text, and write with the new version token.`,
      current: { path: "other.md", exists: false, version: "new" },
    });
  });

  it.each([
    ["one char over the default 12,000-char cap", 12_001, true],
    ["exactly at the cap", 12_000, false],
  ])("size cap: %s", async (_name, length, refused) => {
    await store.write("topics/tools.md", TOOLS, "new");
    const text = TOOLS + "x".repeat(length - TOOLS.length);
    const result = await store.write("topics/tools.md", text, versionToken(TOOLS));
    if (refused) {
      expect(result).toEqual({
        ok: false,
        code: "too_long",
        message: `Refused to write topics/tools.md: ${length} chars is over the 12000-char cap. Consolidate the file (merge and drop lines) or split it by subject.`,
        reason: `${length} chars is over the 12000-char cap. Consolidate the file (merge and drop lines) or split it by subject.`,
      });
      expect(await readFile(join(root, "topics/tools.md"), "utf8")).toBe(TOOLS);
    } else {
      expect(result).toEqual({ ok: true, code: "written", version: versionToken(text) });
    }
  });

  it.each([
    ["one char shorter, still over the cap", 23_999, true],
    ["down to the cap", 12_000, true],
    ["the same length", 24_000, false],
    ["longer", 24_001, false],
  ])("a file edited by hand past the cap: a write %s is ok=%s", async (_name, length, ok) => {
    await mkdir(root, { recursive: true });
    const big = TOOLS + "y".repeat(24_000 - TOOLS.length);
    await writeFile(join(root, "big.md"), big);
    const text = TOOLS + "z".repeat(length - TOOLS.length);
    const result = await store.write("big.md", text, versionToken(big));
    if (ok) {
      expect(result).toEqual({ ok: true, code: "written", version: versionToken(text) });
      expect(await readFile(join(root, "big.md"), "utf8")).toBe(text);
    } else {
      expect(result).toEqual({
        ok: false,
        code: "too_long",
        message: `Refused to write big.md: ${length} chars is over the 12000-char cap and not shorter than the 24000 chars it has now. Consolidate the file (merge and drop lines) or split it by subject.`,
        reason: `${length} chars is over the 12000-char cap and not shorter than the 24000 chars it has now. Consolidate the file (merge and drop lines) or split it by subject.`,
      });
      expect(await readFile(join(root, "big.md"), "utf8")).toBe(big);
    }
  });

  it("a shorter write over the cap with a stale token is still a version conflict", async () => {
    await mkdir(root, { recursive: true });
    const big = "y".repeat(24_000);
    await writeFile(join(root, "big.md"), big);
    const result = await store.write("big.md", "z".repeat(20_000), versionToken("older"));
    expect(result).toMatchObject({ ok: false, code: "version_conflict" });
    expect(await readFile(join(root, "big.md"), "utf8")).toBe(big);
  });

  it("honours a custom cap, counted in chars (UTF-16 code units)", async () => {
    const small = new MemoryStore({ root, maxChars: 10 });
    expect(await small.write("a.md", "é".repeat(10), "new")).toMatchObject({ ok: true });
    expect(await small.write("b.md", "é".repeat(11), "new")).toMatchObject({
      ok: false,
      code: "too_long",
    });
    expect(await exists(join(root, "b.md"))).toBe(false);
  });

  it("leaves no temp files behind", async () => {
    await store.write("topics/tools.md", TOOLS, "new");
    expect((await readdir(join(root, "topics"))).sort()).toEqual(["tools.md"]);
  });
});

describe("delete", () => {
  it("deletes with the current token, removes the emptied folder, and updates the index", async () => {
    const written = await store.write("topics/tools.md", TOOLS, "new");
    await store.write("profile.md", PROFILE, "new");
    expect(written.ok && (await store.delete("topics/tools.md", written.version))).toEqual({
      ok: true,
      code: "deleted",
      version: "new",
    });
    expect(await exists(join(root, "topics"))).toBe(false);
    expect(await readFile(join(root, "MEMORY.md"), "utf8")).toBe(
      `${MEMORY_INDEX_HEADER}- [profile](profile.md) — Who the user is.\n`,
    );
  });

  it("refuses a stale token and keeps the file", async () => {
    await store.write("profile.md", PROFILE, "new");
    expect(await store.delete("profile.md", "0123456789ab")).toMatchObject({
      ok: false,
      code: "version_conflict",
      current: { exists: true, content: PROFILE },
    });
    expect(await exists(join(root, "profile.md"))).toBe(true);
  });

  it("deletes without a token, and a missing file is already deleted", async () => {
    await store.write("profile.md", PROFILE, "new");
    expect(await store.delete("profile.md")).toEqual({ ok: true, code: "deleted", version: "new" });
    expect(await store.delete("profile.md")).toEqual({ ok: true, code: "deleted", version: "new" });
    expect(await store.delete("profile.md", "0123456789ab")).toMatchObject({
      ok: false,
      code: "version_conflict",
    });
  });

  it("removes a link, not the file it points at", async () => {
    await store.write("topics/tools.md", TOOLS, "new");
    await symlink("topics/tools.md", join(root, "alias.md"));
    expect(await store.delete("alias.md")).toEqual({ ok: true, code: "deleted", version: "new" });
    expect(await readFile(join(root, "topics/tools.md"), "utf8")).toBe(TOOLS);
  });
});

describe("list", () => {
  it("lists rows sorted by path, skipping MEMORY.md, dot-folders, non-markdown and refused names", async () => {
    await store.write("topics/tools.md", TOOLS, "new");
    await store.write("profile.md", PROFILE, "new");
    await mkdir(join(root, ".git"), { recursive: true });
    await writeFile(join(root, ".git/x.md"), PROFILE);
    await writeFile(join(root, ".memfiles/tombstones.md"), PROFILE);
    await writeFile(join(root, "notes.txt"), "x");
    await writeFile(join(root, "topics/a:b.md"), PROFILE);
    await writeFile(join(root, "Profile.md"), PROFILE.replace("name: profile", "name: Profile"));
    expect(await store.list()).toEqual([
      {
        path: "Profile.md",
        name: "Profile",
        description: "Who the user is.",
        chars: PROFILE.length + 0,
      },
      {
        path: "profile.md",
        name: "profile",
        description: "Who the user is.",
        chars: PROFILE.length,
      },
      {
        path: "topics/tools.md",
        name: "tools",
        description:
          "Editor, languages, hosting and dev tools. Read for any coding or setup question.",
        chars: TOOLS.length,
        updated: "2026/09/26",
      },
    ]);
  });

  it("never throws on bad files: problems are values", async () => {
    await mkdir(root, { recursive: true });
    await writeFile(join(root, "evil.md"), "---js\n({ name: 'x' })\n---\n");
    await writeFile(join(root, "broken.md"), "---\ndescription: a: b\n---\n");
    await writeFile(join(root, "bare.md"), "just a note\n");
    await writeFile(
      join(root, "big.md"),
      `---\ndescription: big\n---\n${"[stated 2026/09/12] x\n".repeat(600)}`,
    );
    const rows = await store.list();
    expect(rows.map((row) => [row.path, row.problems?.map((problem) => problem.code)])).toEqual([
      ["bare.md", ["no_description", "undated_line"]],
      ["big.md", ["over_cap"]],
      // Not YAML, read line by line: the description is found.
      ["broken.md", ["header_not_yaml"]],
      ["evil.md", ["unparsable_header"]],
    ]);
    expect(rows[3]).toMatchObject({ name: "evil", description: "", chars: 26 });
  });

  it("picks up a file edited by hand since the last call, even at the same size", async () => {
    await store.write("profile.md", PROFILE, "new");
    await store.list();
    const edited = PROFILE.replace("Who the user is.", "Who the user IS.");
    await writeFile(join(root, "profile.md"), edited);
    expect((await store.list())[0]).toMatchObject({
      description: "Who the user IS.",
      chars: edited.length,
    });
    await rm(join(root, "profile.md"));
    await writeFile(join(root, "new.md"), PROFILE);
    expect((await store.list()).map((row) => row.path)).toEqual(["new.md"]);
  });

  it("reports the .md files whose names it skips, never the index or dot-files", async () => {
    await mkdir(join(root, "topics"), { recursive: true });
    for (const name of ["aux.md", "topics/what?.md", "topics/a%20b.md", "MEMORY.md", ".draft.md"]) {
      await writeFile(join(root, name), "likes tea\n");
    }
    expect(await store.list()).toEqual([]);
    expect((await store.check()).ignoredFiles).toEqual([
      {
        path: "aux.md",
        reason: '"aux.md" is a device name on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9)',
      },
      {
        path: "topics/a%20b.md",
        reason: "it contains a percent-encoded character; write the plain character instead",
      },
      { path: "topics/what?.md", reason: 'it contains one of < > : " | ? *' },
    ]);
  });

  it("skips links that resolve outside the folder, and check() reports them", async () => {
    await mkdir(root, { recursive: true });
    await writeFile(join(sandbox, "outside.md"), PROFILE);
    await symlink(join(sandbox, "outside.md"), join(root, "out.md"));
    await symlink(sandbox, join(root, "escape"));
    expect(await store.list()).toEqual([]);
    expect(await store.check()).toEqual({
      ok: false,
      missingFromIndex: [],
      indexWithoutFile: [],
      outdatedIndexLines: [],
      withoutDescription: [],
      overCap: [],
      linksOutside: ["escape", "out.md"],
      notEditable: [],
      ignoredFiles: [],
      leftoverTempFiles: [],
      pendingForget: [],
      linkGaps: [],
      sameFactTwoLanguages: [],
      sameSubject: [],
      updatedValueKept: [],
      emptyBody: [],
      indexOverBudget: null,
    });
  });

  it("lists nothing for a folder that does not exist yet", async () => {
    expect(await store.list()).toEqual([]);
  });
});

describe("MEMORY.md and check()", () => {
  it("rewrites the index after every write, one line per file with its description", async () => {
    await store.write("topics/tools.md", TOOLS, "new");
    await store.write("profile.md", PROFILE, "new");
    const index = await readFile(join(root, "MEMORY.md"), "utf8");
    expect(index).toBe(
      `${MEMORY_INDEX_HEADER}- [profile](profile.md) — Who the user is.\n- [tools](topics/tools.md) — Editor, languages, hosting and dev tools. Read for any coding or setup question.\n`,
    );
    expect(index).toBe(formatMemoryIndex(await store.list()));
    expect(await store.check()).toEqual({
      ok: true,
      missingFromIndex: [],
      indexWithoutFile: [],
      outdatedIndexLines: [],
      withoutDescription: [],
      overCap: [],
      linksOutside: [],
      notEditable: [],
      ignoredFiles: [],
      leftoverTempFiles: [],
      pendingForget: [],
      linkGaps: [],
      sameFactTwoLanguages: [],
      sameSubject: [],
      updatedValueKept: [],
      emptyBody: [],
      indexOverBudget: null,
    });
  });

  it("never reads MEMORY.md back as truth", async () => {
    await store.write("profile.md", PROFILE, "new");
    await writeFile(join(root, "MEMORY.md"), "- [ghost](ghost.md) — not a file\n");
    expect((await store.list()).map((row) => row.path)).toEqual(["profile.md"]);
    expect(await store.read("ghost.md")).toEqual({
      path: "ghost.md",
      exists: false,
      version: "new",
    });
  });

  it("reports hand edits: files missing from the index, dead lines, outdated lines, no description, over cap", async () => {
    const small = new MemoryStore({ root, maxChars: 200 });
    await small.write("profile.md", PROFILE, "new");
    await small.write("topics/tools.md", TOOLS.slice(0, 190), "new");
    await writeFile(join(root, "bare.md"), "[stated 2026/09/12] x\n");
    await writeFile(join(root, "profile.md"), PROFILE.replace("Who the user is.", "Who they are."));
    await writeFile(join(root, "big.md"), `---\ndescription: big\n---\n${"y".repeat(300)}\n`);
    await rm(join(root, "topics/tools.md"));
    expect(await small.check()).toEqual({
      ok: false,
      missingFromIndex: ["bare.md", "big.md"],
      indexWithoutFile: ["topics/tools.md"],
      outdatedIndexLines: ["profile.md"],
      withoutDescription: ["bare.md"],
      overCap: ["big.md"],
      linksOutside: [],
      notEditable: [],
      ignoredFiles: [],
      leftoverTempFiles: [],
      pendingForget: [],
      linkGaps: [],
      sameFactTwoLanguages: [],
      sameSubject: [],
      updatedValueKept: [],
      emptyBody: [],
      indexOverBudget: null,
    });
    await small.rebuildIndex();
    expect(await small.check()).toMatchObject({
      missingFromIndex: [],
      indexWithoutFile: [],
      outdatedIndexLines: [],
    });
  });
});

describe("path guard on the disk", () => {
  beforeEach(async () => {
    await mkdir(join(root, "topics"), { recursive: true });
    await mkdir(join(root, ".memfiles"), { recursive: true });
    await mkdir(join(sandbox, "outside"), { recursive: true });
    await writeFile(join(sandbox, "outside/secret.md"), "secret");
    await writeFile(join(root, "topics/tools.md"), TOOLS);
    await symlink(join(sandbox, "outside"), join(root, "escape"));
    await symlink(join(sandbox, "outside/secret.md"), join(root, "secret.md"));
    await symlink(join(sandbox, "outside/none.md"), join(root, "dangling.md"));
    await symlink("topics", join(root, "inner"));
    await symlink("topics/tools.md", join(root, "alias.md"));
    await symlink(".memfiles", join(root, "internal"));
    await mkdir(join(root, ".memfiles/sub"), { recursive: true });
    await symlink(".memfiles/sub", join(root, "deep"));
    await symlink(join(sandbox, "none"), join(root, "gone"));
    await writeFile(join(root, "notes.txt"), "x");
    await symlink("notes.txt", join(root, "notes.md"));
  });

  it.each([
    [
      "a folder link that leaves the root",
      "escape/secret.md",
      "resolves outside the memory folder. Links may only point inside the memory folder.",
    ],
    [
      "a new file under a folder link that leaves the root",
      "escape/new.md",
      "resolves outside the memory folder",
    ],
    ["a link into .memfiles", "internal/x.md", "internal folder"],
    ["a link into a folder inside .memfiles", "deep/x.md", "internal folder"],
    [
      "a file used as a folder",
      "topics/tools.md/x.md",
      '"topics/tools.md" is a file, not a folder',
    ],
    [
      "a folder link that points nowhere",
      "gone/x.md",
      '"gone" is a link that points nowhere. Remove the link or point it at a file inside the memory folder.',
    ],
    ["a folder used as a file", "topics.md", "not a file"],
  ])("refuses %s on read, write and delete", async (_name, path, reason) => {
    if (path === "topics.md") await mkdir(join(root, "topics.md"));
    for (const run of [
      () => store.read(path),
      () => store.write(path, PROFILE, "new"),
      () => store.delete(path),
    ]) {
      const error = await run().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MemoryPathError);
      expect((error as MemoryPathError).message).toContain(JSON.stringify(path));
      expect((error as MemoryPathError).message).toContain(reason);
    }
    expect(await readFile(join(sandbox, "outside/secret.md"), "utf8")).toBe("secret");
    expect(await readdir(join(sandbox, "outside"))).toEqual(["secret.md"]);
    expect(await readdir(join(root, ".memfiles/sub"))).toEqual([]);
  });

  it.each([
    ["a file link that leaves the root", "secret.md", "resolves outside the memory folder"],
    ["a dangling link", "dangling.md", '"dangling.md" is a link that points nowhere'],
    ["a link to a non-markdown file", "notes.md", 'link to "notes.txt"'],
  ])(
    "refuses %s on read and write; delete removes the link itself",
    async (_name, path, reason) => {
      for (const run of [() => store.read(path), () => store.write(path, PROFILE, "new")]) {
        const error = await run().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(MemoryPathError);
        expect((error as MemoryPathError).message).toContain(JSON.stringify(path));
        expect((error as MemoryPathError).message).toContain(reason);
      }
      expect((await store.check()).linksOutside).toContain(path);
      expect(await store.delete(path, "abc123abc123")).toEqual({
        ok: true,
        code: "deleted",
        version: "new",
      });
      expect(await exists(join(root, path))).toBe(false);
      expect((await store.check()).linksOutside).not.toContain(path);
      expect(await readFile(join(sandbox, "outside/secret.md"), "utf8")).toBe("secret");
      expect(await readFile(join(root, "notes.txt"), "utf8")).toBe("x");
      expect(await readFile(join(root, "topics/tools.md"), "utf8")).toBe(TOOLS);
    },
  );

  it("lists a link that stays inside with its target's row; the file itself as it is", async () => {
    const rows = await store.list();
    const alias = rows.find((row) => row.path === "alias.md");
    const tools = rows.find((row) => row.path === "topics/tools.md");
    expect(alias?.problems).toBeUndefined();
    expect(tools?.problems).toBeUndefined();
    expect(alias).toEqual({ ...tools, path: "alias.md" });
  });

  it("reports every link it will not follow in check(), and lists none of them", async () => {
    await symlink("MEMORY.md", join(root, "index-alias.md"));
    await symlink(join(sandbox, "outside"), join(root, "topics/escape-too"));
    expect((await store.list()).map((row) => row.path)).toEqual(["alias.md", "topics/tools.md"]);
    expect(await store.check()).toMatchObject({
      ok: false,
      linksOutside: [
        "dangling.md",
        "escape",
        "gone",
        "index-alias.md",
        "notes.md",
        "secret.md",
        "topics/escape-too",
      ],
    });
  });

  it("follows links that stay inside the root", async () => {
    expect(await store.read("inner/tools.md")).toMatchObject({ exists: true, content: TOOLS });
    expect(await store.read("alias.md")).toMatchObject({ exists: true, content: TOOLS });
    const result = await store.write("inner/new.md", PROFILE, "new");
    expect(result.ok).toBe(true);
    expect(await readFile(join(root, "topics/new.md"), "utf8")).toBe(PROFILE);
  });

  it("refuses a .memfiles folder that is a link", async () => {
    const other = new MemoryStore({ root: join(sandbox, "second") });
    await mkdir(join(sandbox, "second"));
    await symlink(join(sandbox, "outside"), join(sandbox, "second/.memfiles"));
    await expect(other.write("x.md", PROFILE, "new")).rejects.toThrow(MemoryPathError);
    expect(await readdir(join(sandbox, "outside"))).toEqual(["secret.md"]);
  });
});

describe("check() lists the same fact said in two languages", () => {
  it("reports the pair as a warning, not a problem", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-two-languages-")), "memory");
    const store = new MemoryStore({ root });
    const header = (name: string) =>
      `---\nname: ${name}\ndescription: Work. Read for job questions.\n---\n`;
    await store.write(
      "profile.md",
      `${header("profile")}[stated 2026/09/12] works at Siemens since 2019\n[stated 2026/09/12] lives in Berlin\n`,
      "new",
    );
    await store.write(
      "topics/arbeit.md",
      `${header("arbeit")}[stated 2026/10/01] arbeitet seit 2019 bei Siemens\n[stated 2026/10/01] works in Berlin\n`,
      "new",
    );
    const report = await store.check();
    expect(report.sameFactTwoLanguages).toEqual([
      {
        first: { path: "profile.md", line: "works at Siemens since 2019" },
        second: { path: "topics/arbeit.md", line: "arbeitet seit 2019 bei Siemens" },
      },
    ]);
    expect(report.ok).toBe(true);
  });
});
