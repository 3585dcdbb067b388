import type { Dirent } from "node:fs";
import type { LAYOUT_NAMES } from "./layout-names.js";
/**
 * Shapes of the MemoryStore API (see DESIGN.md "Public API"). The implementation lives in
 * `memory-store.ts`; these types are the contract other stages code against.
 */

import type { MemoryFile } from "../format/memory-file.js";
import type { MemoryProblem, MemoryType } from "../format/memory-problem.js";
import type { StorageBackend } from "./backend/storage-backend.js";
import type { LineBreaks, TextEncoding } from "./text-encoding.js";

/** One row of `store.list()`: a memory file and what the index shows of it. */
export type MemoryRow = {
  /** Path relative to the memory root, forward slashes, ends in `.md` (e.g. `topics/tools.md`). */
  path: string;
  /** `name:` from the header; falls back to the file name without `.md`. */
  name: string;
  /** `description:` from the header; empty string when missing (then `problems` says so). */
  description: string;
  /** Length of the file text in chars (UTF-16 code units, as `String.length`). */
  chars: number;
  /** `updated:` from the header, as written (e.g. `2026/09/26`); never coerced to a Date. */
  updated?: string;
  /** Claude Code `type:` front matter, when present. */
  type?: MemoryType;
  /** `scope:` from the header, as written (absent or `global`: global; else a project name). */
  scope?: string;
  /** Problems found in this file; absent when there are none. */
  problems?: MemoryProblem[];
  /**
   * Names of other memories this file links to (`links:` in front matter, `[[name]]` in the body),
   * in order; absent when there are none. Gaps (links to no memory) are reported by `check()`.
   */
  links?: string[];
};

/**
 * How a memory folder is laid out: `subject` (the seed article: one subject per file, one dated
 * fact per line) or `fact` (the second and third write-ups, Claude Code's `.memory/`: one fact per
 * file with front matter `name` / `description` / `type`, prose body).
 */
export type StoreLayout = (typeof LAYOUT_NAMES)[number];

/** Result of `store.read(path)`. */
export type ReadResult =
  | { path: string; exists: false; version: "new" }
  | {
      path: string;
      exists: true;
      version: string;
      /** The text; a byte order mark is kept as a leading U+FEFF. */
      content: string;
      /** The encoding the file is in, and is written back in; absent means `utf-8`. */
      encoding?: TextEncoding;
      /**
       * `cr` when the file breaks lines with CR only, `mixed` when some lines end in a lone CR
       * beside LF or CRLF ends: `content` has LF for each lone CR, and a write keeps the CRs of
       * the lines it keeps (`restoreLineBreaks`, decision 0126).
       */
      lineBreaks?: LineBreaks;
      /** With `mixed`: the lines of `content` (0-based) that end in a lone CR in the file. */
      crLines?: number[];
      /**
       * Present when the bytes are not text memfiles will edit (not valid UTF-8 or UTF-16, NUL
       * characters): why, and how to fix it. `content` is then decoded leniently, for display only,
       * and `write` refuses to replace the file (`not_text`). A file over 16 times the cap is not
       * read at all (docs/security.md): `content` is `""` and this says so.
       */
      notText?: string;
    };

/**
 * Result of `store.readAll()`: every row of `list()` and the text of each file, from one read of
 * each file. A row whose file could not be read as a whole (too large, unreadable, gone between
 * the listing and the read) has no entry in `files`; `read(path)` says what it is.
 */
export type ReadAllResult = {
  /** The rows, as `list()` returns them (sorted by path). */
  rows: MemoryRow[];
  /** Each listed file as `read(path)` returns it, keyed by the row's path. */
  files: Map<string, ReadResult & { exists: true }>;
  /**
   * Each file of `files` whose header parsed, as `parseMemoryFile(content, { path })` returns it:
   * the parse its row was made from, so a caller need not parse the text again. Absent from a
   * store that does not keep it (a file missing here is parsed by the caller).
   */
  parsed?: Map<string, MemoryFile>;
};

/**
 * One memory file's stamp (`store.listStamps()`): a token that changes whenever the file does,
 * cheaper to get than the text. A folder's is the file's stat (mtime, ctime, size, inode, device);
 * another place's is the file's version token.
 */
