import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { projectFolderName, projectNameOf } from "./claude-code-location.js";

// Observed: a long path and the folder Claude Code 2.1.332 created for it (`claude -p` run in it).
// The two rows after it are derived from the rule with a separate implementation of Java's
// String.hashCode: one hash negative (its absolute value is taken), one path with an emoji (two
// UTF-16 code units, two dashes).
const LONG_PATH = `/tmp/ccprobe-m8V8oS/project-${"x".repeat(52)}/deep.folder_name${"y".repeat(64)}/${"z".repeat(90)}`;
const LONG_FOLDER = `-tmp-ccprobe-m8V8oS-project-${"x".repeat(52)}-deep-folder-name${"y".repeat(64)}-${"z".repeat(38)}-b3icrw`;

describe("projectFolderName", () => {
  it.each([
    ["a plain path", "/home/ana/my.app", "-home-ana-my-app"],
    ["punctuation and non-ASCII", "/tmp/a.b_c/café", "-tmp-a-b-c-caf-"],
    ["exactly 200 chars, kept whole", `/${"a".repeat(199)}`, `-${"a".repeat(199)}`],
    ["a 252-char path, cut and hashed as Claude Code did", LONG_PATH, LONG_FOLDER],
    [
      "a long path whose hash is negative",
      `/srv/${"ü".repeat(250)}`,
      `-srv-${"-".repeat(195)}-bv0cqh`,
    ],
    [
      "a long path with an emoji",
      `/home/ana/${"café-".repeat(40)}\u{1F600}`,
      `-home-ana-${"caf--".repeat(38)}-ifvwgv`,
    ],
  ])("%s", (_name, path, folder) => {
    expect(projectFolderName(path)).toBe(folder);
  });
});

describe("projectNameOf: the project a session's memory is scoped to", () => {
  it.each([
    ["a kebab-case folder", "billing-api", [], "billing-api"],
    ["spaces, dots and capitals", "My App.v2", [], "my-app-v2"],
    ["a subfolder of a git checkout", "shop", ["src", "lib"], "shop"],
    ["no letter or digit", "__", [], undefined],
  ])("%s", async (_name, folder, below, project) => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-project-"));
    onTestFinished(() => rm(base, { recursive: true, force: true }));
    const root = join(base, folder);
    await mkdir(join(root, ".git"), { recursive: true });
    const cwd = join(root, ...below);
    await mkdir(cwd, { recursive: true });
    expect(projectNameOf(cwd)).toBe(project);
  });

  it("a git worktree is the project of its main checkout", async () => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-project-"));
    onTestFinished(() => rm(base, { recursive: true, force: true }));
    await mkdir(join(base, "shop", ".git", "worktrees", "fix"), { recursive: true });
    await mkdir(join(base, "fix"));
    await writeFile(
      join(base, "fix", ".git"),
      `gitdir: ${join(base, "shop", ".git", "worktrees", "fix")}\n`,
    );
    expect(projectNameOf(join(base, "fix"))).toBe("shop");
  });
});
