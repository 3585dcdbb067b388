import {
  type Case,
  describeFileGrader,
  fail,
  pass,
  TOOLS,
} from "../../test/fixtures-file-graders.js";
import { fileExists } from "./file-exists.js";

const cases: Case[] = [
  {
    name: "file_exists passes an existing file",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => fileExists(dir, "topics/tools.md", true),
    expected: pass("file_exists(topics/tools.md)", "topics/tools.md exists"),
  },
  {
    name: "file_exists fails a missing file",
    files: {},
    grade: (dir) => fileExists(dir, "topics/tools.md", true),
    expected: fail("file_exists(topics/tools.md)", 0, "topics/tools.md does not exist"),
  },
  {
    name: "file_absent fails an existing file",
    files: { "topics/tools.md": TOOLS },
    grade: (dir) => fileExists(dir, "topics/tools.md", false),
    expected: fail("file_absent(topics/tools.md)", 0, "topics/tools.md exists"),
  },
  {
    name: "file_exists refuses a path outside the folder",
    files: {},
    grade: (dir) => fileExists(dir, "../etc/passwd.md", true),
    expected: fail(
      "file_exists(../etc/passwd.md)",
      0,
      "path ../etc/passwd.md is outside the memory folder",
    ),
  },
];

describeFileGrader("fileExists", cases);
