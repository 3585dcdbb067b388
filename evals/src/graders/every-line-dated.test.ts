import {
  type Case,
  describeFileGrader,
  fail,
  pass,
  TOOLS,
  UNDATED,
} from "../../test/fixtures-file-graders.js";
import { everyLineDated } from "./every-line-dated.js";

const cases: Case[] = [
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
];

describeFileGrader("everyLineDated", cases);
