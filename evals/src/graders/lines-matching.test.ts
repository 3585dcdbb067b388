import {
  APPENDED,
  type Case,
  describeFileGrader,
  fail,
  MOVED,
  pass,
} from "../../test/fixtures-file-graders.js";
import { linesMatching } from "./lines-matching.js";

const cases: Case[] = [
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
];

describeFileGrader("linesMatching", cases);
