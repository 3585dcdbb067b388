import { describe, expect, it } from "vitest";
import { projectFolderName } from "./claude-code-location.js";

// The long path and the folder Claude Code 2.1.332 created for it in a real `claude -p` run.
const LONG_PATH = `/tmp/ccprobe-m8V8oS/project-${"x".repeat(52)}/deep.folder_name${"y".repeat(64)}/${"z".repeat(90)}`;
const LONG_FOLDER = `-tmp-ccprobe-m8V8oS-project-${"x".repeat(52)}-deep-folder-name${"y".repeat(64)}-${"z".repeat(38)}-b3icrw`;

describe("projectFolderName", () => {
  it.each([
    ["a plain path", "/home/ana/my.app", "-home-ana-my-app"],
    ["punctuation and non-ASCII", "/tmp/a.b_c/café", "-tmp-a-b-c-caf-"],
    ["exactly 200 chars, kept whole", `/${"a".repeat(199)}`, `-${"a".repeat(199)}`],
    ["a 252-char path, cut and hashed as Claude Code did", LONG_PATH, LONG_FOLDER],
  ])("%s", (_name, path, folder) => {
    expect(projectFolderName(path)).toBe(folder);
  });
});