export type FileStamp = {
  /** Memory path, as `list()` names it. */
  path: string;
  /**
   * The token; `""` when the file changed too recently for its stat to be trusted (a coarse-clock
   * file system may not move the mtime on a second edit within the same tick): read it anyway.
   */
  stamp: string;
};

/** Options of `listStamps`. */
export type ListStampsOptions = {
  /**
   * Stat only these paths and the files not in `known`; the other known files are listed with the
   * stamp `""` (read them anyway), for a caller that checks a few files it will show.
   */
  stampOnly?: ReadonlySet<string>;
  /**
   * List only these memory-relative paths, without walking the folder: each one that is a memory
   * file (a regular file, not a link) gets its stamp; any other is left out. For a caller told by
   * the operating system's events which paths changed. A store that cannot may list every file.
   */
  only?: ReadonlySet<string>;
};

/** snake_case codes of a refused write. */
export type WriteFailureCode = "version_conflict" | "too_long" | "not_text";

/** Result of `store.write(...)` and `store.delete(...)`. */
export type WriteResult =
  | { ok: true; code: "written" | "deleted"; version: string }
  | {
      ok: false;
      code: WriteFailureCode;
      /** What failed, on which path, and how to fix it: `Refused to write <path>: <reason>`. */
      message: string;
      /**
       * `message` without its lead naming the write, for a caller that words its own refusal
       * around it (a `WRITE_CHECKS` template), e.g. "12400 chars is over the 12000-char cap. …".
       */
      reason: string;
      /** Present on `version_conflict`: the file as it is now, so the caller can re-apply. */
      current?: ReadResult;
      /** Set when the boundary refused a file of another project (`boundaryStore`): no retry helps. */
      outOfScope?: true;
    };

/** Options of `new MemoryStore(...)`: a folder (`root`), or another backend (`backend`). */
export type MemoryStoreOptions = {
  /** Absolute or relative path of the memory folder; created on first write. Ignored with `backend`. */
  root?: string;
  /**
   * Where the memory lives when it is not a folder, e.g. `@memfiles/pg`'s PostgreSQL
   * backend; `store.root` is then the backend's `label`. Omit for the file system (the default).
   */
  backend?: StorageBackend;
  /** Size cap per file in chars; the seed design's 12,000. */
  maxChars?: number;
  /** A cross-process lock held longer than this is presumed dead and taken over, in ms (min 2,000, default 10,000). */
  lockStaleMs?: number;
  /**
   * The folder's layout (default `subject`): `fact` reads bodies as prose (no `undated_line`
   * problems) and makes `writePass` propose and write one fact per file.
   */
  layout?: StoreLayout;
  /** How long a write waits for another process's lock before throwing `MemoryLockError`, in ms (default 30,000). */
  lockWaitMs?: number;
  /**
   * The folder's own entries as the caller just read them (`readdirSync(root, { withFileTypes:
   * true })`, e.g. for `detectLayout`), so a process that starts, lists once and exits walks
   * its top folder once. Used by the first listing only, and dropped unused once this store
   * takes its lock (its own write would make it stale). Ignored with `backend`.
   */
  rootEntries?: readonly Dirent[];
};

/**
 * A file with no fact, as `check()` reports it (`emptyBody`): what it holds instead, so a
 * message can say what the file is ("0 chars", "only its header and a heading").
 */
export type EmptyBody = {
  path: string;
  /** The file's length, in chars (UTF-16 code units); 0 for an empty file. */
  chars: number;
  /** Whether it opens with front matter (`---` … `---`). */
  header: boolean;
  /** Heading lines (`# …`) of its body. */
  headings: number;
  /** HTML comments (`<!-- … -->`) of its body. */
  comments: number;
};

