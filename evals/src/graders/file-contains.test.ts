import { describe, expect, it } from "vitest";
import {
  type Case,
  fail,
  pass,
  TOOLS,
  useTempRoot,
  writeFolder,
} from "../../test/fixtures-file-graders.js";
import { fileContains } from "./file-contains.js";

const root = useTempRoot();

const cases: Case[] = [
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
];

describe("fileContains", () => {
  it.each(cases)("$name", async ({ files, grade, expected }) => {
    await writeFolder(root(), files);
    expect(await grade(root())).toEqual(expected);
  });
});
