import type { MemoryStore, StoreLayout } from "@memfiles/core";

/**
 * What a command needs from the process, injected so tests can run commands in-process too:
 * output streams, the folder relative paths start from, the environment, and a yes/no question.
 */
export type CommandContext = {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The folder the user ran the command in (pnpm's `INIT_CWD` when run as `pnpm memfiles`). */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Whether stdin is a terminal, so a question can be asked. */
  interactive: boolean;
  /** Asks a yes/no question in the terminal. */
  confirm: (question: string) => Promise<boolean>;
  /**
   * Resolves when the user stops a long-running command (Ctrl-C, SIGTERM), for `serve`. Only a
   * command that calls it takes over those signals; others stop at once as usual.
   */
  untilStopped: () => Promise<void>;
  /**
   * The memory opened from the global `--database-url` / `--pglite` options (set by `runMemfiles`
   * before the command runs); commands then use it instead of a folder. Undefined for a folder.
   */
  database?: MemoryStore;
  /**
   * The memory's layout from `memfiles --layout subject|fact`; absent means detect it from the
   * folder (see `detectLayout` in @memfiles/core; a database's too).
   */
  layout?: StoreLayout;
  /**
   * The user's IANA time zone from `memfiles --time-zone`, else `$TZ` when it names one, else
   * `UTC` (set by `runMemfiles`): dates written and "tomorrow" count from the user's day.
   */
  timeZone?: string;
  /**
   * The memory folder `memfiles --claude-code-memory` found (Claude Code's auto memory of the
   * project the command runs in), used when no folder is typed. Undefined without the option.
   */
  memoryFolder?: string;
  /** The arguments of the run as typed (set by `runMemfiles`), so a command sees where `--` was. */
  argv?: readonly string[];
};
