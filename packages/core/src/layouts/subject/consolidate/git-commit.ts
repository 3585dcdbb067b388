import { access, realpath } from "node:fs/promises";
import { join } from "node:path";
import { simpleGit } from "simple-git";

/** Result of committing one consolidated file. */
import type { GitCommitResult } from "../../../write/consolidation-result.js";

export type { GitCommitResult };

/**
 * Commits `paths` (relative to `root`; missing ones skipped) when the memory folder is itself the
 * top of a git repository; a folder nested in another repository is left alone. Anything else
 * staged stays staged.
 *
 * @returns `{ committed: true, commit }` with the hash, or why nothing was committed.
 * @example await commitFile("memory", ["topics/tools.md"], "consolidate topics/tools.md: 6412 -> 3980 chars")
 */
export async function commitFile(
  root: string,
  paths: string[],
  message: string,
): Promise<GitCommitResult> {
  // A store on another backend has a label, not a folder, as its root: no repository.
  if (!(await exists(root))) return { committed: false, reason: "not_a_repository" };
  const git = simpleGit({ baseDir: root });
  let topLevel: string;
  try {
    topLevel = (await git.revparse(["--show-toplevel"])).trim();
  } catch {
    return { committed: false, reason: "not_a_repository" };
  }
  if ((await realpath(topLevel)) !== (await realpath(root))) {
    return { committed: false, reason: "not_a_repository" };
  }
  const present: string[] = [];
  for (const path of paths) {
    if (await exists(join(root, path))) present.push(path);
  }
  try {
    await git.add(["--", ...present]);
    const result = await git.commit(message, present);
    return { committed: true, commit: result.commit, message };
  } catch (error) {
    return {
      committed: false,
      reason: "commit_failed",
      message: `git commit of ${present.join(", ")} in ${root} failed: ${error instanceof Error ? error.message : String(error)}. The rewrite is written; commit it by hand (is user.name/user.email set?).`,
    };
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
