import {
  type Case,
  describeFileGrader,
  fail,
  pass,
  TOOLS,
} from "../../test/fixtures-file-graders.js";
import { noNewFiles } from "./no-new-files.js";

const cases: Case[] = [
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
];

describeFileGrader("noNewFiles", cases);
