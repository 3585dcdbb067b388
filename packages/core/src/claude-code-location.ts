import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { projectNameFrom } from "./recall/project-name.js";

// Where Claude Code keeps a project's auto memory. Here in core, not in the Claude Code package,
// because both its hooks and `memfiles-mcp --claude-code-memory` find the folder, by one rule.

/** Where a hook finds its environment; every field defaults to the running process's. */
export type LocationOptions = {
  /** The folder Claude Code runs in (the hook input's `cwd`). */
  cwd: string;
  /** Environment (`CLAUDE_CONFIG_DIR`); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** The home folder; default `os.homedir()`. */
  home?: string;
};

/** Longest project folder name Claude Code keeps whole; a longer one is cut and given a hash. */
const MAX_PROJECT_FOLDER_CHARS = 200;

// Java's String.hashCode over UTF-16 code units, as Claude Code hashes a long project path.
function pathHash(path: string): number {
  let hash = 0;
  for (let index = 0; index < path.length; index++) {
    hash = (hash << 5) - hash + path.charCodeAt(index);
    hash |= 0;
  }
  return hash;
}

/**
 * Claude Code's folder name for an absolute project path, by the rule in Claude Code 2.1.332's
 * code: each character not an ASCII letter or digit becomes `-`; a name over 200 chars is cut to
 * 200 and followed by `-` and the path's hash (Java's `String.hashCode`, absolute, base 36).
 *
 * @example projectFolderName("/home/ana/my.app") // "-home-ana-my-app"
 */
export function projectFolderName(path: string): string {
  const name = path.replace(/[^a-zA-Z0-9]/g, "-");
  if (name.length <= MAX_PROJECT_FOLDER_CHARS) return name;
  return `${name.slice(0, MAX_PROJECT_FOLDER_CHARS)}-${Math.abs(pathHash(path)).toString(36)}`;
}

/**
 * The current project of a Claude Code session: the folder name of {@link projectRootOf} (so
 * every worktree of a repository is one project) folded by the one project-name rule,
 * `projectNameFrom` (NFKC, lower case, letters and digits of any script, single hyphens), the
 * name `scope:` values and `projects/<name>.md` are compared by.
 *
 * @param cwd - The folder Claude Code runs in.
 * @returns The project name, or `undefined` when the folder name gives none (no letter or digit,
 *   or too long for `projects/<name>.md`).
 * @example projectNameOf("/home/ana/Billing API/src") // "billing-api" when /home/ana/Billing API/.git exists
 */
export function projectNameOf(cwd: string): string | undefined {
  return projectNameFrom(basename(projectRootOf(cwd)));
}

/**
 * The git checkout `cwd` is in: the nearest folder holding `.git` (a worktree's own folder for a
 * worktree), else `cwd` itself. Claude Code reads a project's `.claude/settings.json` and
 * `.mcp.json` there, so a worktree has its own.
 *
 * @param cwd - The folder Claude Code runs in.
 * @returns An absolute folder path.
 * @example checkoutRootOf("/home/ana/shop-fix/src") // "/home/ana/shop-fix" for a worktree there
 */
export function checkoutRootOf(cwd: string): string {
  let folder = resolve(cwd);
  for (;;) {
    if (existsSync(join(folder, ".git"))) return folder;
    const parent = dirname(folder);
    if (parent === folder) return resolve(cwd);
    folder = parent;
  }
}

/**
 * The project Claude Code keys its auto memory by: the main working tree of the git repository
 * `cwd` is in (its worktrees share one memory), else `cwd` itself.
 */
export function projectRootOf(cwd: string): string {
  const folder = checkoutRootOf(cwd);
  const git = join(folder, ".git");
  if (!existsSync(git) || statSync(git).isDirectory()) return folder;
  // A worktree's `.git` file: `gitdir: <main>/.git/worktrees/<name>`.
  const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(git, "utf8"))?.[1];
  const main =
    pointer === undefined
      ? undefined
      : /^(.*)[/\\]\.git[/\\]worktrees[/\\][^/\\]+$/.exec(resolve(folder, pointer))?.[1];
  return main ?? folder;
}

/** Claude Code's configuration folder: `CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function claudeConfigFolder(options: Omit<LocationOptions, "cwd"> = {}): string {
  const env = options.env ?? process.env;
  const configured = env.CLAUDE_CONFIG_DIR;
  return configured !== undefined && configured !== ""
    ? resolve(configured)
    : join(options.home ?? homedir(), ".claude");
}

/**
 * Claude Code's own auto-memory folder of the project `cwd` is in (it may not exist yet),
 * `<config>/projects/<project folder name>/memory/`, whose `MEMORY.md` every session loads.
 *
 * @example autoMemoryFolder({ cwd: "/home/ana/shop", home: "/home/ana" }) // "/home/ana/.claude/projects/-home-ana-shop/memory"
 */
export function autoMemoryFolder(options: LocationOptions): string {
  return join(
    claudeConfigFolder(options),
    "projects",
    projectFolderName(projectRootOf(options.cwd)),
    "memory",
  );
}

/**
 * Whether a folder (resolved against the cwd) is a Claude Code auto-memory folder,
 * `<config>/projects/<project>/memory` under {@link claudeConfigFolder} or any `.claude`: Claude
 * Code writes one fact a file there, so an empty one is the fact layout (`detectLayout`).
 */
export function isAutoMemoryFolder(
  folder: string,
  options: Omit<LocationOptions, "cwd"> = {},
): boolean {
  const memory = resolve(folder);
  const projects = dirname(dirname(memory));
  if (basename(memory) !== "memory" || basename(projects) !== "projects") return false;
  const config = dirname(projects);
  return basename(config) === ".claude" || config === claudeConfigFolder(options);
}
