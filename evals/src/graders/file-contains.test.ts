import {
  type Case,
  describeFileGrader,
  fail,
  pass,
  TOOLS,
} from "../../test/fixtures-file-graders.js";
import { fileContains } from "./file-contains.js";

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

describeFileGrader("fileContains", cases);
