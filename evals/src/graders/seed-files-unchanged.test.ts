import { describe, expect, it } from "vitest";
import {
  type Case,
  fail,
  MOVED,
  pass,
  TOOLS,
  useTempRoot,
  writeFolder,
} from "../../test/fixtures-file-graders.js";
import { seedFilesUnchanged } from "./seed-files-unchanged.js";

const root = useTempRoot();

const cases: Case[] = [
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
];

describe("seedFilesUnchanged", () => {
  it.each(cases)("$name", async ({ files, grade, expected }) => {
    await writeFolder(root(), files);
    expect(await grade(root())).toEqual(expected);
  });
});