/** Result of `store.check()`: the index and the folder compared. */
export type CheckResult = {
  ok: boolean;
  /** Files on disk that MEMORY.md does not list. */
  missingFromIndex: string[];
  /** MEMORY.md lines that point at no file. */
  indexWithoutFile: string[];
  /** Files whose MEMORY.md line no longer matches their name or description (a hand edit since the last write). */
  outdatedIndexLines: string[];
  /** Files with no description. */
  withoutDescription: string[];
  /** Files over the size cap. */
  overCap: string[];
  /**
   * Files memfiles will not edit, with why (`remember`, `forget` and the write pass refuse them,
   * naming the file): bytes that are not valid UTF-8 or UTF-16 text, front matter it cannot read
   * (another language such as `---js`, no closing `---`, a field written as a list or mapping),
   * or a name another file differs from only in case or Unicode normalization.
   */
  notEditable: Array<{ path: string; reason: string }>;
  /**
   * Links (of files or folders) that `list()` skips because the store will not follow them: they
   * resolve outside the folder, point nowhere, or point at a file that is not a memory file.
   * `store.delete(path)` removes a file link (never its target); remove a folder link by hand.
   */
  linksOutside: string[];
  /**
   * `.md` files `list()` skips because their names are no memory path, with why: a device name on
   * Windows (`aux.md`, `nul.md`), a character Windows cannot store (`what?.md`), a name starting
   * with a dot or ending in a space, a percent-encoded character. They are never read, searched or
   * recalled; rename them to be read. `notAFile`: a `.md` name on a pipe, a socket or a device,
   * which memfiles never opens (a read of a pipe would wait for a writer): replace it by a file.
   */
  ignoredFiles: Array<{ path: string; reason: string; notAFile?: true }>;
  /**
   * Temp files left by writes that were killed midway (`<name>.memfiles-<hex>.tmp`, or
   * write-file-atomic's `<name>.<n>` from older versions), paths relative to the folder: they may
   * hold text that was since forgotten. The next write into their folder (or the root) removes them.
   */
  leftoverTempFiles: string[];
  /**
   * Files a forget was removing lines from when it was killed (its journal, `.memfiles/pending-forget.json`,
   * is not empty): the lines may still be there. The next `forget`, `remember` or write pass finishes it.
   */
  pendingForget: string[];
  /**
   * Links (`links:` in front matter, `[[name]]` in a body) that name no memory: gaps in the pile
   * (the second write-up), reported but never an error, so they do not make `ok` false.
   */
  linkGaps: Array<{ path: string; link: string }>;
  /**
   * Fact lines that look like the same fact in two languages ("works at Siemens since 2019" and
   * "arbeitet seit 2019 bei Siemens"): same numbers and names, another writing system or language.
   * A warning for a person to merge them; it does not make `ok` false.
   */
  sameFactTwoLanguages: Array<{
    first: { path: string; line: string };
    second: { path: string; line: string };
  }>;
  /**
   * Files of one folder that name one person, project or topic (`people/bob.md` "Bob (Robert
   * Chen), the user's manager" and `people/robert-chen.md`; see `sameSubjectFiles`): a warning for
   * a person to merge them; it does not make `ok` false.
   */
  sameSubject: Array<{ subject: string; paths: string[] }>;
  /**
   * Files that keep a line and its updated value side by side ("takes 50 mg of sertraline" and
   * "takes 100 mg of sertraline"; see `updatedValueKept`): one group per file and pattern. A
   * warning for a person to keep the current one; it does not make `ok` false.
   */
  updatedValueKept: UpdatedValueGroup[];
  /**
   * Files with no fact: every body line blank, a heading or inside an HTML comment. A forget keeps
   * a file whose description memfiles did not write (`emptiedByForget`), and a person may empty
   * one. Listed in `MEMORY.md` and recalled by its description only; a warning for a person to add
   * a fact or delete the file. It does not make `ok` false.
   */
  emptyBody: EmptyBody[];
  /**
   * `MEMORY.md` is longer than the lines Claude Code loads (the fact layout's 200; see
   * `CLAUDE_CODE_INDEX_LINES`): the lines past it are never seen. memfiles never cuts a person's
   * lines, so it happens only when they fill the budget; `null` when the index fits or the layout
   * has no budget. Makes `ok` false.
   */
  indexOverBudget: { lines: number; maxLines: number; handWritten: number } | null;
};

/**
 * The pairs of one file's lines where one updates the other, of one pattern (`check()`).
 * `lines`: the first pair, in file order; `pairs`: how many there are; `listed`: the first
 * `MAX_LISTED_PAIRS` (8) of them; `allCounted`: false when the file had too many lines to compare
 * every pair (then `pairs` is a lower bound).
 */
export type UpdatedValueGroup = {
  path: string;
  lines: [string, string];
  pairs: number;
  listed: Array<[string, string]>;
  allCounted: boolean;
};
