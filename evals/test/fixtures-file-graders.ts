// Folders, texts and helpers shared by the file graders' tests (src/graders/*.test.ts).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GradeResult } from "../src/graders/types.js";

export const HEADER = "---\nname: tools\ndescription: Editor, hosting and dev tools.\n---\n";
export const TOOLS = `${HEADER}[stated 2026/09/12] uses Neovim\n[stated 2026/09/12] deploys everything on Fly.io\n`;
export const MOVED = `${HEADER}[stated 2026/09/12] uses Neovim\n[stated 2026/10/14] deploys everything on Railway (previously Fly.io)\n`;
export const APPENDED = `${HEADER}[stated 2026/09/12] deploys everything on Fly.io\n[stated 2026/10/14] deploys everything on Railway\n`;
export const UNDATED = `${HEADER}[stated 2026/09/12] uses Neovim\n# Hosting\ndeploys on Fly.io\n[stated 2026/02/30] likes tabs\n`;
export const KEY =
  "sk-ant-api03-TESTONLY0000000000000000000000000000000000000000000000000000000000000000-AAAAAAAA";

export type Folder = Record<string, string | Buffer>;
export type Case = {
  name: string;
  files: Folder;
  grade: (root: string) => Promise<GradeResult>;
  expected: GradeResult;
};

/** A fresh temporary memory folder for each test of the calling file; returns its getter. */
export function useTempRoot(): () => string {
  let root = "";
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "memfiles-graders-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });
  return () => root;
}

export async function writeFolder(root: string, files: Folder): Promise<void> {
  for (const [relative, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), text);
  }
}

export const pass = (name: string, reason: string): GradeResult => ({
  name,
  pass: true,
  score: 1,
  reason,
});
export const fail = (name: string, score: number, reason: string): GradeResult => ({
  name,
  pass: false,
  score,
  reason,
});

/**
 * Runs a grader's table of cases, each on a fresh folder holding its `files`; call once at the top
 * level of a test file.
 *
 * @example describeFileGrader("fileContains", cases);
 */
export function describeFileGrader(title: string, cases: Case[]): void {
  const root = useTempRoot();
  describe(title, () => {
    it.each(cases)("$name", async ({ files, grade, expected }) => {
      await writeFolder(root(), files);
      expect(await grade(root())).toEqual(expected);
    });
  });
}
