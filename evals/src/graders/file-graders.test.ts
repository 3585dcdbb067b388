import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { deflateSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  everyLineDated,
  fileContains,
  fileExists,
  fileLacks,
  folderLacks,
  linesMatching,
  noNewFiles,
  onlyAsPrevious,
  seedFilesUnchanged,
  underCap,
} from "./file-graders.js";
import type { GradeResult } from "./types.js";

const HEADER = "---\nname: tools\ndescription: Editor, hosting and dev tools.\n---\n";
const TOOLS = `${HEADER}[stated 2026/09/12] uses Neovim\n[stated 2026/09/12] deploys everything on Fly.io\n`;
const MOVED = `${HEADER}[stated 2026/09/12] uses Neovim\n[stated 2026/10/14] deploys everything on Railway (previously Fly.io)\n`;
const APPENDED = `${HEADER}[stated 2026/09/12] deploys everything on Fly.io\n[stated 2026/10/14] deploys everything on Railway\n`;
const UNDATED = `${HEADER}[stated 2026/09/12] uses Neovim\n# Hosting\ndeploys on Fly.io\n[stated 2026/02/30] likes tabs\n`;
const KEY =
  "sk-ant-api03-TESTONLY0000000000000000000000000000000000000000000000000000000000000000-AAAAAAAA";

type Folder = Record<string, string | Buffer>;
type Case = {
  name: string;
  files: Folder;
  grade: (root: string) => Promise<GradeResult>;
  expected: GradeResult;
};

let root = "";
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "memfiles-graders-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function writeFolder(files: Folder): Promise<void> {
  for (const [relative, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), text);
  }
}

const pass = (name: string, reason: string): GradeResult => ({
  name,
  pass: true,
  score: 1,
  reason,
});
const fail = (name: string, score: number, reason: string): GradeResult => ({
  name,
  pass: false,
  score,
  reason,
});

