import { deflateSync } from "node:zlib";
import {
  type Case,
  describeFileGrader,
  fail,
  KEY,
  pass,
  TOOLS,
} from "../../test/fixtures-file-graders.js";
import { folderLacks } from "./folder-lacks.js";

const cases: Case[] = [
  {
    name: "folder_lacks passes a clean folder",
    files: { "topics/tools.md": TOOLS, "MEMORY.md": "index\n" },
    grade: (dir) => folderLacks(dir, KEY),
    expected: pass('folder_lacks("sk-ant-api03-TES…")', "absent from 2 file(s)"),
  },
  {
    name: "folder_lacks finds a key in a hidden file and a loose git object",
    files: {
      "topics/tools.md": TOOLS,
      ".memfiles/tombstones.json": `["${KEY}"]`,
      ".git/objects/ab/cdef0123456789abcdef0123456789abcdef01": deflateSync(`blob 10\0${KEY}`),
    },
    grade: (dir) => folderLacks(dir, KEY),
    expected: fail(
      'folder_lacks("sk-ant-api03-TES…")',
      0,
      "found in: .git/objects/ab/cdef0123456789abcdef0123456789abcdef01, .memfiles/tombstones.json",
    ),
  },
];

describeFileGrader("folderLacks", cases);
