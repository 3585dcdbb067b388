import {
  type Case,
  describeFileGrader,
  fail,
  pass,
  TOOLS,
} from "../../test/fixtures-file-graders.js";
import { underCap } from "./under-cap.js";

const cases: Case[] = [
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
];

describeFileGrader("underCap", cases);
