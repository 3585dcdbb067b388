import {
  APPENDED,
  type Case,
  describeFileGrader,
  fail,
  MOVED,
  pass,
} from "../../test/fixtures-file-graders.js";
import { onlyAsPrevious } from "./only-as-previous.js";

const cases: Case[] = [
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
];

describeFileGrader("onlyAsPrevious", cases);
