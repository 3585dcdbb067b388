import {
  type Case,
  describeFileGrader,
  fail,
  pass,
  TOOLS,
} from "../../test/fixtures-file-graders.js";
import { fileLacks } from "./file-lacks.js";

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

describeFileGrader("fileLacks", cases);