const cases: Case[] = [
  {
    name: "file_exists passes an existing file",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => fileExists(dir, "topics/tools.md", true),
    expected: pass("file_exists(topics/tools.md)", "topics/tools.md exists"),
  },
  {
    name: "file_exists fails a missing file",
    files: {},
    grade: (dir) => fileExists(dir, "topics/tools.md", true),
    expected: fail("file_exists(topics/tools.md)", 0, "topics/tools.md does not exist"),
  },
  {
    name: "file_absent fails an existing file",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => fileExists(dir, "topics/tools.md", false),
    expected: fail("file_absent(topics/tools.md)", 0, "topics/tools.md exists"),
  },
  {
    name: "file_exists refuses a path outside the folder",
    files: {},
    grade: (dir) => fileExists(dir, "../etc/passwd.md", true),
    expected: fail(
      "file_exists(../etc/passwd.md)",
      0,
      "path ../etc/passwd.md is outside the memory folder",
    ),
  },
  {
    name: "file_contains passes, case-insensitive",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => fileContains(dir, "topics/tools.md", "fly.io"),
    expected: pass('file_contains(topics/tools.md, "fly.io")', 'found "fly.io"'),
  },
  {
    name: "file_contains fails when the string is not there",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => fileContains(dir, "topics/tools.md", "Railway"),
    expected: fail(
      'file_contains(topics/tools.md, "Railway")',
      0,
      `"Railway" not in topics/tools.md:\n${TOOLS.trim()}`,
    ),
  },
  {
    name: "file_lacks fails and quotes the line",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => fileLacks(dir, "topics/tools.md", "FLY.IO"),
    expected: fail(
      'file_lacks(topics/tools.md, "FLY.IO")',
      0,
      "topics/tools.md still has: [stated 2026/09/12] deploys everything on Fly.io",
    ),
  },
  {
    name: "file_lacks passes when absent",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => fileLacks(dir, "topics/tools.md", "Railway"),
    expected: pass('file_lacks(topics/tools.md, "Railway")', '"Railway" absent'),
  },
  {
    name: "every_line_dated passes dated facts",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => everyLineDated(dir, "topics/tools.md"),
    expected: pass("every_line_dated(topics/tools.md)", "2 fact line(s), all dated"),
  },
  {
    name: "every_line_dated fails an undated line and a bad date, skips headings",
    files: { "topics/tools.md": UNDATED },
    grade: (dir) => everyLineDated(dir, "topics/tools.md"),
    expected: fail(
      "every_line_dated(topics/tools.md)",
      1 / 3,
      "undated: line 7: deploys on Fly.io; line 8: [stated 2026/02/30] likes tabs",
    ),
  },
  {
    name: "under_cap passes a small file",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => underCap(dir, "topics/tools.md", 12_000),
    expected: pass("under_cap(topics/tools.md, 12000)", `${TOOLS.length} chars, cap 12000`),
  },
  {
    name: "under_cap fails a file over the cap",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => underCap(dir, "topics/tools.md", 50),
    expected: fail(
      "under_cap(topics/tools.md, 50)",
      50 / TOOLS.length,
      `${TOOLS.length} chars, cap 50`,
    ),
  },
  {
    name: "lines_matching passes one place per fact",
    files: { "topics/tools.md": MOVED },
    grade: (dir) => linesMatching(dir, "topics/tools.md", "railway", 1),
    expected: pass(
      'lines_matching(topics/tools.md, "railway", 1)',
      "1 line(s) match: [stated 2026/10/14] deploys everything on Railway (previously Fly.io)",
    ),
  },
  {
    name: "lines_matching fails a fact kept twice",
    files: { "topics/tools.md": APPENDED },
    grade: (dir) => linesMatching(dir, "topics/tools.md", "deploys", 1),
    expected: fail(
      'lines_matching(topics/tools.md, "deploys", 1)',
      0.5,
      "2 line(s) match: [stated 2026/09/12] deploys everything on Fly.io; [stated 2026/10/14] deploys everything on Railway",
    ),
  },
  {
    name: "only_as_previous passes an old host marked previous",
    files: { "topics/tools.md": MOVED },
    grade: (dir) => onlyAsPrevious(dir, "topics/tools.md", "Fly.io"),
    expected: pass('only_as_previous(topics/tools.md, "Fly.io")', '"Fly.io" only marked previous'),
  },
  {
    name: "only_as_previous fails an old host still stated as current",
    files: { "topics/tools.md": APPENDED },
    grade: (dir) => onlyAsPrevious(dir, "topics/tools.md", "Fly.io"),
    expected: fail(
      'only_as_previous(topics/tools.md, "Fly.io")',
      0,
      "still stated as current: [stated 2026/09/12] deploys everything on Fly.io",
    ),
  },
  {
    name: "no_new_files passes seeds, the index and hidden folders",
    files: { "topics/tools.md": TOOLS, "MEMORY.md": "- topics/tools.md\n", ".memfiles/x.md": "t" },
    grade: (dir) => noNewFiles(dir, ["topics/tools.md"]),
    expected: pass("no_new_files", "1 file(s), all seeded"),
  },
  {
    name: "no_new_files fails a saved file",
    files: { "topics/tools.md": TOOLS, "projects/queue.md": TOOLS },
    grade: (dir) => noNewFiles(dir, ["topics/tools.md"]),
    expected: fail("no_new_files", 0, "new file(s): projects/queue.md"),
  },
  {
    name: "seed_files_unchanged passes untouched seeds",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => seedFilesUnchanged(dir, { "topics/tools.md": TOOLS }),
    expected: pass("seed_files_unchanged", "1 seed file(s) unchanged"),
  },
  {
    name: "seed_files_unchanged fails an edited seed",
    files: { "topics/tools.md": MOVED },
    grade: (dir) => seedFilesUnchanged(dir, { "topics/tools.md": TOOLS }),
    expected: fail("seed_files_unchanged", 0, "changed: topics/tools.md"),
  },
  {
    name: "folder_lacks passes a clean folder",
    files: { "topics/tools.md": TOOLS, "MEMORY.md": "index\n" },
    grade: (dir) => folderLacks(dir, KEY),
    expected: pass('folder_lacks("sk-ant-api03-TES…")', "absent from 2 file(s)"),
  },
  {
    name: "folder_lacks finds a key in a hidden file and a loose git object",
    files: {
      "topics/tools.md": TOOLS,
      ".memfiles/tombstones.json": `["${KEY}"]`,
      ".git/objects/ab/cdef0123456789abcdef0123456789abcdef01": deflateSync(`blob 10\0${KEY}`),
    },
    grade: (dir) => folderLacks(dir, KEY),
    expected: fail(
      'folder_lacks("sk-ant-api03-TES…")',
      0,
      "found in: .git/objects/ab/cdef0123456789abcdef0123456789abcdef01, .memfiles/tombstones.json",
    ),
  },
];

describe("file graders", () => {
  it.each(cases)("$name", async ({ files, grade, expected }) => {
    await writeFolder(files);
    expect(await grade(root)).toEqual(expected);
  });
});
