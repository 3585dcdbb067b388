import { describe, expect, it } from "vitest";
import {
  type Case,
  fail,
  pass,
  TOOLS,
  useTempRoot,
  writeFolder,
} from "../../test/fixtures-file-graders.js";
import { fileLacks } from "./file-lacks.js";

const root = useTempRoot();

const cases: Case[] = [
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
];

describe("fileLacks", () => {
  it.each(cases)("$name", async ({ files, grade, expected }) => {
    await writeFolder(root(), files);
    expect(await grade(root())).toEqual(expected);
  });
});
