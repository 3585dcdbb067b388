import {
  type Case,
  describeFileGrader,
  fail,
  MOVED,
  pass,
  TOOLS,
} from "../../test/fixtures-file-graders.js";
import { seedFilesUnchanged } from "./seed-files-unchanged.js";

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

describeFileGrader("seedFilesUnchanged", cases);
